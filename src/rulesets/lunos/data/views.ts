import { actorSystemOf, itemSystem } from "../../../data/views";
import type { LunosActorType } from "../config/labels";
import type { LunosFighterDerived, LunosFighterSchema } from "./actor";
import type { LunosArmorSchema } from "./item-armor";
import type { LunosManeuverSchema } from "./item-maneuver";
import type { LunosWeaponSchema } from "./item-weapon";
import "../config/types";

/**
 * Typed views of Lunos's documents, inferred from its schemas: what its
 * sheets and (later) its round and cards read, never a string path. Each
 * answers null for a document of another type or ruleset.
 */

type Initialized<S extends foundry.data.fields.DataSchema> =
  foundry.data.fields.SchemaField.InitializedData<S>;
type Source<S extends foundry.data.fields.DataSchema> = foundry.data.fields.SchemaField.SourceData<S>;

export type LunosFighterSystem = Initialized<LunosFighterSchema> & LunosFighterDerived;
export type LunosWeaponSystem = Initialized<LunosWeaponSchema>;
export type LunosArmorSystem = Initialized<LunosArmorSchema>;
export type LunosManeuverSystem = Initialized<LunosManeuverSchema>;

/** The stored `system` of each type, as a pack source or a test's creation data holds it. */
export type LunosFighterSource = Source<LunosFighterSchema>;
export type LunosWeaponSource = Source<LunosWeaponSchema>;
export type LunosArmorSource = Source<LunosArmorSchema>;
export type LunosManeuverSource = Source<LunosManeuverSchema>;

/** A Lunos fighter's data (character or creature), or null. */
export function lunosFighter(actor: Actor.Implementation): LunosFighterSystem | null {
  for (const type of ["lunosCharacter", "lunosCreature"] as const satisfies readonly LunosActorType[]) {
    const system = actorSystemOf(actor, type);
    if (system) return system as unknown as LunosFighterSystem;
  }
  return null;
}

export function lunosWeapon(item: Item.Implementation): LunosWeaponSystem | null {
  return itemSystem(item, "lunosWeapon") as unknown as LunosWeaponSystem | null;
}

export function lunosArmor(item: Item.Implementation): LunosArmorSystem | null {
  return itemSystem(item, "lunosArmor") as unknown as LunosArmorSystem | null;
}

export function lunosManeuver(item: Item.Implementation): LunosManeuverSystem | null {
  return itemSystem(item, "lunosManeuver") as unknown as LunosManeuverSystem | null;
}
