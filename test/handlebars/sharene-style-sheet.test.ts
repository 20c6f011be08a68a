import "../foundry/setup";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resolveShareneOptions, SHARENE_DEFAULTS } from "../../src/rules/sharene/config";
import { STYLES, type Style } from "../../src/rules/sharene/types";
import { shareneItemSheetContext, styleFigures } from "../../src/rulesets/sharene/apps/sheets/item-context";
import { shareneItemParts } from "../../src/rulesets/sharene/apps/sheets/parts";
import { shareneItemData } from "../../src/rulesets/sharene/apps/sheets/sheet-data";
import { shareneStyle } from "../../src/rulesets/sharene/data/views";
import { resetWorld, standIn } from "../foundry/setup";
import { badButtons, byAttr, duplicateIds, mouseOnlyActions, parse, text, unlabelledControls } from "./html";
import { createTemplateRenderer } from "./render";

/**
 * Sharene's style entries (`shareneStyle`, its compendium's reference
 * items): made through Foundry's create path on the stand-in, a bad style
 * refused with the entry unchanged, and the sheet rendered from its real
 * template showing each figure from the rules it is given.
 */

type Obj = Record<string, unknown>;
type AnyItem = Item.Implementation & { toObject(): Obj; update(data: Obj): Promise<unknown> };

const errors = () => standIn.ui.notifications.shown.filter((n) => n.type === "error").map((n) => n.message);

async function styleItem(style: Style): Promise<AnyItem> {
  const cls = CONFIG.Item.documentClass as unknown as { create(data: Obj): Promise<AnyItem> };
  return cls.create({ name: "Entry", type: "shareneStyle", system: { style, description: "<p>x</p>" } });
}

function render(item: Item.Implementation, rules = SHARENE_DEFAULTS, editable = true) {
  const data = shareneItemData(item);
  if (data?.type !== "shareneStyle") throw new Error("not a style entry");
  const renderer = createTemplateRenderer();
  const context = shareneItemSheetContext(data, { editable, idPrefix: "sheet-style", rules });
  const html = Object.values(shareneItemParts("shareneStyle"))
    .map((part) => renderer.render(part.template, context))
    .join("\n");
  return { html, missing: [...renderer.i18n.missing] };
}

const figure = (html: string, aspect: string) => text(byAttr(parse(html), "data-aspect", aspect)[0]!);

beforeEach(() => resetWorld());
afterEach(() => vi.restoreAllMocks());

describe("a Sharene style entry", () => {
  it("is made through the create path with its style and description", async () => {
    const item = await styleItem("parryRiposte");
    expect(shareneStyle(item)).toMatchObject({ style: "parryRiposte", description: "<p>x</p>" });
    expect(shareneItemData(item)?.type).toBe("shareneStyle");
  });

  it("refuses a style the core does not have, the entry left as it was, with a notice naming the field", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const item = await styleItem("fullAttack");
    const before = item.toObject();
    await item.update({ "system.style": "berserk" });
    expect(item.toObject()).toEqual(before);
    expect(errors()[0]).toContain("Entry: Style must be one of");
  });
});

describe("the style sheet", () => {
  it("renders every word from lang/en.json, every control named, no mouse-only action, no id twice", async () => {
    for (const style of STYLES) {
      for (const editable of [true, false]) {
        const { html, missing } = render(await styleItem(style), SHARENE_DEFAULTS, editable);
        expect(missing, style).toEqual([]);
        expect(unlabelledControls(html), style).toEqual([]);
        expect(badButtons(html), style).toEqual([]);
        expect(duplicateIds(html), style).toEqual([]);
        expect(mouseOnlyActions(html), style).toEqual([]);
        expect(html.includes("undefined"), style).toBe(false);
      }
    }
  });

  it("SHA-STY-3: Full Attack shows +1 to attack, one defense at −5, and −4 to whoever parries it", async () => {
    const { html } = render(await styleItem("fullAttack"));
    expect(figure(html, "attack")).toContain("DF +1");
    expect(figure(html, "defense")).toContain("at DF \u22125");
    expect(figure(html, "riposte")).toBe("Riposte None.");
    expect(figure(html, "parried")).toContain("DF \u22124");
  });

  it("SHA-STY-4: Full Parry shows no attack, +1 to each defense and a reflex riposte at −5", async () => {
    const { html } = render(await styleItem("fullParry"));
    expect(figure(html, "attack")).toContain("None");
    expect(figure(html, "defense")).toContain("DF +1");
    expect(figure(html, "defense")).toContain("DF \u22122, then \u22124");
    expect(figure(html, "riposte")).toContain("DF \u22125");
    expect(figure(html, "parried")).toContain("Pays nothing");
  });

  it("SHA-STY-5: Parry and Riposte shows the riposte's three DFs in the world's reading", async () => {
    const item = await styleItem("parryRiposte");
    const betterOpens = figure(render(item).html, "riposte");
    expect(betterOpens).toContain(
      "DF 0 when the parry's Success Level beats the attack's, \u22124 when it does not, \u22128",
    );
    const asWritten = figure(
      render(item, resolveShareneOptions({ riposteReading: "asWritten" })).html,
      "riposte",
    );
    expect(asWritten).toContain("DF 0 when the parry's Success Level is below the attack's");
  });

  it("SHA-STY-6: Attack and Parry has no DF of its own", async () => {
    const { html } = render(await styleItem("attackParry"));
    expect(figure(html, "attack")).toContain("DF 0");
    expect(figure(html, "defense")).toContain("No DF of its own");
    expect(figure(html, "riposte")).toContain("None");
  });

  it("shows a GM's figures, not the defaults: every DF it names is read from the rules given", async () => {
    const rules = resolveShareneOptions({
      fullAttackDf: 2,
      fullAttackDefenseDf: -3,
      parriedFullAttackDf: -1,
      fullParryDefenseDf: 3,
      fullParryRiposteDf: -2,
      multipleDefenseDf: [-1, -3],
      splitParryDf: -5,
      riposteDf: { better: 1, notBetter: -3, failed: -6 },
    });
    const fullAttack = render(await styleItem("fullAttack"), rules).html;
    expect(figure(fullAttack, "attack")).toContain("DF +2");
    expect(figure(fullAttack, "defense")).toContain("DF \u22123");
    expect(figure(fullAttack, "parried")).toContain("DF \u22121");
    const fullParry = render(await styleItem("fullParry"), rules).html;
    expect(figure(fullParry, "defense")).toContain("DF +3");
    expect(figure(fullParry, "defense")).toContain("(DF \u22121, then \u22123)");
    expect(figure(fullParry, "defense")).toContain("(DF \u22125 each)");
    expect(figure(fullParry, "riposte")).toContain("DF \u22122");
    expect(figure(render(await styleItem("parryRiposte"), rules).html, "riposte")).toContain(
      "DF +1 when the parry's Success Level beats the attack's, \u22123 when it does not, \u22126",
    );
  });

  it("its style is a select of the four styles with the entry's selected; read-only, it is disabled", async () => {
    const { html } = render(await styleItem("fullParry"));
    const select = byAttr(parse(html), "name", "system.style")[0]!;
    expect(byAttr(select, "value").map((o) => o.attribs.value)).toEqual([...STYLES]);
    expect(byAttr(select, "selected").map((o) => o.attribs.value)).toEqual(["fullParry"]);
    const readOnly = byAttr(
      parse(render(await styleItem("fullParry"), SHARENE_DEFAULTS, false).html),
      "name",
    );
    expect(readOnly.every((el) => el.attribs.disabled !== undefined)).toBe(true);
  });

  it("styleFigures gives each style its four aspects, in order", () => {
    for (const style of STYLES)
      expect(styleFigures(style).map((f) => f.aspect)).toEqual(["attack", "defense", "riposte", "parried"]);
  });
});
