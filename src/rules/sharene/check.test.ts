import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ScriptedDice } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import { characteristicDn, difficultyNumber, readCheck, rollCheck, successLevelOf } from "./check";
import { resolveShareneOptions, SHARENE_DEFAULTS, situationDf } from "./config";

describe("the Difficulty Number", () => {
  it("SHA-RES-1: is the skill total plus the DF of the situation, style and attack", () => {
    const dn = difficultyNumber(
      14,
      [
        { source: "fullAttack", df: 1 },
        { source: "statedBlow", df: -2 },
      ],
      SHARENE_DEFAULTS,
    );
    expect(dn).toMatchObject({ base: 14, dfRaw: -1, df: -1, dn: 13 });
  });

  it("SHA-RES-1: the total DF is held within −10 … +5", () => {
    expect(
      difficultyNumber(15, [
        { source: "a", df: -8 },
        { source: "b", df: -4 },
      ]).dn,
    ).toBe(5);
    expect(
      difficultyNumber(15, [
        { source: "a", df: 5 },
        { source: "b", df: 1 },
      ]).dn,
    ).toBe(20);
    const wide = resolveShareneOptions({ dfMin: -30, dfMax: 30 });
    expect(
      difficultyNumber(
        15,
        [
          { source: "a", df: -8 },
          { source: "b", df: -4 },
        ],
        wide,
      ).dn,
    ).toBe(3);
  });

  it("SHA-STY-2: a split parry's DN is the DN divided by the number of parries, rounded down", () => {
    // 15 − 2 = 13, shared by 3 parries: 4 each.
    expect(difficultyNumber(15, [{ source: "split", df: -2 }], SHARENE_DEFAULTS, 3).dn).toBe(4);
  });

  it("a characteristic roll's DN (the END checks') is the characteristic × CF, rounded down", () => {
    expect(characteristicDn(13, 1.5)).toBe(19);
    expect(characteristicDn(13, 0.5)).toBe(6);
    expect(characteristicDn(13, 2)).toBe(26);
  });

  it("SHA-RES-1: the DF table the text announces is data: a GM's row is read by id", () => {
    expect(situationDf("offHand")).toBe(-4);
    const rules = resolveShareneOptions({
      situations: [{ id: "fog", labelKey: "SHARENE.Situation.Fog", df: -3 }],
    });
    expect(situationDf("fog", rules)).toBe(-3);
    expect(() => situationDf("offHand", rules)).toThrow(/no situation "offHand"/);
  });

  it("SHA-RES-1: whatever the parts, the DF stays within −10 … +5 and the DN is a whole number (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -20, max: 40 }),
        fc.array(fc.integer({ min: -12, max: 6 }), { maxLength: 6 }),
        fc.integer({ min: 1, max: 5 }),
        (base, dfs, divisor) => {
          const dn = difficultyNumber(
            base,
            dfs.map((df, i) => ({ source: `p${i}`, df })),
            SHARENE_DEFAULTS,
            divisor,
          );
          expect(dn.df).toBeGreaterThanOrEqual(-10);
          expect(dn.df).toBeLessThanOrEqual(5);
          expect(Number.isInteger(dn.dn)).toBe(true);
          expect(dn.dn).toBe(Math.floor((base + dn.df) / divisor));
        },
      ),
    );
  });

  it("refuses a bad rating or DF with a RulesError", () => {
    expect(() => difficultyNumber(Number.NaN, [])).toThrow(RulesError);
    expect(() => difficultyNumber(12, [{ source: "x", df: 1.5 }])).toThrow(/the DF of x/);
    expect(() => characteristicDn(-1, 1)).toThrow(RulesError);
    expect(() => characteristicDn(10, 0)).toThrow(/CF/);
  });
});

describe("the roll", () => {
  it.each([
    [15, 15, true, 0, "normal"],
    [15, 11, true, 4, "normal"],
    [15, 10, true, 5, "high"],
    [15, 6, true, 9, "high"],
    [15, 5, true, 10, "special"],
    [15, 16, false, null, null],
  ] as const)(
    "SHA-RES-1: DN %i, roll %i: made %s, margin %s, level %s",
    (dn, roll, success, margin, level) => {
      expect(readCheck(dn, roll)).toMatchObject({ success, margin, level });
    },
  );

  it("SHA-RES-1: a natural 20 is a critical failure, unless the DN is above 20", () => {
    expect(readCheck(20, 20)).toMatchObject({ success: false, criticalFailure: true });
    expect(readCheck(25, 20)).toMatchObject({ success: true, criticalFailure: false, margin: 5 });
    expect(readCheck(12, 19)).toMatchObject({ success: false, criticalFailure: false });
  });

  it("SHA-DMG-2: a made natural 1 is critical; a natural 1 over the DN is not made", () => {
    expect(readCheck(12, 1)).toMatchObject({ success: true, critical: true, level: "special" });
    expect(readCheck(4, 1)).toMatchObject({ success: true, critical: true, level: "normal" });
    expect(readCheck(0, 1)).toMatchObject({ success: false, critical: false });
  });

  it("SHA-RES-1: the bands are data", () => {
    const rules = resolveShareneOptions({ successLevels: { high: 3, special: 6 } });
    expect(successLevelOf(3, rules)).toBe("high");
    expect(successLevelOf(6, rules)).toBe("special");
    expect(() => resolveShareneOptions({ successLevels: { high: 6, special: 6 } })).toThrow(RulesError);
  });

  it("SHA-RES-1: rolls one d20 through the dice source", () => {
    const dice = new ScriptedDice([7]);
    expect(rollCheck(12, dice)).toMatchObject({ roll: 7, success: true, margin: 5, level: "high" });
    expect(dice.remaining).toBe(0);
  });

  it("never answers NaN and never a margin below 0 (properties)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -40, max: 60 }), fc.integer({ min: 1, max: 20 }), (dn, roll) => {
        const check = readCheck(dn, roll);
        expect(check.success).toBe(check.margin !== null);
        if (check.margin !== null) expect(check.margin).toBeGreaterThanOrEqual(0);
        expect(check.success && check.criticalFailure).toBe(false);
        expect(readCheck(dn, roll)).toEqual(check);
      }),
    );
  });

  it("refuses a roll off the d20", () => {
    expect(() => readCheck(12, 0)).toThrow(RulesError);
    expect(() => readCheck(12, 21)).toThrow(RulesError);
  });
});
