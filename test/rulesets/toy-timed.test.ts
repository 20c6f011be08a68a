import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { writesSettled } from "../../src/documents/write-queue";
import { watchTimedStatuses } from "../../src/effects/timed-status-effects";
import { type ExchangeModules, loadExchange } from "../foundry/chat-fixtures";
import { world } from "../foundry/chat-stand-in";
import { standIn } from "../foundry/setup";
import { Combat } from "../foundry/stand-in";
import { TOY_DAZED } from "./toy-cards";
import { TOY_ID, toyDefinition } from "./toy-ruleset";
import { TOY_GROGGY, TOY_OUT, TOY_TIMED_GROGGY, TOY_TIMED_KNOCKOUT } from "./toy-timed";

/**
 * A timed status as an effect kind with its undo, proven with the toy: its
 * knock-out card applies the timed status through the shared applier, the
 * GM's Undo takes off exactly what it put on (or what its chain put in its
 * place), and applied again it runs out by itself on the active GM's client.
 */

type Loose = Record<string, unknown>;
type Doc = {
  id: string;
  uuid: string;
  statuses: Set<string>;
  effects: Iterable<{ id: string; flags?: Loose }>;
  system: { toObject(): Loose };
};
let modules: ExchangeModules;
let combat: Combat;
let tin: Doc;

beforeAll(async () => {
  (game as unknown as { system: object }).system ??= { id: "fangs" };
  const { registerRulesetDefinition } = await import("../../src/rulesets/registry");
  registerRulesetDefinition(toyDefinition);
  (await import("../../src/config/document-classes")).configureDocuments();
  modules = await loadExchange();
  watchTimedStatuses();
});

beforeEach(async () => {
  world.reset();
  standIn.game.settings.storage.set("fangs.ruleset", TOY_ID);
  standIn.game.combats.clear();
  combat = new Combat({ _id: "combatToyTimed01" });
  standIn.game.combats.set(combat.id, combat);
  world.as(world.gm);
  const cls = CONFIG.Actor.documentClass as unknown as { create(d: Loose): Promise<Doc> };
  tin = await cls.create({ name: "Tin", type: "toyFighter", system: { hp: { value: 7, max: 7 } } });
  combat.add(tin as unknown as object);
  await combat.startCombat();
});
afterEach(() => standIn.game.settings.storage.delete("fangs.ruleset"));

async function card(): Promise<Doc & { system: { toObject(): Loose } }> {
  const cls = ChatMessage as unknown as { create(d: unknown): Promise<Doc> };
  return cls.create({ type: "toyKnockout", system: { targetId: tin.uuid, deltas: [] } });
}

const step = (message: Doc, type: string, revision: number) =>
  modules.authority.requestStep(message.id, { type } as never, revision);

const timedIds = () =>
  [...tin.effects]
    .map((e) => (e.flags as { fangs?: { timedStatus?: { id: string } } } | undefined)?.fangs?.timedStatus?.id)
    .filter((id) => id !== undefined);

const nextRound = async () => {
  await combat.nextRound();
  await writesSettled();
};

describe("a timed status applied by a card, with its undo", () => {
  it("Apply puts the timed status on through the card's path; Undo takes exactly it off", async () => {
    const message = await card();
    expect(await step(message, "knockOut", 0)).toEqual({ ok: true, stage: "applied" });
    expect([...tin.statuses]).toEqual([TOY_DAZED]);
    expect(timedIds()).toEqual([TOY_TIMED_KNOCKOUT]);
    const deltas = message.system.toObject().deltas as Loose[];
    expect(deltas).toEqual([
      expect.objectContaining({ kind: "timedStatus", actorUuid: tin.uuid, timedStatus: TOY_TIMED_KNOCKOUT }),
    ]);
    expect(await step(message, "revive", 1)).toEqual({ ok: true, stage: "open" });
    expect([...tin.statuses]).toEqual([]);
    expect([...tin.effects]).toEqual([]);
  });

  it("Undo after its time ran out takes off what its chain put in its place", async () => {
    const message = await card();
    await step(message, "knockOut", 0);
    await nextRound();
    await nextRound();
    // Two rounds of daze are over: the chain's groggy effect stands in its place.
    expect(timedIds()).toEqual([TOY_TIMED_GROGGY]);
    expect([...tin.statuses]).toEqual([TOY_GROGGY]);
    await step(message, "revive", 1);
    expect([...tin.statuses]).toEqual([]);
    expect([...tin.effects]).toEqual([]);
  });

  it("Undo after the chain ended takes off the status it ended on, not one the fighter had before", async () => {
    const message = await card();
    await step(message, "knockOut", 0);
    for (let i = 0; i < 3; i += 1) await nextRound();
    expect(timedIds()).toEqual([]);
    expect([...tin.statuses]).toEqual([TOY_OUT]);
    await step(message, "revive", 1);
    expect([...tin.statuses]).toEqual([]);

    const had = await card();
    await (
      tin as unknown as { toggleStatusEffect(s: string, o: Loose): Promise<unknown> }
    ).toggleStatusEffect(TOY_OUT, { active: true });
    await step(had, "knockOut", 0);
    for (let i = 0; i < 3; i += 1) await nextRound();
    await step(had, "revive", 1);
    expect([...tin.statuses]).toEqual([TOY_OUT]);
  });

  it("Apply, Undo, then a second Apply runs out by itself after its rounds on the active GM's client", async () => {
    const message = await card();
    await step(message, "knockOut", 0);
    await step(message, "revive", 1);
    expect([...tin.statuses]).toEqual([]);
    await step(message, "knockOut", 2);
    expect([...tin.statuses]).toEqual([TOY_DAZED]);
    await nextRound();
    expect([...tin.statuses]).toEqual([TOY_DAZED]);
    await nextRound();
    expect([...tin.statuses]).toEqual([TOY_GROGGY]);
    await nextRound();
    expect([...tin.statuses]).toEqual([TOY_OUT]);
  });
});
