import type { ShareneActorType, ShareneItemType } from "../../config/labels";
import {
  type ShareneArmorSystem,
  type ShareneFighterSystem,
  type ShareneStyleSystem,
  type ShareneWeaponSystem,
  shareneArmor,
  shareneFighter,
  shareneStyle,
  shareneWeapon,
} from "../../data/views";

/**
 * What a Sharene sheet reads of its document, as plain data read through
 * the typed views (never a string path): the context builders
 * (./actor-context.ts, ./item-context.ts) take this, so the tests and the
 * preview build the same context from data without Foundry.
 */

export type ShareneItemData =
  | { id: string; name: string; img: string; type: "shareneWeapon"; system: ShareneWeaponSystem }
  | { id: string; name: string; img: string; type: "shareneArmor"; system: ShareneArmorSystem }
  | { id: string; name: string; img: string; type: "shareneStyle"; system: ShareneStyleSystem };

export interface ShareneActorData {
  id: string;
  name: string;
  img: string;
  type: ShareneActorType;
  system: ShareneFighterSystem;
  /** Its Sharene items; another ruleset's are not shown. */
  items: ShareneItemData[];
  /** The statuses it has now (knocked out, in a coma, dead, a limb lost); none when left out. */
  statuses?: string[];
}

/** The item's data, or null for an item of another type. */
export function shareneItemData(item: Item.Implementation): ShareneItemData | null {
  const base = { id: item.id ?? "", name: item.name, img: item.img ?? "" };
  const weapon = shareneWeapon(item);
  if (weapon) return { ...base, type: "shareneWeapon", system: weapon };
  const armor = shareneArmor(item);
  if (armor) return { ...base, type: "shareneArmor", system: armor };
  const style = shareneStyle(item);
  if (style) return { ...base, type: "shareneStyle", system: style };
  return null;
}

/** The actor's data, or null for an actor of another ruleset. */
export function shareneActorData(actor: Actor.Implementation): ShareneActorData | null {
  const system = shareneFighter(actor);
  if (!system) return null;
  return {
    id: actor.id ?? "",
    name: actor.name,
    img: actor.img ?? "",
    type: actor.type as ShareneActorType,
    system,
    items: [...actor.items].flatMap((item) => shareneItemData(item) ?? []),
    statuses: [...(actor.statuses ?? [])],
  };
}

export type { ShareneItemType };
