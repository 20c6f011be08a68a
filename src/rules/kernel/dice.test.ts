import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatFormula,
  maximumOf,
  minimumOf,
  parseDiceFormula,
  RecordingDice,
  rollFormula,
  ScriptedDice,
  SeededDice,
} from "./dice";
import { RulesError } from "./errors";

describe("dice kernel", () => {
  it("parses the formulas the weapon tables use", () => {
    expect(formatFormula(parseDiceFormula("d8"))).toBe("1d8");
    expect(formatFormula(parseDiceFormula("1d8 + 2"))).toBe("1d8+2");
    expect(formatFormula(parseDiceFormula("2d6+2"))).toBe("2d6+2");
    expect(formatFormula(parseDiceFormula("1d6+1d4+1"))).toBe("1d6+1d4+1");
    expect(formatFormula(parseDiceFormula("1d8-1"))).toBe("1d8-1");
  });

  it.each([
    "",
    "d",
    "1d",
    "2x6",
    "1d8+",
    "+1d8",
    "1d8++2",
    "1d0",
    "abc",
    "1d8 2",
    "1 d8",
    "1d8+2.5",
    "1d8+99999",
  ])("refuses the malformed formula %j with a malformed-dice error", (text) => {
    expect(() => parseDiceFormula(text)).toThrowError(RulesError);
    try {
      parseDiceFormula(text);
    } catch (error) {
      expect((error as RulesError).code).toBe("malformed-dice");
    }
  });

  it("accepts spaces around the signs only", () => {
    expect(formatFormula(parseDiceFormula(" 2d4 +  2 "))).toBe("2d4+2");
    expect(formatFormula(parseDiceFormula("1d8 - 1d4"))).toBe("1d8-1d4");
  });

  it("knows a formula's bounds (Broadsword 1d8+2: 3 to 10)", () => {
    const broadsword = parseDiceFormula("1d8+2");
    expect(maximumOf(broadsword)).toBe(10);
    expect(minimumOf(broadsword)).toBe(3);
  });

  it("rolls scripted dice in order and refuses to invent more", () => {
    const dice = new ScriptedDice([3, 4]);
    expect(rollFormula(parseDiceFormula("2d4+2"), dice).total).toBe(9);
    expect(dice.remaining).toBe(0);
    expect(() => dice.roll(20)).toThrowError(/ran out/);
  });

  it("refuses a scripted die outside the die's faces", () => {
    expect(() => new ScriptedDice([9]).roll(8)).toThrowError(/not a d8 result/);
  });

  it("gives the same dice for the same seed and stays within the faces", () => {
    const a = new SeededDice(42);
    const b = new SeededDice(42);
    const rollsA = Array.from({ length: 1000 }, () => a.roll(20));
    const rollsB = Array.from({ length: 1000 }, () => b.roll(20));
    expect(rollsA).toEqual(rollsB);
    expect(Math.min(...rollsA)).toBe(1);
    expect(Math.max(...rollsA)).toBe(20);
  });

  it("reads back what it formats, and rolls within its bounds (property)", () => {
    const term = fc.record({
      count: fc.integer({ min: 1, max: 4 }),
      faces: fc.constantFrom(2, 4, 6, 8, 10, 12, 20),
    });
    fc.assert(
      fc.property(
        fc.array(term, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (terms, flat, seed) => {
          const text = terms.map((t) => `${t.count}d${t.faces}`).join("+") + (flat > 0 ? `+${flat}` : "");
          const formula = parseDiceFormula(text);
          expect(formatFormula(formula)).toBe(text);
          expect(formatFormula(parseDiceFormula(formatFormula(formula)))).toBe(text);
          const total = rollFormula(formula, new SeededDice(seed)).total;
          expect(total).toBeGreaterThanOrEqual(minimumOf(formula));
          expect(total).toBeLessThanOrEqual(maximumOf(formula));
          const dice = terms.flatMap((t) => Array.from({ length: t.count }, () => t.faces));
          expect(rollFormula(formula, new ScriptedDice(dice)).total).toBe(maximumOf(formula));
          expect(rollFormula(formula, new ScriptedDice(dice.map(() => 1))).total).toBe(minimumOf(formula));
        },
      ),
    );
  });

  it("records every die a resolution used", () => {
    const dice = new RecordingDice(new ScriptedDice([5, 2]));
    rollFormula(parseDiceFormula("1d6+1d4"), dice);
    expect(dice.log).toEqual([
      { faces: 6, result: 5 },
      { faces: 4, result: 2 },
    ]);
  });
});
