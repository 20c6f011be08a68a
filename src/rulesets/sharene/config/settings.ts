import { activeRulesetId } from "../../../config/ruleset-setting";
import { isSettingRegistered, refreshActors } from "../../../config/settings";
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

/**
 * Sharene's world rules options: one GM setting holding the keys of
 * SHARENE_DEFAULTS the world changes, checked by the rules core
 * (`resolveShareneOptions`) before it is stored. The knockouts' and the
 * coma's lengths are registered from it as timed statuses, and a round's
 * seconds out of combat follow its `secondsPerRound` in a world that plays
 * Sharene. Its options window comes with its table; until then a GM (or a
 * macro) sets it with `setShareneRules`.
 */

export const SHARENE_RULES_SETTING = "shareneRules";

/**
 * The stored options: the keys of SHARENE_DEFAULTS the world changes. Its
 * joint check is the core's, so a value the core refuses is not stored
 * even when written around `setShareneRules`.
 */
export class ShareneRulesModel extends foundry.abstract.DataModel<{
  options: foundry.data.fields.ObjectField;
}> {
  static override defineSchema() {
    return { options: new foundry.data.fields.ObjectField({ required: true, initial: {} }) };
  }

  static override validateJoint(data: { options?: unknown }): void {
    resolveShareneOptions((data.options ?? {}) as ShareneOptions);
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
    onChange: () => {
      applyWorldShareneRules();
      refreshActors();
    },
  });
}

let cachedRaw: unknown;
let cachedRules: ShareneRules = SHARENE_DEFAULTS;
const warned = new WeakSet<object>();

/**
 * The world's Sharene rules: its stored options over the defaults. A stored
 * value the core refuses (written around `setShareneRules`, by a macro or
 * an import) is not played: the defaults are, with one console warning
 * naming the refusal.
 */
export function shareneRules(): ShareneRules {
  if (!isSettingRegistered(SHARENE_RULES_SETTING)) return SHARENE_DEFAULTS;
  let stored: unknown;
  try {
    stored = game.settings.get(SYSTEM_ID, SHARENE_RULES_SETTING);
  } catch (error) {
    // The model's joint check is the core's: a stored value it refuses does not even load.
    if (!(error instanceof foundry.data.validation.DataModelValidationError)) throw error;
    warnRefused(error, error.message);
    return SHARENE_DEFAULTS;
  }
  const raw: unknown = (stored as { options?: unknown } | null)?.options ?? stored;
  if (raw === cachedRaw) return cachedRules;
  cachedRaw = raw;
  try {
    cachedRules = resolveShareneOptions((raw ?? {}) as ShareneOptions);
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    if (raw && typeof raw === "object") warnRefused(raw, error.message);
    cachedRules = SHARENE_DEFAULTS;
  }
  return cachedRules;
}

function warnRefused(key: object, reason: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(`FANGS | the world's Sharene rules are refused (${reason}); playing the defaults`);
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

/** What a Sharene world's clock reads from its rules (CONFIG.time.roundTime), set only where it plays Sharene. */
export interface ShareneClock {
  roundTime?: number;
}

/**
 * Puts the world's rules where the shared facilities read them: its
 * knockouts' and coma's lengths as timed statuses (in every world: a
 * Sharene actor kept in another world keeps its clocks), and, where the
 * world plays Sharene, a round's seconds out of combat (SHA-RND-1).
 */
export function applyShareneRules(rules: ShareneRules, clock?: ShareneClock): void {
  registerTimedStatuses(shareneTimedStatuses(rules));
  if (clock) clock.roundTime = rules.secondsPerRound;
}

/** The world's rules applied (in `init`, and when the setting changes). */
export function applyWorldShareneRules(): void {
  const playing = activeRulesetId() === "sharene";
  applyShareneRules(shareneRules(), playing ? (CONFIG as { time?: ShareneClock }).time : undefined);
}
