import { describe, expect, it } from "vitest";
import { codeOf } from "../../../test/support/rules-error";
import { LUNOS_DEFAULTS, type LunosOptions, resolveLunosOptions } from "./config";

describe("LUNOS_DEFAULTS and resolveLunosOptions", () => {
  it("is frozen to the bottom, and answers the defaults for no override", () => {
    expect(Object.isFrozen(LUNOS_DEFAULTS)).toBe(true);
    expect(Object.isFrozen(LUNOS_DEFAULTS.maneuverCosts)).toBe(true);
    expect(Object.isFrozen(LUNOS_DEFAULTS.weaponSizes.medium)).toBe(true);
    expect(resolveLunosOptions()).toBe(LUNOS_DEFAULTS);
    expect(resolveLunosOptions(LUNOS_DEFAULTS)).toBe(LUNOS_DEFAULTS);
  });

  it("merges an override, replacing a table whole, and resolves its own answer to itself", () => {
    const costs = { ...LUNOS_DEFAULTS.maneuverCosts, stun: 4 };
    const rules = resolveLunosOptions({ extraLevels: "allAtLargest", maneuverCosts: costs });
    expect(rules.extraLevels).toBe("allAtLargest");
    expect(rules.maneuverCosts.stun).toBe(4);
    expect(rules.secondsPerRound).toBe(6);
    expect(Object.isFrozen(rules)).toBe(true);
    expect(resolveLunosOptions(rules)).toBe(rules);
    // The caller's table is copied: changing it later changes nothing resolved.
    costs.stun = 9;
    expect(rules.maneuverCosts.stun).toBe(4);
  });

  it.each<[string, LunosOptions]>([
    ["a negative figure", { traumaAbove: -1 }],
    ["a fraction", { moveFeet: 20.5 }],
    ["not a number", { luckDie: "12" as never }],
    ["an unknown reading", { extraLevels: "middle" as never }],
    ["an unknown order for blows at once", { blowsAtOnce: "entryOrder" as never }],
    ["an unknown rule", { bleeding: 2 } as never],
    ["a maneuver table missing a cost", { maneuverCosts: { grapple: 1 } as never }],
    ["a maneuver the game lacks", { maneuverCosts: { ...LUNOS_DEFAULTS.maneuverCosts, kick: 2 } as never }],
    ["a size row missing", { weaponSizes: { tiny: LUNOS_DEFAULTS.weaponSizes.tiny } as never }],
    [
      "a range of zero",
      {
        weaponSizes: {
          ...LUNOS_DEFAULTS.weaponSizes,
          tiny: { ...LUNOS_DEFAULTS.weaponSizes.tiny, range: 0 },
        },
      },
    ],
    ["a range multiplier of zero", { rangeMultiplier: { ...LUNOS_DEFAULTS.rangeMultiplier, archery: 0 } }],
    ["no override at all", null as never],
    // 0 let a roll with no success hit an undefended fighter.
    ["an undefended difficulty of 0", { noDefenseDifficulty: 0 }],
    // It changed no pool the core rolls: removed, a table giving it is told so.
    ["the retired armorPenaltyAbility", { armorPenaltyAbility: "awareness" } as never],
  ])("refuses %s with invalid-value", (_what, options) => {
    expect(codeOf(() => resolveLunosOptions(options))).toBe("invalid-value");
  });

  it("blowsAtOnce: worstBlowFirst by default, gravestKindFirst accepted, any other order refused", () => {
    expect(LUNOS_DEFAULTS.blowsAtOnce).toBe("worstBlowFirst");
    expect(resolveLunosOptions({ blowsAtOnce: "gravestKindFirst" }).blowsAtOnce).toBe("gravestKindFirst");
    expect(codeOf(() => resolveLunosOptions({ blowsAtOnce: "firstEntered" as never }))).toBe("invalid-value");
  });

  it("reads an override object afresh: one changed since it was last resolved is checked and used again", () => {
    const options: { traumaAbove: number } = { traumaAbove: 4 };
    expect(resolveLunosOptions(options).traumaAbove).toBe(4);
    options.traumaAbove = 2;
    expect(resolveLunosOptions(options).traumaAbove).toBe(2);
    options.traumaAbove = -1;
    expect(codeOf(() => resolveLunosOptions(options))).toBe("invalid-value");
  });
});
