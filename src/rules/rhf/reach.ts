import { RulesError } from "../kernel/errors";
import { RHF_DEFAULTS, type RhfRules, weaponRow } from "./config";
import { RANGES, type Range, type RangeManeuver } from "./types";

/**
 * Reach (RHF-RNG-1 … RHF-RNG-3). Each weapon strikes at one range, the
 * one its row of the weapon table gives; the fighters stand at one range
 * at a time. Ranges compare by their place in RANGES, shortest first.
 */

export function rangeIndex(range: Range): number {
  const i = RANGES.indexOf(range);
  if (i < 0)
    throw new RulesError("invalid-value", `"${String(range)}" is not a range (${RANGES.join(", ")})`, {
      range,
    });
  return i;
}

/** The range a weapon kind strikes at. */
export function weaponRange(kind: string, rules: RhfRules = RHF_DEFAULTS): Range {
  return weaponRow(kind, rules).range;
}

/** RHF-RNG-1: a weapon attacks only at its own range. */
export function canStrikeAt(kind: string, range: Range, rules: RhfRules = RHF_DEFAULTS): boolean {
  return rangeIndex(weaponRange(kind, rules)) === rangeIndex(range);
}

/**
 * RHF-RNG-2: a weapon that parries may parry at its own range and at any
 * longer one (a shorter weapon out of range, no penalty); at a range
 * shorter than its own it cannot (a longer weapon caught inside). A dodge is
 * always open, so it is not asked here.
 */
export function canParryAt(kind: string, range: Range, rules: RhfRules = RHF_DEFAULTS): boolean {
  const row = weaponRow(kind, rules);
  return row.parries && rangeIndex(row.range) <= rangeIndex(range);
}

/**
 * RHF-RNG-3: the maneuver that would bring the range to the fighter's own
 * weapon: advance when the weapon is shorter than the range, withdraw when
 * it is longer, none when it is at its range.
 */
export function maneuverToward(
  kind: string,
  range: Range,
  rules: RhfRules = RHF_DEFAULTS,
): RangeManeuver | null {
  const own = rangeIndex(weaponRange(kind, rules));
  const now = rangeIndex(range);
  return own < now ? "advance" : own > now ? "withdraw" : null;
}
