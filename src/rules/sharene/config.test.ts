import { describe, expect, it } from "vitest";
import { expectRulesError } from "../../../test/support/sharene-fixtures";
import { resolveShareneOptions, SHARENE_DEFAULTS, type ShareneOptions } from "./config";

/*
 * A reading's key with a typo used to fall through to the other reading
 * (anything but "cumulative" counted per blow); every such key, id and
 * figure the text bounds is now refused by name.
 */
describe("a GM's options are checked before they are used", () => {
  it.each<[string, ShareneOptions]>([
    ["criticalFailure", { criticalFailure: "loseNext" as never }],
    ["riposteReading", { riposteReading: "written" as never }],
    ["specialHit", { specialHit: "level" as never }],
    ["multiplierStacking", { multiplierStacking: "sum" as never }],
    ["limbDamage", { limbDamage: "cumulativ" as never }],
    ["limbThresholdBase", { limbThresholdBase: "ful" as never }],
    ["lowLifeKnockout", { lowLifeKnockout: "nap" as never }],
    ["lastPointKnockout", { lastPointKnockout: "nap" as never }],
    ["initiativeAbility.thrown", { initiativeAbility: { melee: "agi" } as never }],
    [
      "initiativeAbility.melee",
      { initiativeAbility: { melee: "str", thrown: "dex", missile: "dex" } as never },
    ],
    ["calledShots.head", { calledShots: { head: "normal" as never } }],
    [
      "damageBands.knockout",
      { damageBands: [{ atLeast: { num: 1, den: 3 }, cf: 2, knockout: "nap" as never }] },
    ],
    ["riposteDamage", { riposteDamage: { num: 2, den: 2 } }],
    ["limbUseless", { limbUseless: { num: 3, den: 4 } }],
    ["comaDownTo", { comaDownTo: 2 }],
    // A table given replaces the default one whole: one naming some knockouts only leaves the others with none.
    ["durations", { durations: { knockedOut: { dice: "1d6", unit: "rounds" } } as never }],
    [
      "durations",
      { durations: { ...SHARENE_DEFAULTS.durations, nap: { dice: "1d6", unit: "rounds" } } as never },
    ],
    // Two rows of one id would draw two boxes of one name, and every attack naming it would be refused.
    [
      "situations",
      {
        situations: [
          { id: "fog", labelKey: "SHARENE.Situation.PoorLight", df: -2, defense: true },
          { id: "fog", labelKey: "SHARENE.Situation.Darkness", df: -6, defense: true },
        ],
      },
    ],
    [
      "situations",
      {
        situations: [{ id: "fog", labelKey: "SHARENE.Situation.PoorLight", df: -2, defense: "yes" as never }],
      },
    ],
  ])("refuses a bad %s, naming it", (key, options) => {
    expectRulesError(() => resolveShareneOptions(options), "invalid-value", new RegExp(key.split(".")[0]!));
  });

  it("takes every reading the text allows", () => {
    const rules = resolveShareneOptions({
      criticalFailure: "none",
      riposteReading: "asWritten",
      specialHit: "specialBlow",
      limbDamage: "perBlow",
      limbThresholdBase: "current",
      calledShots: { ...SHARENE_DEFAULTS.calledShots, head: "high" },
      riposteDamage: { num: 2, den: 3 },
      comaDownTo: 0,
    });
    expect(rules).toMatchObject({ specialHit: "specialBlow", limbDamage: "perBlow", comaDownTo: 0 });
  });
});
