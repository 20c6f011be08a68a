import type { DiceSource } from "../kernel/dice";
import { RulesError, requireInteger } from "../kernel/errors";
import { takesDamageModifier, weaponDamageBonus } from "./blows";
import { type BurstRoll, burstCheck, firesBurst, rollBurst } from "./bursts";
import { itemCondition } from "./character";
import { resolveCheck, rollCriticalConfirmation } from "./check";
import type { FangsOptions } from "./config";
import { checkDefenseFitsAttack, validateDefense } from "./defenses";
import { aimModifier, recoilModifier } from "./firearms";
import { damageFormula } from "./formulas";
import { type FumbleLuck, rollFumbleLuck } from "./fumble";
import {
  type AttackDeclaration,
  type AttackMode,
  type CheckResult,
  type DefenseChoice,
  type DefenseDeclaration,
  SuccessLevel,
  type WeaponKind,
} from "./types";

/**
 * The first three steps of an exchange: the attack roll, the defense roll
 * and the outcome they make together (NC-DMG-4, -15 … -23, NC-DEF-8). Each
 * step returns plain data a chat card can store and the next step reads.
 */

/* -------------------------------------------- */
/*  Attack and defense rolls                    */
/* -------------------------------------------- */

export interface AttackRoll {
  readonly attackerId: string;
  readonly weaponId: string;
  readonly mode: AttackMode;
  readonly weaponKind: WeaponKind;
  readonly impales: boolean;
  /** The attacker's Luck for a fumble's Luck roll; null when unknown. */
  readonly luck: number | null;
  readonly check: CheckResult;
  /** The recoil module's penalty, in the check's modifiers (RHF-REC-1); absent when none. */
  readonly recoil?: number;
  /** The aiming module's bonus, in the check's modifiers (RHF-AIM-1); absent when none. */
  readonly aim?: number;
  /**
   * The bursts and area fire module's rolls (RHF-AUT-1, -2): a burst's rolls,
   * or area fire's one roll at this target; `check` is the best of them.
   * Absent when the module did not roll this attack.
   */
  readonly burst?: readonly BurstRoll[];
  /** This roll is area fire's at one target (RHF-AUT-2). */
  readonly area?: boolean;
}

export interface DefenseRoll {
  readonly defenderId: string;
  readonly choice: DefenseChoice;
  readonly itemId: string | null;
  readonly itemType: "weapon" | "shield" | null;
  /** The parry was made with a bare hand (NC-MAN-4): nothing to block with, nothing to break. */
  readonly bareHand?: boolean;
  /** Null when the defender does not defend ("none"). */
  readonly check: CheckResult | null;
}

/**
 * NC-DEF-2: "If the attacker succeeds in his attack roll, the target has the
 * opportunity to defend." A defense is chosen, rolled and spent only against
 * an attack that succeeded: a missed or fumbled attack uses up no parry or
 * dodge of the round and takes no maneuver away (NC-MAN-2's dodge instead).
 * The exchange card asks for a defense only then, and the simulator counts
 * one only then.
 */
export function defenseFollows(attack: Pick<AttackRoll, "check">): boolean {
  return attack.check.success;
}

/**
 * Rolls the attack (dice: one d20, and one more when it may be a Special or
 * a Fumble). A weapon under half its SP cannot attack (NC-DMG-7), a
 * shattered one not at all (NC-DMG-8); natural weapons have no SP.
 */
export function rollAttack(attack: AttackDeclaration, dice: DiceSource, options?: FangsOptions): AttackRoll {
  const weapon = attack?.weapon;
  if (!weapon || typeof weapon.id !== "string") {
    throw new RulesError("invalid-value", "an attack needs a weapon", { what: "weapon" });
  }
  if (weapon.itemSp !== null) {
    const condition = itemCondition(weapon.itemSp);
    if (condition === "shattered") {
      throw new RulesError("item-shattered", `${weapon.name} is shattered and cannot attack`, {
        itemId: weapon.id,
      });
    }
    if (condition === "unusableForAttack") {
      throw new RulesError("item-unusable", `${weapon.name} is below half its SP and cannot attack`, {
        itemId: weapon.id,
      });
    }
  }
  if (weapon.kind !== "melee" && weapon.kind !== "thrown" && weapon.kind !== "missile") {
    throw new RulesError("invalid-value", `${weapon.name}'s kind must be melee, thrown or missile`, {
      what: "weapon kind",
      value: weapon.kind,
    });
  }
  // Parsed (and cached) now: a malformed formula is refused before a die is rolled, not at the damage step.
  damageFormula(weapon.damage);
  weaponDamageBonus(weapon);
  if (attack.mode !== "strike" && attack.mode !== "flatOfBlade" && attack.mode !== "grapple") {
    throw new RulesError("invalid-value", `unknown attack mode ${String(attack.mode)}`, { what: "mode" });
  }
  if (attack.mode === "flatOfBlade" && attack.flatOfBladeDamage != null)
    damageFormula(attack.flatOfBladeDamage);
  // Whole numbers are tested inline on this hot path; requireInteger words the refusal.
  const extra = attack.extraDamageModifier;
  if (!(Number.isInteger(extra) && extra >= 0)) requireInteger(extra, "extra damage modifier", 0);
  // CORE-CHR-8, NC-TAC-1: a shot missile takes no DM, so attack points traded for power would buy nothing.
  if (extra > 0 && !takesDamageModifier(weapon.kind)) {
    throw new RulesError("invalid-trade", `${weapon.name} is shot: no points can go to its damage`, {
      what: "extra damage modifier",
      value: extra,
    });
  }
  const attacker = attack.attacker;
  if (!attacker || typeof attacker.id !== "string") {
    throw new RulesError("invalid-value", "an attack needs an attacker with an id", { what: "attacker" });
  }
  const dm = attacker.damageModifier;
  if (!(Number.isInteger(dm) && dm >= 0)) requireInteger(dm, "damage modifier", 0);
  // attacker.state is read only by a Critical parry's blow, which validates it there (NC-DMG-19).
  const luck = attacker.luck ?? null;
  if (luck !== null && !(Number.isInteger(luck) && luck >= 0)) requireInteger(luck, "Luck", 0);
  // The optional firearms modules are asked only with the rules: without them FANGS is as written.
  // Only a weapon with a Recoil or an aimed shot asks them, so every other attack pays nothing for them.
  let recoil = 0;
  let aim = 0;
  if (options !== undefined && (weapon.recoil !== undefined || attack.aimBonus !== undefined)) {
    recoil = recoilModifier(attack, options);
    aim = aimModifier(attack, options);
  }
  const modifiers =
    recoil === 0 && aim === 0
      ? attack.modifiers
      : requireInteger(attack.modifiers, "modifiers") + recoil + aim;
  // The bursts and area fire module (RHF-AUT-1, -2) rolls an autofire attack its own way.
  const burst =
    (weapon.autofire && options !== undefined) || attack.areaFire !== undefined
      ? firesBurst(attack, options)
        ? rollBurst(
            requireInteger(attack.skill?.total, "skill"),
            requireInteger(modifiers, "modifiers"),
            attack.areaFire === true,
            dice,
            options,
          )
        : null
      : null;
  const check = burst ? burstCheck(burst) : resolveCheck({ skill: attack.skill?.total, modifiers }, dice);
  const roll: AttackRoll = {
    attackerId: attack.attacker.id,
    weaponId: weapon.id,
    mode: attack.mode,
    weaponKind: weapon.kind,
    impales: weapon.impales,
    luck,
    check,
  };
  if (recoil === 0 && aim === 0 && burst === null) return roll;
  return {
    ...roll,
    ...(recoil !== 0 ? { recoil } : {}),
    ...(aim !== 0 ? { aim } : {}),
    ...(burst ? { burst, ...(attack.areaFire === true ? { area: true } : {}) } : {}),
  };
}

/** Rolls the defense (dice as a check; none for "none") after `validateDefense`. */
export function rollDefense(defense: DefenseDeclaration, dice: DiceSource): DefenseRoll {
  validateDefense(defense);
  return rollValidatedDefense(defense, dice);
}

/** The roll itself, for callers that have just validated the declaration (the exchange, once). */
export function rollValidatedDefense(defense: DefenseDeclaration, dice: DiceSource): DefenseRoll {
  const choice = defense.choice;
  const id = defense.defender.id;
  if (choice === "none") return { defenderId: id, choice, itemId: null, itemType: null, check: null };
  const check = resolveCheck({ skill: defense.skill!.total, modifiers: defense.modifiers }, dice);
  const item = choice === "dodge" ? null : defense.item;
  if (item?.bareHand === true)
    return { defenderId: id, choice, itemId: item.id, itemType: item.type, bareHand: true, check };
  return { defenderId: id, choice, itemId: item ? item.id : null, itemType: item ? item.type : null, check };
}

/* -------------------------------------------- */
/*  The outcome matrix                          */
/* -------------------------------------------- */

export const OutcomeKind = {
  /** NC-DMG-21: the GM decides what the fumble does. */
  AttackFumbled: "attackFumbled",
  /** The attack roll failed. */
  Missed: "missed",
  /** NC-DMG-4, -16: no damage. */
  Dodged: "dodged",
  /** NC-DMG-1 … -3, -15: normal rolled damage. */
  Hit: "hit",
  /** NC-DMG-10, -11, -14, -22: Special (or Critical) damage. */
  SpecialHit: "specialHit",
  /** NC-DMG-23: maximum damage to Stun and HP, no armor. */
  FumbledDefenseHit: "fumbledDefenseHit",
  /** NC-DMG-5, -6, -9, -20: a normal parry of normal damage. */
  Parried: "parried",
  /** NC-DMG-17: a parry of a Special or Critical attack. */
  ParriedSpecial: "parriedSpecial",
  /** NC-DMG-18: no damage; the attacking weapon is damaged. */
  SpecialParry: "specialParry",
  /** NC-DMG-19: no damage; the parrying item strikes the attacker. */
  CriticalParry: "criticalParry",
  /** A grapple that got through (NC-GRP). */
  Grappled: "grappled",
} as const;
export type OutcomeKind = (typeof OutcomeKind)[keyof typeof OutcomeKind];

export interface ExchangeOutcome {
  readonly kind: OutcomeKind;
  /** The attack's level as damage reads it (after a fumbled defense's upgrade, NC-DMG-22). */
  readonly attackLevel: SuccessLevel;
  readonly defenseChoice: DefenseChoice;
  /** Null when there was no defense roll. */
  readonly defenseLevel: SuccessLevel | null;
  /** The Critical confirmation rolled after a fumbled defense made the attack a Special (NC-DMG-22). */
  readonly upgradeConfirmation: number | null;
  /** NC-DMG-23 with a dodge: the defender falls. */
  readonly prone: boolean;
  /** NC-DMG-23 with a parry: the parrying item breaks. */
  readonly parryItemBroken: boolean;
  /** NC-DMG-21: the Luck roll that suggests what the fumble does (null: no Luck known, or no fumble). */
  readonly fumble: FumbleLuck | null;
  /** The clauses that decided this cell of the matrix, for the chat card. */
  readonly clauses: readonly string[];
}

/**
 * A blow that lands with no defense roll behind it (one hit of an autofire
 * burst, a fumble turned on someone): a plain success, none of the
 * matrix's extras. `clauses` names the rule that dealt it.
 */
export function plainBlow(
  kind: OutcomeKind,
  defenseChoice: DefenseChoice,
  clauses: readonly string[],
): ExchangeOutcome {
  return {
    kind,
    attackLevel: SuccessLevel.Success,
    defenseChoice,
    defenseLevel: null,
    upgradeConfirmation: null,
    prone: false,
    parryItemBroken: false,
    fumble: null,
    clauses,
  };
}

const NONE: readonly string[] = Object.freeze([]);
function clauses(...ids: string[]): readonly string[] {
  return Object.freeze(ids);
}
const C = {
  fumble: clauses("NC-DMG-21"),
  miss: NONE,
  dodged: clauses("NC-DMG-4"),
  dodgedSpecial: clauses("NC-DMG-16"),
  hit: clauses("NC-DMG-1", "NC-DMG-2", "NC-DMG-3"),
  hitSpecialVsDodge: clauses("NC-DMG-15"),
  specialHit: clauses("NC-DMG-10", "NC-DMG-11", "NC-DMG-14"),
  upgraded: clauses("NC-DMG-22"),
  fumbledDefense: clauses("NC-DMG-23"),
  parried: clauses("NC-DMG-5", "NC-DMG-6", "NC-DMG-9"),
  parriedSpecial: clauses("NC-DMG-17"),
  specialVsSpecialParry: clauses("NC-DMG-20"),
  specialParry: clauses("NC-DMG-18"),
  criticalParry: clauses("NC-DMG-19"),
  monster: clauses("NC-DEF-8"),
  grapple: clauses("NC-GRP-1"),
};

function outcome(
  kind: OutcomeKind,
  attackLevel: SuccessLevel,
  defense: DefenseRoll | null,
  ids: readonly string[],
  extra?: Partial<Pick<ExchangeOutcome, "upgradeConfirmation" | "prone" | "parryItemBroken" | "fumble">>,
): ExchangeOutcome {
  return {
    kind,
    attackLevel,
    defenseChoice: defense?.choice ?? "none",
    defenseLevel: defense?.check?.level ?? null,
    upgradeConfirmation: extra?.upgradeConfirmation ?? null,
    prone: extra?.prone ?? false,
    parryItemBroken: extra?.parryItemBroken ?? false,
    fumble: extra?.fumble ?? null,
    clauses: ids,
  };
}

/**
 * Reads the matrix. Dice: a Luck d20 (and its confirmation) after a fumbled
 * attack when the Luck is known; a Critical confirmation d20 after a fumbled
 * defense against a normal success (NC-DMG-22); nothing otherwise.
 */
export function decideOutcome(
  attack: AttackRoll,
  defense: DefenseRoll | null,
  dice: DiceSource,
  options?: FangsOptions,
): ExchangeOutcome {
  const level = attack.check.level;
  if (level === SuccessLevel.Fumble) {
    const fumble = attack.luck === null ? null : rollFumbleLuck(attack.luck, dice, options);
    return outcome(OutcomeKind.AttackFumbled, level, null, C.fumble, { fumble });
  }
  if (level === SuccessLevel.Failure) return outcome(OutcomeKind.Missed, level, null, C.miss);

  const choice = defense?.choice ?? "none";
  checkDefenseFitsAttack(attack.mode, attack.weaponKind, choice);
  const d = defense?.check?.level ?? null;
  const grapple = attack.mode === "grapple";
  const special = level >= SuccessLevel.Special;

  // No defense (none allowed, none chosen) or a failed one: the blow lands as rolled.
  if (d === null || d === SuccessLevel.Failure) {
    if (grapple) return outcome(OutcomeKind.Grappled, level, defense, C.grapple);
    return special
      ? outcome(OutcomeKind.SpecialHit, level, defense, C.specialHit)
      : outcome(OutcomeKind.Hit, level, defense, C.hit);
  }

  const dodge = choice === "dodge";
  if (d === SuccessLevel.Fumble) {
    if (special) {
      // A monster's body (NC-DEF-8) and a bare hand (NC-MAN-4) are not items that break.
      const broken = choice !== "monsterParry" && defense?.itemId != null && defense.bareHand !== true;
      const extra = { prone: dodge, parryItemBroken: broken };
      if (grapple) return outcome(OutcomeKind.Grappled, level, defense, C.fumbledDefense, extra);
      return outcome(OutcomeKind.FumbledDefenseHit, level, defense, C.fumbledDefense, extra);
    }
    // A grapple does no damage: there is nothing for a Critical to improve.
    if (grapple) return outcome(OutcomeKind.Grappled, level, defense, C.grapple);
    const { confirmation, critical } = rollCriticalConfirmation(
      attack.check.skill,
      attack.check.natural,
      dice,
    );
    return outcome(
      OutcomeKind.SpecialHit,
      critical ? SuccessLevel.Critical : SuccessLevel.Special,
      defense,
      C.upgraded,
      { upgradeConfirmation: confirmation },
    );
  }

  // The defense succeeded (Success, Special or Critical).
  if (dodge) {
    if (special && d === SuccessLevel.Success) {
      if (grapple) return outcome(OutcomeKind.Grappled, level, defense, C.hitSpecialVsDodge);
      return outcome(OutcomeKind.Hit, SuccessLevel.Success, defense, C.hitSpecialVsDodge);
    }
    return outcome(OutcomeKind.Dodged, level, defense, special ? C.dodgedSpecial : C.dodged);
  }

  // A parry. A grapple parried is simply stopped: no weapon on either side to damage.
  if (grapple) return outcome(OutcomeKind.Parried, level, defense, C.grapple);
  const monster = choice === "monsterParry";
  const withMonster = (ids: readonly string[]) => (monster ? clauses(...ids, ...C.monster) : ids);
  if (special) {
    if (d === SuccessLevel.Success)
      return outcome(OutcomeKind.ParriedSpecial, level, defense, withMonster(C.parriedSpecial));
    // NC-DMG-20 is the specific rule for both Special and Critical attacks against Special
    // and Critical parries; it wins over NC-DMG-19's "non-Critical" wording.
    return outcome(OutcomeKind.Parried, SuccessLevel.Success, defense, withMonster(C.specialVsSpecialParry));
  }
  if (d === SuccessLevel.Special)
    return outcome(OutcomeKind.SpecialParry, level, defense, withMonster(C.specialParry));
  if (d === SuccessLevel.Critical)
    return outcome(OutcomeKind.CriticalParry, level, defense, withMonster(C.criticalParry));
  return outcome(OutcomeKind.Parried, level, defense, withMonster(C.parried));
}
