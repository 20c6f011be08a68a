import type { DiceSource } from "../kernel/dice";
import { requireInteger } from "../kernel/errors";
import { type FangsOptions, resolveOptions } from "./config";
import { type CheckResult, SuccessLevel } from "./types";

/**
 * FANGS checks (CORE-CHK-1 … -6): d20 + skill + modifiers ≥ 20.
 *
 * Dice order: the first d20; then, only when the first die is in the Special
 * range and the check succeeded, or in the Fumble range, one more d20 to
 * confirm. No other die is ever rolled.
 */

export interface CheckInput {
  /** The unmodified skill (or characteristic value): Special, Critical and Fumble read it. */
  readonly skill: number;
  /** Every bonus, penalty and difficulty, already summed. */
  readonly modifiers: number;
}

/** The number a check must reach. */
export const CHECK_TARGET = 20;

/** Lowest natural die that is a Special for this unmodified skill (CORE-CHK-4). */
export function specialRange(skill: number): number {
  return skill >= 10 ? 19 : 20;
}

/**
 * Highest natural die that may be a Fumble (CORE-CHK-6): 2 for a skill of
 * 0–9 (and below), 1 from 10 up. The text names 10–20; above 20 a natural 1
 * is still rolled for, though only two natural 1s can then confirm it.
 */
export function fumbleRange(skill: number): number {
  return skill >= 10 ? 1 : 2;
}

/**
 * Resolves one check.
 * - A Special needs a successful check: a natural 19 with skill 10 and −15
 *   of modifiers (total 14) is a plain Failure, and no second die is rolled.
 *   The Critical is "a Special followed by a successful second check", and a
 *   failed roll cannot be a better success than a success.
 * - A confirmed Fumble is a Fumble even when the total reaches 20 (two
 *   natural 1s at skill 19 or more, or modifiers lifting a fumbling roll):
 *   the text confirms a fumble by the second roll and the unmodified skill
 *   alone, and a skill over 20 is no automatic success. An unconfirmed one
 *   is judged by its total.
 */
export function resolveCheck(input: CheckInput, dice: DiceSource): CheckResult {
  // Tested inline, refused through requireInteger: every exchange resolves two to five checks.
  const skill = input?.skill;
  const modifiers = input?.modifiers;
  if (!Number.isInteger(skill)) requireInteger(skill, "skill");
  if (!Number.isInteger(modifiers)) requireInteger(modifiers, "modifiers");
  const natural = dice.roll(20);
  const total = natural + skill + modifiers;
  const success = total >= CHECK_TARGET;
  let confirmation: number | null = null;
  let level: SuccessLevel = success ? SuccessLevel.Success : SuccessLevel.Failure;

  if (success && natural >= specialRange(skill)) {
    confirmation = dice.roll(20);
    level =
      (natural === 20 && confirmation === 20) || confirmation + skill >= CHECK_TARGET
        ? SuccessLevel.Critical
        : SuccessLevel.Special;
  } else if (natural <= fumbleRange(skill)) {
    confirmation = dice.roll(20);
    if ((natural === 1 && confirmation === 1) || confirmation + skill <= CHECK_TARGET - 1) {
      level = SuccessLevel.Fumble;
    }
  }
  return { skill, modifiers, natural, confirmation, total, success: level >= SuccessLevel.Success, level };
}

/**
 * Rolls only the Critical confirmation of a Special: a fumbled defense turns
 * a normal success into one (NC-DMG-22). `natural` is the first die, for the
 * two-natural-20s rule.
 */
export function rollCriticalConfirmation(
  skill: number,
  natural: number,
  dice: DiceSource,
): { readonly confirmation: number; readonly critical: boolean } {
  const confirmation = dice.roll(20);
  return {
    confirmation,
    critical: (natural === 20 && confirmation === 20) || confirmation + skill >= CHECK_TARGET,
  };
}

/* -------------------------------------------- */
/*  Characteristic checks (CORE-CHK-2)          */
/* -------------------------------------------- */

export interface CharacteristicCheckInput {
  /** The characteristic or attribute value (ST, CO, Luck…). */
  readonly value: number;
  /** "ST×2" is 2; "ST×1" is 1. */
  readonly multiplier: number;
  readonly modifiers?: number;
}

/**
 * d20 + value×multiplier + modifiers ≥ 20. The multiplied value is the
 * "unmodified skill" for Special, Critical and Fumble: a check against ST×2
 * is a check on that number, the way a skill is.
 */
export function characteristicCheck(input: CharacteristicCheckInput, dice: DiceSource): CheckResult {
  const value = requireInteger(input?.value, "characteristic", 0);
  const multiplier = requireInteger(input?.multiplier, "multiplier", 1);
  return resolveCheck({ skill: value * multiplier, modifiers: input.modifiers ?? 0 }, dice);
}

/* -------------------------------------------- */
/*  Opposed checks (CORE-CHK-3)                 */
/* -------------------------------------------- */

export const OpposedWinner = {
  Active: "active",
  Passive: "passive",
  Tie: "tie",
} as const;
export type OpposedWinner = (typeof OpposedWinner)[keyof typeof OpposedWinner];

/** Independent: each side rolls its own check; each stands on its own. Dice: active's, then passive's. */
export function independentChecks(
  active: CheckInput,
  passive: CheckInput,
  dice: DiceSource,
): { readonly active: CheckResult; readonly passive: CheckResult } {
  const a = resolveCheck(active, dice);
  return { active: a, passive: resolveCheck(passive, dice) };
}

/**
 * Linked: both roll; the larger margin over what was needed (total − 20)
 * wins, even when both fail (someone wins a tug of war). Equal margins tie:
 * the text gives no tie-break, so the table decides (or rolls again).
 */
export function linkedChecks(
  active: CheckInput,
  passive: CheckInput,
  dice: DiceSource,
): {
  readonly active: CheckResult;
  readonly passive: CheckResult;
  readonly activeMargin: number;
  readonly passiveMargin: number;
  readonly winner: OpposedWinner;
} {
  const a = resolveCheck(active, dice);
  const p = resolveCheck(passive, dice);
  const activeMargin = a.total - CHECK_TARGET;
  const passiveMargin = p.total - CHECK_TARGET;
  const winner =
    activeMargin > passiveMargin
      ? OpposedWinner.Active
      : activeMargin < passiveMargin
        ? OpposedWinner.Passive
        : OpposedWinner.Tie;
  return { active: a, passive: p, activeMargin, passiveMargin, winner };
}

export interface ResistedCheckInput {
  /** The acting value (ST 15 lifting). */
  readonly active: number;
  /** The resisting value (an anvil's SZ 13). */
  readonly passive: number;
  readonly modifiers?: number;
}

/**
 * Resisted: one roll with active − passive as its modifier (ST 15 vs SZ 13
 * rolls at +2). The text does not say what the modifier is added to; it is
 * added to `resistedCheckBase` (default 10), so equal values are an even
 * contest (d20 + 10 ≥ 20, 55%) and each point of difference is 5%.
 */
export function resistedCheck(
  input: ResistedCheckInput,
  dice: DiceSource,
  options?: FangsOptions,
): CheckResult {
  const active = requireInteger(input?.active, "active value");
  const passive = requireInteger(input?.passive, "passive value");
  const rules = resolveOptions(options);
  return resolveCheck(
    {
      skill: rules.resistedCheckBase,
      modifiers: active - passive + requireInteger(input.modifiers ?? 0, "modifiers"),
    },
    dice,
  );
}

/** The modifier of a resisted check: active − passive. */
export function resistedModifier(active: number, passive: number): number {
  return requireInteger(active, "active value") - requireInteger(passive, "passive value");
}
