import { localize } from "../../../../config/localize";
import type { RollSpec } from "../sheets/roll-spec";
import { ATTRIBUTE_LABELS, CHARACTERISTIC_LABELS } from "../sheets/start-labels";

/*
 * A sheet's check dragged to the hotbar (a characteristic ×1 or ×2, Idea,
 * Luck, Dodge, or a skill's row) makes a macro that rolls it as the sheet's
 * button does, through game.system.api.rolls; src/rulesets/fangs/apps/attack/hotbar.ts
 * reads the drop.
 */

/** The script a check's macro runs. */
export function rollMacroCommand(actorUuid: string, spec: RollSpec): string {
  return [
    `// ${localize("FANGS.Chat.Macro.RollComment")}`,
    "const api = game.system.api?.rolls;",
    `if (api) await api.rollCheckFor(${JSON.stringify(actorUuid)}, ${JSON.stringify(spec)});`,
    `else ui.notifications.warn(${JSON.stringify(localize("FANGS.Chat.Macro.NoApi"))});`,
  ].join("\n");
}

/** The check's name as the macro shows it: "ST×2", "Dodge", the skill's name. */
function rollLabel(actor: Actor.Implementation, spec: RollSpec): string {
  if (spec.kind === "characteristic")
    return `${localize(CHARACTERISTIC_LABELS[spec.id].abbr)}×${spec.multiplier}`;
  if (spec.kind === "attribute") return localize(ATTRIBUTE_LABELS[spec.id]);
  return actor.items.get(spec.itemId)?.name ?? "";
}

export async function assignRollMacro(actor: Actor.Implementation, spec: RollSpec, slot: number | undefined) {
  const key = JSON.stringify([actor.uuid, spec]);
  let macro = game.macros?.find((m) => m.getFlag("fangs", "rollCheck") === key && m.isAuthor);
  if (!macro) {
    const img = spec.kind === "skill" ? actor.items.get(spec.itemId)?.img : actor.img;
    macro =
      (await Macro.create({
        name: localize("FANGS.Chat.Macro.RollName", {
          check: rollLabel(actor, spec),
          actor: actor.name ?? "",
        }),
        type: "script",
        img: img ?? undefined,
        command: rollMacroCommand(actor.uuid, spec),
        flags: { fangs: { rollCheck: key } },
      })) ?? undefined;
  }
  if (macro) await game.user?.assignHotbarMacro(macro, slot);
}
