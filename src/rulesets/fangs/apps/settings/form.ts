import type { Localize } from "../../../../config/localize";
import type { ManeuverReading } from "../../../../rules/fangs/maneuvers";
import type { ManeuverId } from "../../../../rules/fangs/types";
import type { InitiativeMode } from "../../config/settings";
import {
  OPTIONS_BY_NAME,
  type OptionDef,
  RULES_MENU_GROUPS,
  type RulesFigureKey,
  type RulesFigures,
  type RulesMenuValues,
  splitOptionName,
} from "./catalogue";
import { FOLLOW_GENERAL, MANEUVERS_WITH_TWO_READINGS, type PerManeuverChoice } from "./maneuver-readings";
import { displayValue } from "./rules-menu-view";
import { parseTable } from "./tables";

/**
 * The submitted form → the values the settings store, and refused values →
 * the words a GM reads. Pure. This step only reads the form: a blank box
 * is refused here, to say "needs a value" (a blank choice the data model
 * would quietly replace with its default), and so is text that is no
 * number at all, which the model would see only as NaN; whether a number
 * is whole and in range, and whether a formula reads, is the `rules` data
 * model's call (save.ts). A choice is checked here because two of them
 * (initiative, general maneuver reading) are plain settings, not fields of
 * a model.
 */

export type ProblemReason = "required" | "notNumber" | "notChoice" | "notTable" | "aboveFamiliar" | "invalid";

export interface FormProblem {
  /** The option's form name ("rules.damageModifierStep"), or a path the catalogue does not know. */
  readonly name: string;
  readonly reason: ProblemReason;
  readonly value: unknown;
  /** The validator's own words, for a failure outside the catalogue. */
  readonly detail?: string;
}

export type FormReading =
  | { readonly ok: true; readonly values: RulesMenuValues }
  | { readonly ok: false; readonly problems: readonly FormProblem[] };

/** A field of the submitted form: Foundry's FormDataExtended gives flat dotted names; a nested object works too. */
function field(form: Readonly<Record<string, unknown>>, name: string): unknown {
  if (name in form) return form[name];
  let node: unknown = form;
  for (const part of name.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

type Read = { ok: true; value: unknown } | { ok: false; problem: FormProblem };

function readOption(option: OptionDef, raw: unknown): Read {
  const refuse = (reason: ProblemReason): Read => ({
    ok: false,
    problem: { name: option.name, reason, value: raw },
  });
  switch (option.kind) {
    case "boolean":
      return { ok: true, value: raw === true || raw === "true" || raw === "on" };
    case "integer":
    case "number": {
      if (typeof raw === "number") return Number.isNaN(raw) ? refuse("notNumber") : { ok: true, value: raw };
      if (raw === null || raw === undefined) return refuse("required");
      const text = String(raw).trim();
      if (text === "") return refuse("required");
      const value = Number(text);
      return Number.isNaN(value) ? refuse("notNumber") : { ok: true, value };
    }
    case "formula": {
      const text = raw === null || raw === undefined ? "" : String(raw).trim();
      return text === "" ? refuse("required") : { ok: true, value: text };
    }
    case "choice": {
      const text = raw === null || raw === undefined ? "" : String(raw);
      if (text === "") return refuse("required");
      return Object.hasOwn(option.choices, text) ? { ok: true, value: text } : refuse("notChoice");
    }
    case "table": {
      const text = raw === null || raw === undefined ? "" : String(raw).trim();
      // No bands (of AG or of hits) is no table; no ranges is the rules' own table.
      if (text === "" && option.table !== "ranges") return refuse("required");
      const value = parseTable(option.table, text);
      return value === null ? refuse("notTable") : { ok: true, value };
    }
  }
}

/** Reads every option of the menu from the submitted form; all problems at once, or the values. */
export function readRulesMenuForm(form: Readonly<Record<string, unknown>>): FormReading {
  const problems: FormProblem[] = [];
  const rules: Record<string, unknown> = {};
  const perManeuver: Partial<Record<ManeuverId, ManeuverReading>> = {};
  let initiativeMode: InitiativeMode = "ag";
  let maneuverReading: ManeuverReading = "prose";
  let strictNoDefense = false;
  for (const group of RULES_MENU_GROUPS) {
    for (const option of group.options) {
      const read = readOption(option, field(form, option.name));
      if (!read.ok) {
        problems.push(read.problem);
        continue;
      }
      const [head, tail] = splitOptionName(option.name);
      if (head === "rules") rules[tail] = read.value;
      else if (head === "perManeuver") {
        if (read.value !== FOLLOW_GENERAL) perManeuver[tail as ManeuverId] = read.value as ManeuverReading;
      } else if (head === "initiativeMode") initiativeMode = read.value as InitiativeMode;
      else if (head === "maneuverReading") maneuverReading = read.value as ManeuverReading;
      else if (head === "strictNoDefense") strictNoDefense = read.value === true;
    }
  }
  // Across two rows, so in the form's words: the data model would name neither.
  if (problems.length === 0 && Number(rules.aimRoundsUnfamiliar) > Number(rules.aimMaxRounds))
    problems.push({
      name: "rules.aimRoundsUnfamiliar",
      reason: "aboveFamiliar",
      value: rules.aimRoundsUnfamiliar,
    });
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    values: {
      rules: rules as RulesFigures,
      initiativeMode,
      maneuverReading,
      strictNoDefense,
      perManeuver,
    },
  };
}

/* -------------------------------------------- */
/*  Refusals in words                           */
/* -------------------------------------------- */

/** What an option expects, as a phrase that completes "… must be …". */
export function expectedPhrase(option: OptionDef, localize: Localize): string {
  switch (option.kind) {
    case "integer":
      return option.max === undefined
        ? localize("FANGS.Validation.IntegerAtLeast", { min: option.min })
        : localize("FANGS.Validation.IntegerBetween", { min: option.min, max: option.max });
    case "formula":
      return localize("FANGS.Validation.AbilityFormula");
    case "choice":
      return localize("FANGS.Validation.OneOf", {
        choices: Object.keys(option.choices)
          .map((choice) => displayValue(option, choice, localize))
          .join(", "),
      });
    case "boolean":
      return localize("FANGS.Setting.RulesMenu.OnOrOff");
    case "number":
      return localize("FANGS.Validation.NumberAboveAtMost", { min: option.min, max: option.max });
    case "table":
      return localize(
        option.table === "bands"
          ? "FANGS.Setting.RulesMenu.Expected.Bands"
          : option.table === "hits"
            ? "FANGS.Setting.RulesMenu.Expected.Hits"
            : "FANGS.Setting.RulesMenu.Expected.Ranges",
      );
  }
}

function shown(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** One sentence per refused value, naming the option, what it expects and what was typed. */
export function refusalMessage(problem: FormProblem, localize: Localize): string {
  const option = OPTIONS_BY_NAME.get(problem.name);
  if (!option) {
    return localize("FANGS.Setting.RulesMenu.RefusedOther", {
      field: problem.name,
      message: problem.detail ?? "",
    });
  }
  const fieldLabel = localize(option.label);
  if (problem.reason === "required")
    return localize("FANGS.Setting.RulesMenu.Required", { field: fieldLabel });
  if (problem.reason === "aboveFamiliar")
    return localize("FANGS.Setting.RulesMenu.AboveFamiliar", {
      field: fieldLabel,
      other: localize("FANGS.Setting.Rules.Field.AimMaxRounds"),
    });
  return localize("FANGS.Setting.RulesMenu.Refused", {
    field: fieldLabel,
    expected: expectedPhrase(option, localize),
    value: shown(problem.value),
  });
}

/** The notices for a refused form: the first `max` problems, then how many more there are. */
export function refusalMessages(problems: readonly FormProblem[], localize: Localize, max = 3): string[] {
  const messages = problems.slice(0, max).map((problem) => refusalMessage(problem, localize));
  if (problems.length > max) {
    messages.push(localize("FANGS.Setting.RulesMenu.More", { count: problems.length - max }));
  }
  return messages;
}

/* -------------------------------------------- */
/*  The maneuver options as stored              */
/* -------------------------------------------- */

/** The stored shape of the `maneuverOptions` setting: a choice for every maneuver with two readings. */
export interface ManeuverOptionsSource {
  strictNoDefense: boolean;
  perManeuver: Record<string, PerManeuverChoice>;
}

export function maneuverOptionsSource(values: RulesMenuValues): ManeuverOptionsSource {
  return {
    strictNoDefense: values.strictNoDefense,
    perManeuver: Object.fromEntries(
      MANEUVERS_WITH_TWO_READINGS.map((id) => [id, values.perManeuver[id] ?? FOLLOW_GENERAL]),
    ),
  };
}

/* -------------------------------------------- */
/*  What a save writes                          */
/* -------------------------------------------- */

export interface SettingWrites {
  rules?: RulesFigures;
  initiativeMode?: InitiativeMode;
  maneuverReading?: ManeuverReading;
  maneuverOptions?: ManeuverOptionsSource;
}

/** A table is the same when it holds the same rows in the same order. */
const sameFigure = (a: unknown, b: unknown): boolean =>
  a === b || (typeof a === "object" && a !== null && JSON.stringify(a) === JSON.stringify(b));

function sameRules(a: Readonly<RulesFigures>, b: Readonly<RulesFigures>): boolean {
  return (Object.keys(b) as RulesFigureKey[]).every((key) => sameFigure(a[key], b[key]));
}

function sameManeuverOptions(a: ManeuverOptionsSource, b: ManeuverOptionsSource): boolean {
  return (
    a.strictNoDefense === b.strictNoDefense &&
    MANEUVERS_WITH_TWO_READINGS.every((id) => a.perManeuver[id] === b.perManeuver[id])
  );
}

/** Only the settings whose value changes: an unchanged `rules` is not rewritten (that would re-derive every actor for nothing). */
export function settingWrites(current: RulesMenuValues, next: RulesMenuValues): SettingWrites {
  const writes: SettingWrites = {};
  if (!sameRules(current.rules, next.rules)) writes.rules = { ...next.rules };
  if (current.initiativeMode !== next.initiativeMode) writes.initiativeMode = next.initiativeMode;
  if (current.maneuverReading !== next.maneuverReading) writes.maneuverReading = next.maneuverReading;
  const options = maneuverOptionsSource(next);
  if (!sameManeuverOptions(maneuverOptionsSource(current), options)) writes.maneuverOptions = options;
  return writes;
}
