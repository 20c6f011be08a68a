import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RulesError } from "../kernel/errors";
import { controlPointsPerRound, isImmobilized, roundsToImmobilize } from "./holds";

describe("holds as numbers", () => {
  it.each([
    [1, 1],
    [3, 1],
    [4, 2],
    [10, 4],
    [12, 4],
    [13, 5],
  ])("RHF-HLD-1: Strength %i gains %i control point(s) a round held (Strength / 3, rounded up)", (st, cp) => {
    expect(controlPointsPerRound(st)).toBe(cp);
  });

  it("RHF-HLD-2: only a total above the victim's Strength immobilizes", () => {
    expect(isImmobilized(10, 10)).toBe(false);
    expect(isImmobilized(11, 10)).toBe(true);
    // Strength 12 (4 a round) against Strength 10: 4, 8, 12: the third round.
    expect(roundsToImmobilize(12, 10)).toBe(3);
    expect(() => isImmobilized(-1, 10)).toThrow(RulesError);
  });

  it("RHF-HLD-2: the rounds to immobilize are just enough: one fewer leaves the total at or under the Strength", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 40 }), (holder, victim) => {
        const per = controlPointsPerRound(holder);
        const n = roundsToImmobilize(holder, victim);
        return isImmobilized(n * per, victim) && !isImmobilized((n - 1) * per, victim);
      }),
    );
  });
});
