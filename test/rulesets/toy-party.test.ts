import "../foundry/setup";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { applyEffects, revertDeltas } from "../../src/effects/apply-effects";
import type { Effect } from "../../src/rules/kernel/effects";
import { combat } from "../foundry/chat-fixtures";
import { world } from "../foundry/chat-stand-in";
import { standIn } from "../foundry/setup";
import { TOY_DAZED, toyDrain } from "./toy-cards";
import { toyPartyLog, toyStagger } from "./toy-party";
import { TOY_ID, toyDefinition } from "./toy-ruleset";

/**
 * The effect applier asks the party's ruleset (its definition's `party`),
 * proven with the toy through the unchanged applier: a toy combatant's lost
 * action is read and written as the toy keeps it (its `staggered`), and
 * the status the toy's pool decides follows the pool on an Undo, as FANGS's
 * unconscious and dying follow Stun and HP.
 */

type Loose = Record<string, unknown>;
type Doc = { uuid: string; system: { toObject(): Loose }; statuses: Set<string> };
let tin: Doc;

beforeAll(async () => {
  (game as unknown as { system: object }).system ??= { id: "fangs" };
  const { registerRulesetDefinition, registerRulesetEffects } = await import("../../src/rulesets/registry");
  registerRulesetDefinition(toyDefinition);
  registerRulesetEffects(TOY_ID, { effectKinds: [toyStagger] });
  (await import("../../src/config/document-classes")).configureDocuments();
});

beforeEach(async () => {
  world.reset();
  standIn.game.settings.storage.set("fangs.ruleset", TOY_ID);
  world.as(world.gm);
  toyPartyLog.reads = 0;
  toyPartyLog.writes.length = 0;
  toyPartyLog.statusAsks = 0;
  const cls = CONFIG.Actor.documentClass as unknown as { create(d: Loose): Promise<Doc> };
  tin = await cls.create({ name: "Tin", type: "toyFighter", system: { hp: { value: 10, max: 10 } } });
});
afterEach(() => standIn.game.settings.storage.delete("fangs.ruleset"));

const hp = () => (tin.system.toObject().hp as { value: number }).value;
const drain = (amount: number): Effect => ({
  kind: "ruleset",
  effectKind: toyDrain.id,
  actorId: tin.uuid,
  data: { amount },
});

describe("the applier asks the party's ruleset", () => {
  it("a toy combatant's lost action is the toy's own field, set and taken back exactly", async () => {
    const c = await combat([tin as never, { staggered: false }]);
    const combatant = c.getCombatantsByActor(tin as never)[0]!;
    combatant.type = "toyCombatant";
    const stagger: Effect = { kind: "ruleset", effectKind: toyStagger.id, actorId: tin.uuid, data: {} };
    const applied = await applyEffects([stagger], { combat: c as never });
    expect(applied.skipped).toEqual([]);
    expect(applied.deltas).toEqual([
      { kind: "actionLost", combatantUuid: combatant.uuid, before: false, after: true },
    ]);
    expect((combatant.system as Loose).staggered).toBe(true);
    expect((combatant.system as Loose).actionLost).toBeUndefined();
    expect(toyPartyLog.writes).toEqual([true]);
    expect(await revertDeltas(applied.deltas)).toEqual([]);
    expect((combatant.system as Loose).staggered).toBe(false);
    expect(toyPartyLog.writes).toEqual([true, false]);
  });

  it("a ruleset without a lost action has none to take: the effect is skipped, nothing written", async () => {
    const c = await combat([tin as never, {}]);
    c.getCombatantsByActor(tin as never)[0]!.type = "toyCombatant";
    const { party, ...withoutParty } = toyDefinition;
    const { registerRulesetDefinition } = await import("../../src/rulesets/registry");
    registerRulesetDefinition(withoutParty);
    try {
      const stagger: Effect = { kind: "ruleset", effectKind: toyStagger.id, actorId: tin.uuid, data: {} };
      const applied = await applyEffects([stagger], { combat: c as never });
      expect(applied.deltas).toEqual([]);
      expect(applied.skipped.map((s) => s.reason)).toEqual(["not-in-combat"]);
    } finally {
      registerRulesetDefinition({ ...withoutParty, party });
    }
  });

  it("the status the toy's pool decides follows the pool back on an Undo of an earlier blow", async () => {
    const first = await applyEffects([drain(7)]);
    expect(hp()).toBe(3);
    expect(tin.statuses.has(TOY_DAZED)).toBe(false);
    await applyEffects([drain(5)]);
    expect(hp()).toBe(0);
    expect(tin.statuses.has(TOY_DAZED)).toBe(true);
    // The first blow set no status, but its Undo lifts Tin back to 7: no longer dazed, as the pool says.
    expect(await revertDeltas(first.deltas)).toEqual([]);
    expect(hp()).toBe(7);
    expect(tin.statuses.has(TOY_DAZED)).toBe(false);
    expect(toyPartyLog.statusAsks).toBeGreaterThan(0);
  });
});
