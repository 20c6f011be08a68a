import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RulesError } from "../kernel/errors";
import {
  additionalAttacks,
  attackAllowance,
  checkAttackCount,
  maxAttacks,
  multipleAttackPenalty,
  quicknessAttacks,
} from "./attacks";
import { resolveRhfOptions } from "./config";

const beyondFirst = resolveRhfOptions({ additionalAttacks: "beyondFirst" });

describe("attacks a round by Quickness", () => {
  it.each([
    [1, 0.5],
    [6, 0.5],
    [7, 1],
    [12, 1],
    [13, 2],
    [15, 2],
    [16, 3],
    [18, 3],
    [19, 4],
    [21, 4],
  ])("RHF-MAT-1: Quickness %i gives %d attacks a round", (quickness, attacks) => {
    expect(quicknessAttacks(quickness)).toBe(attacks);
  });

  it("RHF-MAT-1: Quickness 1–6 strikes one round in two: not the round after it attacked", () => {
    expect(attackAllowance(4, 1, 0)).toBe(1);
    expect(attackAllowance(4, 2, 1)).toBe(0);
    expect(attackAllowance(4, 3, 1)).toBe(1);
    // It attacked in round 3, so not in round 4; had it waited since round 2, it could.
    expect(attackAllowance(4, 4, 3)).toBe(0);
    expect(attackAllowance(4, 4, 2)).toBe(1);
    expect(attackAllowance(10, 2, 1)).toBe(1);
  });

  it("Quickness past the table keeps its last row; under 1 is refused", () => {
    expect(quicknessAttacks(30)).toBe(4);
    expect(() => quicknessAttacks(0)).toThrow(RulesError);
    expect(() => attackAllowance(10, 3, 3)).toThrow(RulesError);
  });

  it('RHF-MAT-2: "with a combat skill of 4, he couldn\'t get an additional attack"; "with a combat skill of 16, he could get three additional attacks (16 is higher than 15)"', () => {
    expect(maxAttacks(4, 1)).toBe(1);
    expect(maxAttacks(16, 1)).toBe(4);
    expect(maxAttacks(5, 1)).toBe(1);
    expect(maxAttacks(6, 1)).toBe(2);
    expect(multipleAttackPenalty(4, 1)).toBe(15);
    expect(16 - multipleAttackPenalty(4, 1)).toBeGreaterThan(0);
    expect(() => checkAttackCount(2, 4, 1)).toThrow(RulesError);
    expect(() => checkAttackCount(5, 16, 1)).toThrow(/most allowed is 4/);
  });

  it("RHF-MAT-2: each additional attack costs 5 on every attack roll; the allowance is free by default", () => {
    expect(additionalAttacks(3, 2)).toBe(1);
    expect(multipleAttackPenalty(3, 2)).toBe(5);
    expect(multipleAttackPenalty(2, 2)).toBe(0);
    expect(multipleAttackPenalty(1, 0)).toBe(5);
  });

  it("RHF-MAT-2: read as 'beyond the first', the allowance caps the attacks and every one past the first costs", () => {
    expect(multipleAttackPenalty(3, 3, beyondFirst)).toBe(10);
    expect(maxAttacks(16, 4, beyondFirst)).toBe(4);
    expect(maxAttacks(16, 2, beyondFirst)).toBe(2);
    expect(maxAttacks(4, 4, beyondFirst)).toBe(1);
    expect(maxAttacks(16, 0, beyondFirst)).toBe(0);
  });

  it("never allows an additional attack that leaves the skill at zero or below, in either reading", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 60 }),
        fc.integer({ min: 0, max: 4 }),
        fc.boolean(),
        (skill, allowance, first) => {
          const rules = first ? beyondFirst : undefined;
          const most = maxAttacks(skill, allowance, rules);
          const penalty = multipleAttackPenalty(most, allowance, rules);
          return most >= 0 && (penalty === 0 || skill - penalty > 0);
        },
      ),
    );
  });
});
