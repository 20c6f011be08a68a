import type { DiceSource } from "../kernel/dice";
import { RulesError, requireInteger } from "../kernel/errors";
import { type KnockoutId, SHARENE_DEFAULTS, type ShareneRules } from "./defaults";

import { MAX_RATING, SUCCESS_LEVELS, type SuccessLevel } from "./types";

/**
 * Sharene's check: a d20 at or under the Difficulty Number. The DN is the
 * skill total plus the Difficulty Factors of the moment (SHA-RES-1), or a
 * characteristic times its CF for a roll without a skill (an END check).
 * A made roll has a Success Level by its margin; a natural 20 fails
 * critically unless the DN is above 20.
 */

/** One Difficulty Factor with where it comes from (a style, a second parry, a situation…). */
export interface DfPart {
  readonly source: string;
  readonly df: number;
}

export interface DifficultyNumber {
  /** The skill total or characteristic × CF. */
  readonly base: number;
  readonly parts: readonly DfPart[];
  /** The parts' sum as the text adds them. */
  readonly dfRaw: number;
  /** The sum held within dfMin … dfMax. */
  readonly df: number;
  /** A split parry divides the DN among its parries (1: not split). */
  readonly divisor: number;
  readonly dn: number;
}

/**
 * The DN of a roll: base + the DF held within the rules' bounds, divided
 * (rounded down) by the number of parries a split parry shares it among.
 */
export function difficultyNumber(
  base: number,
  parts: readonly DfPart[],
  rules: ShareneRules = SHARENE_DEFAULTS,
  divisor = 1,
): DifficultyNumber {
  requireInteger(base, "a skill total", -MAX_RATING, MAX_RATING);
  requireInteger(divisor, "the number of split parries", 1, 100);
  let dfRaw = 0;
  for (const part of parts) dfRaw += requireInteger(part.df, `the DF of ${part.source}`, -100, 100);
  const df = Math.min(rules.dfMax, Math.max(rules.dfMin, dfRaw));
  return { base, parts, dfRaw, df, divisor, dn: Math.floor((base + df) / divisor) };
}

export interface CheckRoll {
  readonly dn: number;
  /** The d20 as rolled. */
  readonly roll: number;
  readonly success: boolean;
  /** DN − roll of a made roll; null for a failed one. */
  readonly margin: number | null;
  /** The Success Level of a made roll; null for a failed one. */
  readonly level: SuccessLevel | null;
  readonly criticalFailure: boolean;
  /** A made roll on the critical face (a natural 1): a critical hit when it is an attack (SHA-DMG-2). */
  readonly critical: boolean;
}

/** The Success Level a margin earns ([default] Normal 0–4, High 5–9, Special 10+). */
export function successLevelOf(margin: number, rules: ShareneRules = SHARENE_DEFAULTS): SuccessLevel {
  if (margin >= rules.successLevels.special) return "special";
  if (margin >= rules.successLevels.high) return "high";
  return "normal";
}

/** Where a level stands: normal 0, high 1, special 2 (levels compare by it). */
export function levelRank(level: SuccessLevel): number {
  return SUCCESS_LEVELS.indexOf(level);
}

/** Reads a natural d20 against a DN (no die rolled: the table may hand in a roll it made). */
export function readCheck(dn: number, roll: number, rules: ShareneRules = SHARENE_DEFAULTS): CheckRoll {
  requireInteger(dn, "a DN", -1000, 1000);
  requireInteger(roll, "a d20 roll", 1, 20);
  const criticalFailure = roll === rules.criticalFailureFace && dn <= rules.criticalFailureUnlessDnAbove;
  const success = !criticalFailure && roll <= dn;
  const margin = success ? dn - roll : null;
  return {
    dn,
    roll,
    success,
    margin,
    level: margin === null ? null : successLevelOf(margin, rules),
    criticalFailure,
    critical: success && roll <= rules.criticalHitFace,
  };
}

/** Rolls the d20 of a check through the dice source. */
export function rollCheck(dn: number, dice: DiceSource, rules: ShareneRules = SHARENE_DEFAULTS): CheckRoll {
  return readCheck(dn, dice.roll(20), rules);
}

/** A characteristic roll's DN: the characteristic times its CF, rounded down (END CF×1.5). */
export function characteristicDn(value: number, cf: number): number {
  requireInteger(value, "a characteristic", 0, MAX_RATING);
  if (!(typeof cf === "number" && Number.isFinite(cf) && cf > 0))
    throw new RulesError("invalid-value", `a CF must be a number above 0, got ${String(cf)}`, { cf });
  return Math.floor(value * cf);
}

/** One END check a blow may call for: its band, the CF, the DN and what failing it brings. */
export interface EndCheckDn {
  readonly band: string;
  readonly cf: number;
  readonly dn: number;
  readonly knockout: KnockoutId;
}

/** The damage bands' names, in the order of `damageBands` (the END check's card and sheet name them). */
export const BAND_NAMES: readonly string[] = Object.freeze(["third", "half", "twoThirds"]);

/** SHA-CON-1 … SHA-CON-4: the DN of each END check, END × the band's CF, rounded down, by the rules given. */
export function endCheckDns(end: number, rules: ShareneRules): EndCheckDn[] {
  const bands = rules.damageBands.map((band, i) => ({
    band: BAND_NAMES[i] ?? `band${i + 1}`,
    cf: band.cf,
    dn: characteristicDn(end, band.cf),
    knockout: band.knockout,
  }));
  return [
    ...bands,
    {
      band: "lowLife",
      cf: rules.lowLifeCf,
      dn: characteristicDn(end, rules.lowLifeCf),
      knockout: rules.lowLifeKnockout,
    },
  ];
}
