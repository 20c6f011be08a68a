import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createI18n } from "../../../../../test/handlebars/foundry-helpers";
import { loadTranslations, REPO_ROOT } from "../../../../../test/handlebars/render";
import type { Localize } from "../../../../config/localize";
import { FANGS_DEFAULTS } from "../../../../rules/fangs/config";
import { DEFAULT_MANEUVER_OPTIONS, MANEUVERS } from "../../../../rules/fangs/maneuvers";
import { MANEUVER_IDS } from "../../../../rules/fangs/types";
import {
  DOC_SECTIONS,
  defaultMenuValues,
  OPTIONS_BY_NAME,
  optionValue,
  PER_MANEUVER_HINTS,
  RULES_FIGURE_KEYS,
  RULES_MENU_GROUPS,
  type RulesMenuValues,
} from "./catalogue";
import {
  type FormProblem,
  maneuverOptionsSource,
  readRulesMenuForm,
  refusalMessage,
  refusalMessages,
  settingWrites,
} from "./form";
import { FOLLOW_GENERAL, MANEUVERS_WITH_TWO_READINGS, perManeuverFromSource } from "./maneuver-readings";
import { rulesMenuView } from "./rules-menu-view";

/** The pure half of the rules options menu: catalogue, view, form reading, refusal words, what a save writes. */

const translations = loadTranslations();
const i18n = createI18n(translations);
const localize: Localize = (key, data) => (data ? i18n.format(key, data) : i18n.localize(key));

/** The form exactly as the template fills it from these values (what FormDataExtended would hand back unchanged). */
function formOf(values: RulesMenuValues): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  for (const [name, option] of OPTIONS_BY_NAME) {
    const value = optionValue(values, name);
    form[name] = option.kind === "integer" || option.kind === "boolean" ? value : String(value);
  }
  return form;
}

const withRules = (changes: Partial<RulesMenuValues["rules"]>): RulesMenuValues => {
  const d = defaultMenuValues();
  return { ...d, rules: { ...d.rules, ...changes } };
};

describe("the catalogue of options", () => {
  it("offers every figure the rules setting stores, once, with the rules core's default", () => {
    const names = [...OPTIONS_BY_NAME.keys()];
    expect(new Set(names).size).toBe(names.length);
    for (const key of RULES_FIGURE_KEYS) {
      expect(names).toContain(`rules.${key}`);
      expect(defaultMenuValues().rules[key]).toBe(FANGS_DEFAULTS[key]);
    }
    expect(names.filter((n) => n.startsWith("rules."))).toHaveLength(RULES_FIGURE_KEYS.length);
  });

  it("shows the DM formula, MV formula and the exchange's readings, and the maneuver and initiative choices", () => {
    for (const name of [
      "rules.damageModifierThreshold",
      "rules.damageModifierStep",
      "rules.damageModifierCap",
      "rules.movementFormula",
      "rules.parryWearCombination",
      "rules.specialParryWeaponDamage",
      "rules.fumbledDefenseHitPoints",
      "maneuverReading",
      "strictNoDefense",
      "initiativeMode",
    ]) {
      expect(OPTIONS_BY_NAME.has(name), name).toBe(true);
    }
  });

  it("defaults the maneuver options and initiative to the rules core's and the rules' own", () => {
    const d = defaultMenuValues();
    expect(d.maneuverReading).toBe(DEFAULT_MANEUVER_OPTIONS.reading);
    expect(d.strictNoDefense).toBe(DEFAULT_MANEUVER_OPTIONS.strictNoDefense);
    expect(d.perManeuver).toEqual({});
    expect(d.initiativeMode).toBe("ag");
  });

  it("offers a per-maneuver reading exactly where the registry keeps two, each with words for both", () => {
    const twoReadings = MANEUVER_IDS.filter(
      (id) => JSON.stringify(MANEUVERS[id].defenses.prose) !== JSON.stringify(MANEUVERS[id].defenses.table),
    );
    expect([...MANEUVERS_WITH_TWO_READINGS]).toEqual(twoReadings);
    expect(Object.keys(PER_MANEUVER_HINTS).sort()).toEqual([...twoReadings].sort());
    const perManeuver = [...OPTIONS_BY_NAME.keys()].filter((n) => n.startsWith("perManeuver."));
    expect(perManeuver).toEqual(twoReadings.map((id) => `perManeuver.${id}`));
  });

  it("has every label, hint, choice and docs section in lang/en.json", () => {
    const keys = RULES_MENU_GROUPS.flatMap((g) => [
      g.legend,
      g.hint,
      ...g.options.flatMap((o) => [
        o.label,
        o.hint,
        ...(o.kind === "choice" ? Object.values(o.choices) : []),
      ]),
    ]);
    keys.push(...Object.values(DOC_SECTIONS).map((section) => section.title));
    expect(keys.filter((k) => !(k in translations))).toEqual([]);
  });

  it("NC-DEF-9: links the shield bash option to the page retelling the section of the notes that reads it", () => {
    const notes = readFileSync(resolve(REPO_ROOT, "docs/rules/fangs.md"), "utf8");
    const option = OPTIONS_BY_NAME.get("rules.shieldBashAttack")!;
    const heading = DOC_SECTIONS[option.docs].notes;
    const section = notes.split(/^## /m).find((b) => b.startsWith(heading)) ?? "";
    expect(section).toContain("`shieldBashAttack`");
  });

  it("names a weapon-breaking option whose label does not end mid-phrase", () => {
    expect(translations["FANGS.Setting.Rules.Field.WeaponBreakSp"]).not.toMatch(/\b(of|past|the)$/);
  });

  it("retells in each journal page a section that is a heading of docs/rules/fangs.md, and names clauses of fangs-clauses.md", () => {
    const notes = readFileSync(resolve(REPO_ROOT, "docs/rules/fangs.md"), "utf8");
    const headings = [...notes.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());
    for (const section of Object.values(DOC_SECTIONS)) {
      expect(
        headings.some((h) => h.startsWith(section.notes)),
        section.notes,
      ).toBe(true);
    }
    const clauses = readFileSync(resolve(REPO_ROOT, "docs/rules/texts/fangs-clauses.md"), "utf8");
    for (const option of OPTIONS_BY_NAME.values()) {
      for (const clause of option.clauses) expect(clauses, clause).toMatch(new RegExp(`^- ${clause} `, "m"));
    }
  });
});

describe("the view", () => {
  it("groups the rows in catalogue order, each labelled, hinted, with its default and a link to the page explaining it", () => {
    const view = rulesMenuView(defaultMenuValues(), localize, { idPrefix: "menu" });
    expect(view.groups.map((g) => g.id)).toEqual(RULES_MENU_GROUPS.map((g) => g.id));
    const dm = view.groups.find((g) => g.id === "damageModifier")!;
    const threshold = dm.rows[0]!;
    expect(threshold).toMatchObject({
      name: "rules.damageModifierThreshold",
      id: "menu-rules-damageModifierThreshold",
      hintId: "menu-rules-damageModifierThreshold-hint",
      isInteger: true,
      value: "20",
      min: 0,
      label: "Damage Modifier: ST + SZ above",
      defaultText: "Default: 20",
      changed: false,
      basis: "default",
      basisLabel: "Open figure",
      docs: {
        uuid: "Compendium.fangs.rules.JournalEntry.eo7lSy8rQc3ElqBa.JournalEntryPage.tzvNQn3M08R2CheK",
        pageId: "tzvNQn3M08R2CheK",
        label: "Rules readings: Figures the rules leave open",
        tooltip:
          "Opens “Figures the rules leave open” in the journal FANGS rules readings (compendium FANGS Rules Reference)",
      },
    });
    const rows = view.groups.flatMap((g) => g.rows);
    expect(rows.every((r) => r.label && r.hint && r.defaultText && r.docs.uuid && r.docs.label)).toBe(true);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(view.changedCount).toBe(0);
    expect(view.changedText).toBe("All values are the defaults.");
  });

  it("shows choices with their labels, the chosen one selected, and defaults in words", () => {
    const values = {
      ...withRules({ specialParryWeaponDamage: "nick" }),
      initiativeMode: "rollOnce" as const,
    };
    const rows = rulesMenuView(values, localize).groups.flatMap((g) => g.rows);
    const parry = rows.find((r) => r.name === "rules.specialParryWeaponDamage")!;
    expect(parry.choices).toEqual([
      { value: "rolledDamage", label: "The parrying item's rolled damage", selected: false },
      { value: "nick", label: "A nick of 1 SP", selected: true },
    ]);
    expect(parry.defaultText).toBe("Default: The parrying item's rolled damage");
    expect(parry.changed).toBe(true);
    const initiative = rows.find((r) => r.name === "initiativeMode")!;
    expect(initiative.choices.find((c) => c.selected)?.value).toBe("rollOnce");
    expect(initiative.docs.label).toBe("Rules readings: Initiative and the round");
    const strict = rows.find((r) => r.name === "strictNoDefense")!;
    expect(strict).toMatchObject({ isBoolean: true, checked: false, defaultText: "Default: Off" });
  });

  it("counts and marks what differs from the defaults, per-maneuver overrides included", () => {
    const values: RulesMenuValues = {
      ...withRules({ movementFormula: "(ST+AG)/2", damageModifierCap: 12 }),
      strictNoDefense: true,
      perManeuver: { run: "table" },
    };
    const view = rulesMenuView(values, localize);
    const changed = view.groups.flatMap((g) => g.rows).filter((r) => r.changed);
    expect(changed.map((r) => r.name)).toEqual([
      "rules.movementFormula",
      "rules.damageModifierCap",
      "strictNoDefense",
      "perManeuver.run",
    ]);
    expect(view.changedText).toBe("Values that differ from the defaults: 4.");
    const run = view.groups.flatMap((g) => g.rows).find((r) => r.name === "perManeuver.run")!;
    expect(run.label).toBe("Run");
    expect(run.choices.map((c) => [c.value, c.selected])).toEqual([
      [FOLLOW_GENERAL, false],
      ["prose", false],
      ["table", true],
    ]);
  });
});

describe("reading the form", () => {
  it("reads back the values the form was filled with", () => {
    const values: RulesMenuValues = {
      ...withRules({ damageModifierStep: 4, hitPointsFormula: "CO+SZ", fumbledDefenseHitPoints: "half" }),
      initiativeMode: "rollEachRound",
      maneuverReading: "table",
      strictNoDefense: true,
      perManeuver: { attack: "prose", retreat: "table" },
    };
    const reading = readRulesMenuForm(formOf(values));
    expect(reading).toEqual({ ok: true, values });
    expect(readRulesMenuForm(formOf(defaultMenuValues()))).toEqual({ ok: true, values: defaultMenuValues() });
  });

  it("takes numbers typed as text, trims formulas, reads checkbox words, and a nested form too", () => {
    const form = formOf(defaultMenuValues());
    form["rules.damageModifierCap"] = " 12 ";
    form["rules.movementFormula"] = "  ST+AG  ";
    form.strictNoDefense = "on";
    const reading = readRulesMenuForm(form);
    expect(reading.ok && reading.values.rules.damageModifierCap).toBe(12);
    expect(reading.ok && reading.values.rules.movementFormula).toBe("ST+AG");
    expect(reading.ok && reading.values.strictNoDefense).toBe(true);
    const nested = { ...formOf(defaultMenuValues()), rules: { damageModifierCap: 7 } } as Record<
      string,
      unknown
    >;
    delete nested["rules.damageModifierCap"];
    const fromNested = readRulesMenuForm(nested);
    expect(fromNested.ok && fromNested.values.rules.damageModifierCap).toBe(7);
  });

  it("leaves fractions and out-of-range numbers to the data model: it reads them as they are", () => {
    const form = formOf(defaultMenuValues());
    form["rules.damageModifierStep"] = "2.5";
    form["rules.damageModifierCap"] = -3;
    const reading = readRulesMenuForm(form);
    expect(reading.ok && reading.values.rules.damageModifierStep).toBe(2.5);
    expect(reading.ok && reading.values.rules.damageModifierCap).toBe(-3);
  });

  it("refuses blanks (the model would put its default in their place), non-numbers and unknown choices, all at once", () => {
    const form = formOf(defaultMenuValues());
    form["rules.damageModifierThreshold"] = null;
    form["rules.damageModifierStep"] = "";
    form["rules.damageModifierCap"] = "ten";
    form["rules.movementFormula"] = "   ";
    form.initiativeMode = "whenever";
    form["perManeuver.run"] = "";
    delete form["rules.luckFormula"];
    const reading = readRulesMenuForm(form);
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.problems.map((p) => [p.name, p.reason])).toEqual([
      ["rules.movementFormula", "required"],
      ["rules.luckFormula", "required"],
      ["rules.damageModifierThreshold", "required"],
      ["rules.damageModifierStep", "required"],
      ["rules.damageModifierCap", "notNumber"],
      ["perManeuver.run", "required"],
      ["initiativeMode", "notChoice"],
    ]);
  });

  it("an unchecked box (absent from the form) is off", () => {
    const form = formOf({ ...defaultMenuValues(), strictNoDefense: true });
    delete form.strictNoDefense;
    const reading = readRulesMenuForm(form);
    expect(reading.ok && reading.values.strictNoDefense).toBe(false);
  });
});

describe("refusals in words", () => {
  it("names the option, what it expects and what was typed", () => {
    expect(
      refusalMessage({ name: "rules.damageModifierStep", reason: "invalid", value: 2.5 }, localize),
    ).toBe(
      "Damage Modifier: points per +1 must be a whole number of at least 1, not “2.5”. Nothing was saved.",
    );
    expect(refusalMessage({ name: "rules.movementFormula", reason: "invalid", value: "ST+" }, localize)).toBe(
      "Movement formula must be a formula over ST, AG, CO, IN, PW, SZ and AP, such as (ST+AG)/5, not “ST+”. Nothing was saved.",
    );
    expect(refusalMessage({ name: "initiativeMode", reason: "notChoice", value: "x" }, localize)).toBe(
      "Initiative must be one of: AG order, d20 + AG, rolled each round, d20 + AG, rolled once per combat, not “x”. Nothing was saved.",
    );
    expect(refusalMessage({ name: "rules.hitPointsFormula", reason: "required", value: "" }, localize)).toBe(
      "Hit Points formula needs a value. Nothing was saved.",
    );
  });

  it("keeps the validator's words for a path outside the catalogue, and caps the notices", () => {
    expect(
      refusalMessage({ name: "rules.other", reason: "invalid", value: 1, detail: "must be odd" }, localize),
    ).toBe("rules.other was refused (must be odd). Nothing was saved.");
    const problems: FormProblem[] = RULES_FIGURE_KEYS.slice(0, 5).map((key) => ({
      name: `rules.${key}`,
      reason: "required",
      value: "",
    }));
    const messages = refusalMessages(problems, localize, 3);
    expect(messages).toHaveLength(4);
    expect(messages[3]).toBe("2 more values were refused.");
    expect(messages.join(" ")).not.toMatch(/FANGS\.|\{/);
  });
});

describe("what a save writes", () => {
  it("only the settings that change; an unchanged rules object is not rewritten", () => {
    const d = defaultMenuValues();
    expect(settingWrites(d, defaultMenuValues())).toEqual({});
    expect(settingWrites(d, { ...d, initiativeMode: "rollOnce" })).toEqual({ initiativeMode: "rollOnce" });
    const rules = settingWrites(d, withRules({ damageModifierCap: 8 }));
    expect(Object.keys(rules)).toEqual(["rules"]);
    expect(rules.rules).toEqual({ ...d.rules, damageModifierCap: 8 });
    expect(settingWrites(d, { ...d, perManeuver: { run: "table" } })).toEqual({
      maneuverOptions: {
        strictNoDefense: false,
        perManeuver: Object.fromEntries(
          MANEUVERS_WITH_TWO_READINGS.map((id) => [id, id === "run" ? "table" : FOLLOW_GENERAL]),
        ),
      },
    });
  });

  it("stores a choice for each maneuver with two readings and reads back only the overrides", () => {
    const values = {
      ...defaultMenuValues(),
      perManeuver: { charge: "table" as const, engage: "prose" as const },
    };
    const source = maneuverOptionsSource(values);
    expect(Object.keys(source.perManeuver)).toEqual([...MANEUVERS_WITH_TWO_READINGS]);
    expect(perManeuverFromSource(source.perManeuver)).toEqual({ charge: "table", engage: "prose" });
    expect(perManeuverFromSource({ move: "table", run: "sideways", retreat: FOLLOW_GENERAL })).toEqual({});
    expect(perManeuverFromSource(undefined)).toEqual({});
  });
});
