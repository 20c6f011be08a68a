import { SYSTEM_ID } from "../../config/system";
import { activeRulesetDefinition, type RulesetMenu } from "../../rulesets/registry";

/**
 * The settings window's options menu is the world's ruleset's: each
 * ruleset brings its own (its definition's `options.menu`), and only the
 * one the world plays is registered, so a GM never edits the options of
 * rules the table does not play. The world's ruleset changes only with a
 * reload (the setting's `requiresReload`), so choosing at `init` is enough.
 */

/** Registers one ruleset's menu, for GMs only. */
export function registerMenu(menu: RulesetMenu): void {
  game.settings.registerMenu(SYSTEM_ID, menu.key as never, {
    name: menu.name,
    label: menu.label,
    hint: menu.hint ?? "",
    icon: menu.icon ?? "fa-solid fa-scale-balanced",
    type: menu.type as never,
    restricted: true,
  });
}

/** The world's ruleset's options menu, when it has one (call in `init`, after registerSettings). */
export function registerRulesetMenu(): void {
  const menu = activeRulesetDefinition().options?.menu;
  if (menu) registerMenu(menu);
}
