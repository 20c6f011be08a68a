import type { Localize } from "../../../../config/localize";
import { SYSTEM_PATH } from "../../../../config/system";
import {
  BASIS_LABELS,
  DOC_SECTIONS,
  defaultMenuValues,
  docSectionUuid,
  type OptionBasis,
  type OptionDef,
  optionValue,
  RULES_MENU_GROUPS,
  type RulesMenuValues,
} from "./catalogue";

/**
 * The menu's view: the options grouped as RULES_MENU_GROUPS orders them,
 * each row with its input, its value, its default and a link to the page of
 * the rules readings journal that explains it, every word already in the
 * user's language. Pure: the menu
 * and the preview call it with their own localiser.
 */

/** The menu's template, as Foundry serves it. */
export const RULES_MENU_TEMPLATE = `${SYSTEM_PATH}/templates/apps/rules-options.hbs`;

/** Foundry's i18n: `localize(key)`, or `format(key, data)` when data is given. */

export interface ChoiceView {
  readonly value: string;
  readonly label: string;
  readonly selected: boolean;
}

/**
 * A link to a page of the rules readings journal, in the markup Foundry's
 * enricher gives an `@UUID[...]{label}` link, so it looks, drags and opens
 * like any content link.
 */
export interface DocsLinkView {
  readonly uuid: string;
  readonly pageId: string;
  /** "Rules readings: Damage, parries and fumbles" */
  readonly label: string;
  readonly tooltip: string;
}

export interface OptionRowView {
  /** The form field's name. */
  readonly name: string;
  readonly id: string;
  readonly hintId: string;
  readonly kind: OptionDef["kind"];
  readonly isInteger: boolean;
  readonly isFormula: boolean;
  readonly isChoice: boolean;
  readonly isBoolean: boolean;
  readonly isNumber: boolean;
  readonly isTable: boolean;
  readonly label: string;
  readonly hint: string;
  /** The value for a text or number input. */
  readonly value: string;
  readonly checked: boolean;
  readonly min: number | null;
  readonly max: number | null;
  readonly choices: readonly ChoiceView[];
  /** "Default: …" */
  readonly defaultText: string;
  /** The value differs from the default. */
  readonly changed: boolean;
  readonly basis: OptionBasis;
  readonly basisLabel: string;
  /** The journal page that explains it. */
  readonly docs: DocsLinkView;
}

export interface GroupView {
  readonly id: string;
  readonly legendId: string;
  readonly legend: string;
  readonly hint: string;
  readonly rows: readonly OptionRowView[];
  /** The group's tab is the one shown. */
  readonly active: boolean;
  /** The id of the group's tab button (its panel is labelled by it). */
  readonly tabId: string;
  /** How many of its values differ from the defaults (marked on the tab). */
  readonly changedCount: number;
  /** The same in words, for screen readers ("2 changed"). */
  readonly changedTabText: string;
}

export interface RulesMenuView {
  readonly groups: readonly GroupView[];
  readonly changedCount: number;
  /** "All values are the defaults." or "3 values differ from the defaults." */
  readonly changedText: string;
}

export interface RulesMenuViewOptions {
  /** Prefix of element ids, unique per rendered menu. */
  readonly idPrefix?: string;
  /** What "default" means; the rules core's defaults unless given (tests). */
  readonly defaults?: RulesMenuValues;
  /** The group whose tab is shown; the first group when absent or unknown. */
  readonly activeGroup?: string;
}

/** The text an option's value reads as: a choice's label, On/Off, or the figure itself. */
export function displayValue(option: OptionDef, value: unknown, localize: Localize): string {
  if (option.kind === "choice") {
    const label = option.choices[String(value)];
    return label ? localize(label) : String(value);
  }
  if (option.kind === "boolean") {
    return localize(value ? "FANGS.Setting.RulesMenu.On" : "FANGS.Setting.RulesMenu.Off");
  }
  if (option.kind === "table" && value === "") return localize("FANGS.Setting.RulesMenu.NoRows");
  return String(value);
}

function docsLink(option: OptionDef, localize: Localize): DocsLinkView {
  const section = localize(DOC_SECTIONS[option.docs].title);
  return {
    uuid: docSectionUuid(option.docs),
    pageId: DOC_SECTIONS[option.docs].pageId,
    label: localize("FANGS.Setting.RulesMenu.Docs", { section }),
    tooltip: localize("FANGS.Setting.RulesMenu.DocsTooltip", { section }),
  };
}

const domId = (prefix: string, name: string) => `${prefix}-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;

function rowView(
  option: OptionDef,
  values: RulesMenuValues,
  defaults: RulesMenuValues,
  localize: Localize,
  idPrefix: string,
): OptionRowView {
  const value = optionValue(values, option.name);
  const fallback = optionValue(defaults, option.name);
  const id = domId(idPrefix, option.name);
  return {
    name: option.name,
    id,
    hintId: `${id}-hint`,
    kind: option.kind,
    isInteger: option.kind === "integer",
    isFormula: option.kind === "formula",
    isChoice: option.kind === "choice",
    isBoolean: option.kind === "boolean",
    isNumber: option.kind === "number",
    isTable: option.kind === "table",
    label: localize(option.label),
    hint: localize(option.hint),
    value: option.kind === "boolean" ? "" : String(value),
    checked: option.kind === "boolean" && value === true,
    min: option.kind === "integer" || option.kind === "number" ? option.min : null,
    max:
      (option.kind === "integer" || option.kind === "number") && option.max !== undefined ? option.max : null,
    choices:
      option.kind === "choice"
        ? Object.entries(option.choices).map(([choice, label]) => ({
            value: choice,
            label: localize(label),
            selected: choice === String(value),
          }))
        : [],
    defaultText: localize("FANGS.Setting.RulesMenu.Default", {
      value: displayValue(option, fallback, localize),
    }),
    changed: value !== fallback,
    basis: option.basis,
    basisLabel: localize(BASIS_LABELS[option.basis]),
    docs: docsLink(option, localize),
  };
}

/** Values → the grouped rows the template shows. */
export function rulesMenuView(
  values: RulesMenuValues,
  localize: Localize,
  {
    idPrefix = "fangs-rules-options",
    defaults = defaultMenuValues(),
    activeGroup,
  }: RulesMenuViewOptions = {},
): RulesMenuView {
  const shown = RULES_MENU_GROUPS.some((g) => g.id === activeGroup) ? activeGroup : RULES_MENU_GROUPS[0]?.id;
  const groups = RULES_MENU_GROUPS.map((group) => {
    const rows = group.options.map((option) => rowView(option, values, defaults, localize, idPrefix));
    return {
      id: group.id,
      legendId: domId(idPrefix, `group-${group.id}`),
      legend: localize(group.legend),
      hint: localize(group.hint),
      rows,
      active: group.id === shown,
      tabId: domId(idPrefix, `tab-${group.id}`),
      changedCount: rows.filter((r) => r.changed).length,
      changedTabText: localize("FANGS.Setting.RulesMenu.TabChanged", {
        count: rows.filter((r) => r.changed).length,
      }),
    };
  });
  const changedCount = groups.reduce((n, g) => n + g.changedCount, 0);
  return {
    groups,
    changedCount,
    changedText:
      changedCount === 0
        ? localize("FANGS.Setting.RulesMenu.AllDefaults")
        : localize("FANGS.Setting.RulesMenu.ChangedCount", { count: changedCount }),
  };
}
