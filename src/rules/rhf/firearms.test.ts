import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ScriptedDice } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import { RHF_DEFAULTS, resolveRhfOptions } from "./config";
import {
  aimRoundsAllowed,
  burstRollCount,
  checkAreaFire,
  hitsOn,
  recoilPenalty,
  recoilStrength,
  rollAim,
} from "./firearms";

/** The penalties of a round's first `shots` shots, as the engine asks them one by one. */
const penalties = (shots: number, strength: number, recoil: number): number[] =>
  Array.from({ length: shots }, (_, i) => recoilPenalty(i + 1, strength, recoil));

describe("recoil", () => {
  it("RHF-REC-1: Joe, Strength 10, fires five times with a .357 magnum of Recoil 5: 0, 0, 0, −1, −4", () => {
    expect(penalties(5, 10, 5)).toEqual([0, 0, 0, -1, -4]);
  });

  it("RHF-REC-1: the first shot has no penalty whatever the Recoil", () => {
    expect(recoilPenalty(1, 0, 50)).toBe(0);
    expect(recoilPenalty(2, 3, 5)).toBe(-2);
    expect(recoilPenalty(3, 3, 5)).toBe(-5);
  });

  it("RHF-REC-2: Strength ×1.5 with both hands, ×2 on a tripod; a half is rounded up, as the text rounds, unless the rules say down", () => {
    expect(recoilStrength(10, "oneHand")).toBe(10);
    expect(recoilStrength(10, "twoHands")).toBe(15);
    expect(recoilStrength(10, "tripod")).toBe(20);
    expect(recoilStrength(11, "twoHands")).toBe(17);
    expect(recoilStrength(11, "twoHands", resolveRhfOptions({ strengthRounding: "down" }))).toBe(16);
    // Joe two-handed: 15 − 5 − 3 − 3 − 3 = 1, no penalty at all.
    expect(penalties(5, recoilStrength(10, "twoHands"), 5)).toEqual([0, 0, 0, 0, 0]);
    expect(() => recoilStrength(10, "teeth" as never)).toThrow(RulesError);
  });

  it("RHF-REC-1: the penalty is never positive, and never eases from one shot to the next", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 20 }),
        (shots, strength, recoil) => {
          const seq = penalties(shots, strength, recoil);
          return seq.every((p, i) => p <= 0 && (i === 0 || p <= seq[i - 1]!));
        },
      ),
    );
  });
});

describe("bursts and area fire", () => {
  it.each([
    [1, 1],
    [2, 1],
    [3, 1],
    [4, 2],
    [5, 2],
    [6, 3],
  ])("RHF-AUT-1: a burst's made roll with a d6 of %i hits %i time(s)", (face, hits) => {
    expect(hitsOn(face, RHF_DEFAULTS.burstHits)).toBe(hits);
  });

  it("RHF-AUT-1: three rolls a burst of 10; fewer shots, three per ten rounded down, at least one", () => {
    expect(burstRollCount(10)).toBe(3);
    expect(burstRollCount(7)).toBe(2);
    expect(burstRollCount(2)).toBe(1);
  });

  it.each([
    [1, 1],
    [4, 1],
    [5, 2],
    [6, 2],
  ])("RHF-AUT-2: area fire's made roll with a d6 of %i hits %i time(s)", (face, hits) => {
    expect(hitsOn(face, RHF_DEFAULTS.areaHits)).toBe(hits);
  });

  it("RHF-AUT-2: up to five targets within 3 m of each other", () => {
    expect(() => checkAreaFire(6, 1)).toThrow(RulesError);
    expect(() => checkAreaFire(2, 3.5)).toThrow(/within 3 m/);
    expect(() => checkAreaFire(0, 1)).toThrow(RulesError);
    expect(() => checkAreaFire(5, 3)).not.toThrow();
  });
});

describe("aiming", () => {
  it("RHF-AIM-1: a Spot roll a round of aiming, +5 to hit for each success", () => {
    expect(rollAim(12, 0, true, new ScriptedDice([7]))).toMatchObject({ bonus: 5 });
    expect(rollAim(12, 1, true, new ScriptedDice([15]))).toMatchObject({ bonus: 0 });
  });

  it("RHF-AIM-1: two rounds at most, and the second only for one familiar with the weapon", () => {
    expect(aimRoundsAllowed(true)).toBe(2);
    expect(aimRoundsAllowed(false)).toBe(1);
    expect(() => rollAim(12, 1, false, new ScriptedDice([1]))).toThrow(RulesError);
    expect(() => rollAim(12, 2, true, new ScriptedDice([1]))).toThrow(/no more aiming/);
  });
});
