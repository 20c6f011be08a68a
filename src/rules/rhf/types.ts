/**
 * The words of the reach, holds and firearms core. The text never names its
 * three hand-to-hand ranges (RHF-RNG-1); docs/rules/rhf.md, "The three
 * ranges", gives them these names, shortest first, so a range compares by
 * its place in RANGES.
 */

export const RANGES = ["close", "medium", "long"] as const;
export type Range = (typeof RANGES)[number];

/** Where a blow lands: the concentrated defense (RHF-DFA-1) and autokill (RHF-KIL-1) read it. */
export const LOCATIONS = ["head", "body", "rightArm", "leftArm", "rightLeg", "leftLeg"] as const;
export type Location = (typeof LOCATIONS)[number];

/** The injury model's levels, lightest first (docs/rules/rhf.md, "Injuries"). */
export const INJURY_LEVELS = ["light", "serious", "major", "critical"] as const;
export type InjuryLevel = (typeof INJURY_LEVELS)[number];

/** How a firearm is held: the Strength multiplier against recoil reads it (RHF-REC-2). */
export const GRIPS = ["oneHand", "twoHands", "tripod"] as const;
export type Grip = (typeof GRIPS)[number];

/** A fighter's state as the fight reads it; the last three are out of the fight. */
export const CONDITIONS = ["standing", "immobilized", "unconscious", "dying", "dead"] as const;
export type Condition = (typeof CONDITIONS)[number];

/** The maneuvers that change the range (RHF-RNG-3). */
export const RANGE_MANEUVERS = ["advance", "withdraw"] as const;
export type RangeManeuver = (typeof RANGE_MANEUVERS)[number];

/** What a fighter's firearm adds to its weapon. */
export interface RhfFirearm {
  /** The weapon's Recoil (RHF-REC-1). */
  readonly recoil: number;
  readonly grip: Grip;
  /** The most shots it fires in a round, all its firings together. */
  readonly rateOfFire: number;
  /** Rounds a full load holds. */
  readonly magazine: number;
  /** It can fire bursts and area fire (RHF-AUT-1, RHF-AUT-2). */
  readonly autofire: boolean;
}

export interface RhfWeapon {
  /** A row of the rules' weapon table (`weapons`): its range and injury modifier come from there. */
  readonly kind: string;
  readonly name: string;
  readonly firearm?: RhfFirearm;
}

/** The skills the text names: the combat skill of the fighter's weapon, Unarmed Combat, Dodge and Spot. */
export interface RhfSkills {
  readonly weapon: number;
  readonly unarmed: number;
  readonly dodge: number;
  readonly spot: number;
}

export interface RhfFighter {
  readonly id: string;
  readonly name: string;
  readonly strength: number;
  readonly quickness: number;
  readonly skills: RhfSkills;
  readonly weapon: RhfWeapon;
  /** Familiar with its weapon: only then a second round of aiming (RHF-AIM-1). */
  readonly familiar: boolean;
  /** A non-player character: autokill reserved for them reads it (RHF-KIL-1). */
  readonly npc: boolean;
}
