import { type DiceFormula, parseDiceFormula } from "../kernel/dice";

const formulaCache = new Map<string, DiceFormula>();

/** Parses a damage formula once; the exchange's hot path never parses text again. */
export function damageFormula(text: string): DiceFormula {
  let formula = formulaCache.get(text);
  if (formula === undefined) {
    formula = parseDiceFormula(text);
    formulaCache.set(text, formula);
  }
  return formula;
}
