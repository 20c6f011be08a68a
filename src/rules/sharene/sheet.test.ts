import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fighter, fresh } from "../../../test/support/sharene-fixtures";
import { ScriptedDice } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import { endCheckDns } from "./check";
import { resolveShareneOptions, SHARENE_DEFAULTS } from "./config";
import { woundVictim } from "./damage";
import { SHARENE_HIT_LOCATIONS } from "./hit-locations";
import { limbStateOf, limbStates, SHARENE_LIMBS, SHARENE_LOCATIONS, skillTotal } from "./sheet";

describe("what a sheet shows", () => {
  it("SHA-RES-1: a skill's total is its level plus its natural ability; a fraction is refused", () => {
    expect(skillTotal({ level: 4, natural: 10 })).toBe(14);
    expect(skillTotal({ level: -2, natural: 5 })).toBe(3);
    expect(() => skillTotal({ level: 1.5, natural: 5 })).toThrow(RulesError);
    expect(() => skillTotal({ level: 90, natural: 20 })).toThrow(/total/);
  });

  it("SHA-DMG-4: a sheet's limb state is the one the blow's wound gives, for any tally and life points", () => {
    // The sheet reads the same thresholds as the blow: one blow of `damage` to a fresh limb.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 80 }), (life, damage) => {
        const victim = fighter("bo", { lifePoints: life });
        const wound = woundVictim(
          { victim, condition: fresh(victim), location: "leftArm", damage },
          new ScriptedDice(Array(5).fill(1)),
        );
        expect(limbStateOf(damage, life)).toBe(wound.limb?.state ?? null);
      }),
    );
  });

  it("every limb read from the tallies against the full life points; other thresholds come from the options", () => {
    expect(limbStates({}, 30)).toEqual({ rightArm: null, leftArm: null, rightLeg: null, leftLeg: null });
    expect(limbStates({ rightArm: 15, leftLeg: 20 }, 30)).toMatchObject({
      rightArm: "useless",
      leftLeg: "severed",
    });
    const strict = resolveShareneOptions({
      limbUseless: { num: 1, den: 3 },
      limbSevered: { num: 1, den: 2 },
    });
    expect(limbStates({ rightArm: 10, leftLeg: 15 }, 30, strict)).toMatchObject({
      rightArm: "useless",
      leftLeg: "severed",
    });
    expect(SHARENE_LIMBS).not.toContain("head");
    expect(() => limbStates({}, 0)).toThrow(RulesError);
    expect(() => limbStateOf(-1, 30)).toThrow(RulesError);
  });

  it("the locations and limbs a sheet lists are SHA-LOC-1's table's, in its order", () => {
    expect(SHARENE_LOCATIONS).toEqual(SHARENE_HIT_LOCATIONS.locations.map((l) => l.id));
    expect(SHARENE_LIMBS).toEqual(SHARENE_HIT_LOCATIONS.locations.filter((l) => l.limb).map((l) => l.id));
  });

  it("SHA-CON-1: the END checks' DNs are END × each band's CF, rounded down, from the options", () => {
    expect(endCheckDns(12, SHARENE_DEFAULTS)).toEqual([
      { band: "third", cf: 2, dn: 24, knockout: "knockedOut" },
      { band: "half", cf: 1.5, dn: 18, knockout: "knockedOut" },
      { band: "twoThirds", cf: 1, dn: 12, knockout: "knockedOutLong" },
      { band: "lowLife", cf: 0.5, dn: 6, knockout: "knockedOutLong" },
    ]);
    const soft = resolveShareneOptions({ lowLifeCf: 1 });
    expect(endCheckDns(12, soft).at(-1)?.dn).toBe(12);
    expect(endCheckDns(12, SHARENE_DEFAULTS)).toHaveLength(SHARENE_DEFAULTS.damageBands.length + 1);
  });
});
