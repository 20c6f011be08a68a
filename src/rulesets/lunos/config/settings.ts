import { isSettingRegistered, refreshActors } from "../../../config/settings";
import { SYSTEM_ID } from "../../../config/system";
import { loadRuleset } from "../../../on-demand";
import { LUNOS_HEALTH_RULES, type LunosHealthRules } from "../../../rules/lunos/health-rules";

/**
 * Lunos's world rules options: one GM setting holding the keys of
 * LUNOS_DEFAULTS the world changes. What start-up needs is here: the
 * setting and the health rules its fighters are prepared with. Reading
 * the stored options is checking them with the core
 * (`resolveLunosOptions`), which comes with Lunos's heavy part
 * (./rules-apply.ts): a world that stores options loads it at `init`,
 * then its fighters are prepared again. Its options window comes with its
 * table; until then a GM (or a macro) sets them with `setLunosRules`.
 */

export const LUNOS_RULES_SETTING = "lunosRules";

/** The stored options; the core checks them where they are read and written (./rules-apply.ts). */
export class LunosRulesModel extends foundry.abstract.DataModel<{
  options: foundry.data.fields.ObjectField;
}> {
  static override defineSchema() {
    return { options: new foundry.data.fields.ObjectField({ required: true, initial: {} }) };
  }
}

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "fangs.lunosRules": typeof LunosRulesModel;
  }
}

/** Registers the setting (its definition's `options.registerSettings`, in `init` whatever the world plays). */
export function registerLunosSettings(): void {
  game.settings.register(SYSTEM_ID, LUNOS_RULES_SETTING, {
    name: "LUNOS.Setting.Rules.Name",
    hint: "LUNOS.Setting.Rules.Hint",
    scope: "world",
    // An object: the settings list cannot show it; the options window will.
    config: false,
    type: LunosRulesModel,
    default: new LunosRulesModel(),
    onChange: () => void applyStoredLunosRules(),
  });
}

let worldRules: LunosHealthRules = LUNOS_HEALTH_RULES;

/** The health rules the world's fighters are prepared with: its checked options, the defaults until read. */
export function lunosHealthRules(): LunosHealthRules {
  return worldRules;
}

/** Sets the rules fighters are prepared with (the heavy part's reading of the setting). */
export function useLunosHealthRules(rules: LunosHealthRules): void {
  worldRules = rules;
}

/** The options the world stores, unchecked: what the heavy part reads. */
export function storedLunosOptions(): unknown {
  if (!isSettingRegistered(LUNOS_RULES_SETTING)) return {};
  try {
    const stored: unknown = game.settings.get(SYSTEM_ID, LUNOS_RULES_SETTING);
    return (stored as { options?: unknown } | null)?.options ?? {};
  } catch (error) {
    // A value Foundry cannot load at all: read as options the core will refuse, named in its warning.
    if (!(error instanceof Error)) throw error;
    return { unreadable: error.message };
  }
}

/** Whether the world changed any of Lunos's options (then its heavy part is needed to read them). */
export function hasStoredLunosOptions(): boolean {
  const options = storedLunosOptions();
  return typeof options !== "object" || options === null || Object.keys(options).length > 0;
}

/** Reads and applies the stored options through the heavy part, then prepares every actor again. */
export async function applyStoredLunosRules(): Promise<void> {
  try {
    (await loadRuleset("lunos")).applyWorldLunosRules();
  } catch {
    return;
  }
  refreshActors();
}
