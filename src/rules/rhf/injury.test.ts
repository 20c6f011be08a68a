import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ScriptedDice } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import { RHF_DEFAULTS, resolveRhfOptions } from "./config";
import {
  autokillApplies,
  autokillNumber,
  injuryLevelOf,
  injuryRollTotal,
  locationOf,
  rollInjury,
} from "./injury";
import { LOCATIONS } from "./types";

describe("the injury model", () => {
  it("reads every face of the location d20 to one location", () => {
    const seen = new Set<string>();
    for (let face = 1; face <= 20; face += 1) seen.add(locationOf(face));
    expect([...seen].sort()).toEqual([...LOCATIONS].sort());
    expect(locationOf(1)).toBe("head");
    expect(locationOf(10)).toBe("body");
    expect(() => locationOf(21)).toThrow(RulesError);
  });

  it.each([
    [0, "light"],
    [3, "light"],
    [4, "serious"],
    [6, "serious"],
    [7, "major"],
    [9, "major"],
    [10, "critical"],
    [15, "critical"],
  ])("reads an injury roll of %i as %s", (total, level) => {
    expect(injuryLevelOf(total)).toBe(level);
  });

  it("RHF-PUL-1: a pulled swing takes 2 off the injury roll, and never below 0", () => {
    expect(injuryRollTotal(6, 2, false)).toBe(8);
    expect(injuryRollTotal(6, 2, true)).toBe(6);
    expect(injuryRollTotal(1, 0, true)).toBe(0);
    expect(injuryRollTotal(1, -2, false)).toBe(0);
    expect(injuryRollTotal(6, 2, true, resolveRhfOptions({ pullInjury: 3 }))).toBe(5);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: -5, max: 5 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        (die, mod, pullInjury, pulledInjuryFloor) => {
          const rules = resolveRhfOptions({ pullInjury, pulledInjuryFloor });
          const pulled = injuryRollTotal(die, mod, true, rules);
          const full = injuryRollTotal(die, mod, false, rules);
          return pulled >= 0 && pulled <= full && full - pulled <= pullInjury;
        },
      ),
    );
  });

  it("RHF-PUL-1: a floor above 0 never makes a pulled swing worse than the same swing unpulled", () => {
    const floor = resolveRhfOptions({ pulledInjuryFloor: 3 });
    // Bare hands (−2) and a die of 1: −1, held at 0 unpulled; pulled, not raised to 3.
    expect(injuryRollTotal(1, -2, false, floor)).toBe(0);
    expect(injuryRollTotal(1, -2, true, floor)).toBe(0);
    expect(injuryRollTotal(4, 0, true, floor)).toBe(3);
  });

  it.each([
    ["body", "major", 1],
    ["body", "critical", 2],
    ["head", "major", 2],
    ["head", "critical", 4],
    ["head", "serious", 0],
    ["rightArm", "critical", 0],
  ] as const)("RHF-KIL-1: a %s %s injury has the autokill number %i", (location, level, n) => {
    expect(autokillNumber(location, level)).toBe(n);
  });

  it("RHF-KIL-1: a critical head injury kills on a d20 of 4 or less, lives on 5; the GM may keep it for NPCs or drop it", () => {
    // Location 1 (head), injury die 10 + 2 = 12 (critical), autokill 4.
    const killed = rollInjury(2, false, true, new ScriptedDice([1, 10, 4]));
    expect(killed).toMatchObject({
      location: "head",
      level: "critical",
      autokillDie: 4,
      killed: true,
      dying: true,
    });
    const lives = rollInjury(2, false, true, new ScriptedDice([1, 10, 5]));
    expect(lives).toMatchObject({ killed: false, dying: true });
    const npcOnly = resolveRhfOptions({ autokill: "npcOnly" });
    expect(autokillApplies(false, npcOnly)).toBe(false);
    expect(autokillApplies(true, npcOnly)).toBe(true);
    const pc = rollInjury(2, false, false, new ScriptedDice([1, 10]), npcOnly);
    expect(pc).toMatchObject({ autokillDie: null, killed: false });
    expect(autokillApplies(true, resolveRhfOptions({ autokill: "off" }))).toBe(false);
    // A leg injury has no number: no die.
    expect(rollInjury(2, false, true, new ScriptedDice([20, 10]))).toMatchObject({ autokillDie: null });
  });

  it("an injury is never negative and its wound points are the table's", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -3, max: 6 }),
        fc.boolean(),
        (loc, die, kill, mod, pulled) => {
          const injury = rollInjury(mod, pulled, true, new ScriptedDice([loc, die, kill]));
          return injury.total >= 0 && injury.woundPoints === RHF_DEFAULTS.woundPoints[injury.level];
        },
      ),
    );
  });
});
