import "../foundry/setup";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { RulesetCheckRequest, RulesetCheckResult } from "../../src/chat/check-card";
import { configureDocuments } from "../../src/config/document-classes";
import { ScriptedDice } from "../../src/rules/kernel/dice";
import type { CheckRequest } from "../../src/rulesets/fangs/chat/check-card";
import { type RulesetDefinition, registerRulesetDefinition } from "../../src/rulesets/registry";
import { createActor } from "../foundry/builders";
import { resetWorld, standIn } from "../foundry/setup";
import { toyCheckLabels } from "./toy-cards";
import { TOY_ID, toyDefinition } from "./toy-ruleset";

/**
 * The Actor's roll API (`actor.rollCheck(spec)`, docs/api.md) asks the
 * actor's own ruleset (its definition's `rolls`) through the unchanged
 * shared Actor: a toy fighter rolls the toy's Grit, a FANGS character
 * FANGS's checks whichever ruleset the world plays, and an actor whose
 * ruleset has no such check is refused with a notice naming the ruleset.
 */

const posted = vi.hoisted(() => ({
  fangs: [] as CheckRequest[],
  ruleset: [] as RulesetCheckRequest<RulesetCheckResult>[],
}));
vi.mock("../../src/rulesets/fangs/chat/check-card", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../src/rulesets/fangs/chat/check-card")>()),
  postCheck: vi.fn(async (request: CheckRequest) => {
    posted.fangs.push(request);
  }),
}));
vi.mock("../../src/chat/check-card", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../src/chat/check-card")>()),
  postRulesetCheck: vi.fn(async (request: RulesetCheckRequest<RulesetCheckResult>) => {
    posted.ruleset.push(request);
  }),
}));

type Roller = { name: string; rollCheck(spec: unknown): Promise<void> };

beforeAll(() => {
  registerRulesetDefinition(toyDefinition);
  configureDocuments();
});

beforeEach(() => {
  resetWorld();
  posted.fangs.length = 0;
  posted.ruleset.length = 0;
});
afterEach(() => registerRulesetDefinition(toyDefinition));

const notices = () => standIn.ui.notifications.shown.map((n) => n.message);
const playToy = () => standIn.game.settings.storage.set("fangs.ruleset", TOY_ID);

async function toyFighter(hp: number): Promise<Roller> {
  const create = (CONFIG.Actor.documentClass as unknown as { create(data: object): Promise<Roller> }).create;
  return create.call(CONFIG.Actor.documentClass, {
    name: "Tin Soldier",
    type: "toyFighter",
    system: { hp: { value: hp, max: 10 } },
  });
}

describe("actor.rollCheck asks the actor's ruleset", () => {
  it("a toy fighter rolls the toy's Grit, read from its own model, on the toy's check card", async () => {
    playToy();
    const soldier = await toyFighter(4);
    await soldier.rollCheck({ kind: "toyGrit" });
    expect(posted.fangs).toEqual([]);
    expect(posted.ruleset).toHaveLength(1);
    const request = posted.ruleset[0]!;
    expect(request.labels).toBe(toyCheckLabels);
    expect(request.meta.label).toBe("TOY.Check.Grit");
    expect(request.resolve(new ScriptedDice([3]))).toMatchObject({ natural: 3, target: 4, success: true });
    expect(request.resolve(new ScriptedDice([6]))).toMatchObject({ natural: 6, target: 4, success: false });
    expect(notices()).toEqual([]);
  });

  it("a spec that names none of the toy's checks is refused with a notice, nothing rolled", async () => {
    playToy();
    const soldier = await toyFighter(4);
    await soldier.rollCheck({ kind: "characteristic", id: "st", multiplier: 1 });
    expect(posted.ruleset).toEqual([]);
    expect(posted.fangs).toEqual([]);
    expect(notices()).toEqual(['The combat rules "TOY.Ruleset" have no such check for Tin Soldier to roll.']);
  });

  it("an actor whose ruleset has no checks is refused with a notice naming the ruleset", async () => {
    const { rolls: _rolls, ...withoutRolls }: RulesetDefinition = toyDefinition;
    registerRulesetDefinition(withoutRolls);
    playToy();
    const soldier = await toyFighter(4);
    await soldier.rollCheck({ kind: "toyGrit" });
    expect(posted.ruleset).toEqual([]);
    expect(notices()).toEqual([
      'Tin Soldier belongs to the combat rules "TOY.Ruleset", which have no checks to roll from a macro.',
    ]);
  });

  it("a FANGS character rolls FANGS's check through its definition, in a FANGS world and in a toy world", async () => {
    const gru = (await createActor({ characteristics: { st: 12, ag: 14 } })) as unknown as Roller;
    await gru.rollCheck({ kind: "characteristic", id: "st", multiplier: 2 });
    playToy();
    await gru.rollCheck({ kind: "attribute", id: "dodge" });
    expect(posted.ruleset).toEqual([]);
    expect(posted.fangs.map((r) => r.resolve(new ScriptedDice([10])).total)).toEqual([10 + 24, 10 + 14]);
    await gru.rollCheck({ kind: "toyGrit" });
    expect(posted.fangs).toHaveLength(2);
    expect(notices()).toEqual([
      `The combat rules "FANGS Normal Combat" have no such check for ${gru.name} to roll.`,
    ]);
  });
});
