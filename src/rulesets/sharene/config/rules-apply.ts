import type { OptionsWindowSpec } from "../../../apps/settings/options-view";
import { optionsCheck } from "../../../config/ruleset-options-check";
import { activeRulesetId } from "../../../config/ruleset-setting";
import { registerTimedStatuses } from "../../../rules/kernel/timed-status";
import {
  resolveShareneOptions,
  SHARENE_DEFAULTS,
  type ShareneOptions,
  type ShareneRules,
} from "../../../rules/sharene/config";
import { shareneTimedStatuses } from "../../../rules/sharene/effect-kinds";
import { shareneOptionsSetting, useShareneRules } from "./settings";

/**
 * The checking half of Sharene's world options, in its heavy part: the
 * stored options read through the rules core, and a GM's new ones checked
 * before they are stored.
 */

const check = optionsCheck<ShareneOptions, ShareneRules>({
  name: "Sharene",
  setting: shareneOptionsSetting,
  resolve: resolveShareneOptions,
  defaults: SHARENE_DEFAULTS,
  refusedKey: "SHARENE.Setting.Rules.Refused",
});

/** The world's rules: its stored options over the defaults, a refused value warned of once and not played. */
export const readWorldShareneRules = check.read;

/** Stores a GM's new options after the core checked them; a refused value is told and nothing is stored. */
export const setShareneRules = check.set;

/** What a Sharene world's clock reads from its rules (CONFIG.time.roundTime). */
export interface ShareneClock {
  roundTime?: number;
}

/**
 * Puts rules where the shared facilities read them: its knockouts' and
 * coma's lengths as timed statuses (in every world: a Sharene actor kept
 * in another world keeps its clocks), and, given the clock of a world that
 * plays Sharene, a round's seconds out of combat (SHA-RND-1).
 */
export function applyShareneRules(rules: ShareneRules, clock?: ShareneClock): void {
  registerTimedStatuses(shareneTimedStatuses(rules));
  if (clock) clock.roundTime = rules.secondsPerRound;
}

/** The world's options read, checked and applied: the fighters' rules, the timed statuses, the clock. */
export function applyWorldShareneRules(): void {
  const rules = readWorldShareneRules();
  useShareneRules(rules);
  const playing = activeRulesetId() === "sharene";
  applyShareneRules(rules, playing ? (CONFIG as { time?: ShareneClock }).time : undefined);
}

/** The world's options as the settings' menu edits them (src/apps/settings/options-view.ts). */
export const shareneOptionsWindow: OptionsWindowSpec = Object.freeze({
  id: "sharene-rules-options",
  titleKey: "SHARENE.Setting.RulesMenu.Name",
  introKey: "SHARENE.Setting.RulesMenu.Intro",
  optionPrefix: "SHARENE.Option",
  defaults: SHARENE_DEFAULTS as unknown as Readonly<Record<string, unknown>>,
  stored: () => shareneOptionsSetting.stored(),
  set: (options: Record<string, unknown>) => setShareneRules(options as ShareneOptions),
});
