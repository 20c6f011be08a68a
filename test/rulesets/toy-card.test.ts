import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  attackWith,
  type ExchangeModules,
  itemId,
  loadExchange,
  SHIFT,
  stateOf,
  type Table,
  table,
  target,
} from "../foundry/chat-fixtures";
import { world } from "../foundry/chat-stand-in";
import { standIn } from "../foundry/setup";
import { TOY_ID, toyDefinition } from "./toy-ruleset";

/**
 * The card's half of the seam: the active GM runs each step with the card
 * flow of the ruleset the card was made under (its type's, or the exchange
 * card's stored `ruleset`). The toy is registered here as a real ruleset's
 * module registers itself; a card whose ruleset is not installed, or whose
 * type belongs to a ruleset the world does not play, is refused and left
 * as it was.
 */

type Message = Awaited<ReturnType<typeof attackWith>>;
let modules: ExchangeModules;

beforeAll(async () => {
  (game as unknown as { system: object }).system ??= { id: "fangs" };
  const { registerRulesetDefinition } = await import("../../src/rulesets/registry");
  registerRulesetDefinition(toyDefinition);
  (await import("../../src/config/document-classes")).configureDocuments();
  modules = await loadExchange();
});

let t: Table;
beforeEach(async () => {
  t = await table();
});

afterEach(() => {
  standIn.game.settings.storage.delete("fangs.ruleset");
});

const playToy = () => standIn.game.settings.storage.set("fangs.ruleset", TOY_ID);

/** A card posted by the GM (every card is the active GM's: docs/security.md), with this stored data. */
async function card(system: Record<string, unknown>, type = "exchange"): Promise<Message> {
  world.as(world.gm);
  const cls = ChatMessage as unknown as { create(d: unknown): Promise<Message> };
  const message = await cls.create({ type, system });
  // The steps below are the player's clicks.
  world.as(world.player);
  return message;
}

const request = (message: Message, type: string, revision = 0) =>
  modules.authority.requestStep(message.id, { type } as never, revision);

describe("the ruleset a card was made under", () => {
  it("a FANGS attack card stores ruleset 'fangs'", async () => {
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    expect((message.system as unknown as { ruleset: string }).ruleset).toBe("fangs");
    expect(stateOf(message).attacker.actorUuid).toBe(t.gru.uuid);
  });

  it("an old card without the field reads as FANGS; partial data and another ruleset's card are left alone", async () => {
    const made = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    const { ruleset, ...old } = made.system.toObject();
    expect(ruleset).toBe("fangs");
    const Model = modules.model.ExchangeMessageData as unknown as {
      migrateData(source: Record<string, unknown>): Record<string, unknown>;
    };
    expect(Model.migrateData(structuredClone(old)).ruleset).toBe("fangs");
    expect(Model.migrateData({ revision: 3, stage: "resolved" })).not.toHaveProperty("ruleset");
    expect(Model.migrateData({ ...structuredClone(old), ruleset: "toy" }).ruleset).toBe("toy");
    const reloaded = await card(old);
    expect((reloaded.system as unknown as { ruleset: string }).ruleset).toBe("fangs");
  });
});

describe("the step runner dispatches to the card's ruleset", () => {
  it("a player's step on a toy card runs the toy's flow through the GM, in a world that plays the toy", async () => {
    playToy();
    const message = await card({}, "toyCard");
    const answer = await request(message, "act");
    expect(answer).toEqual({ ok: true, stage: "resolved" });
    const system = message.system.toObject();
    expect(system).toMatchObject({ revision: 1, stage: "resolved" });
    expect(system.history).toEqual([{ toy: "act", by: world.player.id }]);
    // Written by the active GM, asked through the query.
    expect(message.updates.map((u) => u.by)).toEqual([world.gm.id]);
    expect(world.gm.queries.map((q) => q.name)).toContain("fangs.exchange");
  });

  it("a toy step type is refused on a FANGS card, and an intent the card's ruleset lacks is refused at the door", async () => {
    const made = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    const before = made.system.toObject();
    expect((await request(made, "act", before.revision as number)).ok).toBe(false);
    expect(await request(made, "dance", before.revision as number)).toMatchObject({
      ok: false,
      code: "invalid",
    });
    // The card is looked up before its intent is read: a toy card in a FANGS world is refused as such.
    const toy = await card({}, "toyCard");
    expect(await request(toy, "dance")).toMatchObject({ ok: false, code: "other-ruleset" });
    expect(made.system.toObject()).toEqual(before);
    expect(toy.updates).toEqual([]);
  });

  it("a card made under a ruleset this system no longer has is refused with a clear notice and not changed", async () => {
    const message = await card({ ruleset: "retired2" });
    const before = message.system.toObject();
    world.notices.length = 0;
    const answer = await request(message, "cancel");
    expect(answer).toEqual({
      ok: false,
      code: "unknown-ruleset",
      messageKey: "FANGS.Chat.Refusal.UnknownRuleset",
      data: { ruleset: "retired2" },
    });
    expect(world.notices).toHaveLength(1);
    expect(world.notices[0]).toContain("retired2");
    expect(message.updates).toEqual([]);
    expect(message.system.toObject()).toEqual(before);
  });
});

describe("a card of another ruleset than the world's", () => {
  it("a FANGS exchange card in a world that plays the toy is kept, and its step refused with a clear notice", async () => {
    const made = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    const before = made.system.toObject();
    const updates = made.updates.length;
    playToy();
    world.notices.length = 0;
    const answer = await request(made, "cancel", before.revision as number);
    expect(answer).toMatchObject({
      ok: false,
      code: "other-ruleset",
      messageKey: "FANGS.Chat.Refusal.OtherRuleset",
      data: { ruleset: "FANGS Normal Combat", active: "TOY.Ruleset" },
    });
    expect(world.notices).toEqual([
      'This card belongs to the combat rules "FANGS Normal Combat"; this world plays "TOY.Ruleset": the card was not changed.',
    ]);
    expect(made.updates).toHaveLength(updates);
    expect(made.system.toObject()).toEqual(before);
  });

  it("a toy card in a FANGS world is refused the same way, and runs again once the world plays the toy", async () => {
    const toy = await card({}, "toyCard");
    expect(await request(toy, "act")).toMatchObject({ ok: false, code: "other-ruleset" });
    expect(toy.updates).toEqual([]);
    playToy();
    expect(await request(toy, "act")).toEqual({ ok: true, stage: "resolved" });
  });

  it("an attack by or at an actor of another ruleset is refused before anything is rolled", async () => {
    playToy();
    world.notices.length = 0;
    const before = world.dice.length;
    target(world.player, t.jennyToken);
    world.as(world.player);
    expect(await modules.start.startAttack(t.gru, itemId(t.gru, "Broadsword"), { event: SHIFT })).toBe(false);
    expect(world.notices).toEqual([
      'Gru belongs to the combat rules "FANGS Normal Combat" and cannot take part in an attack in this world, which plays "TOY.Ruleset".',
    ]);
    expect(world.dice.length).toBe(before);
  });
});
