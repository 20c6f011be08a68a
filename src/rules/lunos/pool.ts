import type { DiceSource } from "../kernel/dice";
import { requireInteger } from "../kernel/errors";
import type { LunosRules } from "./config";

/**
 * The Lunos roll ([found] basics of the LUN index): one die per dot of the
 * two ratings added, each die on the top half of its faces a success, a
 * fifth dot an automatic success, and one die of the pool the d12 luck die.
 * Penalties take dice away; automatic and bonus successes are not dice and
 * stay. docs/rules/lunos.md, "The roll", says how the gaps are read.
 */

/** The highest a rating goes (the [found] basics: 0–5). */
export const MAX_RATING = 5;
/** The most dice a pool may hold after bonuses: far above any sheet, below any typo. */
export const MAX_POOL = 40;

export type PoolOutcome = "normal" | "disaster" | "dramatic";

export interface PoolRoll {
  /** Dice rolled, the luck die among them (0: no die was rolled). */
  readonly dice: number;
  /** The luck die's face; 0 when no die was rolled. */
  readonly luck: number;
  /** Successes the dice showed (the luck die's included, a dramatic success's bonus not). */
  readonly rolled: number;
  readonly automatic: number;
  readonly bonus: number;
  readonly outcome: PoolOutcome;
  /** Every success the roll counts. */
  readonly successes: number;
}

/** Dice of a pool of two ratings before penalties: a fifth dot's die goes when it is an automatic success instead. */
export function poolDice(a: number, b: number, rules: LunosRules): number {
  requireInteger(a, "a rating", 0, MAX_RATING);
  requireInteger(b, "a rating", 0, MAX_RATING);
  if (rules.fifthDot === "besideDie") return a + b;
  return a + b - (a === MAX_RATING ? 1 : 0) - (b === MAX_RATING ? 1 : 0);
}

/** Automatic successes of a pool of two ratings: one per rating at its fifth dot. */
export function poolAutomatic(a: number, b: number): number {
  return (a === MAX_RATING ? 1 : 0) + (b === MAX_RATING ? 1 : 0);
}

/** Whether a face of a die of `faces` is on its top half (4–6 on a d6, 7–12 on a d12). */
export function isSuccessFace(face: number, faces: number): boolean {
  return face * 2 > faces;
}

/**
 * Rolls `dice` dice (penalties already taken away; 0 or fewer is the
 * empty-pool case), the last of them the luck die, adding `automatic` and
 * `bonus` successes. Disaster and dramatic success are read off the luck
 * die when nothing else succeeded.
 */
export function rollPool(
  dice: number,
  automatic: number,
  bonus: number,
  source: DiceSource,
  rules: LunosRules,
): PoolRoll {
  requireInteger(dice, "a pool's dice", Number.NEGATIVE_INFINITY, MAX_POOL);
  requireInteger(automatic, "a pool's automatic successes", 0, MAX_POOL);
  requireInteger(bonus, "a pool's bonus successes", 0, MAX_POOL);
  const given = automatic + bonus;
  if (dice <= 0 && rules.emptyPool === "noRoll")
    return { dice: 0, luck: 0, rolled: 0, automatic, bonus, outcome: "normal", successes: given };
  let rolled = 0;
  const faces = rules.poolDie;
  for (let i = 1; i < dice; i += 1) if (source.roll(faces) * 2 > faces) rolled += 1;
  const top = rules.luckDie;
  const luck = source.roll(top);
  const others = rolled + given;
  // An empty pool keeps only its luck die, and only its top face succeeds.
  const luckSucceeds = dice <= 0 ? luck === top : luck * 2 > top;
  if (luckSucceeds) rolled += 1;
  if (others === 0 && luck === 1)
    return { dice: Math.max(1, dice), luck, rolled: 0, automatic, bonus, outcome: "disaster", successes: 0 };
  if (others === 0 && luck === top)
    return {
      dice: Math.max(1, dice),
      luck,
      rolled,
      automatic,
      bonus,
      outcome: "dramatic",
      successes: rolled + rules.dramaticSuccesses,
    };
  return {
    dice: Math.max(1, dice),
    luck,
    rolled,
    automatic,
    bonus,
    outcome: "normal",
    successes: rolled + given,
  };
}

/** A roll against a difficulty: made when its successes reach it. */
export function meetsDifficulty(roll: PoolRoll, difficulty: number): boolean {
  return roll.successes >= difficulty;
}
