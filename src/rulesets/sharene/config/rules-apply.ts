import { activeRulesetId } from "../../../config/ruleset-setting";
import { SYSTEM_ID } from "../../../config/system";
import { RulesError } from "../../../rules/kernel/errors";
import { registerTimedStatuses } from "../../../rules/kernel/timed-status";
import {
  resolveShareneOptions,
  SHARENE_DEFAULTS,
  type ShareneOptions,
  type ShareneRules,
} from "../../../rules/sharene/config";
import { shareneTimedStatuses } from "../../../rules/sharene/effect-kinds";
import { SHARENE_RULES_SETTING, storedShareneOptions, useShareneRules } from "./settings";

/**
 * The checking half of Sharene's world options, in its heavy part: the
 * stored options read through the rules core, and a GM's new ones checked
 * before they are stored.
 */

const warned = new Set<string>();

/**
 * The world's rules: its stored options over the defaults. A stored value
 * the core refuses (written around `setShareneRules`, by a macro or an
 * import) is not played: the defaults are, with one console warning naming
 * the refusal.
 */
export function readWorldShareneRules(): ShareneRules {
  const stored = storedShareneOptions();
  try {
    return resolveShareneOptions(stored as ShareneOptions);
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    if (!warned.has(error.message)) {
      warned.add(error.message);
      console.warn(`FANGS | the world's Sharene rules are refused (${error.message}); playing the defaults`);
    }
    return SHARENE_DEFAULTS;
  }
}

/**
 * Stores new options for the world (a GM's), after the core checked them:
 * a refused value is told in the user's words, naming what the core
 * refused, and nothing is stored. Answers whether it was stored.
 */
export async function setShareneRules(options: ShareneOptions): Promise<boolean> {
  try {
    resolveShareneOptions(options);
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    ui.notifications?.error(game.i18n.format("SHARENE.Setting.Rules.Refused", { reason: error.message }));
    return false;
  }
  await game.settings.set(SYSTEM_ID, SHARENE_RULES_SETTING, { options: { ...options } } as never);
  return true;
}

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
