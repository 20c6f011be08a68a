import type { DiceSource } from "../kernel/dice";
import { RulesError, requireInteger } from "../kernel/errors";
import { MAX_RATING, type RhfCheck, rollCheck } from "./check";
import { type HitsBand, RHF_DEFAULTS, type RhfRules } from "./config";
import type { Grip } from "./types";

/**
 * Firearms (RHF-REC-1 … RHF-AIM-1): recoil, the grip's Strength
 * multiplier, bursts, area fire and aiming, as plain functions over plain
 * numbers so any round (this core's, or a module of another game) can
 * call them.
 */

/** RHF-REC-2: the Strength that holds the weapon against its recoil, by grip, rounded as the rules say. */
export function recoilStrength(strength: number, grip: Grip, rules: RhfRules = RHF_DEFAULTS): number {
  requireInteger(strength, "Strength", 0, MAX_RATING);
  const multiplier = rules.gripMultipliers[grip];
  if (multiplier === undefined)
    throw new RulesError("invalid-value", `"${String(grip)}" is not a grip`, { grip });
  const held = strength * multiplier;
  return rules.strengthRounding === "up" ? Math.ceil(held) : Math.floor(held);
}

/**
 * RHF-REC-1: the penalty to the skill for the `shot`-th shot of the round
 * (1 for the first). From the second shot the Strength loses the Recoil,
 * and from the third half the Recoil (rounded up) for each shot more; what
 * is left, when negative, is the penalty.
 */
export function recoilPenalty(shot: number, strength: number, recoil: number): number {
  requireInteger(shot, "a shot's number in the round", 1, 1000);
  requireInteger(strength, "the Strength against recoil", 0, 10 * MAX_RATING);
  requireInteger(recoil, "a weapon's Recoil", 0, MAX_RATING);
  if (shot === 1) return 0;
  const left = strength - recoil - (shot - 2) * Math.ceil(recoil / 2);
  return Math.min(left, 0);
}

/** Reads a d6 on a hits table. */
export function hitsOn(face: number, table: readonly HitsBand[]): number {
  requireInteger(face, "a d6", 1, 6);
  for (const band of table) if (face >= band.from && face <= band.to) return band.hits;
  throw new RulesError("invalid-value", `the hits table names no band for ${face}`, { face });
}

/** The rolls a burst of `shots` gets: `burstRolls` per full `burstShots`, and at least one. */
export function burstRollCount(shots: number, rules: RhfRules = RHF_DEFAULTS): number {
  requireInteger(shots, "a burst's shots", 1, 1000);
  return Math.max(1, Math.floor((shots * rules.burstRolls) / rules.burstShots));
}

/** Refuses area fire the rules do not allow: no target, too many, or too far apart. */
export function checkAreaFire(count: number, spread: number, rules: RhfRules = RHF_DEFAULTS): void {
  requireInteger(count, "the number of targets", 1, rules.areaMaxTargets);
  if (!(typeof spread === "number" && Number.isFinite(spread) && spread >= 0))
    throw new RulesError(
      "invalid-value",
      `the targets' spread must be a distance ≥ 0, got ${String(spread)}`,
    );
  if (spread > rules.areaSpread)
    throw new RulesError(
      "attack-not-allowed",
      `area fire needs its targets within ${rules.areaSpread} m of each other, got ${spread} m`,
      { spread },
    );
}

/** RHF-AIM-1: rounds of aiming a fighter may take with a weapon. */
export function aimRoundsAllowed(familiar: boolean, rules: RhfRules = RHF_DEFAULTS): number {
  return familiar ? rules.aimMaxRounds : rules.aimRoundsUnfamiliar;
}

export interface AimRoll {
  readonly check: RhfCheck;
  /** The bonus this round of aiming adds. */
  readonly bonus: number;
}

/**
 * One round of aiming: a Spot roll; a success adds `aimBonus` to hit.
 * `roundsAimed` is the rounds already aimed: past the allowance it is refused.
 */
export function rollAim(
  spot: number,
  roundsAimed: number,
  familiar: boolean,
  dice: DiceSource,
  rules: RhfRules = RHF_DEFAULTS,
): AimRoll {
  requireInteger(spot, "Spot", -MAX_RATING, MAX_RATING);
  const allowed = aimRoundsAllowed(familiar, rules);
  requireInteger(roundsAimed, "rounds aimed", 0);
  if (roundsAimed >= allowed)
    throw new RulesError(
      "round-refused",
      `no more aiming: ${allowed} round(s) for one ${familiar ? "familiar" : "not familiar"} with the weapon`,
      { reason: "AimDone", allowed },
    );
  const check = rollCheck(spot, dice);
  return { check, bonus: check.success ? rules.aimBonus : 0 };
}
