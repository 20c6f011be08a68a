import {
  ABILITIES,
  ARMOR_KINDS,
  ATTACK_SKILLS,
  MANEUVERS,
  SKILLS,
  WEAPON_SIZES,
} from "../../../rules/lunos/types";

/**
 * Lunos's document types and the lang keys of what its sheets name and
 * offer to choose. Ids come from the rules core; only the words are here.
 */

export const LUNOS_ACTOR_TYPES = ["lunosCharacter", "lunosCreature"] as const;
export type LunosActorType = (typeof LUNOS_ACTOR_TYPES)[number];

export const LUNOS_ITEM_TYPES = ["lunosWeapon", "lunosArmor", "lunosManeuver"] as const;
export type LunosItemType = (typeof LUNOS_ITEM_TYPES)[number];

/** The combatant type a Lunos world's combatants get (its round's state comes with its table). */
export const LUNOS_COMBATANT_TYPE = "lunosCombatant";

export const ACTOR_TYPE_LABELS: Readonly<Record<LunosActorType, string>> = Object.freeze({
  lunosCharacter: "LUNOS.Type.Character",
  lunosCreature: "LUNOS.Type.Creature",
});

export const ITEM_TYPE_LABELS: Readonly<Record<LunosItemType, string>> = Object.freeze({
  lunosWeapon: "LUNOS.Type.Weapon",
  lunosArmor: "LUNOS.Type.Armor",
  lunosManeuver: "LUNOS.Type.Maneuver",
});

function keys<const T extends string>(ids: readonly T[], prefix: string): Readonly<Record<T, string>> {
  return Object.freeze(Object.fromEntries(ids.map((id) => [id, `${prefix}.${id}`])) as Record<T, string>);
}

export const ABILITY_LABELS = keys(ABILITIES, "LUNOS.Ability");
export const SKILL_LABELS = keys(SKILLS, "LUNOS.Skill");
export const WEAPON_SIZE_LABELS = keys(WEAPON_SIZES, "LUNOS.WeaponSize");
/** The skills a weapon attacks with, named as the sheet's skills are. */
export const ATTACK_SKILL_LABELS = keys(ATTACK_SKILLS, "LUNOS.Skill");
export const ARMOR_KIND_LABELS = keys(ARMOR_KINDS, "LUNOS.ArmorKind");
export const MANEUVER_LABELS = keys(MANEUVERS, "LUNOS.ManeuverName");
/** What a weapon deals (LUN-HLT-3, LUN-EQP-2); trauma is what passes a blow's third point, never a weapon's kind. */
export const WEAPON_DAMAGE_LABELS = Object.freeze({
  bruising: "LUNOS.Damage.bruising",
  wounding: "LUNOS.Damage.wounding",
});
