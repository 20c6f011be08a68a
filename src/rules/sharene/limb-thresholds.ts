/**
 * The two figures of SHA-DMG-4 a sheet reads between blows (a limb is
 * useless from half the life points, severed from two thirds), kept in a
 * module of their own: they are keys of SHARENE_DEFAULTS (./defaults.ts
 * spreads them in), and a sheet reads them at start-up without the rest.
 */

/** A fraction kept exact: thresholds compare `damage × den ≥ lifePoints × num`, no rounding. */
export interface Fraction {
  readonly num: number;
  readonly den: number;
}

/** The limb thresholds as a rules object holds them (`ShareneRules` has both keys). */
export interface LimbThresholds {
  readonly limbUseless: Fraction;
  readonly limbSevered: Fraction;
}

export const LIMB_THRESHOLDS: LimbThresholds = Object.freeze({
  limbUseless: Object.freeze({ num: 1, den: 2 }),
  limbSevered: Object.freeze({ num: 2, den: 3 }),
});
