import { registerApi } from "../../../../api/system-api";
import { notifyRollFailed } from "../../../../apps/sheets/support";
import { actorAt } from "../../../../documents/uuid";
import { characteristicCheck, resolveCheck } from "../../../../rules/fangs/check";
import { postCheck } from "../../chat/check-card";
import { actorSystem, itemSystem } from "../../data/views";
import { type RollSpec, rollSpecOf } from "./roll-spec";
import { ATTRIBUTE_LABELS, CHARACTERISTIC_LABELS } from "./start-labels";

/**
 * The checks a sheet rolls, one function for the sheet's buttons and the
 * hotbar macros made from them (game.system.api.rolls), so a macro rolls
 * exactly what the button does. Every value is the one the data models
 * prepared (a skill's total from its owner's characteristics), so a roll
 * builds no sheet.
 */

/** Rolls the check and posts its card; a refusal (no value, a bad formula) is told, never thrown. */
export async function rollCheck(actor: Actor.Implementation, spec: RollSpec): Promise<void> {
  const system = actorSystem(actor);
  const i18n = (key: string) => game.i18n?.localize(key) ?? "";
  try {
    if (!system) throw new Error(i18n("FANGS.Sheet.Error.NoValue"));
    if (spec.kind === "characteristic") {
      const value = system.characteristics[spec.id];
      await postCheck({
        actor,
        resolve: (dice) => characteristicCheck({ value, multiplier: spec.multiplier }, dice),
        meta: {
          label: CHARACTERISTIC_LABELS[spec.id].abbr,
          localizeLabel: true,
          multiplier: spec.multiplier,
        },
      });
    } else if (spec.kind === "attribute") {
      const value = system.attributes[spec.id];
      if (typeof value !== "number") throw new Error(i18n("FANGS.Sheet.Error.NoValue"));
      await postCheck({
        actor,
        resolve: (dice) => resolveCheck({ skill: value, modifiers: 0 }, dice),
        meta: { label: ATTRIBUTE_LABELS[spec.id], localizeLabel: true },
      });
    } else {
      const item = actor.items.get(spec.itemId);
      if (!item) return;
      const total = itemSystem(item, "skill")?.total;
      if (typeof total !== "number") throw new Error(i18n("FANGS.Sheet.Error.BadFormula"));
      await postCheck({
        actor,
        resolve: (dice) => resolveCheck({ skill: total, modifiers: 0 }, dice),
        meta: { label: item.name ?? "" },
      });
    }
  } catch (error) {
    notifyRollFailed(error);
  }
}

/** The macro's entry: the actor by UUID, the spec as stored in the macro. */
export async function rollCheckFor(actorUuid: string, spec: unknown): Promise<void> {
  const actor = await actorAt(actorUuid);
  const read = rollSpecOf(spec);
  if (!actor || !read) {
    ui.notifications?.warn(game.i18n?.localize("FANGS.Chat.Macro.NoActor") ?? "");
    return;
  }
  await rollCheck(actor, read);
}

/** `game.system.api.rolls`: what the hotbar's check macros call (src/rulesets/fangs/apps/attack/hotbar.ts). */
export function registerRollApi(): void {
  registerApi("rolls", Object.freeze({ rollCheckFor }));
}
