/**
 * The Effects tab's buttons: an effect made, opened, switched on or off,
 * deleted; a status toggled.
 */
import { notifyRefused } from "./support";

type EffectSection = "temporary" | "passive" | "inactive";

type EffectDoc = ActiveEffect.Implementation;

/** The effect a row names: the actor's own, or one that an item of the actor carries. */
export function effectOf(actor: Actor.Implementation, row: HTMLElement): EffectDoc | undefined {
  const el = row.closest<HTMLElement>("[data-effect-id]");
  const id = el?.dataset.effectId;
  if (!id) return undefined;
  const itemId = el.dataset.parentItemId;
  const parent = itemId ? actor.items.get(itemId) : actor;
  return parent?.effects.get(id);
}

/** A new effect on the actor, shaped for the section whose button made it, then opened. */
export async function createEffect(actor: Actor.Implementation, section: EffectSection): Promise<void> {
  const data = {
    name: game.i18n?.localize("FANGS.Sheet.Effects.New") ?? "",
    img: "icons/svg/aura.svg",
    origin: actor.uuid,
    disabled: section === "inactive",
    ...(section === "temporary" ? { duration: { rounds: 1 } } : {}),
  };
  try {
    const [created] = (await actor.createEmbeddedDocuments("ActiveEffect", [data])) ?? [];
    await created?.sheet?.render(true);
  } catch (error) {
    notifyRefused(actor.name ?? "", error);
  }
}

export async function toggleEffect(actor: Actor.Implementation, effect: EffectDoc): Promise<void> {
  try {
    await effect.update({ disabled: !effect.disabled });
  } catch (error) {
    notifyRefused(actor.name ?? "", error);
  }
}

export async function toggleStatus(actor: Actor.Implementation, statusId: string): Promise<void> {
  try {
    await actor.toggleStatusEffect(statusId);
  } catch (error) {
    notifyRefused(actor.name ?? "", error);
  }
}

export async function editEffect(effect: EffectDoc): Promise<void> {
  await effect.sheet?.render(true);
}

export async function deleteEffect(effect: EffectDoc): Promise<void> {
  await effect.deleteDialog();
}
