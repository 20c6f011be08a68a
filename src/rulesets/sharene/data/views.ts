import { actorView, type InitializedOf, itemView } from "../../../data/views";
import type { ShareneActorType, ShareneItemType } from "../config/labels";
import type { ShareneFighterDerived, ShareneFighterSchema } from "./actor";
import type { ShareneArmorSchema } from "./item-armor";
import type { ShareneStyleSchema } from "./item-style";
import type { ShareneWeaponDerived, ShareneWeaponSchema } from "./item-weapon";
import "../config/types";

/**
 * Typed views of Sharene's documents, inferred from its schemas: what its
 * sheets, its round and its cards read, never a string path. Each answers
 * null for a document of another type or ruleset. Their stored form, as a
 * pack source holds it, is `SourceOf<Schema>` (src/data/views.ts).
 */

export type ShareneFighterSystem = InitializedOf<ShareneFighterSchema> & ShareneFighterDerived;
export type ShareneWeaponSystem = InitializedOf<ShareneWeaponSchema> & ShareneWeaponDerived;
export type ShareneArmorSystem = InitializedOf<ShareneArmorSchema>;
export type ShareneStyleSystem = InitializedOf<ShareneStyleSchema>;

/** A Sharene fighter's data (character or creature), or null. */
export const shareneFighter = actorView<ShareneFighterSystem>([
  "shareneCharacter",
  "shareneCreature",
] satisfies readonly ShareneActorType[]);
export const shareneWeapon = itemView<ShareneWeaponSystem>("shareneWeapon" satisfies ShareneItemType);
export const shareneArmor = itemView<ShareneArmorSystem>("shareneArmor" satisfies ShareneItemType);
export const shareneStyle = itemView<ShareneStyleSystem>("shareneStyle" satisfies ShareneItemType);
