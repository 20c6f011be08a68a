import {
  all,
  byAttr,
  byClass,
  byTag,
  duplicateIds,
  mouseOnlyActions,
  parse,
  text,
  unlabelledControls,
} from "../../../../../test/handlebars/html";
import { createTemplateRenderer } from "../../../../../test/handlebars/render";
import type { Localize } from "../../../../config/localize";
import { defaultMenuValues, OPTIONS_BY_NAME, RULES_MENU_GROUPS, type RulesMenuValues } from "./catalogue";
import { RULES_MENU_TEMPLATE, rulesMenuView } from "./rules-menu-view";

/** templates/apps/rules-options.hbs rendered with real Handlebars and the Foundry helper stand-ins. */

function render(values: RulesMenuValues = defaultMenuValues()) {
  const renderer = createTemplateRenderer();
  const localize: Localize = (key, data) =>
    data ? renderer.i18n.format(key, data) : renderer.i18n.localize(key);
  const html = renderer.render(
    RULES_MENU_TEMPLATE,
    rulesMenuView(values, localize, { idPrefix: "rules-menu" }),
  );
  return { html, doc: parse(html), missing: [...renderer.i18n.missing] };
}

const house: RulesMenuValues = (() => {
  const d = defaultMenuValues();
  return {
    ...d,
    rules: { ...d.rules, damageModifierCap: 12, parryWearCombination: "sum" },
    strictNoDefense: true,
    perManeuver: { charge: "table" },
  };
})();

describe("the rules options template", () => {
  it("labels every input, uses each id once and points every description at an element", () => {
    const { html, doc, missing } = render(house);
    expect(unlabelledControls(html)).toEqual([]);
    expect(duplicateIds(html)).toEqual([]);
    expect(mouseOnlyActions(html)).toEqual([]);
    expect(missing).toEqual([]);
    const ids = new Set(byAttr(doc, "id").map((el) => el.attribs.id));
    const described = byAttr(doc, "aria-describedby").flatMap((el) =>
      el.attribs["aria-describedby"]!.split(" "),
    );
    expect(described.length).toBeGreaterThan(OPTIONS_BY_NAME.size);
    expect(described.filter((id) => !ids.has(id))).toEqual([]);
  });

  it("has one control per option, named as the form reader expects, in fieldsets with legends", () => {
    const { doc } = render();
    const controls = byTag(doc, "input", "select");
    expect(controls.map((c) => c.attribs.name)).toEqual([...OPTIONS_BY_NAME.keys()]);
    const fieldsets = byTag(doc, "fieldset");
    expect(fieldsets).toHaveLength(RULES_MENU_GROUPS.length);
    expect(fieldsets.every((f) => byTag(f, "legend").length === 1)).toBe(true);
    expect(text(byTag(fieldsets[2]!, "legend"))).toBe("Damage Modifier");
  });

  it("shows each value in its control: whole numbers with their lower bound, formulas, choices, the checkbox", () => {
    const { doc } = render(house);
    const control = (name: string) => byAttr(doc, "name", name)[0]!;
    expect(control("rules.damageModifierCap").attribs).toMatchObject({
      type: "number",
      value: "12",
      min: "0",
      step: "1",
    });
    expect(control("rules.damageModifierStep").attribs).toMatchObject({ min: "1" });
    expect(control("rules.movementFormula").attribs).toMatchObject({ type: "text", value: "ST+AG-SZ" });
    const selected = (name: string) =>
      byTag(control(name), "option")
        .filter((o) => "selected" in o.attribs)
        .map((o) => o.attribs.value);
    expect(selected("rules.parryWearCombination")).toEqual(["sum"]);
    expect(selected("perManeuver.charge")).toEqual(["table"]);
    expect(selected("perManeuver.run")).toEqual(["general"]);
    expect(selected("initiativeMode")).toEqual(["ag"]);
    expect(control("strictNoDefense").attribs).toHaveProperty("checked");
    expect(byAttr(render().doc, "name", "strictNoDefense")[0]!.attribs).not.toHaveProperty("checked");
  });

  it("gives each option its hint, its default and a link to the journal page explaining it, and marks changed ones", () => {
    const { doc } = render(house);
    const rows = byClass(doc, "fangs-rules-option");
    expect(rows).toHaveLength(OPTIONS_BY_NAME.size);
    const row = (name: string) => rows.find((r) => r.attribs["data-option"] === name)!;
    const cap = row("rules.damageModifierCap");
    expect(cap.attribs.class).toContain("is-changed");
    expect(text(byClass(cap, "fangs-rules-option__changed"))).toBe("changed");
    expect(text(byClass(cap, "fangs-rules-option__default"))).toBe("Default: 10");
    const [link] = byClass(cap, "fangs-rules-option__docs");
    expect(text(link!)).toBe("Rules readings: Figures the rules leave open");
    // The markup of a content link as Foundry's enricher writes one, reachable by keyboard.
    expect(link!.name).toBe("a");
    expect(link!.attribs).toMatchObject({
      class: "content-link fangs-rules-option__docs",
      "data-link": "",
      "data-uuid": "Compendium.fangs.rules.JournalEntry.eo7lSy8rQc3ElqBa.JournalEntryPage.tzvNQn3M08R2CheK",
      "data-id": "tzvNQn3M08R2CheK",
      "data-type": "JournalEntryPage",
      tabindex: "0",
    });
    expect(rows.every((r) => byClass(r, "fangs-rules-option__docs")[0]?.attribs["data-uuid"])).toBe(true);
    expect(text(rows)).not.toMatch(/\b(?:CORE|NC)-[A-Z]{3}-\d+\b|[Rr]ules notes/);
    expect(text(byClass(cap, "fangs-rules-option__basis"))).toBe("Open figure");
    const step = row("rules.damageModifierStep");
    expect(step.attribs.class).not.toContain("is-changed");
    expect(byClass(step, "fangs-rules-option__changed")).toEqual([]);
    expect(text(byClass(row("rules.fumbledDefenseHitPoints"), "fangs-rules-option__default"))).toBe(
      "Default: The full maximum, as for Stun",
    );
    expect(rows.every((r) => text(byClass(r, "fangs-rules-option__hint")).length > 10)).toBe(true);
    expect(text(byClass(doc, "fangs-rules-options__summary"))).toBe(
      "Values that differ from the defaults: 4.",
    );
  });

  it("ends with a reset button (an action, not a submit) and a save button that submits", () => {
    const { doc } = render();
    const buttons = byTag(doc, "button").filter((b) => b.attribs.role !== "tab");
    expect(buttons.map((b) => [b.attribs.type, b.attribs["data-action"], text(b)])).toEqual([
      ["button", "resetDefaults", "Reset to defaults"],
      ["submit", undefined, "Save"],
    ]);
    expect(all(doc, (el) => el.name === "footer")).toHaveLength(1);
  });

  it("shows one group at a time: a tab per group, the first shown, each tab naming its changed values", () => {
    const { doc } = render(house);
    const tabs = all(doc, (el) => el.attribs.role === "tab");
    expect(tabs.map((t) => t.attribs["data-tab"])).toEqual(RULES_MENU_GROUPS.map((g) => g.id));
    const panels = all(doc, (el) => el.attribs.role === "tabpanel");
    expect(panels).toHaveLength(RULES_MENU_GROUPS.length);
    expect(
      panels.filter((p) => /\bactive\b/.test(p.attribs.class ?? "")).map((p) => p.attribs["data-tab"]),
    ).toEqual([RULES_MENU_GROUPS[0]!.id]);
    for (const tab of tabs) {
      const panel = panels.find((p) => p.attribs.id === tab.attribs["aria-controls"]);
      expect(panel?.attribs["aria-labelledby"]).toBe(tab.attribs.id);
      expect(tab.attribs["aria-selected"]).toBe(String(/\bactive\b/.test(panel?.attribs.class ?? "")));
    }
    // house: two figures changed in "Damage Modifier"/"Parries", the strict reading and Charge under "Maneuvers".
    const changed = tabs.filter((t) => byClass(t, "fangs-rules-options__tab-changed").length > 0);
    expect(changed.length).toBeGreaterThanOrEqual(2);
    expect(text(changed[0]!)).toMatch(/\d+ changed/);
  });

  it("opens on the group asked for", () => {
    const renderer = createTemplateRenderer();
    const localize: Localize = (key, data) =>
      data ? renderer.i18n.format(key, data) : renderer.i18n.localize(key);
    const html = renderer.render(
      RULES_MENU_TEMPLATE,
      rulesMenuView(defaultMenuValues(), localize, { idPrefix: "m", activeGroup: "initiative" }),
    );
    const active = all(
      parse(html),
      (el) => el.attribs.role === "tabpanel" && /\bactive\b/.test(el.attribs.class ?? ""),
    );
    expect(active.map((p) => p.attribs["data-tab"])).toEqual(["initiative"]);
  });

  it("prints no raw key, no undefined and nothing unescaped from the values", () => {
    const d = defaultMenuValues();
    const { html } = render({ ...d, rules: { ...d.rules, movementFormula: '<b>"ST"</b>' } });
    expect(html).not.toMatch(/FANGS\.[A-Z]|undefined|NaN|\[object Object\]/);
    expect(html).not.toContain("<b>");
    expect(html).toContain("&lt;b&gt;");
  });
});
