/**
 * Words of the Sharene combat rules (docs/rules/texts/sharene-combat.md),
 * shared by every module of its core. Sharene rolls a d20 at or under a
 * Difficulty Number (DN); a Difficulty Factor (DF) is what moves the DN.
 */

/** The highest skill or characteristic total the core accepts: far above any sheet, a typo past it. */
export const MAX_RATING = 100;

/** "2/COMBAT STYLE DECISION": the four styles a fighter picks each round (SHA-STY-3 … SHA-STY-6). */
export const STYLES = ["fullAttack", "fullParry", "parryRiposte", "attackParry"] as const;
export type Style = (typeof STYLES)[number];

/**
 * What a fighter does with the round, which picks the ability initiative
 * adds (SHA-INI-1): a melee blow is the whole body's speed (AGI), a throw
 * or a shot the hand and arm's (DEX). The mapping is data (`initiativeAbility`).
 */
export const ACTION_KINDS = ["melee", "thrown", "missile"] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

export type InitiativeAbility = "dex" | "agi";

/** "3/BLOW STYLE DECISION": the kinds of blow (SHA-BLW-1). */
export const BLOWS = ["slash", "thrust", "special"] as const;
export type Blow = (typeof BLOWS)[number];
/** The blows a player may state (SHA-BLW-1: "slash or thrust"). */
export type StatedBlow = "slash" | "thrust";

/** How a blow is met: a parry with the weapon, a dodge with the body (SHA-STY-1). */
export const DEFENSES = ["parry", "dodge"] as const;
export type Defense = (typeof DEFENSES)[number];

/** The Success Levels of a made roll, worst first ([default] bands in `successLevels`). */
export const SUCCESS_LEVELS = ["normal", "high", "special"] as const;
export type SuccessLevel = (typeof SUCCESS_LEVELS)[number];

/** The Success Level a called shot needs (SHA-CAL-1). */
export type CalledLevel = "high" | "special";

/** "4/CALLED ACTION": aiming at a location, or at a result other than damage. */
export const CALLED_EFFECTS = ["disarm", "cutEquipment", "specialTarget"] as const;
export type CalledEffect = (typeof CALLED_EFFECTS)[number];
export type CalledShot =
  | { readonly kind: "location"; readonly location: string }
  | { readonly kind: "effect"; readonly effect: CalledEffect };

/** A weapon as the rules core reads it: skill totals and damage per blow. */
export interface ShareneWeapon {
  readonly id: string;
  readonly name: string;
  /** What attacking with it is, for initiative (SHA-INI-1). */
  readonly kind: ActionKind;
  /** The attack skill total (level + natural ability, SHA-RES-1). */
  readonly attack: number;
  /** The parry skill total with it; null for a weapon that cannot parry (a thrown knife). */
  readonly parry: number | null;
  /** Damage dice per blow; a weapon lists the blows it can deal (SHA-DMG-1). */
  readonly damage: Readonly<Partial<Record<Blow, string>>>;
  /** The blow it deals when the d10 names one it lacks (a mace's every blow is its main one). */
  readonly mainBlow: StatedBlow;
}

/** A fighter's sheet: what does not change during a fight. */
export interface ShareneFighter {
  readonly id: string;
  readonly name: string;
  readonly dex: number;
  readonly agi: number;
  /** Endurance: END checks against unconsciousness (SHA-CON-1 … SHA-CON-4). */
  readonly end: number;
  /** Full life points (SHA-DMG-3). */
  readonly lifePoints: number;
  /** The personal damage bonus, a dice formula or a number ("1d4", "2", "0"). */
  readonly damageBonus: string;
  /** The dodge skill total, or the untrained value the sheet works out (AGI × CF). */
  readonly dodge: number;
  /** Protection points per location id; a location not listed has none. */
  readonly armor: Readonly<Record<string, number>>;
  readonly weapon: ShareneWeapon;
  /** The arm that holds the weapon: useless or severed, no attack or parry with it. */
  readonly weaponArm: "rightArm" | "leftArm";
}

/**
 * What changes during a fight, as the rules read it: life points left, the
 * damage each limb has taken, and the statuses on the fighter. The table
 * reads it from documents, the simulator from its fighters.
 */
export interface ShareneCondition {
  readonly lifePoints: number;
  /** Damage taken by each limb so far (SHA-DMG-4, cumulative reading). */
  readonly wounds: Readonly<Record<string, number>>;
  readonly statuses: ReadonlySet<string>;
}

/** The statuses the Sharene core sets (token statuses at the table). */
export const SHARENE_STATUS = Object.freeze({
  unconscious: "unconscious",
  comatose: "comatose",
  dead: "dead",
});

/** A limb made useless or severed shows as `${limb}Useless` / `${limb}Severed`; the head as `headSevered`. */
export function limbStatus(location: string, state: "useless" | "severed"): string {
  return `${location}${state === "useless" ? "Useless" : "Severed"}`;
}

/** The pool life points are kept in (SHA-DMG-3). */
export const LIFE_POOL = "lifePoints";
