import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { RulesError } from "../kernel/errors";
import { RHF_DEFAULTS, resolveRhfOptions, weaponRow } from "./config";
import { LOCATIONS, RANGES } from "./types";

describe("RHF_DEFAULTS and resolveRhfOptions", () => {
  it("are frozen all the way down", () => {
    expect(Object.isFrozen(RHF_DEFAULTS)).toBe(true);
    expect(Object.isFrozen(RHF_DEFAULTS.weapons.spear)).toBe(true);
    expect(Object.isFrozen(RHF_DEFAULTS.quickness[0])).toBe(true);
  });

  it("give every weapon of the table a range, and each range has weapons", () => {
    for (const [kind, row] of Object.entries(RHF_DEFAULTS.weapons)) expect(RANGES, kind).toContain(row.range);
    for (const range of RANGES)
      expect(Object.values(RHF_DEFAULTS.weapons).some((w) => w.range === range)).toBe(true);
    expect(weaponRow("dagger").range).toBe("close");
    expect(weaponRow("pike").range).toBe("long");
    expect(() => weaponRow("lightsaber")).toThrow(/no weapon "lightsaber"/);
  });

  it("merge an override onto the defaults; resolved rules resolve to themselves", () => {
    const options: { feintReading: "sameAttack"; aimBonus: number } = {
      feintReading: "sameAttack",
      aimBonus: 4,
    };
    const rules = resolveRhfOptions(options);
    expect(rules.feintReading).toBe("sameAttack");
    expect(rules.aimBonus).toBe(4);
    expect(rules.burstShots).toBe(10);
    expect(resolveRhfOptions(rules)).toBe(rules);
    // The same override object changed since is read again, not served from a cache.
    options.aimBonus = 6;
    expect(resolveRhfOptions(options).aimBonus).toBe(6);
    options.aimBonus = -1;
    expect(() => resolveRhfOptions(options)).toThrow(/aimBonus/);
    expect(resolveRhfOptions()).toBe(RHF_DEFAULTS);
    // The override is not frozen by being read.
    expect(Object.isFrozen(options)).toBe(false);
  });

  it.each([
    [{ hardDivisor: 0 }, /hardDivisor/],
    [{ rollOffDie: 1 }, /rollOffDie/],
    [{ rollOffDie: 20.5 }, /rollOffDie/],
    [{ feintReading: "both" }, /feintReading/],
    [{ autokill: "sometimes" }, /autokill/],
    [{ additionalAttacks: "never" }, /additionalAttacks/],
    [{ gripMultipliers: { oneHand: 1, twoHands: Number.NaN, tripod: 2 } }, /twoHands/],
    [{ burstHits: [{ from: 1, to: 5, hits: 1 }] }, /face 6/],
    [{ hitLocations: [{ from: 1, to: 20, location: "tail" }] }, /tail/],
    [{ quickness: [{ from: 2, to: 6, attacks: 1 }] }, /quickness from/],
    [{ quickness: [{ from: 1, to: 6, attacks: 0.25 }] }, /0.5/],
    [{ injuryTable: [{ atLeast: 2, level: "light" }] }, /start at 0/],
    [
      {
        injuryTable: [
          { atLeast: 0, level: "light" },
          { atLeast: 0, level: "major" },
        ],
      },
      /rise/,
    ],
    [{ weapons: { spear: { range: "far", injury: 1, parries: true } } }, /range/],
    [{ focus: { ...RHF_DEFAULTS.focus, body: { there: -2, elsewhere: -2 } } }, /focus.body.there/],
    [{ aimMaxRounds: 0 }, /aimRoundsUnfamiliar/],
    [{ holdFirstRoundCounts: "yes" }, /holdFirstRoundCounts/],
    [{ autokillNumbers: { head: { major: 25 } } }, /autokillNumbers.head.major/],
    [{ autokillNumbers: { head: 5 } }, /autokillNumbers.head/],
    [{ autokillNumbers: { head: null } }, /autokillNumbers.head/],
    [{ autokillNumbers: 5 }, /autokillNumbers/],
    [{ dyingInjuries: { head: 5 } }, /dyingInjuries.head/],
    [{ dyingInjuries: { head: null } }, /dyingInjuries.head/],
    [{ dyingInjuries: [] }, /dyingInjuries/],
    [{ weapons: { spear: null } }, /weapons.spear/],
    [{ notARule: 1 }, /not a rules key/],
  ])("refuses the bad override %j with a RulesError", (bad, message) => {
    expect(() => resolveRhfOptions(bad as never)).toThrow(RulesError);
    expect(() => resolveRhfOptions(bad as never)).toThrow(message);
  });

  it("names an area to defend for every location", () => {
    for (const location of LOCATIONS) expect(RHF_DEFAULTS.focus[location]).toBeDefined();
  });

  it("has each key named in docs/rules/rhf.md, where its default and its reason are given", () => {
    const notes = readFileSync(resolve(__dirname, "../../../docs/rules/rhf.md"), "utf8");
    const missing = Object.keys(RHF_DEFAULTS).filter((key) => !notes.includes(`\`${key}\``));
    expect(missing).toEqual([]);
  });
});
