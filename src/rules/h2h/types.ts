/**
 * Words of the Hand to Hand combat rules (docs/rules/texts/hand-to-hand-combat.md),
 * shared by every module of its core. A melee round is spent attack by
 * attack: each exchange starts with initiative on a d20, the winner strikes
 * on a d20, the other defends on a d20, and damage follows.
 */

/** "There are only three combat ranges" (H2H-RNG-1), closest first. */
export const RANGES = ["grappling", "fighting", "long"] as const;
export type Range = (typeof RANGES)[number];

/** The moves of "Various Attack Moves" and "Grapples", and a strike with a held weapon. */
export const MOVE_IDS = [
  "punch",
  "hook",
  "underpunch",
  "palm",
  "chop",
  "backhand",
  "elbow",
  "forearm",
  "uppercut",
  "doubleFist",
  "kick",
  "sideKick",
  "crescentKick",
  "hookKick",
  "frontKick",
  "roundKick",
  "shinKick",
  "axeKick",
  "backKick",
  "sweep",
  "knee",
  "tackle",
  "headbutt",
  "disarm",
  "flipThrow",
  "slam",
  "bearHug",
  "armHold",
  "bodyHold",
  "neckHold",
  "handHold",
  "legHold",
  "footHold",
  "weaponStrike",
] as const;
export type MoveId = (typeof MOVE_IDS)[number];

/** The families of the moves list, as the text groups them. */
export type MoveFamily = "arm" | "leg" | "misc" | "grapple" | "hold" | "weapon";

/** "Attack Modifications" (H2H-MOD-1). */
export const MODIFIERS = ["dash", "spin", "jump", "power"] as const;
export type ModifierId = (typeof MODIFIERS)[number];

/** "Various Defense Moves" (H2H-DEF-2 … H2H-DEF-4) and the simultaneous attack (H2H-TRM-12). */
export const DEFENSES = [
  "parry",
  "dodge",
  "powerParry",
  "comboParry",
  "comboDodge",
  "autoDisarm",
  "autoFlip",
  "autoHold",
  "simultaneous",
] as const;
export type DefenseId = (typeof DEFENSES)[number];

/** Step Six: the two damage reductions (H2H-DMG-2). */
export const REDUCTIONS = ["roll", "breakfall"] as const;
export type ReductionId = (typeof REDUCTIONS)[number];

/** What an action (half an attack, H2H-TRM-2) may be. */
export const ACTIONS = ["approach", "withdraw", "other"] as const;
export type ActionId = (typeof ACTIONS)[number];

/** A pull punch's aim (H2H-TRM-11): one point, ¼, ½, or (Martial Art) any number of points. */
export type PullPunch = "one" | "quarter" | "half" | { readonly points: number };

/** The combat bonuses a character brings, each a plain number the sheet sets. */
export interface H2hBonuses {
  readonly strike: number;
  readonly parry: number;
  readonly dodge: number;
  readonly roll: number;
  readonly breakfall: number;
  readonly disarm: number;
  readonly grapple: number;
  readonly initiative: number;
  /** The P.S. damage bonus added to every damage roll (H2H-DMG-1). */
  readonly damage: number;
  /** The P.P. bonus: what counts against AR, against a disarm, and to break a hold. */
  readonly pp: number;
  /** The P.E. bonus to the save vs knock-out (H2H-TRM-6). */
  readonly pe: number;
  /** Percentage points added to the save vs coma (H2H-TRM-4). */
  readonly coma: number;
}

/** A weapon in hand: what a disarm takes, and what `weaponStrike` deals. */
export interface H2hWeapon {
  readonly name: string;
  readonly damage: string;
}

/** A fighter's sheet: the numbers the text leaves to the character (docs/rules/h2h.md). */
export interface H2hFighter {
  readonly id: string;
  readonly name: string;
  /** Physical Prowess, Physical Strength, Physical Endurance. */
  readonly pp: number;
  readonly ps: number;
  readonly pe: number;
  readonly hitPoints: number;
  readonly attacksPerMelee: number;
  readonly bonuses: H2hBonuses;
  /** Armor Rating; 0 for none (H2H-TRM-1). */
  readonly ar: number;
  readonly arKind: "natural" | "regular";
  /** A Martial Art rather than a plain Hand to Hand (the pull punch, H2H-TRM-11). */
  readonly martialArt: boolean;
  /** Auto Parry and Auto Dodge keep the next initiative (H2H-DEF-2, H2H-DEF-3). */
  readonly autoParry: boolean;
  readonly autoDodge: boolean;
  /** The d20 a balance roll must reach after a Tackle ("14+ or their sense of balance skill"). */
  readonly balance: number;
  readonly weapon: H2hWeapon | null;
  /**
   * May announce a knock-out (H2H-TRM-6) or a death blow (H2H-TRM-4): an
   * ability of the character's training, not of every strike
   * (docs/rules/h2h.md, "Knock-out, death blow and coma").
   */
  readonly knockOut: boolean;
  readonly deathBlow: boolean;
}

/** How a fighter is out of the fight. */
export type H2hOut = "down" | "unconscious" | "coma" | "dead";
