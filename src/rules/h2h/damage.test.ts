import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ScriptedDice, SeededDice } from "../kernel/dice";
import { H2H_DEFAULTS, resolveH2hOptions } from "./config";
import {
  armorSplit,
  halfBonus,
  multipliedDamage,
  pulledDamage,
  rollMoveDice,
  shareOf,
  stackMultipliers,
} from "./damage";

const R = H2H_DEFAULTS;

describe("Hand to Hand damage", () => {
  it("H2H-TRM-3: ×2 modifiers stack: two → ×3; three, or a ×2 and a ×3 → ×4", () => {
    expect(stackMultipliers([2], R)).toBe(2);
    expect(stackMultipliers([2, 2], R)).toBe(3);
    expect(stackMultipliers([2, 2, 2], R)).toBe(4);
    expect(stackMultipliers([2, 3], R)).toBe(4);
    expect(stackMultipliers([2, 2], resolveH2hOptions({ multiplierStacking: "multiply" }))).toBe(4);
  });

  it("H2H-DMG-1: the P.S. bonus is multiplied with the dice by default, or added after (option)", () => {
    expect(multipliedDamage(3, 2, 2, R)).toBe(10);
    expect(multipliedDamage(3, 2, 2, resolveH2hOptions({ multiplyStrengthBonus: false }))).toBe(8);
    expect(multipliedDamage(1, -5, 1, R)).toBe(0);
  });

  it("rounds a share once: down by default, at least 1 of a damage of 1 or more; nothing of nothing", () => {
    expect(shareOf(7, 1, 4, R)).toBe(1);
    expect(shareOf(9, 1, 4, R)).toBe(2);
    expect(shareOf(2, 1, 4, R)).toBe(1);
    expect(shareOf(0, 1, 4, R)).toBe(0);
    expect(shareOf(7, 0, 1, R)).toBe(0);
    expect(shareOf(7, 1, 2, resolveH2hOptions({ rounding: "up" }))).toBe(4);
    expect(shareOf(6, 1, 4, resolveH2hOptions({ rounding: "nearest" }))).toBe(2);
    expect(shareOf(2, 1, 4, resolveH2hOptions({ shareMinimum: 0 }))).toBe(0);
  });

  it("H2H-TRM-1: the AR split reads the natural roll and the P.P. bonus", () => {
    expect(armorSplit(11, 0, 10, R)).toMatchObject({
      beaten: true,
      victim: { num: 1, den: 1 },
      attacker: { num: 1, den: 4 },
    });
    expect(armorSplit(10, 0, 10, R)).toMatchObject({
      beaten: false,
      victim: { num: 1, den: 4 },
      attacker: { num: 1, den: 1 },
    });
    expect(armorSplit(8, 3, 10, R).beaten).toBe(true);
    expect(armorSplit(10, 0, 10, resolveH2hOptions({ armorRebound: "victimOnly" }))).toMatchObject({
      victim: { num: 1, den: 4 },
      attacker: { num: 0 },
    });
    expect(armorSplit(1, 0, 0, R)).toMatchObject({ attacker: { num: 0 } });
  });

  it("H2H-TRM-11: a pull punch's aims, and a failed one's full damage", () => {
    expect(pulledDamage(8, "one", true, false, R)).toBe(1);
    expect(pulledDamage(8, "quarter", true, false, R)).toBe(2);
    expect(pulledDamage(8, "half", true, false, R)).toBe(4);
    expect(pulledDamage(8, { points: 5 }, true, true, R)).toBe(5);
    expect(pulledDamage(8, { points: 50 }, true, true, R)).toBe(8);
    expect(pulledDamage(8, "one", false, false, R)).toBe(8);
    expect(pulledDamage(8, "one", false, false, resolveH2hOptions({ failedPullPunch: "quarter" }))).toBe(2);
    expect(() => pulledDamage(8, { points: 5 }, true, false, R)).toThrow(/Martial Art/);
  });

  it("H2H-MOD-1: Dash adds a die of the move's faces, Jump doubles the dice", () => {
    expect(rollMoveDice("1d4", 1, false, new ScriptedDice([3, 4]))).toBe(7);
    expect(rollMoveDice("2d4", 0, true, new ScriptedDice([1, 2, 3, 4]))).toBe(10);
    expect(rollMoveDice("1", 1, true, new ScriptedDice([]))).toBe(1);
  });

  it("H2H-TRM-6: half bonuses round down (toward zero for a penalty) or up", () => {
    expect([halfBonus(3, R), halfBonus(-3, R), halfBonus(4, R)]).toEqual([1, -1, 2]);
    expect(halfBonus(3, resolveH2hOptions({ halfBonusRounding: "up" }))).toBe(2);
  });

  it("never negative, never more than the damage, whole numbers (properties)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom("down", "up", "nearest"),
        (amount, n, d, rounding) => {
          const num = Math.min(n, d);
          const share = shareOf(amount, num, d, resolveH2hOptions({ rounding: rounding as "down" }));
          expect(Number.isInteger(share)).toBe(true);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(amount);
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.constantFrom("1d4", "2d6", "3d4", "1", "0"),
        (seed, f) => {
          const a = rollMoveDice(f, 1, true, new SeededDice(seed));
          expect(a).toBe(rollMoveDice(f, 1, true, new SeededDice(seed)));
          expect(a).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
