import { type DiceFormula, type DiceSource, parseDiceFormula } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import type { Fraction, H2hRules } from "./config";

/**
 * Damage of the Hand to Hand text: a move's dice (Dash adds a die, Jump
 * doubles them), the P.S. damage bonus (H2H-DMG-1), the multipliers that
 * stack (H2H-TRM-3), and the shares (¼, ½) of parries, armor and damage
 * reduction, rounded once at the end (docs/rules/h2h.md, "Damage").
 */

const PARSED = new Map<string, DiceFormula>();

/** A formula parsed once: the moves list is read every strike. */
export function formulaOf(source: string): DiceFormula {
  let f = PARSED.get(source);
  if (f === undefined) {
    f = parseDiceFormula(source);
    PARSED.set(source, f);
  }
  return f;
}

/**
 * Rolls a move's dice: `extraDice` more dice of its first term's faces
 * (Dash), every count doubled when `doubled` (Jump). A flat number ("1",
 * "0") has no dice to add to. Answers the dice's sum, the "natural roll"
 * the Front Kick reads.
 */
export function rollMoveDice(source: string, extraDice: number, doubled: boolean, dice: DiceSource): number {
  const f = formulaOf(source);
  let total = f.flat;
  for (let t = 0; t < f.terms.length; t += 1) {
    const term = f.terms[t]!;
    let count = term.count + (t === 0 ? extraDice : 0);
    if (doubled) count *= 2;
    for (let i = 0; i < count; i += 1) total += term.sign * dice.roll(term.faces);
  }
  return Math.max(total, 0);
}

/**
 * H2H-TRM-3: the multiplier of several damage multipliers. Stacked (the
 * text): each adds its extra part, ×2 and ×2 → ×3, ×2 and ×3 → ×4.
 * "multiply": they multiply.
 */
export function stackMultipliers(multipliers: readonly number[], rules: H2hRules): number {
  let result = 1;
  for (const m of multipliers) result = rules.multiplierStacking === "add" ? result + (m - 1) : result * m;
  return result;
}

/** The dice and the P.S. bonus under the multiplier, or the bonus added after it (`multiplyStrengthBonus`). */
export function multipliedDamage(
  diceTotal: number,
  strengthBonus: number,
  multiplier: number,
  rules: H2hRules,
): number {
  const total = rules.multiplyStrengthBonus
    ? Math.floor((diceTotal + strengthBonus) * multiplier)
    : Math.floor(diceTotal * multiplier) + strengthBonus;
  return Math.max(total, 0);
}

/**
 * A share of a damage, rounded as the rules say, once. A share of a
 * damage of 1 or more is at least `shareMinimum` (never more than the
 * damage); a share of 0 ("no damage") is 0.
 */
export function shareOf(amount: number, num: number, den: number, rules: H2hRules): number {
  if (num === 0 || amount <= 0) return 0;
  if (num === den) return amount;
  const exact = amount * num;
  let result =
    rules.rounding === "down"
      ? Math.floor(exact / den)
      : rules.rounding === "up"
        ? Math.ceil(exact / den)
        : Math.floor((2 * exact + den) / (2 * den));
  if (result < rules.shareMinimum) result = Math.min(rules.shareMinimum, amount);
  return result;
}

/** Two shares taken one after the other (a parried Spin's ¼ on a ¼ through armor). */
export function combineShares(a: Fraction, b: Fraction): Fraction {
  return { num: a.num * b.num, den: a.den * b.den };
}

export const WHOLE: Fraction = Object.freeze({ num: 1, den: 1 });
export const ZERO: Fraction = Object.freeze({ num: 0, den: 1 });

/**
 * H2H-TRM-1: against an Armor Rating only the natural strike and the P.P.
 * bonus count. Above the AR the victim takes the full damage and the
 * attacker `armorShare` (¼); at or under it, the reverse (or, with
 * `armorRebound: "victimOnly"`, the victim's ¼ alone).
 */
export function armorSplit(
  natural: number,
  ppBonus: number,
  ar: number,
  rules: H2hRules,
): { readonly victim: Fraction; readonly attacker: Fraction; readonly beaten: boolean } {
  if (ar <= 0) return { victim: WHOLE, attacker: ZERO, beaten: true };
  const beaten = natural + ppBonus > ar;
  if (beaten) return { victim: WHOLE, attacker: rules.armorShare, beaten };
  return { victim: rules.armorShare, attacker: rules.armorRebound === "asWritten" ? WHOLE : ZERO, beaten };
}

/**
 * H2H-TRM-11: a pull punch made limits the damage to 1 point, ¼ or ½ (a
 * Martial Art: any number of points up to the full damage); failed, it is
 * the full damage (or ¼, `failedPullPunch`).
 */
export function pulledDamage(
  full: number,
  aim: "one" | "quarter" | "half" | { readonly points: number },
  made: boolean,
  martialArt: boolean,
  rules: H2hRules,
): number {
  if (!made) return rules.failedPullPunch === "full" ? full : shareOf(full, 1, 4, rules);
  if (typeof aim === "object") {
    if (!martialArt)
      throw new RulesError("invalid-value", "only a Martial Art pulls a punch to a chosen number of points", {
        aim,
      });
    return Math.min(full, aim.points);
  }
  if (aim === "one") return Math.min(full, 1);
  return aim === "quarter" ? shareOf(full, 1, 4, rules) : shareOf(full, 1, 2, rules);
}

/** Half a combat bonus (a stun, H2H-TRM-6), rounded as `halfBonusRounding` says, toward zero for a penalty. */
export function halfBonus(bonus: number, rules: H2hRules): number {
  const half = Math.abs(bonus) / 2;
  const rounded = rules.halfBonusRounding === "down" ? Math.floor(half) : Math.ceil(half);
  return bonus < 0 ? -rounded : rounded;
}
