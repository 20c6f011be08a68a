/**
 * Words of the FANGS rules shared by every module of the FANGS core.
 * FANGS says "SP" for three things; here they never share a name:
 * `stunPoints` (a character's pool), `armorProtection` (armor SP) and
 * `itemSp` (a weapon's or shield's durability).
 */

export const CHARACTERISTIC_IDS = ["st", "ag", "co", "in", "pw", "sz", "ap"] as const;
export type CharacteristicId = (typeof CHARACTERISTIC_IDS)[number];
export type Characteristics = Readonly<Record<CharacteristicId, number>>;

/** Ordered from worst to best, so levels compare with `<`. */
export enum SuccessLevel {
  Fumble = 0,
  Failure = 1,
  Success = 2,
  Special = 3,
  Critical = 4,
}

/** A skill as FANGS builds it: the trades may only move `bought` points. */
export interface SkillValue {
  readonly natural: number;
  readonly bought: number;
  readonly total: number;
}

export interface CheckResult {
  /** The unmodified skill (Special, Critical and Fumble read this). */
  readonly skill: number;
  readonly modifiers: number;
  /** The first d20. */
  readonly natural: number;
  /** The second d20 rolled to confirm a Critical or a Fumble, if any. */
  readonly confirmation: number | null;
  /** natural + skill + modifiers, compared with 20. */
  readonly total: number;
  readonly success: boolean;
  readonly level: SuccessLevel;
}

/** A durability track: a weapon's or a shield's SP. */
export interface ItemSp {
  readonly value: number;
  readonly max: number;
}

/** Sound; nicked (below max); unusable for attack (below half); shattered (0). */
export type ItemCondition = "sound" | "nicked" | "unusableForAttack" | "shattered";

/** "missile" is a shot missile (bow, crossbow, firearm), "thrown" a thrown one (a knife, a javelin). */
export type WeaponKind = "melee" | "thrown" | "missile";

export interface WeaponProfile {
  readonly id: string;
  readonly name: string;
  /** Damage formula without the DM, e.g. "1d8+2". */
  readonly damage: string;
  /** A damage bonus or enchantment added to the damage rolled, never to the trade's base (NC-TAC-2); 0 when not given. */
  readonly damageBonus?: number;
  /** Bare hands, claws, a bite: a subdual blow with it spares Health (NC-SUB-4); false when not given. */
  readonly natural?: boolean;
  /** A shield bashing (NC-DEF-9): a blunt face, no blade to turn; false when not given. */
  readonly shield?: boolean;
  /** Null for natural weapons that have no SP (fists, claws). */
  readonly itemSp: ItemSp | null;
  readonly impales: boolean;
  readonly hands: 1 | 2;
  readonly kind: WeaponKind;
  readonly extendedReload: boolean;
  readonly autofire: boolean;
  /** A firearm's Recoil, read only by the recoil module (RHF-REC-1); 0 when not given. */
  readonly recoil?: number;
  /** Fired from a tripod: Strength ×2 against its recoil (RHF-REC-2); false when not given. */
  readonly tripod?: boolean;
}

/** Whatever blocks a parry: a weapon, a shield, a parrying dagger, a cape. */
export interface ParryItemProfile {
  readonly id: string;
  readonly name: string;
  readonly type: "weapon" | "shield";
  readonly itemSp: ItemSp;
  /** Damage it deals when a Critical parry strikes back (NC-DMG-19). */
  readonly damage: string;
  /**
   * A parrying weapon's enchantment (NC-TAC-2: "magic does add ... just as
   * it would normally"), added to its blow back as to any of its blows; a
   * whole number from 0, 0 when not given. A shield's bash has none.
   */
  readonly damageBonus?: number;
  /**
   * An empty hand parrying (NC-MAN-4: "It can even mean his bare hand, though
   * the hand will take damage"): it has no SP to block with, so the blow goes
   * through to the parrier, and it wears or breaks no item. `itemSp` is not
   * read; `damage` is the fist's ("0": the DM alone).
   */
  readonly bareHand?: boolean;
}

export type DefenseChoice =
  | "dodge"
  | "weaponParry"
  | "shieldParry"
  | "monsterParry"
  | "grappleParry"
  | "none";

export const MANEUVER_IDS = [
  "allOutAttack",
  "attack",
  "changeWeapon",
  "charge",
  "disengage",
  "dodgeMelee",
  "dodgeMissile",
  "drawWeapon",
  "engage",
  "move",
  "retreat",
  "run",
  "runAndDodge",
] as const;
export type ManeuverId = (typeof MANEUVER_IDS)[number];

export const PHASE_IDS = ["initiative", "missile", "melee", "postMelee"] as const;
export type PhaseId = (typeof PHASE_IDS)[number];

/* -------------------------------------------- */
/*  The exchange: who attacks whom              */
/* -------------------------------------------- */

/** A pool as the sheet stores it: Stun Points or Hit Points. */
export interface Pool {
  readonly value: number;
  readonly max: number;
}

/** What damage and its consequences read about a combatant. */
export interface CombatantState {
  readonly stunPoints: Pool;
  readonly hitPoints: Pool;
  /** The SP of the armor worn. */
  readonly armorProtection: number;
  /** Magical or force-field protection: stops damage like armor, even a Critical's (NC-DMG-14). */
  readonly magicalProtection?: number;
  readonly co: number;
  readonly sz: number;
  /** Already stunned: cannot be stunned again (CORE-CON-1). */
  readonly stunned: boolean;
}

/** How the blow is struck: with the business end, the flat of the blade (NC-SUB-2), or a grapple (NC-GRP). */
export type AttackMode = "strike" | "flatOfBlade" | "grapple";

export interface AttackerProfile {
  readonly id: string;
  readonly st: number;
  readonly damageModifier: number;
  /** Luck (= PW): rolled to suggest what a fumbled attack does (NC-DMG-21). Null: the GM picks unaided. */
  readonly luck?: number | null;
  /** The attacker's own state, when a Critical parry may strike back (NC-DMG-19). */
  readonly state?: CombatantState | null;
}

export interface AttackDeclaration {
  readonly attacker: AttackerProfile;
  readonly weapon: WeaponProfile;
  /** The attack skill; its total is the "unmodified skill" of Special, Critical and Fumble. */
  readonly skill: SkillValue;
  /** Situational modifiers and trades, already summed by the caller. */
  readonly modifiers: number;
  /** Added to the DM by trading skill for power (NC-TAC-1); validated by the trades module. */
  readonly extraDamageModifier: number;
  readonly mode: AttackMode;
  /** Club damage for a flat-of-the-blade blow; defaults to the one- or two-handed club of the options. */
  readonly flatOfBladeDamage?: string | null;
  /**
   * A subdual fight (NC-SUB-1): only Stun is tracked, but only for bare hands
   * and natural weapons; a weapon's business end still harms Health (NC-SUB-4).
   */
  readonly subdual: boolean;
  /** The shot's number in the attacker's round, 1 for the first (`shotNumber`; the recoil module); 1 when not given. */
  readonly shot?: number;
  /** The bonus the attacker's aiming earned for this shot (`rollAim`; the aiming module); 0 when not given. */
  readonly aimBonus?: number;
  /**
   * This attack is one target's roll of area fire (the bursts and area fire
   * module, RHF-AUT-2; `resolveAreaFire`): one roll, hits on `areaHits`.
   * Refused with the module off or a weapon without autofire.
   */
  readonly areaFire?: boolean;
}

export interface DefenderProfile extends CombatantState {
  readonly id: string;
  /** Added when a Special or Critical parry's item strikes back (NC-DMG-18, -19). */
  readonly damageModifier?: number;
}

export interface DefenseDeclaration {
  readonly defender: DefenderProfile;
  readonly choice: DefenseChoice;
  /** The defense skill (dodge, parry, monster parry, grapple); null for "none". */
  readonly skill: SkillValue | null;
  /** The parrying item (a monster's may be null: its body parries). */
  readonly item: ParryItemProfile | null;
  readonly modifiers: number;
  /** The defenses still open (from maneuvers and defenses used); a choice outside it is refused. */
  readonly allowed?: readonly DefenseChoice[];
}
