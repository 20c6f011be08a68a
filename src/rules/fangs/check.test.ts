import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ScriptedDice, SeededDice } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import {
  characteristicCheck,
  fumbleRange,
  independentChecks,
  linkedChecks,
  OpposedWinner,
  resistedCheck,
  resistedModifier,
  resolveCheck,
  rollCriticalConfirmation,
  specialRange,
} from "./check";
import { SuccessLevel } from "./types";

function check(skill: number, modifiers: number, rolls: number[]) {
  const dice = new ScriptedDice(rolls);
  const result = resolveCheck({ skill, modifiers }, dice);
  expect(dice.remaining).toBe(0);
  return result;
}

describe("checks", () => {
  it("CORE-CHK-1: Climb 9 needs a natural 11 (10 fails, 11 succeeds)", () => {
    expect(check(9, 0, [10]).level).toBe(SuccessLevel.Failure);
    const made = check(9, 0, [11]);
    expect(made.level).toBe(SuccessLevel.Success);
    expect(made.total).toBe(20);
    expect(made.success).toBe(true);
  });

  it("CORE-CHK-1: modifiers count toward 20", () => {
    expect(check(9, 2, [9]).success).toBe(true);
    expect(check(9, -3, [13]).success).toBe(false);
  });

  it("CORE-CHK-1: a skill over 20 is no automatic success (25 − 10 needs a 5)", () => {
    expect(check(25, -10, [4]).success).toBe(false);
    expect(check(25, -10, [5]).success).toBe(true);
  });

  it("CORE-CHK-1: a skill over 20 still fumbles on two natural 1s", () => {
    const r = check(25, 0, [1, 1]);
    expect(r.total).toBe(26);
    expect(r.level).toBe(SuccessLevel.Fumble);
    expect(r.success).toBe(false);
    expect(check(25, 0, [1, 2]).level).toBe(SuccessLevel.Success);
  });

  it("CORE-CHK-4: Special on a natural 20 with skill 0–9", () => {
    expect(specialRange(9)).toBe(20);
    expect(check(9, 0, [19]).level).toBe(SuccessLevel.Success);
    expect(check(9, 0, [20, 5]).level).toBe(SuccessLevel.Special);
    expect(check(0, 0, [20, 19]).level).toBe(SuccessLevel.Special);
  });

  it("CORE-CHK-4: Special on a natural 19–20 with skill 10 or more", () => {
    expect(specialRange(10)).toBe(19);
    expect(check(10, 0, [18]).level).toBe(SuccessLevel.Success);
    expect(check(10, 0, [19, 9]).level).toBe(SuccessLevel.Special);
    expect(check(15, 0, [20, 4]).level).toBe(SuccessLevel.Special);
  });

  it("CORE-CHK-4: a Special needs a successful check: natural 19, skill 10, −15 is a Failure and rolls no second die", () => {
    const r = check(10, -15, [19]);
    expect(r.level).toBe(SuccessLevel.Failure);
    expect(r.confirmation).toBeNull();
  });

  it("CORE-CHK-4: the Special range reads the unmodified skill (skill 9 + 5 is still 0–9)", () => {
    expect(check(9, 5, [19]).level).toBe(SuccessLevel.Success);
    expect(check(10, -5, [19, 1]).level).toBe(SuccessLevel.Special);
  });

  it("CORE-CHK-5: Critical when the second roll + unmodified skill ≥ 20", () => {
    expect(check(12, 0, [19, 8]).level).toBe(SuccessLevel.Critical);
    expect(check(12, 0, [19, 7]).level).toBe(SuccessLevel.Special);
    // Modifiers do not help the confirmation.
    expect(check(12, 6, [19, 7]).level).toBe(SuccessLevel.Special);
  });

  it("CORE-CHK-5: two natural 20s are always Critical", () => {
    const r = check(0, 0, [20, 20]);
    expect(r.level).toBe(SuccessLevel.Critical);
    expect(r.confirmation).toBe(20);
    expect(rollCriticalConfirmation(-5, 20, new ScriptedDice([20])).critical).toBe(true);
    expect(rollCriticalConfirmation(-5, 19, new ScriptedDice([20])).critical).toBe(false);
  });

  it("CORE-CHK-6: skill 10–20 may fumble on a natural 1, confirmed when second + skill ≤ 19", () => {
    expect(fumbleRange(10)).toBe(1);
    expect(check(12, 0, [1, 7]).level).toBe(SuccessLevel.Fumble);
    expect(check(12, 0, [1, 8]).level).toBe(SuccessLevel.Failure);
    expect(check(12, 0, [2]).level).toBe(SuccessLevel.Failure);
  });

  it("CORE-CHK-6: skill 0–9 may fumble on a natural 1 or 2", () => {
    expect(fumbleRange(9)).toBe(2);
    expect(check(9, 0, [2, 10]).level).toBe(SuccessLevel.Fumble);
    expect(check(9, 0, [2, 11]).level).toBe(SuccessLevel.Failure);
    expect(check(5, 0, [1, 14]).level).toBe(SuccessLevel.Fumble);
    expect(check(5, 0, [3]).level).toBe(SuccessLevel.Failure);
  });

  it("CORE-CHK-6: two natural 1s are always a fumble", () => {
    const r = check(19, 0, [1, 1]);
    expect(r.level).toBe(SuccessLevel.Fumble);
    expect(check(19, 0, [1, 2]).level).toBe(SuccessLevel.Success);
  });

  it("CORE-CHK-4: at the edge, skill 9 needs a natural 20 and skill 10 a natural 19 (no second die otherwise)", () => {
    expect(check(9, 0, [19]).confirmation).toBeNull();
    expect(check(9, 0, [19]).level).toBe(SuccessLevel.Success);
    expect(check(9, 0, [20, 10]).level).toBe(SuccessLevel.Special); // 10 + 9 = 19: not Critical
    expect(check(9, 0, [20, 11]).level).toBe(SuccessLevel.Critical); // 11 + 9 = 20
    expect(check(10, 0, [19, 9]).level).toBe(SuccessLevel.Special); // 9 + 10 = 19
    expect(check(10, 0, [19, 10]).level).toBe(SuccessLevel.Critical);
    expect(check(10, 0, [18]).confirmation).toBeNull();
  });

  it("CORE-CHK-5: two natural 20s are Critical at any skill; a natural 19 then 20 is not 'two natural 20s'", () => {
    expect(check(-5, 30, [20, 20]).level).toBe(SuccessLevel.Critical);
    // A skill below 0 uses the 0–9 ranges: at +10 the 19 succeeds, but it is no Special.
    expect(check(-5, 10, [19]).level).toBe(SuccessLevel.Success);
    expect(check(10, 0, [19, 20]).level).toBe(SuccessLevel.Critical); // 20 + 10 ≥ 20 anyway
    expect(rollCriticalConfirmation(-1, 19, new ScriptedDice([20])).critical).toBe(false);
  });

  it("CORE-CHK-6: at the edge, skill 9 may fumble on a 2 and skill 10 may not", () => {
    expect(check(9, 0, [2, 10]).level).toBe(SuccessLevel.Fumble); // 10 + 9 = 19
    expect(check(9, 0, [2, 11]).level).toBe(SuccessLevel.Failure); // 11 + 9 = 20: not confirmed
    const ten = check(10, 0, [2]);
    expect(ten.level).toBe(SuccessLevel.Failure);
    expect(ten.confirmation).toBeNull();
    expect(check(10, 0, [1, 9]).level).toBe(SuccessLevel.Fumble); // 9 + 10 = 19
    expect(check(10, 0, [1, 10]).level).toBe(SuccessLevel.Failure);
  });

  it("CORE-CHK-6: two natural 1s are a fumble at any skill; at skill 0 a natural 1 then 20 is not", () => {
    expect(check(0, 0, [1, 1]).level).toBe(SuccessLevel.Fumble);
    expect(check(0, 0, [1, 19]).level).toBe(SuccessLevel.Fumble); // 19 + 0 ≤ 19
    expect(check(0, 0, [1, 20]).level).toBe(SuccessLevel.Failure);
    expect(check(40, 0, [1, 1]).level).toBe(SuccessLevel.Fumble);
    expect(check(40, 0, [1, 2]).level).toBe(SuccessLevel.Success);
  });

  it("CORE-CHK-6: modifiers neither help nor hurt the fumble's confirmation, which reads the unmodified skill", () => {
    // Skill 12 at −5: the 8 confirms nothing (8 + 12 = 20), though 8 + 12 − 5 would be 15.
    expect(check(12, -5, [1, 8]).level).toBe(SuccessLevel.Failure);
    // Skill 9 at +10 with a natural 2 totals 21, yet a confirmed fumble is a Fumble: a total of 20 is no
    // automatic success (CORE-CHK-1), and the text judges the fumble by the second roll alone.
    const r = check(9, 10, [2, 5]);
    expect(r.total).toBe(21);
    expect(r.level).toBe(SuccessLevel.Fumble);
    expect(r.success).toBe(false);
    expect(check(9, 10, [2, 11]).level).toBe(SuccessLevel.Success);
  });

  it("CORE-CHK-4: modifiers neither make nor unmake the Special range: skill 9 at +5 still needs a 20", () => {
    expect(check(9, 5, [19]).level).toBe(SuccessLevel.Success);
    expect(check(9, 5, [20, 1]).level).toBe(SuccessLevel.Special);
    // Skill 10 at −9: the 19 totals 20, a success in the Special range.
    expect(check(10, -9, [19, 1]).level).toBe(SuccessLevel.Special);
    // At −10 it totals 19: a failure is never a Special, and no second die is rolled.
    expect(check(10, -10, [19]).level).toBe(SuccessLevel.Failure);
  });

  it("CORE-CHK-1: bad input is refused with invalid-value", () => {
    for (const bad of [
      { skill: 1.5, modifiers: 0 },
      { skill: Number.NaN, modifiers: 0 },
      { skill: 10, modifiers: Number.POSITIVE_INFINITY },
    ]) {
      expect(() => resolveCheck(bad, new ScriptedDice([10]))).toThrowError(RulesError);
    }
  });

  it("CORE-CHK-5: levels follow the dice for any skill (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10, max: 40 }),
        fc.integer({ min: -20, max: 20 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (skill, modifiers, seed) => {
          const a = resolveCheck({ skill, modifiers }, new SeededDice(seed));
          const b = resolveCheck({ skill, modifiers }, new SeededDice(seed));
          expect(a).toEqual(b);
          expect(a.total).toBe(a.natural + skill + modifiers);
          if (a.level >= SuccessLevel.Special) expect(a.total).toBeGreaterThanOrEqual(20);
          if (a.level === SuccessLevel.Success || a.level === SuccessLevel.Failure)
            expect(a.success).toBe(a.total >= 20);
          expect(a.success).toBe(a.level >= SuccessLevel.Success);
        },
      ),
    );
  });
});

describe("characteristic and opposed checks", () => {
  it("CORE-CHK-2: a check against ST×2 is d20 + 2·ST ≥ 20", () => {
    const dice = new ScriptedDice([5, 4]);
    const st7 = characteristicCheck({ value: 7, multiplier: 2 }, dice);
    expect(st7.skill).toBe(14);
    expect(st7.success).toBe(false); // 5 + 14 = 19
    expect(characteristicCheck({ value: 8, multiplier: 2 }, dice).success).toBe(true); // 4 + 16
    expect(dice.remaining).toBe(0);
  });

  it("CORE-CHK-2: a characteristic check without multiplier is d20 + value ≥ 20", () => {
    const dice = new ScriptedDice([8]);
    expect(characteristicCheck({ value: 12, multiplier: 1 }, dice).success).toBe(true);
    expect(() => characteristicCheck({ value: -1, multiplier: 1 }, new ScriptedDice([8]))).toThrowError(
      RulesError,
    );
    expect(() => characteristicCheck({ value: 5, multiplier: 0 }, new ScriptedDice([8]))).toThrowError(
      RulesError,
    );
  });

  it("CORE-CHK-3: resisted: ST 15 lifting a SZ 13 anvil rolls at +2", () => {
    expect(resistedModifier(15, 13)).toBe(2);
    const dice = new ScriptedDice([8]);
    const r = resistedCheck({ active: 15, passive: 13 }, dice);
    expect(r.modifiers).toBe(2);
    expect(r.total).toBe(8 + 10 + 2);
    expect(r.success).toBe(true);
    expect(resistedCheck({ active: 15, passive: 13 }, new ScriptedDice([7])).success).toBe(false);
    expect(
      resistedCheck({ active: 13, passive: 13 }, new ScriptedDice([10]), { resistedCheckBase: 8 }).success,
    ).toBe(false);
  });

  it("CORE-CHK-3: independent: each side's check stands on its own, active first", () => {
    const dice = new ScriptedDice([11, 3]);
    const r = independentChecks({ skill: 9, modifiers: 0 }, { skill: 9, modifiers: 0 }, dice);
    expect(r.active.success).toBe(true);
    expect(r.passive.success).toBe(false);
    expect(dice.remaining).toBe(0);
  });

  it("CORE-CHK-3: linked: the larger margin wins, even when both fail; equal margins tie", () => {
    const win = linkedChecks(
      { skill: 12, modifiers: 0 },
      { skill: 9, modifiers: 0 },
      new ScriptedDice([10, 14]),
    );
    expect(win.activeMargin).toBe(2);
    expect(win.passiveMargin).toBe(3);
    expect(win.winner).toBe(OpposedWinner.Passive);
    const bothFail = linkedChecks(
      { skill: 5, modifiers: 0 },
      { skill: 5, modifiers: 0 },
      new ScriptedDice([10, 12]),
    );
    expect(bothFail.winner).toBe(OpposedWinner.Passive);
    const tie = linkedChecks(
      { skill: 10, modifiers: 0 },
      { skill: 12, modifiers: 0 },
      new ScriptedDice([12, 10]),
    );
    expect(tie.winner).toBe(OpposedWinner.Tie);
  });
});
