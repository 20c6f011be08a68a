import { activeRulesetId } from "../../../config/ruleset-setting";
import { SYSTEM_ID } from "../../../config/system";
import { RulesError } from "../../../rules/kernel/errors";
import { registerTimedStatuses } from "../../../rules/kernel/timed-status";
import {
  LUNOS_DEFAULTS,
  type LunosOptions,
  type LunosRules,
  resolveLunosOptions,
} from "../../../rules/lunos/config";
import { lunosTimedStatuses } from "../../../rules/lunos/timed-statuses";
import { LUNOS_RULES_SETTING, storedLunosOptions, useLunosHealthRules } from "./settings";

/**
 * The checking half of Lunos's world options, in its heavy part: the
 * stored options read through the rules core, and a GM's new ones checked
 * before they are stored.
 */

const warned = new Set<string>();

/**
 * The world's rules: its stored options over the defaults. A stored value
 * the core refuses (written around `setLunosRules`, by a macro or an
 * import) is not played: the defaults are, with one console warning.
 */
export function readWorldLunosRules(): LunosRules {
  const stored = storedLunosOptions();
  try {
    return resolveLunosOptions(stored as LunosOptions);
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    if (!warned.has(error.message)) {
      warned.add(error.message);
      console.warn(`FANGS | the world's Lunos rules are refused (${error.message}); playing the defaults`);
    }
    return LUNOS_DEFAULTS;
  }
}

/**
 * Stores new options for the world (a GM's), after the core checked them:
 * a refused value is told in the user's words, naming what the core
 * refused, and nothing is stored. Answers whether it was stored.
 */
export async function setLunosRules(options: LunosOptions): Promise<boolean> {
  try {
    resolveLunosOptions(options);
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    ui.notifications?.error(game.i18n.format("LUNOS.Setting.Rules.Refused", { reason: error.message }));
    return false;
  }
  await game.settings.set(SYSTEM_ID, LUNOS_RULES_SETTING, { options: { ...options } } as never);
  return true;
}

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
