import { requireInteger } from "../kernel/errors";
import { type Fraction, LIMB_THRESHOLDS, type LimbThresholds } from "./limb-thresholds";
import { MAX_RATING } from "./types";

/**
 * What a sheet shows that the rules decide, worked out from the figures a
 * sheet holds (docs/rules/sharene.md, "Figures a sheet brings"): a skill's
 * total, the state of each limb from the damage it has taken. The table's
 * documents and the round read the same answers. (The END checks' DNs a
 * sheet shows are check.ts's `endCheckDns`: they read the whole rules.)
 */

/** A skill as a sheet writes it: its level and the natural ability it rests on. */
export interface SkillRating {
  readonly level: number;
  readonly natural: number;
}

/** SHA-RES-1: a skill's total is its level plus its natural ability; the DN starts from it. */
export function skillTotal(skill: SkillRating): number {
  const level = requireInteger(skill?.level, "a skill's level", -MAX_RATING, MAX_RATING);
  const natural = requireInteger(skill?.natural, "a skill's natural ability", -MAX_RATING, MAX_RATING);
  return requireInteger(level + natural, "a skill's total", -MAX_RATING, MAX_RATING);
}

/** A limb's state as its damage makes it: useless, severed, or neither. */
export type LimbState = "useless" | "severed" | null;

function reaches(amount: number, of: number, share: Fraction): boolean {
  return amount * share.den >= of * share.num;
}

/**
 * SHA-DMG-4: a limb whose damage reaches `limbUseless` of the life points
 * is useless, `limbSevered` severed. `base` is the life points the
 * thresholds read (`limbThresholdBase`: the full ones, or those before the
 * blow); no damage leaves a limb whole whatever the thresholds.
 */
export function limbStateOf(
  damage: number,
  base: number,
  rules: LimbThresholds = LIMB_THRESHOLDS,
): LimbState {
  requireInteger(damage, "a limb's damage", 0);
  if (damage === 0) return null;
  if (reaches(damage, base, rules.limbSevered)) return "severed";
  if (reaches(damage, base, rules.limbUseless)) return "useless";
  return null;
}

/**
 * Every location id of SHA-LOC-1's table (SHARENE_HIT_LOCATIONS), in its
 * order: where armor protects. Written out, not read from the table, so a
 * sheet does not load the table; sheet.test.ts holds the two equal.
 */
export const SHARENE_LOCATIONS: readonly string[] = Object.freeze([
  "head",
  "rightArm",
  "leftArm",
  "torso",
  "rightLeg",
  "leftLeg",
]);

/** The location ids of the limbs (the table's arms and legs), in its order. */
export const SHARENE_LIMBS: readonly string[] = Object.freeze(["rightArm", "leftArm", "rightLeg", "leftLeg"]);

/**
 * The state of every limb from a sheet's damage tallies, read against the
 * full life points (a sheet shows where the fighter stands between blows;
 * the "current" threshold reading applies to the blow being dealt).
 */
export function limbStates(
  tallies: Readonly<Record<string, number>>,
  lifePoints: number,
  rules: LimbThresholds = LIMB_THRESHOLDS,
): Record<string, LimbState> {
  requireInteger(lifePoints, "the life points", 1);
  return Object.fromEntries(
    SHARENE_LIMBS.map((limb) => [limb, limbStateOf(tallies[limb] ?? 0, lifePoints, rules)]),
  );
}
