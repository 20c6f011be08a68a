import { SYSTEM_ID } from "../../config/system";
import { RulesOptionsMenu } from "./app";
import { registerManeuverOptionsSetting } from "./maneuver-options";

/**
 * The GM's "FANGS rules options" menu in the system's settings, and the
 * setting it adds (`maneuverOptions`). Registered in `init` by one call in
 * src/fangs.ts, after registerSettings.
 */

export const RULES_MENU_KEY = "rulesMenu";

export function registerRulesMenu(): void {
  registerManeuverOptionsSetting();
  game.settings.registerMenu(SYSTEM_ID, RULES_MENU_KEY, {
    name: "FANGS.Setting.RulesMenu.Name",
    label: "FANGS.Setting.RulesMenu.Label",
    hint: "FANGS.Setting.RulesMenu.Hint",
    icon: "fa-solid fa-scale-balanced",
    type: RulesOptionsMenu,
    restricted: true,
  });
}
