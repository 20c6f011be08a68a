import type { LunosActorType, LunosItemType } from "../../config/labels";
import {
  type LunosArmorSystem,
  type LunosFighterSystem,
  type LunosManeuverSystem,
  type LunosWeaponSystem,
  lunosArmor,
  lunosFighter,
  lunosManeuver,
  lunosWeapon,
} from "../../data/views";

/**
 * What a Lunos sheet reads of its document, as plain data read through
 * the typed views (never a string path): the context builders
 * (./actor-context.ts, ./item-context.ts) take this, so the tests and the
 * preview build the same context from data without Foundry.
 */

export type LunosItemData =
  | { id: string; name: string; img: string; type: "lunosWeapon"; system: LunosWeaponSystem }
  | { id: string; name: string; img: string; type: "lunosArmor"; system: LunosArmorSystem }
  | { id: string; name: string; img: string; type: "lunosManeuver"; system: LunosManeuverSystem };

export interface LunosActorData {
  id: string;
  name: string;
  img: string;
  type: LunosActorType;
  system: LunosFighterSystem;
  /** Its Lunos items; another ruleset's are not shown. */
  items: LunosItemData[];
}

/** The item's data, or null for an item of another type. */
export function lunosItemData(item: Item.Implementation): LunosItemData | null {
  const base = { id: item.id ?? "", name: item.name, img: item.img ?? "" };
  const weapon = lunosWeapon(item);
  if (weapon) return { ...base, type: "lunosWeapon", system: weapon };
  const armor = lunosArmor(item);
  if (armor) return { ...base, type: "lunosArmor", system: armor };
  const maneuver = lunosManeuver(item);
  if (maneuver) return { ...base, type: "lunosManeuver", system: maneuver };
  return null;
}

/** The actor's data, or null for an actor of another ruleset. */
export function lunosActorData(actor: Actor.Implementation): LunosActorData | null {
  const system = lunosFighter(actor);
  if (!system) return null;
  return {
    id: actor.id ?? "",
    name: actor.name,
    img: actor.img ?? "",
    type: actor.type as LunosActorType,
    system,
    items: [...actor.items].flatMap((item) => lunosItemData(item) ?? []),
  };
}

export type { LunosItemType };
