import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codeOf } from "../../../test/support/rules-error";
import { ScriptedDice, SeededDice } from "../kernel/dice";
import { LUNOS_DEFAULTS, resolveLunosOptions } from "./config";
import { isSuccessFace, MAX_RATING, meetsDifficulty, poolAutomatic, poolDice, rollPool } from "./pool";

/*
 * The roll of the LUN index's basics: a pool of d6 and one d12 luck die,
 * scripted die by die (the d6 first, the luck die last).
 */

const R = LUNOS_DEFAULTS;

describe("the pool", () => {
  it("counts one die per dot of the two ratings, a fifth dot as a success instead of its die", () => {
    expect(poolDice(3, 2, R)).toBe(5);
    expect(poolAutomatic(3, 2)).toBe(0);
    expect(poolDice(5, 3, R)).toBe(7);
    expect(poolAutomatic(5, 3)).toBe(1);
    expect(poolDice(5, 5, R)).toBe(8);
    expect(poolAutomatic(5, 5)).toBe(2);
    const beside = resolveLunosOptions({ fifthDot: "besideDie" });
    expect(poolDice(5, 3, beside)).toBe(8);
  });

  it("succeeds on the top half of each die: 4–6 on a d6, 7–12 on the luck die", () => {
    expect([1, 2, 3, 4, 5, 6].map((f) => isSuccessFace(f, 6))).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    expect([6, 7, 12].map((f) => isSuccessFace(f, 12))).toEqual([false, true, true]);
    const roll = rollPool(4, 0, 0, new ScriptedDice([4, 3, 6, 7]), R);
    expect(roll).toMatchObject({ dice: 4, luck: 7, rolled: 3, successes: 3, outcome: "normal" });
  });

  it("adds automatic and bonus successes, which no penalty takes away", () => {
    const roll = rollPool(2, 1, 2, new ScriptedDice([1, 2]), R);
    expect(roll.successes).toBe(3);
    expect(roll.outcome).toBe("normal");
  });

  it("reads a luck die of 1 with no other success as a disaster: no success at all", () => {
    const roll = rollPool(3, 0, 0, new ScriptedDice([2, 3, 1]), R);
    expect(roll).toMatchObject({ outcome: "disaster", successes: 0 });
    // Any other success, even an automatic one, keeps it an ordinary failure of the luck die.
    expect(rollPool(3, 1, 0, new ScriptedDice([2, 3, 1]), R)).toMatchObject({
      outcome: "normal",
      successes: 1,
    });
    expect(rollPool(3, 0, 0, new ScriptedDice([4, 3, 1]), R).outcome).toBe("normal");
  });

  it("reads a luck die of 12 with no other success as a dramatic success: one more success", () => {
    const roll = rollPool(3, 0, 0, new ScriptedDice([2, 3, 12]), R);
    expect(roll).toMatchObject({ outcome: "dramatic", rolled: 1, successes: 2 });
    expect(rollPool(3, 0, 0, new ScriptedDice([5, 3, 12]), R)).toMatchObject({
      outcome: "normal",
      successes: 2,
    });
    const three = resolveLunosOptions({ dramaticSuccesses: 2 });
    expect(rollPool(1, 0, 0, new ScriptedDice([12]), three).successes).toBe(3);
  });

  it("rolls the luck die alone for a pool at 0 dice or fewer: only its 12 succeeds", () => {
    expect(rollPool(0, 0, 0, new ScriptedDice([11]), R)).toMatchObject({ dice: 1, successes: 0 });
    expect(rollPool(-3, 0, 0, new ScriptedDice([12]), R)).toMatchObject({
      outcome: "dramatic",
      successes: 2,
    });
    expect(rollPool(-1, 0, 0, new ScriptedDice([1]), R).outcome).toBe("disaster");
    const none = resolveLunosOptions({ emptyPool: "noRoll" });
    const dice = new ScriptedDice([]);
    expect(rollPool(0, 1, 0, dice, none)).toMatchObject({ dice: 0, luck: 0, successes: 1 });
  });

  it("meets a difficulty when its successes reach it", () => {
    const roll = rollPool(2, 0, 0, new ScriptedDice([4, 9]), R);
    expect(meetsDifficulty(roll, 2)).toBe(true);
    expect(meetsDifficulty(roll, 3)).toBe(false);
  });

  it("refuses a rating out of range and a pool that is no whole number", () => {
    expect(codeOf(() => poolDice(6, 0, R))).toBe("invalid-value");
    expect(codeOf(() => poolDice(-1, 0, R))).toBe("invalid-value");
    expect(codeOf(() => rollPool(Number.NaN, 0, 0, new SeededDice(1), R))).toBe("invalid-value");
    expect(codeOf(() => rollPool(2, -1, 0, new SeededDice(1), R))).toBe("invalid-value");
    expect(codeOf(() => rollPool(2, 0, 0, new ScriptedDice([7, 3]), R))).toBe("die-out-of-range");
  });

  it("never counts fewer than 0 nor more successes than dice and given successes allow; same dice, same roll", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_RATING }),
        fc.integer({ min: 0, max: MAX_RATING }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer(),
        (a, b, penalty, bonus, seed) => {
          const dice = poolDice(a, b, R) - penalty;
          const auto = poolAutomatic(a, b);
          const roll = rollPool(dice, auto, bonus, new SeededDice(seed), R);
          const again = rollPool(dice, auto, bonus, new SeededDice(seed), R);
          expect(again).toEqual(roll);
          expect(Number.isInteger(roll.successes)).toBe(true);
          expect(roll.successes).toBeGreaterThanOrEqual(0);
          expect(roll.successes).toBeLessThanOrEqual(Math.max(1, dice) + auto + bonus + R.dramaticSuccesses);
          if (roll.outcome === "disaster") expect(roll.successes).toBe(0);
        },
      ),
    );
  });
});
