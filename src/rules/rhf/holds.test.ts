import { describe, expect, it } from "vitest";
import { RulesError } from "../kernel/errors";
import { controlPointsPerRound, isImmobilized } from "./holds";

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
    expect(() => isImmobilized(-1, 10)).toThrow(RulesError);
  });
});
