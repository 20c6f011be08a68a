/**
 * Localisation keys the sheets' view picks at run time, written out in full
 * so the localisation test finds every one of them (no key is built from
 * pieces). Only the context builders read these, so they load with them in
 * FANGS's heavy part; the names a check, a new item or a tab needs before
 * any sheet renders are in ./start-labels.ts.
 */
import type { ItemCondition, ManeuverId } from "../../../../rules/fangs/types";
import type { WeaponSystemData } from "./context-types";

export interface ConditionLabel {
  readonly label: string;
  readonly hint: string;
  /** Font Awesome glyph: the badge never relies on its colour alone. */
  readonly icon: string;
}

export const CONDITION_LABELS: Readonly<Record<ItemCondition, ConditionLabel>> = {
  sound: {
    label: "FANGS.Item.Condition.Sound",
    hint: "FANGS.Item.Condition.SoundHint",
    icon: "fa-solid fa-circle-check",
  },
  nicked: {
    label: "FANGS.Item.Condition.Nicked",
    hint: "FANGS.Item.Condition.NickedHint",
    icon: "fa-solid fa-circle-minus",
  },
  unusableForAttack: {
    label: "FANGS.Item.Condition.UnusableForAttack",
    hint: "FANGS.Item.Condition.UnusableForAttackHint",
    icon: "fa-solid fa-triangle-exclamation",
  },
  shattered: {
    label: "FANGS.Item.Condition.Shattered",
    hint: "FANGS.Item.Condition.ShatteredHint",
    icon: "fa-solid fa-heart-crack",
  },
};

export const HANDS_LABELS: Readonly<Record<WeaponSystemData["hands"], string>> = {
  one: "FANGS.Item.Weapon.Hands.One",
  two: "FANGS.Item.Weapon.Hands.Two",
  either: "FANGS.Item.Weapon.Hands.Either",
};

export const WEAPON_KIND_LABELS: Readonly<Record<WeaponSystemData["kind"], string>> = {
  melee: "FANGS.Item.Weapon.Kind.Melee",
  thrown: "FANGS.Item.Weapon.Kind.Thrown",
  missile: "FANGS.Item.Weapon.Kind.Missile",
};

export const SKILL_CATEGORY_LABELS: Readonly<Record<"combat" | "general", string>> = {
  combat: "FANGS.Item.Skill.Category.Combat",
  general: "FANGS.Item.Skill.Category.General",
};

/** The sheet's own names for the maneuvers (the maneuver item's picker). */
export const MANEUVER_LABELS: Readonly<Record<ManeuverId, string>> = {
  allOutAttack: "FANGS.Item.Maneuver.Choice.AllOutAttack",
  attack: "FANGS.Item.Maneuver.Choice.Attack",
  changeWeapon: "FANGS.Item.Maneuver.Choice.ChangeWeapon",
  charge: "FANGS.Item.Maneuver.Choice.Charge",
  disengage: "FANGS.Item.Maneuver.Choice.Disengage",
  dodgeMelee: "FANGS.Item.Maneuver.Choice.DodgeMelee",
  dodgeMissile: "FANGS.Item.Maneuver.Choice.DodgeMissile",
  drawWeapon: "FANGS.Item.Maneuver.Choice.DrawWeapon",
  engage: "FANGS.Item.Maneuver.Choice.Engage",
  move: "FANGS.Item.Maneuver.Choice.Move",
  retreat: "FANGS.Item.Maneuver.Choice.Retreat",
  run: "FANGS.Item.Maneuver.Choice.Run",
  runAndDodge: "FANGS.Item.Maneuver.Choice.RunAndDodge",
};

/**
 * Why a weapon's Attack button is disabled, by the item condition that
 * forbids attacking: the rules core's own refusal words (canAttackNow).
 */
export const ATTACK_BLOCKED_LABELS: Readonly<Partial<Record<ItemCondition, string>>> = {
  unusableForAttack: "FANGS.Rules.Attack.Refusal.WeaponUnderHalf",
  shattered: "FANGS.Rules.Attack.Refusal.WeaponShattered",
};

/** The movement a declared maneuver allows, by its fraction of MV. */
export const MOVE_FRACTION_LABELS = {
  quarter: "FANGS.Combat.Move.Quarter",
  half: "FANGS.Combat.Move.Half",
  full: "FANGS.Combat.Move.Full",
} as const;
