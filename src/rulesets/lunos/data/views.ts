import { actorView, type InitializedOf, itemView } from "../../../data/views";
import type { LunosActorType, LunosItemType } from "../config/labels";
import type { LunosFighterDerived, LunosFighterSchema } from "./actor";
import type { LunosArmorSchema } from "./item-armor";
import type { LunosManeuverSchema } from "./item-maneuver";
import type { LunosWeaponSchema } from "./item-weapon";
import "../config/types";

/**
 * Typed views of Lunos's documents, inferred from its schemas: what its
 * sheets, its round and its cards read, never a string path. Each answers
 * null for a document of another type or ruleset. Their stored form, as a
 * pack source holds it, is `SourceOf<Schema>` (src/data/views.ts).
 */

export type LunosFighterSystem = InitializedOf<LunosFighterSchema> & LunosFighterDerived;
export type LunosWeaponSystem = InitializedOf<LunosWeaponSchema>;
export type LunosArmorSystem = InitializedOf<LunosArmorSchema>;
export type LunosManeuverSystem = InitializedOf<LunosManeuverSchema>;

/** A Lunos fighter's data (character or creature), or null. */
export const lunosFighter = actorView<LunosFighterSystem>([
  "lunosCharacter",
  "lunosCreature",
] satisfies readonly LunosActorType[]);
export const lunosWeapon = itemView<LunosWeaponSystem>("lunosWeapon" satisfies LunosItemType);
export const lunosArmor = itemView<LunosArmorSystem>("lunosArmor" satisfies LunosItemType);
export const lunosManeuver = itemView<LunosManeuverSystem>("lunosManeuver" satisfies LunosItemType);
