import { registerMenu } from "../../../../apps/settings/ruleset-menu";
import { loadRuleset } from "../../../../on-demand";
import type { RulesetMenu } from "../../../registry";
import { registerManeuverOptionsSetting } from "./maneuver-options";

/**
 * The GM's "FANGS rules options" menu in the system's settings, and the
 * setting it adds (`maneuverOptions`): FANGS's `options` in its ruleset
 * definition. The settings window shows it in a world that plays FANGS
 * (ruleset-menu.ts).
 */

export const RULES_MENU_KEY = "rulesMenu";

/** The rules options window's application id (one window at a time). */
export const RULES_MENU_ID = "fangs-rules-options";

/** The window being opened, while its code loads: a second click waits for it instead of opening another. */
let opening: Promise<unknown> | null = null;

async function openRulesMenu(): Promise<void> {
  const open = foundry.applications.instances.get(RULES_MENU_ID);
  // Already open: brought forward as it is, so the GM's unsaved edits stay.
  if (open) {
    open.bringToFront();
    return;
  }
  const { RulesOptionsMenu } = await loadRuleset("fangs");
  await new RulesOptionsMenu().render({ force: true });
}

/**
 * What the settings window's button opens. Foundry constructs the registered
 * class and renders it; this one loads the real window (rules-menu-app.ts, in FANGS's
 * heavy part) and renders that instead, or brings it forward if it is open.
 */
export class RulesMenuLauncher extends foundry.applications.api.ApplicationV2 {
  override async render(): Promise<this> {
    opening ??= openRulesMenu().finally(() => {
      opening = null;
    });
    await opening;
    return this;
  }
}

/** FANGS's options menu, as its definition registers it (src/rulesets/fangs/index.ts). */
export const FANGS_RULES_MENU = Object.freeze({
  key: RULES_MENU_KEY,
  name: "FANGS.Setting.RulesMenu.Name",
  label: "FANGS.Setting.RulesMenu.Label",
  hint: "FANGS.Setting.RulesMenu.Hint",
  icon: "fa-solid fa-scale-balanced",
  type: RulesMenuLauncher,
}) satisfies RulesetMenu;

/** FANGS's menu and the setting it adds, alone (the shared path is ruleset-menu.ts's `registerRulesetMenu`). */
export function registerRulesMenu(): void {
  registerManeuverOptionsSetting();
  registerMenu(FANGS_RULES_MENU);
}
