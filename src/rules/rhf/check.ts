import type { DiceSource } from "../kernel/dice";
import { requireInteger } from "../kernel/errors";
import { RHF_DEFAULTS, type RhfRules } from "./config";

/**
 * The check of the index's basics: a d20 at or under the target, the skill
 * with its modifiers; a Hard roll is under the skill divided by
 * `hardDivisor` (2), rounded up, before the modifiers. The text has no
 * critical results: a 1 is only a low roll, a 20 only a high one, so a
 * target of 20 or more always succeeds and one under 1 never does.
 */

/** The highest skill or characteristic the core accepts: far above any sheet, a typo past it. */
export const MAX_RATING = 100;

export interface RhfCheck {
  readonly target: number;
  readonly roll: number;
  readonly success: boolean;
}

/** The target of a Hard roll under a skill (RHF-RNG-3, the index's basics). */
export function hardTarget(skill: number, rules: RhfRules = RHF_DEFAULTS): number {
  requireInteger(skill, "a skill", -MAX_RATING, MAX_RATING);
  return Math.ceil(skill / rules.hardDivisor);
}

/** Reads a d20 against a target (no die rolled: the table may hand in the roll it made). */
export function readCheck(target: number, roll: number): RhfCheck {
  requireInteger(target, "a check's target", -1000, 1000);
  requireInteger(roll, "a d20 roll", 1, 20);
  return { target, roll, success: roll <= target };
}

/** Rolls a check's d20 through the dice source. */
export function rollCheck(target: number, dice: DiceSource): RhfCheck {
  return readCheck(target, dice.roll(20));
}
