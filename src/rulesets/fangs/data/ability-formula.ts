import { checkedFormula } from "../../../data/fields";
import { naturalAbility } from "../../../rules/fangs/character";
import type { Characteristics } from "../../../rules/fangs/types";

/** Any characteristics will do: the check is that the formula parses and evaluates. */
const SAMPLE_CHARACTERISTICS: Characteristics = Object.freeze({
  st: 13,
  ag: 12,
  co: 11,
  in: 14,
  pw: 9,
  sz: 15,
  ap: 8,
});

/** Throws unless the rules core reads the text as a natural-ability formula over ST AG CO IN PW SZ AP. */
export function assertAbilityFormula(value: unknown): void {
  if (typeof value !== "string") throw new Error("must be a formula such as (ST+AG)/5");
  naturalAbility(value, SAMPLE_CHARACTERISTICS);
}

/** A FANGS natural-ability formula ("(ST+AG)/5"), refused unless FANGS's core reads it. */
export function abilityFormula(initial: string, label: string) {
  return checkedFormula(initial, label, assertAbilityFormula, "abilityFormula");
}
