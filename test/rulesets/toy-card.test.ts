import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  attackWith,
  type ExchangeModules,
  loadExchange,
  stateOf,
  type Table,
  table,
} from "../foundry/chat-fixtures";
import { world } from "../foundry/chat-stand-in";
import { toyCardFlow } from "./toy-ruleset";

/**
 * The exchange card's half of the seam: a card carries the ruleset it was
 * made under, and the active GM runs each step with that ruleset's card
 * flow. The toy's flow is registered here as a real ruleset's would be; a
 * card whose ruleset is not installed is refused and left as it was.
 */

type Message = Awaited<ReturnType<typeof attackWith>>;
let modules: ExchangeModules;
let flows: typeof import("../../src/chat/card-flows");

beforeAll(async () => {
  (game as unknown as { system: object }).system ??= { id: "fangs" };
  modules = await loadExchange();
  flows = await import("../../src/chat/card-flows");
  flows.registerCardFlow("toy", toyCardFlow);
});

let t: Table;
beforeEach(async () => {
  t = await table();
});

/** A card posted by the GM (every card is the active GM's: docs/security.md), with this stored data. */
async function card(system: Record<string, unknown>): Promise<Message> {
  world.as(world.gm);
  const cls = ChatMessage as unknown as { create(d: unknown): Promise<Message> };
  const message = await cls.create({ type: "exchange", system });
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
  it("a player's step on a toy card runs the toy's flow through the GM", async () => {
    const message = await card({ ruleset: "toy" });
    const answer = await request(message, "act");
    expect(answer).toEqual({ ok: true, stage: "resolved" });
    const system = message.system.toObject();
    expect(system).toMatchObject({ ruleset: "toy", revision: 1, stage: "resolved" });
    expect(system.history).toEqual([{ toy: "act", by: world.player.id }]);
    // Written by the active GM, asked through the query.
    expect(message.updates.map((u) => u.by)).toEqual([world.gm.id]);
    expect(world.gm.queries.map((q) => q.name)).toContain("fangs.exchange");
  });

  it("a toy step type is refused on a FANGS card, and an intent no ruleset has is refused at the door", async () => {
    const made = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    const before = made.system.toObject();
    expect((await request(made, "act", before.revision as number)).ok).toBe(false);
    const toy = await card({ ruleset: "toy" });
    expect(await request(toy, "dance")).toMatchObject({ ok: false, code: "invalid" });
    expect(made.system.toObject()).toEqual(before);
    expect(toy.updates).toEqual([]);
  });

  it("a card made under a ruleset this system no longer has is refused with a clear notice and not changed", async () => {
    const message = await card({ ruleset: "lunos" });
    const before = message.system.toObject();
    world.notices.length = 0;
    const answer = await request(message, "cancel");
    expect(answer).toEqual({
      ok: false,
      code: "unknown-ruleset",
      messageKey: "FANGS.Chat.Refusal.UnknownRuleset",
      data: { ruleset: "lunos" },
    });
    expect(world.notices).toHaveLength(1);
    expect(world.notices[0]).toContain("lunos");
    expect(message.updates).toEqual([]);
    expect(message.system.toObject()).toEqual(before);
  });
});
