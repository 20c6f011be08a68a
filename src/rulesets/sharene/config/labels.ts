import { ACTION_KINDS, type ActionKind, STYLES, type Style } from "../../../rules/sharene/types";

/**
 * Sharene's document types and the lang keys of what its sheets offer to
 * choose. Ids come from the rules core; only the words are here.
 */

export const SHARENE_ACTOR_TYPES = ["shareneCharacter", "shareneCreature"] as const;
export type ShareneActorType = (typeof SHARENE_ACTOR_TYPES)[number];

export const SHARENE_ITEM_TYPES = ["shareneWeapon", "shareneArmor", "shareneStyle"] as const;
export type ShareneItemType = (typeof SHARENE_ITEM_TYPES)[number];

/** The combatant type a Sharene world's combatants get (its round's state comes with its table). */
export const SHARENE_COMBATANT_TYPE = "shareneCombatant";

export const ACTOR_TYPE_LABELS: Readonly<Record<ShareneActorType, string>> = Object.freeze({
  shareneCharacter: "SHARENE.Type.Character",
  shareneCreature: "SHARENE.Type.Creature",
});

export const ITEM_TYPE_LABELS: Readonly<Record<ShareneItemType, string>> = Object.freeze({
  shareneWeapon: "SHARENE.Type.Weapon",
  shareneArmor: "SHARENE.Type.Armor",
  shareneStyle: "SHARENE.Type.Style",
});

export const ACTION_KIND_LABELS: Readonly<Record<ActionKind, string>> = Object.freeze(
  Object.fromEntries(ACTION_KINDS.map((kind) => [kind, `SHARENE.ActionKind.${kind}`])) as Record<
    ActionKind,
    string
  >,
);

export const STYLE_LABELS: Readonly<Record<Style, string>> = Object.freeze(
  Object.fromEntries(STYLES.map((style) => [style, `SHARENE.Style.${style}`])) as Record<Style, string>,
);

/** The blows a player may state and a weapon may make its main one (SHA-BLW-1). */
export const MAIN_BLOW_LABELS = Object.freeze({
  slash: "SHARENE.Blow.slash",
  thrust: "SHARENE.Blow.thrust",
});

/** The arm that holds the weapon: the one whose wounds take it away (round-engine's weaponArmLost). */
export const WEAPON_ARM_LABELS = Object.freeze({
  rightArm: "SHARENE.Location.rightArm",
  leftArm: "SHARENE.Location.leftArm",
});

/** A location's name, by its id in SHARENE_HIT_LOCATIONS. */
export function locationLabel(location: string): string {
  return `SHARENE.Location.${location}`;
}
