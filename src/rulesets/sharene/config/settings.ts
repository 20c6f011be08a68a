import { isSettingRegistered, refreshActors } from "../../../config/settings";
import { SYSTEM_ID } from "../../../config/system";
import { loadRuleset } from "../../../on-demand";
import { LIMB_THRESHOLDS, type LimbThresholds } from "../../../rules/sharene/limb-thresholds";

/**
 * Sharene's world rules options: one GM setting holding the keys of
 * SHARENE_DEFAULTS the world changes. What start-up needs is here: the
 * setting and the rules its fighters are prepared with. Reading the stored
 * options is checking them with the core (`resolveShareneOptions`), which
 * comes with Sharene's heavy part (./rules-apply.ts): a world that stores
 * options loads it at `init`, then its fighters are prepared again. Its
 * options window comes with its table; until then a GM (or a macro) sets
 * them with `setShareneRules` (its heavy part, `game.system` to come).
 */

export const SHARENE_RULES_SETTING = "shareneRules";

/** The stored options; the core checks them where they are read and written (./rules-apply.ts). */
export class ShareneRulesModel extends foundry.abstract.DataModel<{
  options: foundry.data.fields.ObjectField;
}> {
  static override defineSchema() {
    return { options: new foundry.data.fields.ObjectField({ required: true, initial: {} }) };
  }
}

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "fangs.shareneRules": typeof ShareneRulesModel;
  }
}

/** Registers the setting (its definition's `options.registerSettings`, in `init` whatever the world plays). */
export function registerShareneSettings(): void {
  game.settings.register(SYSTEM_ID, SHARENE_RULES_SETTING, {
    name: "SHARENE.Setting.Rules.Name",
    hint: "SHARENE.Setting.Rules.Hint",
    scope: "world",
    // An object: the settings list cannot show it; the options window will.
    config: false,
    type: ShareneRulesModel,
    default: new ShareneRulesModel(),
    onChange: () => void applyStoredShareneRules(),
  });
}

let worldRules: LimbThresholds = LIMB_THRESHOLDS;

/**
 * The rules the world's fighters are prepared with (their limb
 * thresholds): its checked options, the defaults until they are read.
 */
export function shareneRules(): LimbThresholds {
  return worldRules;
}

/** Sets the rules fighters are prepared with (the heavy part's reading of the setting). */
export function useShareneRules(rules: LimbThresholds): void {
  worldRules = rules;
}

/** The options the world stores, unchecked: what the heavy part reads. */
export function storedShareneOptions(): unknown {
  if (!isSettingRegistered(SHARENE_RULES_SETTING)) return {};
  try {
    const stored: unknown = game.settings.get(SYSTEM_ID, SHARENE_RULES_SETTING);
    return (stored as { options?: unknown } | null)?.options ?? {};
  } catch (error) {
    // A value Foundry cannot load at all: read as options the core will refuse, named in its warning.
    if (!(error instanceof Error)) throw error;
    return { unreadable: error.message };
  }
}

/** Whether the world changed any of Sharene's options (then its heavy part is needed to read them). */
export function hasStoredShareneOptions(): boolean {
  const options = storedShareneOptions();
  return typeof options !== "object" || options === null || Object.keys(options).length > 0;
}

/**
 * Reads and applies the stored options through the heavy part, then
 * prepares every actor again. A failed load has been told by the loader;
 * the defaults stay.
 */
export async function applyStoredShareneRules(): Promise<void> {
  try {
    (await loadRuleset("sharene")).applyWorldShareneRules();
  } catch {
    return;
  }
  refreshActors();
}
