import "../foundry/setup";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ScriptedDice } from "../../src/rules/kernel/dice";
import { resolveShareneOptions, SHARENE_DEFAULTS, type ShareneRules } from "../../src/rules/sharene/config";
import {
  beginActions,
  declareAction,
  declareStyle,
  defenseOptions,
  endTurn,
  type FightView,
  offerAttack,
  resolveAttack,
  rollInitiative,
  type ShareneRound,
  startRound,
} from "../../src/rules/sharene/round-engine";
import { STYLES, type Style } from "../../src/rules/sharene/types";
import { shareneItemSheetContext, styleFigures } from "../../src/rulesets/sharene/apps/sheets/item-context";
import { shareneItemParts } from "../../src/rulesets/sharene/apps/sheets/parts";
import { shareneItemData } from "../../src/rulesets/sharene/apps/sheets/sheet-data";
import { shareneFighter, shareneStyle } from "../../src/rulesets/sharene/data/views";
import { resetWorld, standIn } from "../foundry/setup";
import { fighter, fresh } from "../support/sharene-fixtures";
import { badButtons, byAttr, duplicateIds, mouseOnlyActions, parse, text, unlabelledControls } from "./html";
import { createTemplateRenderer } from "./render";

/**
 * Sharene's style entries (`shareneStyle`, its compendium's reference
 * items): made through Foundry's create path on the stand-in, a bad style
 * refused with the entry unchanged, the sheet rendered from its real
 * template showing each figure from the rules it is given, and each figure
 * equal to the one the round engine plays with those rules.
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
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const item = await styleItem("fullAttack");
    const before = item.toObject();
    await item.update({ "system.style": "berserk" });
    expect(item.toObject()).toEqual(before);
    expect(errors()[0]).toContain("Entry: Style must be one of");
  });
});

describe("a style entry given to a fighter teaches it the style (review finding 1)", () => {
  type AnyActor = Actor.Implementation & { items: { size: number }; toObject(): Obj };
  const actorClass = () => CONFIG.Actor.documentClass as unknown as { create(data: Obj): Promise<AnyActor> };
  const infos = () => standIn.ui.notifications.shown.filter((n) => n.type === "info").map((n) => n.message);
  const giveEntry = (actor: AnyActor, style: Style) =>
    (CONFIG.Item.documentClass as unknown as { create(d: Obj, o: Obj): Promise<unknown> }).create(
      { name: "Full Parry", type: "shareneStyle", system: { style } },
      { parent: actor },
    );

  it("no item is made; the style joins the ones it knows, and the user is told", async () => {
    const wolf = await actorClass().create({
      name: "Wolf",
      type: "shareneCreature",
      system: { styles: { fullParry: false, parryRiposte: false } },
    });
    expect(await giveEntry(wolf, "fullParry")).toBeUndefined();
    expect(wolf.items.size).toBe(0);
    expect(shareneFighter(wolf)?.knownStyles).toContain("fullParry");
    expect(infos()).toEqual(["Wolf now knows the style full parry."]);
  });

  it("a style it already knows changes nothing but is still not made an item", async () => {
    const arden = await actorClass().create({ name: "Arden", type: "shareneCharacter" });
    const before = arden.toObject();
    await giveEntry(arden, "attackParry");
    expect(arden.toObject()).toEqual(before);
  });

  it("an actor of another ruleset is left to the shared refusal: nothing made, nothing learned", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const gru = await actorClass().create({ name: "Gru", type: "character" });
    const before = gru.toObject();
    await giveEntry(gru, "fullParry");
    expect(gru.toObject()).toEqual(before);
    expect(infos()).toEqual([]);
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

describe("the style sheet's figures are the round engine's", () => {
  // Every DF apart from the others, so that a figure read from the wrong key shows.
  const rules: ShareneRules = resolveShareneOptions({
    fullAttackDf: 2,
    fullAttackDefenseDf: -3,
    parriedFullAttackDf: -1,
    fullParryDefenseDf: 3,
    fullParryRiposteDf: -2,
    riposteDf: { better: 1, notBetter: -3, failed: -6 },
  });
  const sheets = [fighter("al"), fighter("bo")];
  const view: FightView = {
    sheet: (id) => sheets.find((f) => f.id === id)!,
    condition: (id) => fresh(sheets.find((f) => f.id === id)!),
  };
  /** Al (in `style`) and Bo (Attack and Parry) at each other; `first` acts first. */
  function ready(style: Style, first: "al" | "bo"): ShareneRound {
    let round = startRound(null, [
      { id: "al", outOfAction: false },
      { id: "bo", outOfAction: false },
    ]);
    round = declareAction(round, "al", { target: "bo", action: "melee" });
    round = declareAction(round, "bo", { target: "al", action: "melee" });
    round = rollInitiative(round, view, new ScriptedDice(first === "al" ? [9, 1] : [1, 9]), rules);
    round = declareStyle(round, "al", { style }, view, rules);
    round = declareStyle(round, "bo", { style: "attackParry" }, view, rules);
    return beginActions(round);
  }
  const shown = (style: Style, aspect: string) =>
    styleFigures(style, rules).find((f) => f.aspect === aspect)!;

  it.each([...STYLES])("%s: its own attack's DF, or none", (style) => {
    const answer = offerAttack(ready(style, "al"), "al", view, rules);
    const figure = shown(style, "attack");
    if (answer.ok) expect(figure.params.df).toBe(signed(answer.attack.dn.dfRaw));
    else expect([answer.reason, figure.text]).toEqual(["StyleDoesNotAttack", "SHARENE.StyleItem.NoAttack"]);
  });

  it.each([...STYLES])("%s: its defense's DF against one opponent", (style) => {
    const round = ready(style, "bo");
    const attack = offerAttack(round, "bo", view, rules);
    if (!attack.ok) throw new Error(attack.reason);
    const parry = defenseOptions(round, attack.attack, view, rules).find((o) => o.defense === "parry")!;
    const figure = shown(style, "defense");
    const df = figure.text === "SHARENE.StyleItem.UsualDefense" ? "0" : figure.params.df;
    expect(df).toBe(signed(parry.dn.dfRaw));
  });

  it.each([...STYLES])("%s: the riposte a parry of a higher Success Level opens, or none", (style) => {
    // Bo's attack at DN 14 rolls 14 (a plain success); Al's parry rolls 1, a higher level whatever its DN.
    const r = resolveAttack(
      ready(style, "bo"),
      { attackerId: "bo" },
      "parry",
      view,
      new ScriptedDice([14, 1]),
      rules,
    );
    expect(r.exchange.outcome).toBe("parried");
    const pending = r.round.pendingRiposte;
    const figure = shown(style, "riposte");
    if (pending === null) expect(figure.text).toBe("SHARENE.StyleItem.NoRiposte");
    else {
      const df = signed(pending.parts.reduce((sum, part) => sum + part.df, 0));
      expect(figure.params.better ?? figure.params.df).toBe(df);
    }
  });

  it.each([...STYLES])("%s: what whoever parries it pays on its own attack", (style) => {
    const round = ready(style, "al");
    const figure = shown(style, "parried");
    if (!offerAttack(round, "al", view, rules).ok) {
      expect(figure.text).toBe("SHARENE.StyleItem.ParriedNothing");
      return;
    }
    const r = resolveAttack(round, { attackerId: "al" }, "parry", view, new ScriptedDice([5, 1]), rules);
    expect(r.exchange.outcome).toBe("parried");
    const answer = offerAttack(endTurn(r.round), "bo", view, rules);
    if (!answer.ok) throw new Error(answer.reason);
    const df = figure.text === "SHARENE.StyleItem.ParriedNothing" ? "0" : figure.params.df;
    expect(df).toBe(signed(answer.attack.dn.dfRaw));
  });
});

function signed(df: number): string {
  return df > 0 ? `+${df}` : df < 0 ? `\u2212${-df}` : "0";
}
