import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codeOf } from "../../../test/support/rules-error";
import { LUNOS_DEFAULTS, resolveLunosOptions } from "./config";
import {
  allLevelsUsed,
  dyingRounds,
  healthLadder,
  healthLevels,
  magicWhileDying,
  overcomeByPain,
  woundPenalty,
} from "./health";

const R = LUNOS_DEFAULTS;
const ALL_AT_LARGEST = resolveLunosOptions({ extraLevels: "allAtLargest" });

describe("health levels", () => {
  it("LUN-HLT-1: 5 + Body levels, one each at −1 … −5, Body's extra ones from the largest penalty down (spread)", () => {
    expect(healthLevels(0, R)).toBe(5);
    expect(healthLadder(0, R)).toEqual([1, 2, 3, 4, 5]);
    expect(healthLevels(3, R)).toBe(8);
    expect(healthLadder(3, R)).toEqual([1, 2, 3, 3, 4, 4, 5, 5]);
    expect(healthLadder(5, R)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  });

  it("LUN-HLT-1: the other reading puts every extra level at −5 (extraLevels allAtLargest)", () => {
    expect(healthLadder(3, ALL_AT_LARGEST)).toEqual([1, 2, 3, 4, 5, 5, 5, 5]);
    expect(woundPenalty(5, 3, ALL_AT_LARGEST)).toBe(5);
    expect(woundPenalty(5, 3, R)).toBe(4);
  });

  it("LUN-HLT-2: the wound penalty is the last level taken's, in dice; past Willpower the fighter is out", () => {
    expect(woundPenalty(0, 2, R)).toBe(0);
    expect(woundPenalty(1, 2, R)).toBe(1);
    expect(woundPenalty(4, 2, R)).toBe(4);
    // Willpower 3: −3 keeps it up, −4 puts it out.
    expect(overcomeByPain(3, 2, 3, R)).toBe(false);
    expect(overcomeByPain(4, 2, 3, R)).toBe(true);
    // Willpower 5: never overcome, whatever the levels.
    expect(overcomeByPain(7, 2, 5, R)).toBe(false);
  });

  it("LUN-HLT-4: every level used leaves only minor actions and death after 5 minutes of 6-second rounds", () => {
    expect(allLevelsUsed(6, 2, R)).toBe(false);
    expect(allLevelsUsed(7, 2, R)).toBe(true);
    expect(dyingRounds(R)).toBe(50);
    expect(dyingRounds(resolveLunosOptions({ dyingMinutes: 1 }))).toBe(10);
  });

  it("LUN-HLT-5: magic while dying takes a minute (ten 6-second rounds, a defaults key) and kills the caster unless it heals", () => {
    expect(magicWhileDying(false, R)).toEqual({ rounds: 10, killsCaster: true });
    expect(magicWhileDying(true, R)).toEqual({ rounds: 10, killsCaster: false });
    expect(magicWhileDying(false, resolveLunosOptions({ dyingMagicMinutes: 2 })).rounds).toBe(20);
  });

  it("refuses a Body out of range", () => {
    expect(codeOf(() => healthLadder(6, R))).toBe("invalid-value");
    expect(codeOf(() => woundPenalty(1, -1, R))).toBe("invalid-value");
  });

  it("never gives a penalty outside 0 … 5, and a penalty never falls as levels are taken, in both readings", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 12 }),
        fc.boolean(),
        (body, taken, spread) => {
          const rules = spread ? R : ALL_AT_LARGEST;
          const p = woundPenalty(taken, body, rules);
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(5);
          expect(woundPenalty(taken + 1, body, rules)).toBeGreaterThanOrEqual(p);
          expect(healthLadder(body, rules)).toHaveLength(5 + body);
        },
      ),
    );
  });
});
