import { activeRulesetId } from "../../../config/ruleset-setting";
import { SYSTEM_ID } from "../../../config/system";

/**
 * The exchange card's world settings: how strictly the rules' "may this
 * attack be made now?" (the rules core's canAttackNow) is enforced when an attack
 * starts.
 */

export const ENFORCEMENT_MODES = ["allow", "warn", "forbid"] as const;
export type Enforcement = (typeof ENFORCEMENT_MODES)[number];

export const EXCHANGE_SETTINGS = Object.freeze({
  attackEnforcement: "attackEnforcement",
} as const);

const ENFORCEMENT_LABELS: Readonly<Record<Enforcement, string>> = {
  allow: "FANGS.Setting.AttackEnforcement.Allow",
  warn: "FANGS.Setting.AttackEnforcement.Warn",
  forbid: "FANGS.Setting.AttackEnforcement.Forbid",
};

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "fangs.attackEnforcement": Enforcement;
  }
}

export function registerExchangeSettings(): void {
  game.settings.register(SYSTEM_ID, EXCHANGE_SETTINGS.attackEnforcement, {
    name: "FANGS.Setting.AttackEnforcement.Name",
    hint: "FANGS.Setting.AttackEnforcement.Hint",
    scope: "world",
    // Shown only in a FANGS world: no other ruleset reads it.
    config: activeRulesetId() === "fangs",
    type: String,
    choices: ENFORCEMENT_LABELS,
    default: "warn",
  });
}

/** How an attack the rules refuse is treated: let it be, warn, or stop it. */
export function attackEnforcement(): Enforcement {
  const registered =
    typeof game !== "undefined" &&
    game.settings?.settings?.has(`${SYSTEM_ID}.${EXCHANGE_SETTINGS.attackEnforcement}`);
  if (!registered) return "warn";
  const value = game.settings.get(SYSTEM_ID, EXCHANGE_SETTINGS.attackEnforcement);
  return (ENFORCEMENT_MODES as readonly string[]).includes(value) ? value : "warn";
}
