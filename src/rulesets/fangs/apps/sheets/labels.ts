/**
 * Localisation keys the sheets pick at run time, written out in full so the
 * localisation test finds every one of them (no key is built from pieces).
 */
import type { CharacteristicId, ItemCondition, ManeuverId } from "../../../../rules/fangs/types";
import type { ItemType, WeaponSystemData } from "./context-types";

export const CHARACTERISTIC_LABELS: Readonly<Record<CharacteristicId, { name: string; abbr: string }>> = {
  st: { name: "FANGS.Actor.Characteristic.St.Name", abbr: "FANGS.Actor.Characteristic.St.Abbr" },
  ag: { name: "FANGS.Actor.Characteristic.Ag.Name", abbr: "FANGS.Actor.Characteristic.Ag.Abbr" },
  co: { name: "FANGS.Actor.Characteristic.Co.Name", abbr: "FANGS.Actor.Characteristic.Co.Abbr" },
  in: { name: "FANGS.Actor.Characteristic.In.Name", abbr: "FANGS.Actor.Characteristic.In.Abbr" },
  pw: { name: "FANGS.Actor.Characteristic.Pw.Name", abbr: "FANGS.Actor.Characteristic.Pw.Abbr" },
  sz: { name: "FANGS.Actor.Characteristic.Sz.Name", abbr: "FANGS.Actor.Characteristic.Sz.Abbr" },
  ap: { name: "FANGS.Actor.Characteristic.Ap.Name", abbr: "FANGS.Actor.Characteristic.Ap.Abbr" },
};

export const ATTRIBUTE_LABELS = {
  hitPoints: "FANGS.Actor.Attribute.HitPoints",
  stunPoints: "FANGS.Actor.Attribute.StunPoints",
  damageModifier: "FANGS.Actor.Attribute.DamageModifier",
  movement: "FANGS.Actor.Attribute.Movement",
  dodge: "FANGS.Actor.Attribute.Dodge",
  idea: "FANGS.Actor.Attribute.Idea",
  luck: "FANGS.Actor.Attribute.Luck",
  fatigue: "FANGS.Actor.Attribute.Fatigue",
  powerPoints: "FANGS.Actor.Attribute.PowerPoints",
  armorProtection: "FANGS.Actor.Attribute.ArmorProtection",
} as const;

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

export const ITEM_TYPE_LABELS: Readonly<Record<ItemType, string>> = {
  weapon: "FANGS.Item.Type.Weapon",
  shield: "FANGS.Item.Type.Shield",
  armor: "FANGS.Item.Type.Armor",
  skill: "FANGS.Item.Type.Skill",
  advantage: "FANGS.Item.Type.Advantage",
  maneuver: "FANGS.Item.Type.Maneuver",
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

export const TAB_LABELS = {
  main: "FANGS.Sheet.Tab.Main",
  skills: "FANGS.Sheet.Tab.Skills",
  combat: "FANGS.Sheet.Tab.Combat",
  features: "FANGS.Sheet.Tab.Features",
  effects: "FANGS.Sheet.Tab.Effects",
  biography: "FANGS.Sheet.Tab.Biography",
  details: "FANGS.Sheet.Tab.Details",
  description: "FANGS.Sheet.Tab.Description",
} as const;

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
