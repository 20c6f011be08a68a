/**
 * The words of the Lunos rules (docs/rules/texts/lunos-combat.md) as ids:
 * ratings, skills, actions, maneuvers, kinds of damage, weapon sizes and
 * armor. A fighter's sheet is plain data (`LunosFighter`), checked once
 * where it is read (fighter.ts).
 */

/** The abilities a fight reads, each rated 0 to 5. */
export const ABILITIES = ["agility", "body", "reflexes", "willpower"] as const;
export type Ability = (typeof ABILITIES)[number];

/** Combat and its sub-skills, and Athletics (Move), each rated 0 to 5. */
export const SKILLS = [
  "combat",
  "archery",
  "projectile",
  "thrown",
  "brawl",
  "martialArts",
  "weapon",
  "athletics",
] as const;
export type Skill = (typeof SKILLS)[number];

/** The skills an attack roll adds to Agility (LUN-ACT-1). Martial Arts is never rolled. */
export const ATTACK_SKILLS = ["archery", "projectile", "thrown", "brawl", "weapon"] as const;
export type AttackSkill = (typeof ATTACK_SKILLS)[number];

/** Skills whose attacks are ranged: a parry against them is harder (LUN-ACT-4). */
export const RANGED_SKILLS: readonly AttackSkill[] = Object.freeze(["archery", "projectile", "thrown"]);

export const DAMAGE_TYPES = ["bruising", "wounding", "trauma"] as const;
export type DamageType = (typeof DAMAGE_TYPES)[number];

export const WEAPON_SIZES = ["tiny", "small", "medium", "large", "polearm"] as const;
export type WeaponSize = (typeof WEAPON_SIZES)[number];

export const ARMOR_KINDS = ["plain", "rigid", "flex"] as const;
export type ArmorKind = (typeof ARMOR_KINDS)[number];

/** The actions of a round (LUN-RND-1, LUN-ACT-*). Lunge is not an action: it adds one. */
export const ACTION_KINDS = [
  "attack",
  "defense",
  "parry",
  "flurry",
  "powerAttack",
  "fullDefense",
  "move",
  "other",
  "magic",
] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

/** The maneuvers extra successes buy (LUN-MNV-1, LUN-GRP-3). */
export const MANEUVERS = [
  "grapple",
  "increaseDamage",
  "push",
  "tag",
  "disarm",
  "stun",
  "trip",
  "avoidArmor",
  "coupDeGrace",
  "threaten",
  "pin",
  "choke",
] as const;
export type Maneuver = (typeof MANEUVERS)[number];

/** Tasks of an Other action the engine knows; any other task is the GM's. */
export const OTHER_TASKS = [
  "task",
  "standUp",
  "recoverWeapon",
  "leaveGrapple",
  "maintainThreat",
  "speak",
  "tend",
] as const;
export type OtherTask = (typeof OTHER_TASKS)[number];

export interface LunosWeapon {
  readonly id: string;
  readonly name: string;
  readonly size: WeaponSize;
  /** The skill it attacks with: Weapon for melee, Archery, Projectile or Thrown at range, Brawl. */
  readonly skill: AttackSkill;
  /** Bruising (blunt) or wounding (sharp, energy): LUN-HLT-3, LUN-EQP-2. */
  readonly damageType: "bruising" | "wounding";
  /** A better weapon's rating above its size's ("Weapons with a rating greater than +1"): 0 to 5. */
  readonly quality: number;
}

export interface LunosArmor {
  readonly name: string;
  /** The armor's rating, +0 to +3, added to Body against damage (LUN-EQP-1). */
  readonly rating: number;
  readonly kind: ArmorKind;
  readonly magical: boolean;
  /** Worn without gloves or helmet ("missing large portions"): see docs/rules/lunos.md, "Armor". */
  readonly partial: boolean;
}

export interface LunosFighter {
  readonly id: string;
  readonly name: string;
  readonly abilities: Readonly<Record<Ability, number>>;
  readonly skills: Readonly<Record<Skill, number>>;
  /** null: unarmed (Brawl, damage rating Martial Arts, bruising). */
  readonly weapon: LunosWeapon | null;
  readonly armor: LunosArmor | null;
}
