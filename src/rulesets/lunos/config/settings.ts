import { type RulesetOptionsModel, rulesetOptionsSetting } from "../../../config/ruleset-options";
import { loadRuleset } from "../../../on-demand";
import { LUNOS_HEALTH_RULES, type LunosHealthRules } from "../../../rules/lunos/health-rules";

/**
 * Lunos's world rules options (src/config/ruleset-options.ts): the keys of
 * LUNOS_DEFAULTS the world changes, and the health rules its fighters are
 * prepared with. Its heavy part checks them (./rules-apply.ts); a GM (or a
 * macro) sets them with `setLunosRules`.
 */

export const LUNOS_RULES_SETTING = "lunosRules";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "fangs.lunosRules": typeof RulesetOptionsModel;
  }
}

export const lunosOptionsSetting = rulesetOptionsSetting<LunosHealthRules>({
  key: LUNOS_RULES_SETTING,
  nameKey: "LUNOS.Setting.Rules.Name",
  hintKey: "LUNOS.Setting.Rules.Hint",
  initial: LUNOS_HEALTH_RULES,
  applyWithHeavyPart: async () => (await loadRuleset("lunos")).applyWorldLunosRules(),
});

export const registerLunosSettings = lunosOptionsSetting.register;
export const lunosHealthRules = lunosOptionsSetting.prepared;
export const useLunosHealthRules = lunosOptionsSetting.use;
export const storedLunosOptions = lunosOptionsSetting.stored;
export const hasStoredLunosOptions = lunosOptionsSetting.hasStored;
export const applyStoredLunosRules = lunosOptionsSetting.applyStored;
