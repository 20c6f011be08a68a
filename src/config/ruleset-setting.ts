import { getRuleset, listRulesets } from "../rules/kernel/ruleset";
import { SYSTEM_ID } from "./system";

/**
 * The world's "Combat rules": which registered ruleset runs the round and
 * the exchange cards (docs/rulesets.md). Changing it reloads every client,
 * since the combat documents and the tracker are configured at start-up.
 */

export const RULESET_SETTING = "ruleset";
export const DEFAULT_RULESET = "fangs";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "fangs.ruleset": string;
  }
}

/** The choices: every ruleset registered with the kernel by now (each file registers itself on import). */
export function rulesetChoices(): Record<string, string> {
  return Object.fromEntries(listRulesets().map((r) => [r.id, r.labelKey]));
}

/** Registers the setting (call in `init`, after every ruleset module is imported). */
export function registerRulesetSetting(): void {
  game.settings.register(SYSTEM_ID, RULESET_SETTING, {
    name: "FANGS.Setting.Ruleset.Name",
    hint: "FANGS.Setting.Ruleset.Hint",
    // A world setting: only a GM may change it.
    scope: "world",
    config: true,
    type: String,
    choices: rulesetChoices(),
    default: DEFAULT_RULESET,
    requiresReload: true,
  });
}

const warned = new Set<string>();

/**
 * The id of the ruleset this world plays. A world saved under a ruleset this
 * version no longer has plays FANGS, with one console warning per id.
 */
export function activeRulesetId(): string {
  const key = `${SYSTEM_ID}.${RULESET_SETTING}` as const;
  if (typeof game === "undefined" || game.settings?.settings?.has(key) !== true) return DEFAULT_RULESET;
  const id = game.settings.get(SYSTEM_ID, RULESET_SETTING);
  if (typeof id === "string" && getRuleset(id)) return id;
  const shown = String(id);
  if (!warned.has(shown)) {
    warned.add(shown);
    console.warn(`FANGS | the world's combat rules "${shown}" are not installed; playing FANGS instead`);
  }
  return DEFAULT_RULESET;
}
