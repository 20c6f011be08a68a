/**
 * The one place where Foundry documents become the plain data the context
 * builders read. Each `system` is read through the shapes the team brief
 * fixes (./types.ts): the data models in src/data implement those shapes,
 * and this is the single cast that relies on it.
 */
import type {
  ActorData,
  ActorSystemData,
  ActorType,
  EffectData,
  ItemData,
  ItemType,
  StatusData,
} from "./types";

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
    effects: effectsOf(actor),
    statuses: statusesOf(actor),
  };
}

/** What the sheet reads of an effect; read loosely, as a transferred one may come from any item. */
interface EffectLike {
  id: string | null;
  name?: string | null;
  img?: string | null;
  disabled?: boolean;
  transfer?: boolean;
  isTemporary?: boolean;
  duration?: { label?: string };
}

function effectData(effect: EffectLike, item: Item.Implementation | null): EffectData {
  return {
    id: effect.id ?? "",
    name: effect.name ?? "",
    img: effect.img ?? undefined,
    disabled: effect.disabled === true,
    temporary: effect.isTemporary === true,
    duration: effect.duration?.label ?? "",
    item: item ? { id: item.id ?? "", name: item.name ?? "" } : null,
  };
}

/** The actor's own effects, then those its items transfer to it (as Actor#allApplicableEffects walks them). */
function effectsOf(actor: Actor.Implementation): EffectData[] {
  const own = [...(actor.effects ?? [])].map((e) => effectData(e as unknown as EffectLike, null));
  const transferred = actor.items.contents.flatMap((item) =>
    [...(item.effects ?? [])]
      .filter((e) => (e as unknown as EffectLike).transfer !== false)
      .map((e) => effectData(e as unknown as EffectLike, item)),
  );
  return [...own, ...transferred];
}

/** The world's status list (FANGS's first, then core's) and which the actor has now. */
function statusesOf(actor: Actor.Implementation): StatusData[] {
  const has = (actor as unknown as { statuses?: Set<string> }).statuses ?? new Set<string>();
  return (CONFIG.statusEffects ?? []).flatMap((status) => {
    const { id, name, img } = status as { id?: string; name?: string; img?: string };
    if (!id) return [];
    return [{ id, name: game.i18n?.localize(name ?? id) ?? id, img, active: has.has(id) }];
  });
}
