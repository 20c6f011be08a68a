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

function page(id: string, title: string, values: () => RulesMenuValues): RulesMenuPreviewPage {
  return {
    id,
    title,
    group: "Settings",
    frame: "sheet",
    classes: ["fangs", "rules-options"],
    width: 700,
    parts: [{ id: "main", template: RULES_MENU_TEMPLATE }],
    context: () => rulesMenuView(values(), localize, { idPrefix: id }),
    expect: [
      'input[name="rules.damageModifierThreshold"]',
      'select[name="initiativeMode"]',
      '.fangs-rules-options__footer button[type="submit"]',
      '.fangs-rules-options__footer button[data-action="resetDefaults"]',
    ],
  };
}

export function rulesMenuPreviewPages(): RulesMenuPreviewPage[] {
  const house = page(
    "settings-rules-options--house-rules",
    "FANGS rules options: house rules",
    houseRulesValues,
  );
  return [
    page("settings-rules-options", "FANGS rules options: a new world", defaultMenuValues),
    { ...house, expect: [...house.expect, ".fangs-rules-option.is-changed .fangs-rules-option__changed"] },
    {
      ...house,
      id: "settings-rules-options--house-rules--dark",
      title: "FANGS rules options: house rules, dark theme",
      theme: "dark",
      context: () => rulesMenuView(houseRulesValues(), localize, { idPrefix: "settings-dark" }),
    },
  ];
}
