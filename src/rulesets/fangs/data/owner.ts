import type { Characteristics } from "../../../rules/fangs/types";
import { CharacterModel } from "./actor-character";
import { CreatureModel } from "./actor-creature";

/** The characteristics of the actor that owns an item, or null for an item in the sidebar or a pack. */
export function characteristicsOf(item: Item.Implementation | null): Characteristics | null {
  const system = item?.actor?.system;
  if (system instanceof CharacterModel || system instanceof CreatureModel) return system.characteristics;
  return null;
}
