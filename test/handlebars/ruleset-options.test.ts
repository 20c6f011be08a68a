import "../foundry/setup";
import { beforeEach, describe, expect, it } from "vitest";
import {
  OPTIONS_WINDOW_TEMPLATE,
  optionsWindowView,
  readOptionsForm,
} from "../../src/apps/settings/options-view";
import { SHARENE_DEFAULTS } from "../../src/rules/sharene/config";
import { resetWorld, standIn } from "../foundry/setup";
import { byAttr, duplicateIds, parse, unlabelledControls } from "./html";
import { createTemplateRenderer } from "./render";

/**
 * The options window of a ruleset without one of its own (Sharene's,
 * Lunos's): each key of the core's defaults on a line, the world's value
 * as JSON (empty: the default), checked by the core before it is stored.
 */

const renderer = createTemplateRenderer();
const localize = (key: string, data?: Readonly<Record<string, string | number>>) =>
  data ? renderer.i18n.format(key, data as Record<string, string>) : renderer.i18n.localize(key);
const spec = {
  id: "sharene-rules-options",
  introKey: "SHARENE.Setting.RulesMenu.Intro",
  defaults: SHARENE_DEFAULTS,
};

describe("a ruleset's options window", () => {
  it("lists every key with its default and the world's value, every field labelled", () => {
    const view = optionsWindowView(spec as never, { criticalFailure: "none" }, localize);
    const html = renderer.render(OPTIONS_WINDOW_TEMPLATE, view);
    const inputs = byAttr(parse(html), "type", "text");
    expect(inputs.map((i) => i.attribs.name)).toEqual(Object.keys(SHARENE_DEFAULTS));
    const critical = inputs.find((i) => i.attribs.name === "criticalFailure")!;
    expect(critical.attribs.value).toBe('"none"');
    expect(inputs.find((i) => i.attribs.name === "secondsPerRound")!.attribs.value).toBe("");
    expect(html).toContain("Default: <code>3</code>");
    expect([unlabelledControls(html), duplicateIds(html)]).toEqual([[], []]);
    expect(
      [...renderer.i18n.missing].filter((k) => k.startsWith("SHARENE") || k.startsWith("FANGS")),
    ).toEqual([]);
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
    const { shareneOptionsWindow } = await import("../../src/rulesets/sharene/config/rules-apply");
    expect(await shareneOptionsWindow.set({ criticalFailure: "sometimes" })).toBe(false);
    expect(standIn.ui.notifications.shown.map((n) => n.type)).toEqual(["error"]);
    expect(shareneOptionsWindow.stored()).toEqual({});
    expect(await shareneOptionsWindow.set({ criticalFailure: "none" })).toBe(true);
    expect(shareneOptionsWindow.stored()).toEqual({ criticalFailure: "none" });
  });
});
