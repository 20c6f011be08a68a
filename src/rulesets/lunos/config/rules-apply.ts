import type { OptionsWindowSpec } from "../../../apps/settings/options-view";
import { optionsCheck } from "../../../config/ruleset-options-check";
import { activeRulesetId } from "../../../config/ruleset-setting";
import { registerTimedStatuses } from "../../../rules/kernel/timed-status";
import {
  LUNOS_DEFAULTS,
  type LunosOptions,
  type LunosRules,
  resolveLunosOptions,
} from "../../../rules/lunos/config";
import { lunosTimedStatuses } from "../../../rules/lunos/timed-statuses";
import { lunosOptionsSetting, useLunosHealthRules } from "./settings";

/**
 * The checking half of Lunos's world options, in its heavy part: the
 * stored options read through the rules core, and a GM's new ones checked
 * before they are stored.
 */

const check = optionsCheck<LunosOptions, LunosRules>({
  name: "Lunos",
  setting: lunosOptionsSetting,
  resolve: resolveLunosOptions,
  defaults: LUNOS_DEFAULTS,
  refusedKey: "LUNOS.Setting.Rules.Refused",
});

/** The world's rules: its stored options over the defaults, a refused value warned of once and not played. */
export const readWorldLunosRules = check.read;

/** Stores a GM's new options after the core checked them; a refused value is told and nothing is stored. */
export const setLunosRules = check.set;

/** What a Lunos world's clock reads from its rules (CONFIG.time.roundTime). */
export interface LunosClock {
  roundTime?: number;
}

/**
 * Puts rules where the shared facilities read them: its dying and choke
 * clocks as timed statuses (in every world: a Lunos actor kept in another
 * world keeps its clocks), and, given the clock of a world that plays
 * Lunos, a round's seconds out of combat (LUN-RND-1).
 */
export function applyLunosRules(rules: LunosRules, clock?: LunosClock): void {
  registerTimedStatuses(lunosTimedStatuses(rules));
  if (clock) clock.roundTime = rules.secondsPerRound;
}

/** The world's options read, checked and applied: the fighters' rules, the timed statuses, the clock. */
export function applyWorldLunosRules(): void {
  const rules = readWorldLunosRules();
  useLunosHealthRules(rules);
  const playing = activeRulesetId() === "lunos";
  applyLunosRules(rules, playing ? (CONFIG as { time?: LunosClock }).time : undefined);
}

/** The world's options as the settings' menu edits them (src/apps/settings/options-view.ts). */
export const lunosOptionsWindow: OptionsWindowSpec = Object.freeze({
  id: "lunos-rules-options",
  titleKey: "LUNOS.Setting.RulesMenu.Name",
  introKey: "LUNOS.Setting.RulesMenu.Intro",
  optionPrefix: "LUNOS.Option",
  defaults: LUNOS_DEFAULTS as unknown as Readonly<Record<string, unknown>>,
  stored: () => lunosOptionsSetting.stored(),
  set: (options: Record<string, unknown>) => setLunosRules(options as LunosOptions),
});
