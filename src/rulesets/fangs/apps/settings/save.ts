import { localize } from "../../../../config/localize";
import { SYSTEM_ID } from "../../../../config/system";
import {
  initiativeMode,
  RulesOptionsModel,
  rulesOptions,
  FANGS_SETTINGS as SETTINGS,
} from "../../config/settings";
import { defaultMenuValues, RULES_FIGURE_KEYS, type RulesFigures, type RulesMenuValues } from "./catalogue";
import {
  type FormProblem,
  maneuverOptionsSource,
  readRulesMenuForm,
  refusalMessages,
  type SettingWrites,
  settingWrites,
} from "./form";
import { MANEUVER_OPTIONS_SETTING, ManeuverOptionsModel, worldManeuverOptions } from "./maneuver-options";

/**
 * The Foundry side of the rules options menu, kept out of the application
 * class so it runs under the test stand-in: reading the world's settings,
 * validating through the data models, and writing what changed. A refused
 * form writes nothing.
 */

/** What the world plays with now, in the menu's shape. */
export function currentMenuValues(): RulesMenuValues {
  const defaults = defaultMenuValues();
  const stored = (rulesOptions() ?? {}) as Partial<Record<string, unknown>>;
  const rules: Record<string, unknown> = { ...defaults.rules };
  for (const key of RULES_FIGURE_KEYS) if (stored[key] !== undefined) rules[key] = stored[key];
  const maneuvers = worldManeuverOptions();
  return {
    rules: rules as RulesFigures,
    initiativeMode: initiativeMode(),
    maneuverReading: maneuvers.reading,
    strictNoDefense: maneuvers.strictNoDefense,
    perManeuver: { ...maneuvers.perManeuver },
  };
}

interface FailureLike {
  readonly message?: string;
  readonly invalidValue?: unknown;
}

/** The failures of a refused data model construction, as problems named like the form's fields. */
function problemsOf(error: unknown, prefix: string): FormProblem[] {
  const ErrorClass = foundry.data.validation.DataModelValidationError;
  if (!(error instanceof ErrorClass)) throw error;
  const failures = Object.entries((error.getAllFailures() ?? {}) as Record<string, FailureLike>);
  if (failures.length === 0)
    return [{ name: prefix, reason: "invalid", value: undefined, detail: error.message }];
  return failures.map(([path, failure]) => ({
    name: prefix ? `${prefix}.${path}` : path,
    reason: "invalid",
    value: failure.invalidValue,
    ...(failure.message ? { detail: failure.message } : {}),
  }));
}

/**
 * Runs the values through the settings' data models (the same validation
 * a macro's `game.settings.set` would meet): whole numbers, bounds, formulas
 * the rules core can read, known choices. The list of what they refuse.
 */
export function validateMenuValues(values: RulesMenuValues): FormProblem[] {
  const problems: FormProblem[] = [];
  try {
    new RulesOptionsModel(values.rules as Record<string, unknown>);
  } catch (error) {
    problems.push(...problemsOf(error, "rules"));
  }
  try {
    new ManeuverOptionsModel(maneuverOptionsSource(values));
  } catch (error) {
    problems.push(...problemsOf(error, ""));
  }
  return problems;
}

async function write(writes: SettingWrites): Promise<void> {
  const set = game.settings.set.bind(game.settings) as (
    ns: string,
    key: string,
    value: unknown,
  ) => Promise<unknown>;
  if (writes.initiativeMode !== undefined)
    await set(SYSTEM_ID, SETTINGS.initiativeMode, writes.initiativeMode);
  if (writes.maneuverReading !== undefined)
    await set(SYSTEM_ID, SETTINGS.maneuverReading, writes.maneuverReading);
  if (writes.maneuverOptions !== undefined)
    await set(SYSTEM_ID, MANEUVER_OPTIONS_SETTING, writes.maneuverOptions);
  // Last: its onChange re-derives every actor, once the rest is in place.
  if (writes.rules !== undefined) await set(SYSTEM_ID, SETTINGS.rules, writes.rules);
}

export interface SaveOutcome {
  readonly saved: boolean;
  /** Why nothing was saved (empty when saved, or when the user may not save). */
  readonly problems: readonly FormProblem[];
  /** What was written. */
  readonly writes: SettingWrites;
}

/**
 * The menu's submit: reads the form, validates everything, and only then
 * writes the settings that changed. Bad values are refused with one notice
 * each (a few at most) and nothing is written.
 */
export async function saveRulesMenu(form: Readonly<Record<string, unknown>>): Promise<SaveOutcome> {
  if (!game.user?.isGM) {
    ui.notifications?.warn(localize("FANGS.Setting.RulesMenu.GmOnly"));
    return { saved: false, problems: [], writes: {} };
  }
  const reading = readRulesMenuForm(form);
  const problems = reading.ok ? validateMenuValues(reading.values) : reading.problems;
  if (!reading.ok || problems.length > 0) {
    for (const message of refusalMessages(problems, localize)) ui.notifications?.error(message);
    return { saved: false, problems, writes: {} };
  }
  const writes = settingWrites(currentMenuValues(), reading.values);
  try {
    await write(writes);
  } catch (error) {
    console.error("FANGS | the rules options could not be saved", error);
    ui.notifications?.error(
      localize("FANGS.Setting.RulesMenu.SaveFailed", {
        message: error instanceof Error ? error.message : String(error),
      }),
    );
    return { saved: false, problems: [], writes: {} };
  }
  const notice =
    Object.keys(writes).length === 0
      ? "FANGS.Setting.RulesMenu.NothingChanged"
      : writes.rules
        ? "FANGS.Setting.RulesMenu.SavedRederived"
        : "FANGS.Setting.RulesMenu.Saved";
  ui.notifications?.info(localize(notice));
  return { saved: true, problems: [], writes };
}
