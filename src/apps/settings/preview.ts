import en from "../../../lang/en.json";
import { defaultMenuValues, type RulesMenuValues } from "./catalogue";
import { type Localize, RULES_MENU_TEMPLATE, rulesMenuView } from "./view";

/**
 * The rules options menu's preview pages, from data: the menu as a new
 * world shows it, and with a table's house rules (changed values marked),
 * in both themes. The page objects have the shape of the build's preview
 * pages (test/preview/pages.ts), which lists this as one more page source.
 */

export interface RulesMenuPreviewPage {
  id: string;
  title: string;
  group: string;
  frame: "sheet";
  classes: string[];
  width: number;
  parts: { id: string; template: string }[];
  context: () => object;
  expect: string[];
  theme?: "light" | "dark";
}

const strings = en as Record<string, string>;

/** English strings with Foundry's {placeholder} formatting. */
const localize: Localize = (key, data) => {
  const text = strings[key] ?? key;
  return data
    ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in data ? String(data[name]) : m))
    : text;
};

/** A table's house rules: a gentler DM, rolled initiative, the tables for Run, NC-DEF-2 read strictly. */
export function houseRulesValues(): RulesMenuValues {
  const d = defaultMenuValues();
  return {
    ...d,
    rules: {
      ...d.rules,
      damageModifierStep: 6,
      movementFormula: "(ST+AG)/2",
      specialParryWeaponDamage: "nick",
    },
    initiativeMode: "rollEachRound",
    strictNoDefense: true,
    perManeuver: { run: "table" },
  };
}

function page(
  id: string,
  title: string,
  values: () => RulesMenuValues,
  activeGroup: string,
  shows: readonly string[],
): RulesMenuPreviewPage {
  return {
    id,
    title,
    group: "Settings",
    frame: "sheet",
    classes: ["fangs", "rules-options"],
    width: 700,
    parts: [{ id: "main", template: RULES_MENU_TEMPLATE }],
    context: () => rulesMenuView(values(), localize, { idPrefix: id, activeGroup }),
    expect: [
      ...shows,
      `[role="tab"][data-tab="${activeGroup}"][aria-selected="true"]`,
      '.fangs-rules-options__footer button[type="submit"]',
      '.fangs-rules-options__footer button[data-action="resetDefaults"]',
    ],
  };
}

export function rulesMenuPreviewPages(): RulesMenuPreviewPage[] {
  return [
    page("settings-rules-options", "FANGS rules options: a new world", defaultMenuValues, "characteristics", [
      'input[name="rules.characteristicBase"]',
    ]),
    page(
      "settings-rules-options--house-rules",
      "FANGS rules options: house rules",
      houseRulesValues,
      "damageModifier",
      [
        'input[name="rules.damageModifierThreshold"]',
        ".fangs-rules-options__panel.active .fangs-rules-option.is-changed .fangs-rules-option__changed",
        ".fangs-rules-options__tab-changed",
      ],
    ),
    page(
      "settings-rules-options--house-rules--dark",
      "FANGS rules options: house rules, dark theme",
      houseRulesValues,
      "initiative",
      [
        'select[name="initiativeMode"]',
        ".fangs-rules-options__panel.active .fangs-rules-option.is-changed .fangs-rules-option__changed",
      ],
    ),
  ].map((p) => (p.id.endsWith("--dark") ? { ...p, theme: "dark" as const } : p));
}
