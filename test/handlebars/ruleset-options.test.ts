import "../foundry/setup";
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import {
  OPTIONS_WINDOW_TEMPLATE,
  optionsWindowView,
  readOptionsForm,
} from "../../src/apps/settings/options-view";
import { LUNOS_DEFAULTS } from "../../src/rules/lunos/config";
import { SHARENE_DEFAULTS } from "../../src/rules/sharene/config";
import { lunosOptionsWindow } from "../../src/rulesets/lunos/config/rules-apply";
import { shareneOptionsWindow } from "../../src/rulesets/sharene/config/rules-apply";
import { resetWorld, standIn } from "../foundry/setup";
import { pageText, rulesetPacks, wordRuns } from "../support/ruleset-packs";
import { all, byAttr, byTag, duplicateIds, parse, text, unlabelledControls } from "./html";
import { createTemplateRenderer, REPO_ROOT } from "./render";

/**
 * The options window of a ruleset without one of its own (Sharene's,
 * Lunos's): each key of the core's defaults on a line, named in the GM's
 * words (a label and a hint from the ruleset's lang family, the key small
 * beside them), the world's value as JSON (empty: the default), checked by
 * the core before it is stored.
 */

const renderer = createTemplateRenderer();
const localize = (key: string, data?: Readonly<Record<string, string | number>>) =>
  data ? renderer.i18n.format(key, data as Record<string, string>) : renderer.i18n.localize(key);
const lang = JSON.parse(readFileSync(path.join(REPO_ROOT, "lang", "en.json"), "utf8")) as Record<
  string,
  string
>;

const RULESETS = [
  {
    name: "Sharene",
    prefix: "SHARENE",
    window: shareneOptionsWindow,
    defaults: SHARENE_DEFAULTS as unknown as Record<string, unknown>,
    rulesText: "docs/rules/texts/sharene-combat.md",
    packPrefix: "sharene",
  },
  {
    name: "Lunos",
    prefix: "LUNOS",
    window: lunosOptionsWindow,
    defaults: LUNOS_DEFAULTS as unknown as Record<string, unknown>,
    rulesText: "docs/rules/texts/lunos-combat.md",
    packPrefix: "lunos",
  },
] as const;

const words = (prefix: string, key: string) => ({
  label: lang[`${prefix}.Option.${key}.Label`],
  hint: lang[`${prefix}.Option.${key}.Hint`],
});

describe.each(RULESETS)("$name's options window", ({ prefix, window, defaults, rulesText, packPrefix }) => {
  const render = (stored: unknown) =>
    renderer.render(OPTIONS_WINDOW_TEMPLATE, optionsWindowView(window, stored, localize));

  it("reads its words from the ruleset's own family, named by its spec", () => {
    expect(window.optionPrefix).toBe(`${prefix}.Option`);
    expect(window.defaults).toBe(defaults);
  });

  it("every key of the defaults has a label and a hint of its own; no two labels alike", () => {
    const keys = Object.keys(defaults);
    expect(keys.filter((k) => !words(prefix, k).label || !words(prefix, k).hint)).toEqual([]);
    const labels = keys.map((k) => words(prefix, k).label);
    expect(new Set(labels).size).toBe(labels.length);
    // A hint says more than its label, and no key stands in for its own label.
    for (const key of keys) {
      const { label, hint } = words(prefix, key);
      expect(hint!.length, key).toBeGreaterThan(label!.length);
      expect(label, key).not.toMatch(/\b[a-z]+[A-Z][A-Za-z]*\b/);
    }
  });

  it("a choice among readings names the readings in its hint, the default's among them", () => {
    const choices = Object.entries(defaults).filter(([, v]) => typeof v === "string");
    expect(choices.length).toBeGreaterThan(5);
    for (const [key, value] of choices) {
      const hint = words(prefix, key).hint!;
      expect(hint, key).toContain(`"${value as string}"`);
      expect(hint.match(/"[a-zA-Z]+"/g)?.length ?? 0, key).toBeGreaterThanOrEqual(2);
    }
  });

  it("each row: the label tied to its field, the key small beside it, the hint and the default describing the field", () => {
    const html = render({});
    const root = parse(html);
    for (const key of Object.keys(defaults)) {
      const [row] = byAttr(root, "data-option", key);
      const [input] = byAttr(row!, "name", key);
      const [label] = byAttr(row!, "for", input!.attribs.id!);
      expect(text(label!), key).toBe(words(prefix, key).label);
      expect(text(byTag(row!, "code")[0]!), key).toBe(key);
      // JSON and the key are data, not words: the preview's check for raw lang keys skips them.
      expect(input!.attribs.translate, key).toBe("no");
      const described = input!.attribs["aria-describedby"]!.split(" ").map((id) =>
        text(byAttr(root, "id", id)),
      );
      expect(described, key).toEqual([words(prefix, key).hint, `Default: ${JSON.stringify(defaults[key])}`]);
    }
    expect([unlabelledControls(html), duplicateIds(html)]).toEqual([[], []]);
    expect([...renderer.i18n.missing].filter((k) => k.startsWith(prefix) || k.startsWith("FANGS"))).toEqual(
      [],
    );
  });

  it("the keyboard meets the options in the defaults' order, then Save; nothing taken out of the order", () => {
    const root = parse(render({}));
    const stops = all(root, (el) => ["input", "button", "select", "textarea", "a"].includes(el.name));
    expect(stops.map((el) => el.attribs.name ?? el.attribs.type)).toEqual([
      ...Object.keys(defaults),
      "submit",
    ]);
    expect(byAttr(root, "tabindex")).toEqual([]);
  });

  it("the words are the project's own: no run of the rules text's words in a label or a hint", () => {
    const theirs = wordRuns(readFileSync(path.join(REPO_ROOT, rulesText), "utf8"));
    const ours = Object.keys(defaults).flatMap((k) => [words(prefix, k).label!, words(prefix, k).hint!]);
    expect(ours.flatMap((w) => [...wordRuns(w)].filter((r) => theirs.has(r)))).toEqual([]);
  });

  it("the journal's page on the options names every option by the window's label, so the intro is true", () => {
    const page = rulesetPacks(packPrefix)
      .journal()
      .pages!.find((p) => p.name === "Options a world can change")!;
    const items = byTag(parse(pageText(page)), "li").map((li) => text(li));
    const labels = Object.keys(defaults).map((k) => words(prefix, k).label!);
    expect(labels.filter((l) => !items.some((item) => item === l || item.startsWith(`${l} (`)))).toEqual([]);
    expect(items).toHaveLength(labels.length);
    expect(localize(`${prefix}.Setting.RulesMenu.Intro`)).toContain(page.name);
  });
});

describe("a ruleset's options window", () => {
  it("shows the world's value where it changed one, marked; an untouched line is empty", () => {
    const view = optionsWindowView(shareneOptionsWindow, { criticalFailure: "none" }, localize);
    const html = renderer.render(OPTIONS_WINDOW_TEMPLATE, view);
    const inputs = byAttr(parse(html), "type", "text");
    expect(inputs.map((i) => i.attribs.name)).toEqual(Object.keys(SHARENE_DEFAULTS));
    expect(inputs.find((i) => i.attribs.name === "criticalFailure")!.attribs.value).toBe('"none"');
    expect(inputs.find((i) => i.attribs.name === "secondsPerRound")!.attribs.value).toBe("");
    expect(
      byAttr(parse(html), "class", "ruleset-options__row is-changed").map((r) => r.attribs["data-option"]),
    ).toEqual(["criticalFailure"]);
    expect(text(byAttr(parse(html), "id", "sharene-rules-options-secondsPerRound-default"))).toBe(
      "Default: 3",
    );
  });

  it("reads the form back: empty lines keep the default, a line that is not JSON is named and nothing is kept", () => {
    expect(
      readOptionsForm(
        { criticalFailure: '"none"', secondsPerRound: " ", stray: "1" },
        SHARENE_DEFAULTS as never,
      ),
    ).toEqual({ ok: true, options: { criticalFailure: "none" } });
    expect(readOptionsForm({ criticalFailure: "none", comaDownTo: "2" }, SHARENE_DEFAULTS as never)).toEqual({
      ok: false,
      key: "criticalFailure",
    });
  });
});

describe("Sharene's options window saves through the core's check", () => {
  beforeEach(resetWorld);

  it("a value the core refuses is told and not stored; one it takes is stored", async () => {
    expect(await shareneOptionsWindow.set({ criticalFailure: "sometimes" })).toBe(false);
    expect(standIn.ui.notifications.shown.map((n) => n.type)).toEqual(["error"]);
    expect(shareneOptionsWindow.stored()).toEqual({});
    expect(await shareneOptionsWindow.set({ criticalFailure: "none" })).toBe(true);
    expect(shareneOptionsWindow.stored()).toEqual({ criticalFailure: "none" });
  });
});
