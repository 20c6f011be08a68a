import "../foundry/setup";
import { describe, expect, it } from "vitest";
import { SHARENE_DEFAULTS, type ShareneRules } from "../../src/rules/sharene/config";
import { roundMenuView } from "../../src/rulesets/sharene/combat/round-menu";
import { recordOf } from "../../src/rulesets/sharene/combat/round-record";
import {
  calledChoices,
  guardSplit,
  readStyleForm,
  STYLE_DIALOG_TEMPLATE,
  type StyleDialogFacts,
  styleDialogContext,
} from "../../src/rulesets/sharene/combat/style-dialog";
import {
  SHARENE_ROW_TEMPLATE,
  type ShareneRowData,
  shareneRowView,
} from "../../src/rulesets/sharene/tracker-row";
import {
  badButtons,
  byAttr,
  byClass,
  byTag,
  duplicateIds,
  type Element,
  mouseOnlyActions,
  parse,
  text,
  unlabelledControls,
} from "./html";
import { createTemplateRenderer, loadTranslations } from "./render";

/**
 * The style's dialog (templates/sharene/style-dialog.hbs), the "Style…"
 * entry of the row's menu, and the row's style with what goes with it,
 * rendered from their real templates with the real Handlebars and
 * lang/en.json: every control named and reached with the keyboard (radios
 * in named groups, selects with their labels), only legal choices offered,
 * and the answer read again against what was offered.
 */

const t = loadTranslations();
const renderer = createTemplateRenderer();
const localize = (key: string, data?: Readonly<Record<string, string | number>>) =>
  data ? renderer.i18n.format(key, data as Record<string, string>) : renderer.i18n.localize(key);

/** Arden with a sword that slashes only, knowing three styles. */
const FACTS: StyleDialogFacts = {
  name: "Arden",
  known: ["fullAttack", "parryRiposte", "attackParry"],
  blows: ["slash"],
  called: calledChoices(SHARENE_DEFAULTS),
  statedBlowDf: SHARENE_DEFAULTS.statedBlowDf,
  current: { style: null, split: 0, statedBlow: null, called: null },
};

const draw = (facts: StyleDialogFacts) =>
  renderer.render(STYLE_DIALOG_TEMPLATE, styleDialogContext(facts, localize));

const check = (html: string) => {
  expect(badButtons(html)).toEqual([]);
  expect(unlabelledControls(html)).toEqual([]);
  expect(duplicateIds(html)).toEqual([]);
  expect(mouseOnlyActions(html)).toEqual([]);
};

const valuesOf = (els: Element[]) => els.map((e) => e.attribs.value);
const optionsOf = (root: ReturnType<typeof parse>, name: string) =>
  byTag(byAttr(root, "name", name)[0]!, "option");

describe("the style's dialog (templates/sharene/style-dialog.hbs)", () => {
  it("SHA-STY-3: the styles the sheet knows, a split among 2 to 10, the blows the weapon deals, every called shot with its level", () => {
    const html = draw(FACTS);
    check(html);
    expect(renderer.i18n.missing).toEqual(new Set());
    const root = parse(html);
    // Each group of radios is a fieldset named by its legend.
    expect(byTag(root, "legend").map((l) => text(l))).toEqual([
      t["SHARENE.Combat.Style.StyleLegend"],
      t["SHARENE.Combat.Style.Blow"],
    ]);
    const styles = byAttr(root, "name", "style");
    expect(styles.map((s) => [s.attribs.value, text(s.parent as Element), "checked" in s.attribs])).toEqual([
      ["fullAttack", "full attack", true],
      ["parryRiposte", "parry and riposte", false],
      ["attackParry", "attack and parry", false],
    ]);
    expect(valuesOf(optionsOf(root, "split"))).toEqual(["0", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
    expect(text(optionsOf(root, "split")[1]!)).toBe("shared among 2 attacks");
    // A sword that only slashes: none, or slash; never thrust.
    expect(valuesOf(byAttr(root, "name", "statedBlow"))).toEqual(["", "slash"]);
    const called = optionsOf(root, "called");
    expect(valuesOf(called)).toEqual([
      "",
      "location:head",
      "location:rightArm",
      "location:leftArm",
      "location:torso",
      "location:rightLeg",
      "location:leftLeg",
      "effect:disarm",
      "effect:cutEquipment",
      "effect:specialTarget",
    ]);
    expect(text(called[1]!)).toBe("Head (needs a special success)");
    expect(text(called[4]!)).toBe("Torso (needs a high success)");
    expect(text(called[7]!)).toBe("Disarm (needs a special success)");
    expect(byTag(root, "optgroup").map((g) => g.attribs.label)).toEqual(["Locations", "Effects"]);
    // Each hint is tied to its control for a screen reader.
    const split = byAttr(root, "name", "split")[0]!;
    expect(text(byAttr(root, "id", split.attribs["aria-describedby"]!))).toContain("2 to 10");
    expect(text(byClass(root, "hint")[1]!)).toContain("DF −2");
  });

  it("opens on the fighter's own choice; a weapon that deals no stated blow says so", () => {
    const chosen = draw({
      ...FACTS,
      blows: ["slash", "thrust"],
      current: {
        style: "parryRiposte",
        split: 3,
        statedBlow: "thrust",
        called: { kind: "effect", effect: "disarm" },
      },
    });
    const root = parse(chosen);
    const checked = (name: string) =>
      byAttr(root, "name", name)
        .filter((e) => "checked" in e.attribs)
        .map((e) => e.attribs.value);
    expect(checked("style")).toEqual(["parryRiposte"]);
    expect(checked("statedBlow")).toEqual(["thrust"]);
    const selected = (name: string) =>
      optionsOf(root, name)
        .filter((o) => "selected" in o.attribs)
        .map((o) => o.attribs.value);
    expect(selected("split")).toEqual(["3"]);
    expect(selected("called")).toEqual(["effect:disarm"]);
    const bare = parse(draw({ ...FACTS, blows: [] }));
    expect(valuesOf(byAttr(bare, "name", "statedBlow"))).toEqual([""]);
    expect(text(byClass(bare, "hint")[1]!)).toBe(t["SHARENE.Combat.Style.NoBlow"]);
  });

  it("SHA-CAL-1: a called shot the world's rules drop is not offered, and the levels shown are the world's", () => {
    const { specialTarget: _dropped, ...kept } = SHARENE_DEFAULTS.calledShots;
    const rules: ShareneRules = { ...SHARENE_DEFAULTS, calledShots: { ...kept, torso: "special" } };
    const html = draw({ ...FACTS, called: calledChoices(rules) });
    const called = optionsOf(parse(html), "called");
    expect(text(called[4]!)).toBe("Torso (needs a special success)");
    expect(valuesOf(called)).not.toContain("effect:specialTarget");
    expect(valuesOf(called)).toHaveLength(9);
  });

  it("SHA-STY-3: the split's field is disabled while Full Attack is the style checked", () => {
    const listeners: (() => void)[] = [];
    const radio = (value: string, checked: boolean) => ({
      value,
      checked,
      addEventListener: (_: "change", f: () => void) => listeners.push(f),
    });
    const radios = [radio("fullAttack", true), radio("parryRiposte", false)];
    const split = { disabled: false };
    guardSplit({ querySelector: () => split, querySelectorAll: () => radios });
    expect(split.disabled).toBe(true);
    radios[0]!.checked = false;
    radios[1]!.checked = true;
    for (const f of listeners) f();
    expect(split.disabled).toBe(false);
  });

  it("the answer is read against what was offered; anything else is refused in the round's words", () => {
    expect(
      readStyleForm(
        { style: "parryRiposte", split: "2", statedBlow: "slash", called: "location:head" },
        FACTS,
      ),
    ).toEqual({
      data: {
        style: "parryRiposte",
        split: 2,
        statedBlow: "slash",
        called: { kind: "location", location: "head" },
      },
    });
    // The split's field disabled under Full Attack is not sent: no split.
    expect(readStyleForm({ style: "fullAttack", statedBlow: "", called: "" }, FACTS)).toEqual({
      data: { style: "fullAttack", split: 0, statedBlow: null, called: null },
    });
    const refused = (form: Record<string, unknown>) =>
      (readStyleForm(form, FACTS) as { refusal?: { key: string } }).refusal?.key;
    expect(refused({ style: "fullParry" })).toBe("SHARENE.Combat.Refusal.StyleNotKnown");
    expect(refused({ style: "feint" })).toBe("SHARENE.Combat.Refusal.UnknownStyle");
    expect(refused({ style: "fullAttack", split: "2" })).toBe("SHARENE.Combat.Refusal.BadSplit");
    expect(refused({ style: "attackParry", split: "1" })).toBe("SHARENE.Combat.Refusal.BadSplit");
    expect(refused({ style: "attackParry", split: "11" })).toBe("SHARENE.Combat.Refusal.BadSplit");
    expect(refused({ style: "attackParry", split: "2.5" })).toBe("SHARENE.Combat.Refusal.BadSplit");
    expect(refused({ style: "attackParry", statedBlow: "thrust" })).toBe(
      "SHARENE.Combat.Refusal.BlowNotDealt",
    );
    expect(refused({ style: "attackParry", called: "location:tail" })).toBe(
      "SHARENE.Combat.Refusal.UnknownCalledShot",
    );
    // Each refusal reads in Sharene's words, with the fighter's name.
    const blow = readStyleForm({ style: "attackParry", statedBlow: "thrust" }, FACTS) as {
      refusal: { key: string; data: Record<string, string> };
    };
    expect(localize(blow.refusal.key, blow.refusal.data)).toBe("Arden's weapon cannot deal that blow.");
  });
});

describe("Style… on the row's menu, and the style's options on the row", () => {
  const rolled = { roll: 3, ability: "agi", abilityValue: 15, total: 18 };

  it("the menu in the styles ends with Style…, a keyboard menu item that opens a dialog; the declarations have none", () => {
    const record = recordOf({ action: "melee", declared: true, initiativeRoll: rolled });
    const view = roundMenuView({ id: "c1", name: "Arden" }, "style", record, [], ["fullParry"], localize)!;
    const html = renderer.render("systems/fangs/templates/sharene/round-menu.hbs", { ...view });
    check(html);
    const [options] = byAttr(parse(html), "data-style-options");
    expect(options!.name).toBe("button");
    expect(options!.attribs.role).toBe("menuitem");
    expect(options!.attribs["aria-haspopup"]).toBe("dialog");
    expect(text(options!)).toBe(t["SHARENE.Combat.Style.Open"]);
    expect(options!.attribs["data-tooltip"]).toBe(
      "Choose Arden's style with a split parry, a stated blow or a called shot",
    );
    const declare = roundMenuView(
      { id: "c1", name: "Arden" },
      "declare",
      record,
      [],
      ["fullParry"],
      localize,
    )!;
    expect(declare.options).toBeNull();
  });

  it("the row shows the split, the stated blow and the called shot after the style", () => {
    const data: ShareneRowData = {
      action: "melee",
      target: null,
      declared: true,
      style: "parryRiposte",
      styleOptions: { split: 2, statedBlow: "thrust", called: { kind: "location", location: "head" } },
      styled: true,
      initiative: { roll: 3, ability: "agi", abilityValue: 15, total: 18 },
      loseNextAttack: false,
    };
    const row = {
      id: "c1",
      name: "Arden",
      isGM: false,
      mayAct: true,
      started: true,
      phase: "action",
      at: 0,
      turn: 0,
      active: true,
      acted: false,
      held: false,
      outOfAction: false,
    };
    const view = shareneRowView(data, row, localize);
    expect(view.cells?.styleOptions).toBe("split 2 · thrust · Head");
    const html = renderer.render(SHARENE_ROW_TEMPLATE, view.cells!);
    expect(text(byClass(parse(html), "sharene-style"))).toBe("parry and riposte · split 2 · thrust · Head");
    const effect = shareneRowView(
      { ...data, styleOptions: { split: 0, statedBlow: null, called: { kind: "effect", effect: "disarm" } } },
      row,
      localize,
    );
    expect(effect.cells?.styleOptions).toBe("Disarm");
    const none = shareneRowView(
      { ...data, styleOptions: { split: 0, statedBlow: null, called: null } },
      row,
      localize,
    );
    expect(none.cells?.styleOptions).toBeNull();
    expect(text(byClass(parse(renderer.render(SHARENE_ROW_TEMPLATE, none.cells!)), "sharene-style"))).toBe(
      "parry and riposte",
    );
  });
});
