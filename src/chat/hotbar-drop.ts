import { attacksWith } from "../apps/attack/attack-entry";
import { localize } from "../config/localize";
import { documentAtSync } from "../documents/uuid";
import { activeRulesetDefinition } from "../rulesets/registry";

/**
 * The `hotbarDrop` hook, for every ruleset: the world's ruleset takes the
 * drops of its own first (its definition's `cards.hotbarDrop`: FANGS's
 * sheet checks and skills); then an owned item the world's ruleset attacks
 * with (`cards.attack`) makes a macro that starts an attack with it,
 * through the system's public API, so the macro keeps working whatever the
 * bundle looks like. The same weapon dropped twice reuses its macro.
 */

/** What Foundry hands the hook: the drag data, its `type` and whatever else the dragged thing set. */
export interface HotbarDropData {
  readonly type?: string;
  readonly uuid?: string;
}

/**
 * A ruleset's own drops (its definition's `cards.hotbarDrop`): true when it
 * took this one (it makes and assigns its macro without being awaited: the
 * hook answers at once), false to leave it to the shared drop and Foundry.
 */
export type RulesetHotbarDrop = (data: HotbarDropData, slot: number | undefined) => boolean;

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
 * False (handled) for a drop the world's ruleset took, or an owned item it
 * attacks with (FANGS: a weapon, or a shield, whose attack is its bash,
 * NC-DEF-9); undefined otherwise, left to Foundry.
 */
export function onHotbarDrop(
  _bar: unknown,
  data: HotbarDropData,
  slot: number | undefined,
): false | undefined {
  if (!data) return;
  if (activeRulesetDefinition().cards?.hotbarDrop?.(data, slot)) return false;
  if (data.type !== "Item") return;
  const item = typeof data.uuid === "string" ? documentAtSync(data.uuid) : null;
  if (!(item instanceof Item) || !item.actor) return;
  if (!attacksWith(item.type)) return;
  void assignWeaponMacro(item as Item.Implementation, slot);
  return false;
}
