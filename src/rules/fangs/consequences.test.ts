import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { combatantState } from "../../../test/support/fangs-fixtures";
import { ScriptedDice, SeededDice } from "../kernel/dice";
import {
  adjustPools,
  assessBlow,
  dyingRound,
  FangsStatus,
  firstAid,
  poolConditions,
  poolStatusChanges,
  unconsciousRecovery,
} from "./consequences";
import type { CombatantState } from "./types";

const state = combatantState;

function blow(s: CombatantState, stunLost: number, hitPointsLost: number, script: number[]) {
  const dice = new ScriptedDice(script);
  const result = assessBlow({ actorId: "dagmar", state: s, stunLost, hitPointsLost }, dice);
  expect(dice.remaining).toBe(0);
  return result;
}

describe("stun", () => {
  it("CORE-CON-1: losing more than half one's Stun Points in one attack calls for a CO check; failing loses the next action", () => {
    const failed = blow(state(), 11, 6, [9]);
    expect(failed.coCheck?.total).toBe(19);
    expect(failed.stunned).toBe(true);
    expect(failed.effects).toEqual([
      { kind: "status", actorId: "dagmar", status: FangsStatus.Stunned, active: true },
      { kind: "loseAction", actorId: "dagmar", reason: "stunned" },
    ]);
    const made = blow(state(), 11, 6, [10]);
    expect(made.coCheck?.success).toBe(true);
    expect(made.stunned).toBe(false);
    expect(made.effects).toEqual([]);
  });

  it("CORE-CON-1: exactly half is not more than half: no check, no die", () => {
    const r = blow(state(), 10, 5, []);
    expect(r.coCheck).toBeNull();
  });

  it("CORE-CON-1: a stunned character cannot be stunned again while stunned (no check)", () => {
    const r = blow(state({ stunned: true }), 15, 8, []);
    expect(r.coCheck).toBeNull();
    expect(r.stunned).toBe(false);
  });

  it("CORE-CON-1: the check reads the maximum Stun, not what is left", () => {
    // 8 of a current 12 is two thirds of what is left but less than half of the maximum 20.
    expect(blow(state({ stunPoints: { value: 12, max: 20 } }), 8, 4, []).coCheck).toBeNull();
  });

  it("CORE-CON-2: Stun at 0 or below is unconscious (and no CO check is rolled)", () => {
    const r = blow(state(), 20, 10, []);
    expect(r.conditions.unconscious).toBe(true);
    expect(r.coCheck).toBeNull();
    expect(r.effects).toContainEqual({
      kind: "status",
      actorId: "dagmar",
      status: "unconscious",
      active: true,
    });
  });

  it("CORE-CON-2: negative Stun greater than CO is a coma (−11 with CO 10; −10 is not)", () => {
    expect(poolConditions(-11, 5, 10, 10).coma).toBe(true);
    expect(poolConditions(-10, 5, 10, 10).coma).toBe(false);
    const r = blow(state({ stunPoints: { value: 5, max: 20 } }), 16, 2, []);
    expect(r.stunPoints).toBe(-11);
    expect(r.effects).toContainEqual({ kind: "status", actorId: "dagmar", status: "coma", active: true });
  });

  it("CORE-CON-2: an unconscious character regains 1 Stun Point a minute, up to the maximum", () => {
    const out = state({ stunPoints: { value: -3, max: 20 } });
    const r = unconsciousRecovery("dagmar", out, 5);
    expect(r.stunPoints).toBe(2);
    expect(r.effects).toEqual([
      { kind: "pool", actorId: "dagmar", pool: "stunPoints", amount: -5 },
      { kind: "status", actorId: "dagmar", status: "unconscious", active: false },
    ]);
    expect(unconsciousRecovery("dagmar", state({ stunPoints: { value: 18, max: 20 } }), 60).stunPoints).toBe(
      20,
    );
    expect(unconsciousRecovery("dagmar", out, 5, { unconsciousStunRecoveryPerMinute: 2 }).stunPoints).toBe(7);
  });
});

describe("hit points", () => {
  it("CORE-CON-3: HP at 0 or below is dying; dead when negative HP reaches SZ", () => {
    expect(poolConditions(5, 0, 10, 10)).toMatchObject({ dying: true, dead: false });
    expect(poolConditions(5, -9, 10, 10)).toMatchObject({ dying: true, dead: false });
    expect(poolConditions(5, -10, 10, 10)).toMatchObject({ dying: false, dead: true });
    const r = blow(state(), 12, 10, []);
    expect(r.effects).toContainEqual({ kind: "status", actorId: "dagmar", status: "dying", active: true });
    const killed = blow(state(), 12, 20, []);
    expect(killed.conditions.dead).toBe(true);
    expect(killed.effects).toContainEqual({
      kind: "status",
      actorId: "dagmar",
      status: "dead",
      active: true,
    });
    expect(killed.effects.some((e) => e.kind === "status" && e.status === "dying")).toBe(false);
  });

  it("CORE-CON-3: a dying character loses 1 HP a round and dies when negative HP reaches SZ", () => {
    const r = dyingRound("dagmar", state({ hitPoints: { value: -3, max: 10 } }));
    expect(r.hitPoints).toBe(-4);
    expect(r.effects).toEqual([{ kind: "pool", actorId: "dagmar", pool: "hitPoints", amount: 1 }]);
    const last = dyingRound("dagmar", state({ hitPoints: { value: -9, max: 10 } }));
    expect(last.conditions.dead).toBe(true);
    expect(last.effects).toContainEqual({
      kind: "status",
      actorId: "dagmar",
      status: "dying",
      active: false,
    });
    expect(last.effects).toContainEqual({ kind: "status", actorId: "dagmar", status: "dead", active: true });
    expect(() => dyingRound("dagmar", state())).toThrowError(
      expect.objectContaining({ code: "invalid-state" }),
    );
  });

  it("CORE-CON-3: First Aid stops the loss on d20 + First Aid − (negative HP) ≥ 20", () => {
    // First Aid 8 at −3 HP: needs a 15.
    const missed = firstAid({ actorId: "dagmar", firstAid: 8, hitPoints: -3 }, new ScriptedDice([14]));
    expect(missed.stabilized).toBe(false);
    expect(missed.effects).toEqual([]);
    const made = firstAid({ actorId: "dagmar", firstAid: 8, hitPoints: -3 }, new ScriptedDice([15]));
    expect(made.check.total).toBe(20);
    expect(made.stabilized).toBe(true);
    expect(made.effects).toContainEqual({
      kind: "status",
      actorId: "dagmar",
      status: "dying",
      active: false,
    });
    expect(() =>
      firstAid({ actorId: "dagmar", firstAid: 8, hitPoints: 2 }, new ScriptedDice([15])),
    ).toThrowError(expect.objectContaining({ code: "invalid-state" }));
  });

  it("CORE-CON-3: negative or fractional losses are refused", () => {
    expect(() => blow(state(), -1, 0, [])).toThrowError(expect.objectContaining({ code: "invalid-value" }));
    expect(() => blow(state(), 1.5, 0, [])).toThrowError(expect.objectContaining({ code: "invalid-value" }));
  });

  it("CORE-CON-1: a state the rules cannot read is refused, never judged as NaN", () => {
    const invalid = expect.objectContaining({ code: "invalid-value" });
    // NaN CO would make every check fail silently; a missing maximum would never call for one.
    expect(() => blow(state({ co: Number.NaN }), 15, 8, [])).toThrowError(invalid);
    expect(() => blow(state({ stunPoints: { value: 20 } as never }), 15, 8, [])).toThrowError(invalid);
    expect(() => blow(state({ sz: -1 }), 1, 1, [])).toThrowError(invalid);
    expect(() => blow(state({ stunned: undefined as never }), 1, 1, [])).toThrowError(invalid);
    expect(() => poolConditions(Number.NaN, 5, 10, 10)).toThrowError(invalid);
    expect(() => poolConditions(5, 5, 10, 2.5)).toThrowError(invalid);
    expect(() => dyingRound("dagmar", state({ hitPoints: { value: -1, max: Number.NaN } }))).toThrowError(
      invalid,
    );
    expect(() => unconsciousRecovery("dagmar", state({ co: Number.NaN }), 5)).toThrowError(invalid);
  });
});

describe("consequences over any blow (property)", () => {
  const stateArb = fc
    .record({
      stunMax: fc.integer({ min: 1, max: 40 }),
      stun: fc.integer({ min: -20, max: 40 }),
      hpMax: fc.integer({ min: 1, max: 20 }),
      hp: fc.integer({ min: -20, max: 20 }),
      co: fc.integer({ min: 1, max: 20 }),
      sz: fc.integer({ min: 1, max: 20 }),
      stunned: fc.boolean(),
    })
    .map((r) =>
      state({
        stunPoints: { value: Math.min(r.stun, r.stunMax), max: r.stunMax },
        hitPoints: { value: Math.min(r.hp, r.hpMax), max: r.hpMax },
        co: r.co,
        sz: r.sz,
        stunned: r.stunned,
      }),
    );

  it("CORE-CON-1: pools drop by what was lost; a CO check only for more than half the maximum, and stunned only on a failed one", () => {
    fc.assert(
      fc.property(
        stateArb,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 25 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (s, stunLost, hpLost, seed) => {
          const r = assessBlow(
            { actorId: "x", state: s, stunLost, hitPointsLost: hpLost },
            new SeededDice(seed),
          );
          expect(r.stunPoints).toBe(s.stunPoints.value - stunLost);
          expect(r.hitPoints).toBe(s.hitPoints.value - hpLost);
          expect(r.conditions).toEqual(poolConditions(r.stunPoints, r.hitPoints, s.co, s.sz));
          if (r.coCheck !== null) {
            expect(stunLost * 2).toBeGreaterThan(s.stunPoints.max);
            expect(s.stunned).toBe(false);
            expect(r.coCheck.skill).toBe(s.co);
          }
          expect(r.stunned).toBe(r.coCheck !== null && !r.coCheck.success);
          // CORE-CON-3: dead is never dying; CORE-CON-2: a coma is always unconscious.
          expect(r.conditions.dead && r.conditions.dying).toBe(false);
          if (r.conditions.coma) expect(r.conditions.unconscious).toBe(true);
          // A status effect is made only for a status that changed.
          const before = poolConditions(s.stunPoints.value, s.hitPoints.value, s.co, s.sz);
          for (const e of r.effects) {
            if (e.kind === "status" && e.status !== "stunned") {
              const key = e.status as keyof typeof before;
              expect(before[key]).not.toBe(r.conditions[key]);
            }
          }
        },
      ),
    );
  });
});

describe("pool statuses when points come back (an undo)", () => {
  it("CORE-CON-2: from a coma at −14 back to −6 (CO 11) ends the coma only: still unconscious", () => {
    expect(
      poolStatusChanges("x", { stunPoints: -14, hitPoints: 3 }, { stunPoints: -6, hitPoints: 7 }, 11, 10),
    ).toEqual([{ kind: "status", actorId: "x", status: FangsStatus.Coma, active: false }]);
  });

  it("CORE-CON-3: from dead back to dying, and from dying to whole, each status as the pools cross its threshold", () => {
    expect(
      poolStatusChanges("x", { stunPoints: 5, hitPoints: -10 }, { stunPoints: 5, hitPoints: -2 }, 11, 10),
    ).toEqual([
      { kind: "status", actorId: "x", status: FangsStatus.Dying, active: true },
      { kind: "status", actorId: "x", status: FangsStatus.Dead, active: false },
    ]);
    expect(
      poolStatusChanges("x", { stunPoints: 5, hitPoints: -2 }, { stunPoints: 5, hitPoints: 3 }, 11, 10),
    ).toEqual([{ kind: "status", actorId: "x", status: FangsStatus.Dying, active: false }]);
    // Still at or below 0: nothing to change (a dying stopped by First Aid stays stopped).
    expect(
      poolStatusChanges("x", { stunPoints: 5, hitPoints: -6 }, { stunPoints: 5, hitPoints: -2 }, 11, 10),
    ).toEqual([]);
  });

  it("CORE-CON-2, CORE-CON-3: a move and its reverse make opposite changes, and a coma never outlasts unconsciousness", () => {
    const pools = fc.record({
      stunPoints: fc.integer({ min: -40, max: 40 }),
      hitPoints: fc.integer({ min: -40, max: 20 }),
    });
    fc.assert(
      fc.property(
        pools,
        pools,
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        (a, b, co, sz) => {
          const there = poolStatusChanges("x", a, b, co, sz);
          const back = poolStatusChanges("x", b, a, co, sz);
          expect(back.map((e) => (e.kind === "status" ? [e.status, !e.active] : e))).toEqual(
            there.map((e) => (e.kind === "status" ? [e.status, e.active] : e)),
          );
          const after = poolConditions(b.stunPoints, b.hitPoints, co, sz);
          if (after.coma) expect(after.unconscious).toBe(true);
        },
      ),
    );
  });

  it("refuses pools or CO and SZ that are not whole numbers", () => {
    expect(() =>
      poolStatusChanges("x", { stunPoints: 1.5, hitPoints: 3 }, { stunPoints: 2, hitPoints: 3 }, 11, 10),
    ).toThrow();
    expect(() =>
      poolStatusChanges(
        "x",
        { stunPoints: 1, hitPoints: 3 },
        { stunPoints: 2, hitPoints: 3 },
        Number.NaN,
        10,
      ),
    ).toThrow();
  });
});

describe("a GM's change of the pools outside a blow", () => {
  const jenny = { stunPoints: { value: 21, max: 21 }, hitPoints: { value: 11, max: 11 }, co: 11, sz: 10 };

  it("CORE-CON-2, CORE-CON-3: damage past 0 Stun and 0 HP sets unconscious and dying, with no CO check or stun", () => {
    expect(adjustPools("jenny", jenny, { direction: "damage", stunPoints: 26, hitPoints: 13 })).toEqual([
      { kind: "pool", actorId: "jenny", pool: "stunPoints", amount: 26 },
      { kind: "pool", actorId: "jenny", pool: "hitPoints", amount: 13 },
      { kind: "status", actorId: "jenny", status: "unconscious", active: true },
      { kind: "status", actorId: "jenny", status: "dying", active: true },
    ]);
  });

  it("CORE-CHR-2, CORE-CON-2: healing stops at the maximum, gives nothing to a full pool, and wakes the fighter", () => {
    const out = { ...jenny, stunPoints: { value: -5, max: 21 } };
    expect(adjustPools("jenny", out, { direction: "heal", stunPoints: 30, hitPoints: 4 })).toEqual([
      { kind: "pool", actorId: "jenny", pool: "stunPoints", amount: -26 },
      { kind: "status", actorId: "jenny", status: "unconscious", active: false },
    ]);
    expect(adjustPools("jenny", jenny, { direction: "heal", stunPoints: 3, hitPoints: 3 })).toEqual([]);
  });
});
