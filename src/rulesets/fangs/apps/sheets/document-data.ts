/**
 * The one place where Foundry documents become the plain data the context
 * builders read. Each `system` is the data model itself, typed by its view
 * (src/rulesets/fangs/data/views.ts, which ./types.ts derives from).
 */

import { timedStatusLabel } from "../../../../effects/timed-status-effects";
import { ITEM_TYPES } from "../../config/labels";
import { actorSystem, itemSystem } from "../../data/views";
import type { ActorData, ActorType, EffectData, ItemData, ItemType, StatusData } from "./context-types";

export function isItemType(type: string): type is ItemType {
  return (ITEM_TYPES as readonly string[]).includes(type);
}

// The sheets are registered for this system's types only, so their documents have its models.

export function itemDataOf(item: Item.Implementation): ItemData {
  const type = item.type as ItemType;
  // A type and its model's data, which TypeScript cannot pair through a union.
  return {
    id: item.id ?? "",
    name: item.name ?? "",
    img: item.img ?? undefined,
    type,
    sort: item.sort ?? 0,
    system: itemSystem(item, type),
  } as ItemData;
}

export function actorDataOf(actor: Actor.Implementation): ActorData {
  return {
    id: actor.id ?? "",
    name: actor.name ?? "",
    img: actor.img ?? undefined,
    type: actor.type as ActorType,
    system: actorSystem(actor)!,
    // An item of a type a module adds has no row on this sheet.
    items: actor.items.contents.filter((item) => isItemType(item.type)).map(itemDataOf),
    effects: effectsOf(actor),
    statuses: statusesOf(actor),
  };
}

function effectData(effect: ActiveEffect.Implementation, item: Item.Implementation | null): EffectData {
  return {
    id: effect.id ?? "",
    name: effect.name ?? "",
    img: effect.img ?? undefined,
    disabled: effect.disabled === true,
    temporary: effect.isTemporary === true,
    // A timed status says its own time left; for others Foundry adds `label` to the duration it prepares.
    duration: timedStatusLabel(effect) ?? (effect.duration as { label?: string } | undefined)?.label ?? "",
    item: item ? { id: item.id ?? "", name: item.name ?? "" } : null,
  };
}

/** The actor's own effects, then those its items transfer to it (as Actor#allApplicableEffects walks them). */
function effectsOf(actor: Actor.Implementation): EffectData[] {
  const own = [...(actor.effects ?? [])].map((e) => effectData(e, null));
  const transferred = actor.items.contents.flatMap((item) =>
    [...(item.effects ?? [])].filter((e) => e.transfer !== false).map((e) => effectData(e, item)),
  );
  return [...own, ...transferred];
}

/** The world's status list (FANGS's first, then core's) and which the actor has now. */
function statusesOf(actor: Actor.Implementation): StatusData[] {
  const has = actor.statuses;
  return (CONFIG.statusEffects ?? []).flatMap((status) => {
    const { id, name, img } = status as { id?: string; name?: string; img?: string };
    if (!id) return [];
    return [{ id, name: game.i18n?.localize(name ?? id) ?? id, img, active: has.has(id) }];
  });
}
