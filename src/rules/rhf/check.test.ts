import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ScriptedDice } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import { hardTarget, readCheck, rollCheck } from "./check";
import { resolveRhfOptions } from "./config";

describe("the check of the index's basics", () => {
  it("succeeds on a d20 at or under the target, fails above it", () => {
    expect(readCheck(12, 12).success).toBe(true);
    expect(readCheck(12, 13).success).toBe(false);
    expect(readCheck(0, 1).success).toBe(false);
    expect(readCheck(25, 20).success).toBe(true);
    expect(rollCheck(9, new ScriptedDice([9]))).toEqual({ target: 9, roll: 9, success: true });
  });

  it("a Hard roll is under half the skill, rounded up; the divisor is the rules'", () => {
    expect(hardTarget(15)).toBe(8);
    expect(hardTarget(14)).toBe(7);
    expect(hardTarget(1)).toBe(1);
    expect(hardTarget(0)).toBe(0);
    expect(hardTarget(15, resolveRhfOptions({ hardDivisor: 3 }))).toBe(5);
  });

  it("refuses a roll that is no d20 and a skill that is no whole number", () => {
    expect(() => readCheck(10, 0)).toThrow(RulesError);
    expect(() => readCheck(10, 21)).toThrow(/d20/);
    expect(() => hardTarget(Number.NaN)).toThrow(RulesError);
    expect(() => rollCheck(10, new ScriptedDice([]))).toThrow(/ran out/);
    expect(() => rollCheck(10, new ScriptedDice([25]))).toThrow(/not a d20 result/);
  });

  it("a Hard target is never above the skill nor negative for a skill of 0 or more", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (skill) => {
        const hard = hardTarget(skill);
        return hard >= 0 && hard <= skill && hard * 2 >= skill;
      }),
    );
  });
});
