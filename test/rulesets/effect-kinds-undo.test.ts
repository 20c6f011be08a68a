import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { FangsEffectSubject } from "../../src/rules/fangs/effects";
import { WEAPON_DROPPED_NOTE } from "../../src/rules/fangs/fumble";
import { applyEffectsTo, invertApplied } from "../../src/rules/kernel/apply";
import { registeredEffectKinds } from "../../src/rules/kernel/effect-kinds";
import type { Effect } from "../../src/rules/kernel/effects";
import { standIn } from "../foundry/setup";
import { TOY_DAZED, TOY_HP } from "./toy-cards";
import { toyDefinition } from "./toy-ruleset";
import { TOY_TIMED_KNOCKOUT } from "./toy-timed";

/**
 * Every registered effect kind, the kernel's, FANGS's, Lunos's and the toy's, is
 * taken back exactly by its undo: any list of effects applied to a party,
 * then inverted, leaves the party as it was. A kind registered without a
 * generator here fails the first test, so a new kind cannot skip the proof.
 */

const X = "x";
const POOLS = ["stunPoints", "hitPoints", TOY_HP.name];
const ITEMS = ["sword", "claws", "gone"];
const STATUSES = ["prone", "impaled", "stunned", "coma", "comatose", TOY_DAZED, "unconscious", "choking"];

const GENERATORS: Readonly<Record<string, fc.Arbitrary<Effect>>> = {
  pool: fc.record({
    kind: fc.constant("pool" as const),
    actorId: fc.constant(X),
    pool: fc.constantFrom(...POOLS, "mana"),
    amount: fc.integer({ min: -10, max: 30 }),
  }),
  itemDurability: fc.record({
    kind: fc.constant("itemDurability" as const),
    actorId: fc.constant(X),
    itemId: fc.constantFrom(...ITEMS),
    delta: fc.integer({ min: -20, max: 20 }),
    reason: fc.constant("nick"),
  }),
  status: fc.record({
    kind: fc.constant("status" as const),
    actorId: fc.constant(X),
    status: fc.constantFrom(...STATUSES),
    active: fc.boolean(),
  }),
  note: fc.record({
    kind: fc.constant("note" as const),
    key: fc.constant("FANGS.Rules.Item.Shattered"),
    data: fc.constant({}),
  }),
  stuckItem: fc.record({
    kind: fc.constant("stuckItem" as const),
    ownerId: fc.constant("y"),
    itemId: fc.constant("spear"),
    targetId: fc.constant(X),
    inItemId: fc.constantFrom(null, "sword"),
    perRoundDamage: fc.constantFrom(null, "1d6"),
  }),
  loseAction: fc.record({
    kind: fc.constant("loseAction" as const),
    actorId: fc.constant(X),
    reason: fc.constant("stun"),
  }),
  prone: fc.record({ kind: fc.constant("prone" as const), actorId: fc.constant(X) }),
  weaponDropped: fc.record({
    kind: fc.constant("note" as const),
    key: fc.constant(WEAPON_DROPPED_NOTE),
    data: fc.record({ actorId: fc.constant(X), itemId: fc.constantFrom(...ITEMS) }),
  }),
  timedStatus: fc.record({
    kind: fc.constant("timedStatus" as const),
    actorId: fc.constant(X),
    timedStatus: fc.constantFrom(TOY_TIMED_KNOCKOUT, "nobody.registered"),
  }),
  toyDrain: fc.record({
    kind: fc.constant("ruleset" as const),
    effectKind: fc.constant("toyDrain"),
    actorId: fc.constant(X),
    data: fc.record({ amount: fc.integer({ min: -5, max: 40 }) }),
  }),
  lunosCaughtWeapon: fc.record({
    kind: fc.constant("ruleset" as const),
    effectKind: fc.constant("lunosCaughtWeapon"),
    actorId: fc.constant(X),
    data: fc.record({ to: fc.constant("y"), itemId: fc.constantFrom(...ITEMS) }),
  }),
  lunosChoke: fc.record({
    kind: fc.constant("ruleset" as const),
    effectKind: fc.constant("lunosChoke"),
    actorId: fc.constant(X),
    data: fc.record({ rounds: fc.integer({ min: -1, max: 30 }) }),
  }),
  // Moves a token, a document of its own: the party's own state is what must come back untouched.
  lunosPush: fc.record({
    kind: fc.constant("ruleset" as const),
    effectKind: fc.constant("lunosPush"),
    actorId: fc.constant(X),
    data: fc.record({
      combatId: fc.constant("c"),
      target: fc.constant("t"),
      from: fc.constant("a"),
      feet: fc.integer({ min: -5, max: 10 }),
    }),
  }),
};

beforeAll(async () => {
  (game as unknown as { system: object }).system ??= { id: "fangs" };
  const { registerRulesetDefinition, getRulesetDefinition } = await import("../../src/rulesets/registry");
  registerRulesetDefinition(getRulesetDefinition("fangs")!);
  // FANGS gives its kinds through its heavy part: the loader registers them as it loads.
  const { loadRuleset } = await import("../../src/on-demand");
  await loadRuleset("fangs");
  // Lunos's too (its attack card's caught weapon and choke clock).
  await loadRuleset("lunos");
  registerRulesetDefinition(toyDefinition);
  void standIn;
});

const party = fc.record({
  pools: fc.tuple(...POOLS.map(() => fc.integer({ min: -5, max: 25 }))),
  sword: fc.integer({ min: 0, max: 10 }),
  statuses: fc.subarray(STATUSES),
  actionLost: fc.boolean(),
  dropped: fc.subarray(ITEMS),
});

function subjectOf(p: typeof party extends fc.Arbitrary<infer T> ? T : never): FangsEffectSubject {
  return {
    pools: Object.fromEntries(
      POOLS.map((name, i) => [name, Math.max(name === TOY_HP.name ? 0 : -5, p.pools[i]!)]),
    ),
    items: new Map([
      ["sword", { value: p.sword, max: 10 }],
      ["claws", null],
    ]),
    statuses: new Set(p.statuses),
    actionLost: p.actionLost,
    dropped: new Set(p.dropped),
  };
}

const plain = (s: FangsEffectSubject) => ({
  pools: { ...s.pools },
  items: [...s.items],
  statuses: [...s.statuses].sort(),
  actionLost: s.actionLost,
  dropped: [...s.dropped].sort(),
});

describe("every effect kind, with its exact undo", () => {
  it("every registered kind has a generator here (the kernel's, FANGS's, the toy's)", () => {
    const kinds = registeredEffectKinds();
    for (const id of ["pool", "itemDurability", "status", "note", "stuckItem", "loseAction", "prone"])
      expect(kinds).toContain(id);
    expect(kinds).toContain("toyDrain");
    expect(kinds).toEqual(expect.arrayContaining(["lunosCaughtWeapon", "lunosChoke", "lunosPush"]));
    for (const id of kinds) expect(Object.keys(GENERATORS), `a generator for "${id}"`).toContain(id);
  });

  it("Apply then Undo leaves the party exactly as it was, for any list of effects of any kinds", () => {
    const rules = { poolMin: { [TOY_HP.name]: 0 }, statusAliases: { coma: "comatose" } };
    fc.assert(
      fc.property(
        party,
        fc.array(fc.oneof(...Object.values(GENERATORS)), { maxLength: 10 }),
        (p, effects) => {
          const subject = subjectOf(p);
          const before = plain(subject);
          const applied = applyEffectsTo(effects, (id) => (id === X ? subject : undefined), rules);
          invertApplied(applied, (id) => (id === X ? subject : undefined), rules);
          expect(plain(subject)).toEqual(before);
        },
      ),
      { numRuns: 500 },
    );
  });
});
