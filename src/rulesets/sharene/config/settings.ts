import { type RulesetOptionsModel, rulesetOptionsSetting } from "../../../config/ruleset-options";
import { loadRuleset } from "../../../on-demand";
import { LIMB_THRESHOLDS, type LimbThresholds } from "../../../rules/sharene/limb-thresholds";

/**
 * Sharene's world rules options (src/config/ruleset-options.ts): the keys
 * of SHARENE_DEFAULTS the world changes, and the limb thresholds its
 * fighters are prepared with. Its heavy part checks them
 * (./rules-apply.ts); a GM (or a macro) sets them with `setShareneRules`.
 */

export const SHARENE_RULES_SETTING = "shareneRules";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "fangs.shareneRules": typeof RulesetOptionsModel;
  }
}

export const shareneOptionsSetting = rulesetOptionsSetting<LimbThresholds>({
  key: SHARENE_RULES_SETTING,
  nameKey: "SHARENE.Setting.Rules.Name",
  hintKey: "SHARENE.Setting.Rules.Hint",
  initial: LIMB_THRESHOLDS,
  applyWithHeavyPart: async () => (await loadRuleset("sharene")).applyWorldShareneRules(),
});

export const registerShareneSettings = shareneOptionsSetting.register;
export const shareneRules = shareneOptionsSetting.prepared;
export const useShareneRules = shareneOptionsSetting.use;
export const storedShareneOptions = shareneOptionsSetting.stored;
export const hasStoredShareneOptions = shareneOptionsSetting.hasStored;
export const applyStoredShareneRules = shareneOptionsSetting.applyStored;
