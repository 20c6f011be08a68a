import { localize } from "../../chat/exchange-render";

/**
 * Dragging a weapon from a sheet onto the hotbar makes a macro that starts
 * an attack with it (through the system's public API, so the macro keeps
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
  let macro = game.macros?.find(
    (m) => (m.flags as { fangs?: { attackItem?: string } }).fangs?.attackItem === item.uuid && m.isAuthor,
  );
  if (!macro) {
    macro =
      (await Macro.create({
        name: localize("FANGS.Chat.Macro.Name", { weapon: item.name ?? "", actor: item.actor?.name ?? "" }),
        type: "script",
        img: item.img ?? undefined,
        command,
        flags: { fangs: { attackItem: item.uuid } },
      } as never)) ?? undefined;
  }
  if (macro) await game.user?.assignHotbarMacro(macro as never, slot);
}

/** The `hotbarDrop` hook: false (handled) for an owned weapon or shield (its bash, NC-DEF-9), undefined otherwise. */
export function onHotbarDrop(
  _bar: unknown,
  data: { type?: string; uuid?: string },
  slot: number | undefined,
): false | undefined {
  if (data?.type !== "Item" || typeof data.uuid !== "string") return;
  let item: unknown;
  try {
    item = fromUuidSync(data.uuid as never);
  } catch {
    return;
  }
  if (!(item instanceof Item) || (item.type !== "weapon" && item.type !== "shield") || !item.actor) return;
  void assignWeaponMacro(item as Item.Implementation, slot);
  return false;
}
