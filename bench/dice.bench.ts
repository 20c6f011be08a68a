import { bench, describe } from "vitest";
import { damageFormula, rollTotal } from "../src/rules/fangs/damage";
import { parseDiceFormula, rollFormula, SeededDice } from "../src/rules/kernel/dice";

/*
 * Rolling the weapon formulas of the FANGS tables, 1,000 rolls per sample
 * (× 1,000 for rolls/s): our kernel (parse once, roll many; and parse each
 * time) against a general dice-notation library from the npm registry,
 * @dice-roller/rpg-dice-roller, rolling the same formulas in the same run.
 * The reference rows appear only when that package is installed (it is a
 * devDependency once the build helper adds it): without it this file says
 * so on stderr rather than showing a figure it did not measure.
 */

const FORMULAS = ["1d8+2", "2d6+2", "1d4+2", "2d8", "1d6+1", "2d4+2", "1d20"];
const dice = new SeededDice(7);
const parsed = FORMULAS.map((f) => damageFormula(f));

type Roller = { roll(notation: string): unknown };
let reference: Roller | null = null;
try {
  // A variable name keeps the bundler from resolving it when the package is absent.
  const name = "@dice-roller/rpg-dice-roller";
  const lib = (await import(/* @vite-ignore */ name)) as { DiceRoller: new () => Roller };
  reference = new lib.DiceRoller();
} catch {
  process.stderr.write(
    "dice.bench: @dice-roller/rpg-dice-roller is not installed, so the reference rows are not measured.\n",
  );
}

describe("weapon formulas, 1,000 rolls per sample (× 1,000 for rolls/s)", () => {
  bench("kernel: rollTotal on formulas parsed once", () => {
    for (let i = 0; i < 1000; i += 1) rollTotal(parsed[i % parsed.length]!, dice);
  });
  bench("kernel: parseDiceFormula + rollFormula each time", () => {
    for (let i = 0; i < 1000; i += 1) rollFormula(parseDiceFormula(FORMULAS[i % FORMULAS.length]!), dice);
  });
  if (reference !== null) {
    const roller = reference;
    bench("@dice-roller/rpg-dice-roller: roll(notation)", () => {
      for (let i = 0; i < 1000; i += 1) roller.roll(FORMULAS[i % FORMULAS.length]!);
    });
  }
});
