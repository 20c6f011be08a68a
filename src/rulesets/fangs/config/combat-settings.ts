import { activeRulesetId } from "../../../config/ruleset-setting";
import { SYSTEM_ID } from "../../../config/system";

/**
 * The combat tracker's world settings. The initiative mode (NC-RND-8) is the
 * data settings' `initiativeMode`; these are the tracker's own.
 */

export const COMBAT_SETTINGS = Object.freeze({
  maneuverIcons: "maneuverIcons",
} as const);

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "fangs.maneuverIcons": boolean;
  }
}

export function registerCombatSettings(): void {
  game.settings.register(SYSTEM_ID, COMBAT_SETTINGS.maneuverIcons, {
    name: "FANGS.Setting.ManeuverIcons.Name",
    hint: "FANGS.Setting.ManeuverIcons.Hint",
    scope: "world",
    // Shown only in a FANGS world: no other ruleset reads it.
    config: activeRulesetId() === "fangs",
    type: Boolean,
    default: true,
  });
}

/** Whether declared maneuvers show as a token icon (some tables keep them secret). */
export function showManeuverIcons(): boolean {
  const registered =
    typeof game !== "undefined" &&
    game.settings?.settings?.has(`${SYSTEM_ID}.${COMBAT_SETTINGS.maneuverIcons}`);
  return registered ? game.settings.get(SYSTEM_ID, COMBAT_SETTINGS.maneuverIcons) : true;
}
