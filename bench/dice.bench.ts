import { DiceRoll } from "@dice-roller/rpg-dice-roller";
import { bench, describe } from "vitest";
import { damageFormula } from "../src/rules/fangs/damage";
import { parseDiceFormula, rollFormula, rollTotal, SeededDice } from "../src/rules/kernel/dice";

/*
 * Rolling the weapon formulas of the FANGS tables, 1,000 rolls per sample
 * (× 1,000 for rolls/s): our kernel (parse once, roll many; and parse each
 * time, the fair comparison) against a general dice-notation library from
 * the npm registry, @dice-roller/rpg-dice-roller (devDependency, exact
 * version), rolling the same formulas in the same run. The library has no
 * parse-once API for plain totals: `new DiceRoll(notation)` parses and rolls,
 * so its fair counterpart is the kernel's parse-each-time row. Every row adds
 * its totals to a sink so no loop is optimised away.
 */

const FORMULAS = ["1d8+2", "2d6+2", "1d4+2", "2d8", "1d6+1", "2d4+2", "1d20"];
const dice = new SeededDice(7);
const parsed = FORMULAS.map((f) => damageFormula(f));

let sink = 0;

describe("weapon formulas, 1,000 rolls per sample (× 1,000 for rolls/s)", () => {
  bench("kernel: rollTotal on formulas parsed once", () => {
    for (let i = 0; i < 1000; i += 1) sink += rollTotal(parsed[i % parsed.length]!, dice);
  });
  bench("kernel: parseDiceFormula + rollFormula each time", () => {
    for (let i = 0; i < 1000; i += 1) {
      sink += rollFormula(parseDiceFormula(FORMULAS[i % FORMULAS.length]!), dice).total;
    }
  });
  bench("@dice-roller/rpg-dice-roller: new DiceRoll(notation).total each time", () => {
    for (let i = 0; i < 1000; i += 1) sink += new DiceRoll(FORMULAS[i % FORMULAS.length]!).total;
  });
});

process.on("exit", () => {
  if (!Number.isFinite(sink)) process.stderr.write("dice.bench: a roller returned a non-number\n");
});
