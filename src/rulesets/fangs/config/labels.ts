import { ICON_PATH } from "../../../config/system";
import { MANEUVER_IDS, type ManeuverId } from "../../../rules/fangs/types";

/**
 * FANGS's ids as frozen data: its actor and item types, the choices its
 * sheets offer with their labels (lang keys), and its maneuvers' names and
 * icons. Rules figures are not here: they live in the rules core
 * (FANGS_DEFAULTS) and the world settings. FANGS's entry of CONFIG.FANGS
 * (fangs-config.ts) is a copy of part of this that modules may change.
 */

export const ACTOR_TYPES = ["character", "creature"] as const;
export type FangsActorType = (typeof ACTOR_TYPES)[number];

export const ITEM_TYPES = ["weapon", "shield", "armor", "skill", "advantage", "maneuver"] as const;
export type FangsItemType = (typeof ITEM_TYPES)[number];

export const WEAPON_HANDS = ["one", "two", "either"] as const;
export type WeaponHands = (typeof WEAPON_HANDS)[number];

export const WEAPON_KINDS = ["melee", "thrown", "missile"] as const;

export const SKILL_CATEGORIES = ["combat", "general"] as const;
export type SkillCategory = (typeof SKILL_CATEGORIES)[number];

/** Advantages the rules name; any other key is allowed and only shown. */
export const KNOWN_ADVANTAGES = ["twoWeapon", "ambidextrous"] as const;

function capitalise(id: string): string {
  return id.charAt(0).toUpperCase() + id.slice(1);
}

function labels<const T extends readonly string[]>(
  ids: T,
  prefix: string,
): Readonly<Record<T[number], string>> {
  return Object.freeze(Object.fromEntries(ids.map((id) => [id, `${prefix}.${capitalise(id)}`]))) as Readonly<
    Record<T[number], string>
  >;
}

export function maneuverIcon(id: ManeuverId): string {
  return `${ICON_PATH}/maneuver/${id}.svg`;
}

export interface ManeuverDisplay {
  readonly id: ManeuverId;
  /** Lang key of the maneuver's name. */
  readonly label: string;
  readonly icon: string;
}

/**
 * Everything a sheet or the combat tracker shows about a choice, by id.
 * Labels are lang keys; localise them where they are shown.
 */
export const FANGS = Object.freeze({
  actorTypes: labels(ACTOR_TYPES, "FANGS.Actor.Type"),
  itemTypes: labels(ITEM_TYPES, "FANGS.Item.Type"),
  weaponHands: labels(WEAPON_HANDS, "FANGS.Item.Weapon.Hands"),
  weaponKinds: labels(WEAPON_KINDS, "FANGS.Item.Weapon.Kind"),
  skillCategories: labels(SKILL_CATEGORIES, "FANGS.Item.Skill.Category"),
  advantages: labels(KNOWN_ADVANTAGES, "FANGS.Item.Advantage.Known"),
  /** The maneuver registry the sheets and the combat helper read names and icons from. */
  maneuvers: Object.freeze(
    Object.fromEntries(
      MANEUVER_IDS.map((id) => [
        id,
        Object.freeze({ id, label: `FANGS.Maneuver.${capitalise(id)}.Name`, icon: maneuverIcon(id) }),
      ]),
    ),
  ) as Readonly<Record<ManeuverId, ManeuverDisplay>>,
});
