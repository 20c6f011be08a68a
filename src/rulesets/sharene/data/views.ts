import { actorSystemOf, itemSystem } from "../../../data/views";
import type { ShareneActorType } from "../config/labels";
import type { ShareneFighterDerived, ShareneFighterSchema } from "./actor";
import type { ShareneArmorSchema } from "./item-armor";
import type { ShareneStyleSchema } from "./item-style";
import type { ShareneWeaponDerived, ShareneWeaponSchema } from "./item-weapon";
import "../config/types";

/**
 * Typed views of Sharene's documents, inferred from its schemas: what its
 * sheets and (later) its round and cards read, never a string path. Each
 * answers null for a document of another type or ruleset.
 */

type Initialized<S extends foundry.data.fields.DataSchema> =
  foundry.data.fields.SchemaField.InitializedData<S>;
type Source<S extends foundry.data.fields.DataSchema> = foundry.data.fields.SchemaField.SourceData<S>;

export type ShareneFighterSystem = Initialized<ShareneFighterSchema> & ShareneFighterDerived;
export type ShareneWeaponSystem = Initialized<ShareneWeaponSchema> & ShareneWeaponDerived;
export type ShareneArmorSystem = Initialized<ShareneArmorSchema>;
export type ShareneStyleSystem = Initialized<ShareneStyleSchema>;

/** The stored `system` of each type, as a pack source or a test's creation data holds it. */
export type ShareneFighterSource = Source<ShareneFighterSchema>;
export type ShareneWeaponSource = Source<ShareneWeaponSchema>;
export type ShareneArmorSource = Source<ShareneArmorSchema>;
export type ShareneStyleSource = Source<ShareneStyleSchema>;

/** A Sharene fighter's data (character or creature), or null. */
export function shareneFighter(actor: Actor.Implementation): ShareneFighterSystem | null {
  for (const type of ["shareneCharacter", "shareneCreature"] as const satisfies readonly ShareneActorType[]) {
    const system = actorSystemOf(actor, type);
    if (system) return system as unknown as ShareneFighterSystem;
  }
  return null;
}

export function shareneWeapon(item: Item.Implementation): ShareneWeaponSystem | null {
  return itemSystem(item, "shareneWeapon") as unknown as ShareneWeaponSystem | null;
}

export function shareneArmor(item: Item.Implementation): ShareneArmorSystem | null {
  return itemSystem(item, "shareneArmor") as unknown as ShareneArmorSystem | null;
}

export function shareneStyle(item: Item.Implementation): ShareneStyleSystem | null {
  return itemSystem(item, "shareneStyle") as unknown as ShareneStyleSystem | null;
}
