/**
 * The one place where Foundry documents become the plain data the context
 * builders read. Each `system` is read through the shapes the team brief
 * fixes (./types.ts): the data models in src/data implement those shapes,
 * and this is the single cast that relies on it.
 */
import type { ActorData, ActorSystemData, ActorType, ItemData, ItemType } from "./types";

export function itemDataOf(item: Item.Implementation): ItemData {
  return {
    id: item.id ?? "",
    name: item.name ?? "",
    img: item.img ?? undefined,
    type: item.type as ItemType,
    sort: item.sort ?? 0,
    system: item.system as unknown as ItemData["system"],
  } as ItemData;
}

export function actorDataOf(actor: Actor.Implementation): ActorData {
  return {
    id: actor.id ?? "",
    name: actor.name ?? "",
    img: actor.img ?? undefined,
    type: actor.type as ActorType,
    system: actor.system as unknown as ActorSystemData,
    items: actor.items.contents.map(itemDataOf),
  };
}
