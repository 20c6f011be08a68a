import type { LunosRules } from "../../../../rules/lunos/config";
import { armorDice, armorProtection } from "../../../../rules/lunos/equipment";
import { GRAPPLE_MANEUVERS, UNDECLARABLE } from "../../../../rules/lunos/maneuvers";
import { RANGED_SKILLS } from "../../../../rules/lunos/types";
import {
  ARMOR_KIND_LABELS,
  ATTACK_SKILL_LABELS,
  ITEM_TYPE_LABELS,
  MANEUVER_LABELS,
  WEAPON_DAMAGE_LABELS,
  WEAPON_SIZE_LABELS,
} from "../../config/labels";
import type { LunosItemData } from "./sheet-data";

/**
 * An item sheet's context from plain data: the weapon's fields with its
 * damage rating and reach or range under the world's rules; the armor's
 * with what it adds against each kind of damage and the dice it costs;
 * the maneuver's cost and limit under the world's rules. Pure; in
 * Lunos's heavy part.
 */

export interface LunosItemSheetOptions {
  readonly editable: boolean;
  readonly idPrefix: string;
  readonly enrichedDescription?: string;
  /** The world's rules: the weapons table, armor figures, maneuver costs. */
  readonly rules: LunosRules;
  readonly labels?: {
    weaponSizes?: Readonly<Record<string, string>>;
    maneuvers?: Readonly<Record<string, string>>;
  };
}

const withDefaults = (
  defaults: Readonly<Record<string, string>>,
  given: Readonly<Record<string, string>> | undefined,
) => Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, given?.[k] || v]));

function weaponContext(
  item: Extract<LunosItemData, { type: "lunosWeapon" }>,
  options: LunosItemSheetOptions,
) {
  const { system } = item;
  const { rules } = options;
  const id = (name: string) => `${options.idPrefix}-${name}`;
  const row = rules.weaponSizes[system.size];
  const ranged = RANGED_SKILLS.includes(system.skill);
  let reach: { key: string; data: Record<string, number> };
  if (ranged && row.range !== null)
    reach = {
      key: "LUNOS.Weapon.RangeFeet",
      data: {
        feet: row.range * rules.rangeMultiplier[system.skill] * rules.feetPerMetre,
        steps: rules.rangeIncrements,
      },
    };
  else if (ranged) reach = { key: "LUNOS.Weapon.NotRanged", data: {} };
  else if (system.size === "polearm")
    reach = {
      key: "LUNOS.Weapon.ReachPolearm",
      data: { feet: rules.polearmReachSpaces * rules.feetPerSpace, dice: rules.polearmAdjacentDice },
    };
  else reach = { key: "LUNOS.Weapon.ReachMelee", data: { feet: rules.feetPerSpace } };
  const heavy = system.size === "large" || system.size === "polearm";
  return {
    size: {
      value: system.size,
      choices: withDefaults(WEAPON_SIZE_LABELS, options.labels?.weaponSizes),
      inputId: id("size"),
    },
    skill: { value: system.skill, choices: ATTACK_SKILL_LABELS, inputId: id("skill") },
    damageType: { value: system.damageType, choices: WEAPON_DAMAGE_LABELS, inputId: id("damageType") },
    quality: { value: system.quality, inputId: id("quality") },
    equipped: { checked: system.equipped, inputId: id("equipped") },
    /** LUN-EQP-3: its size's damage and its own rating, added to Body for damage dealt. */
    damage: row.damage + system.quality,
    reach,
    heavy: heavy ? { body: rules.heavyWeaponMinBody, dice: rules.heavyWeaponDice } : null,
  };
}

function armorContext(item: Extract<LunosItemData, { type: "lunosArmor" }>, options: LunosItemSheetOptions) {
  const { system } = item;
  const { rules } = options;
  const id = (name: string) => `${options.idPrefix}-${name}`;
  const armor = {
    name: item.name,
    rating: system.rating,
    kind: system.kind,
    magical: system.magical,
    partial: system.partial,
  };
  return {
    rating: { value: system.rating, inputId: id("rating") },
    kind: { value: system.kind, choices: ARMOR_KIND_LABELS, inputId: id("kind") },
    magical: { checked: system.magical, inputId: id("magical") },
    partial: { checked: system.partial, inputId: id("partial") },
    equipped: { checked: system.equipped, inputId: id("equipped") },
    /** LUN-EQP-1: what it adds to Body against each kind, and the dice it takes off Agility's pools. */
    against: (["bruising", "wounding"] as const).map((kind) => ({
      kind,
      label: `LUNOS.Damage.${kind}`,
      points: armorProtection(armor, kind, false, rules),
    })),
    agilityDice: armorDice(armor, "agility", rules),
  };
}

function maneuverContext(
  item: Extract<LunosItemData, { type: "lunosManeuver" }>,
  options: LunosItemSheetOptions,
) {
  const { maneuver } = item.system;
  const { rules } = options;
  const limit = rules.maneuverLimits[maneuver];
  return {
    maneuver: {
      value: maneuver,
      choices: withDefaults(MANEUVER_LABELS, options.labels?.maneuvers),
      inputId: `${options.idPrefix}-maneuver`,
    },
    /** LUN-MNV-1: extra successes it costs; the text's "as often as paid" shown as no limit. */
    cost: rules.maneuverCosts[maneuver],
    limit: limit >= 99 ? null : limit,
    declarable: !UNDECLARABLE.includes(maneuver),
    grappleOnly: GRAPPLE_MANEUVERS.includes(maneuver),
  };
}

export function lunosItemSheetContext(item: LunosItemData, options: LunosItemSheetOptions) {
  const id = (name: string) => `${options.idPrefix}-${name}`;
  const base = {
    item: { id: item.id, name: item.name, img: item.img },
    type: item.type,
    typeLabel: ITEM_TYPE_LABELS[item.type],
    editable: options.editable,
    disabledAttr: options.editable ? "" : "disabled",
    ids: { name: id("name"), description: id("description") },
    description: {
      value: item.system.description,
      enriched: options.enrichedDescription ?? item.system.description,
    },
  };
  if (item.type === "lunosWeapon") return { ...base, weapon: weaponContext(item, options) };
  if (item.type === "lunosArmor") return { ...base, armor: armorContext(item, options) };
  return { ...base, maneuver: maneuverContext(item, options) };
}
export type LunosItemSheetContext = ReturnType<typeof lunosItemSheetContext>;
