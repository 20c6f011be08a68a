import { requireInteger } from "../kernel/errors";
import { characteristicDn, MAX_RATING } from "./check";
import { type Fraction, type KnockoutId, SHARENE_DEFAULTS, type ShareneRules } from "./config";
import { SHARENE_HIT_LOCATIONS } from "./hit-locations";

/**
 * What a sheet shows that the rules decide, worked out from the figures a
 * sheet holds (docs/rules/sharene.md, "Figures a sheet brings"): a skill's
 * total, the state of each limb from the damage it has taken, the END
 * checks' DNs. The table's documents and the round read the same answers.
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
export function limbStateOf(damage: number, base: number, rules: ShareneRules = SHARENE_DEFAULTS): LimbState {
  requireInteger(damage, "a limb's damage", 0);
  if (damage === 0) return null;
  if (reaches(damage, base, rules.limbSevered)) return "severed";
  if (reaches(damage, base, rules.limbUseless)) return "useless";
  return null;
}

/** The location ids of the limbs (SHA-LOC-1's arms and legs), in the table's order. */
export const SHARENE_LIMBS: readonly string[] = Object.freeze(
  SHARENE_HIT_LOCATIONS.locations.filter((l) => l.limb).map((l) => l.id),
);

/** Every location id of the table, in its order: where armor protects. */
export const SHARENE_LOCATIONS: readonly string[] = Object.freeze(
  SHARENE_HIT_LOCATIONS.locations.map((l) => l.id),
);

/**
 * The state of every limb from a sheet's damage tallies, read against the
 * full life points (a sheet shows where the fighter stands between blows;
 * the "current" threshold reading applies to the blow being dealt).
 */
export function limbStates(
  tallies: Readonly<Record<string, number>>,
  lifePoints: number,
  rules: ShareneRules = SHARENE_DEFAULTS,
): Record<string, LimbState> {
  requireInteger(lifePoints, "the life points", 1);
  return Object.fromEntries(
    SHARENE_LIMBS.map((limb) => [limb, limbStateOf(tallies[limb] ?? 0, lifePoints, rules)]),
  );
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

/** SHA-CON-1 … SHA-CON-4: the DN of each END check, END × the band's CF, rounded down. */
export function endCheckDns(end: number, rules: ShareneRules = SHARENE_DEFAULTS): EndCheckDn[] {
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
