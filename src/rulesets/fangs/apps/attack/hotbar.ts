import { attacksWith } from "../../../../apps/attack/attack-entry";
import { localize } from "../../../../config/localize";
import { documentAtSync } from "../../../../documents/uuid";
import { ROLL_DRAG_TYPE, rollSpecOf } from "../sheets/roll-spec";
import { assignRollMacro } from "./roll-macro";

/**
 * Dragging a weapon (an item the world's ruleset attacks with) from a sheet
 * onto the hotbar makes a macro that starts an attack with it (through the system's public API, so the macro keeps
 * working whatever the bundle looks like). The same weapon dropped twice
 * reuses its macro.
 */

/** The script a weapon's macro runs. */
export function attackMacroCommand(itemUuid: string): string {
  return [
    `// ${localize("FANGS.Chat.Macro.Comment")}`,
    "const api = game.system.api?.exchange;",
    `if (api) await api.attackWithItem(${JSON.stringify(itemUuid)}, { event: typeof event === "undefined" ? null : event });`,
    `else ui.notifications.warn(${JSON.stringify(localize("FANGS.Chat.Macro.NoApi"))});`,
  ].join("\n");
}

async function assignWeaponMacro(item: Item.Implementation, slot: number | undefined): Promise<void> {
  const command = attackMacroCommand(item.uuid);
  let macro = game.macros?.find((m) => m.getFlag("fangs", "attackItem") === item.uuid && m.isAuthor);
  if (!macro) {
    macro =
      (await Macro.create({
        name: localize("FANGS.Chat.Macro.Name", { weapon: item.name ?? "", actor: item.actor?.name ?? "" }),
        type: "script",
        img: item.img ?? undefined,
        command,
        flags: { fangs: { attackItem: item.uuid } },
      })) ?? undefined;
  }
  if (macro) await game.user?.assignHotbarMacro(macro, slot);
}

/**
 * The `hotbarDrop` hook: false (handled) for an owned item the world's
 * ruleset attacks with (FANGS: a weapon or a shield, whose attack is its
 * bash, NC-DEF-9), an owned skill or a sheet's roll button (a check);
 * undefined otherwise, left to Foundry.
 */
export function onHotbarDrop(
  _bar: unknown,
  data: { type?: string; uuid?: string; actorUuid?: string; spec?: unknown },
  slot: number | undefined,
): false | undefined {
  if (data?.type === ROLL_DRAG_TYPE) {
    const actor = typeof data.actorUuid === "string" ? documentAtSync(data.actorUuid) : null;
    const spec = rollSpecOf(data.spec);
    if (!(actor instanceof Actor) || !spec) return;
    void assignRollMacro(actor as Actor.Implementation, spec, slot);
    return false;
  }
  if (data?.type !== "Item") return;
  const item = typeof data.uuid === "string" ? documentAtSync(data.uuid) : null;
  if (!(item instanceof Item) || !item.actor) return;
  if (item.type === "skill" && item.id) {
    const actor = item.actor as Actor.Implementation;
    const spec = { kind: "skill", itemId: item.id } as const;
    void assignRollMacro(actor, spec, slot);
    return false;
  }
  if (!attacksWith(item.type)) return;
  void assignWeaponMacro(item as Item.Implementation, slot);
  return false;
}
