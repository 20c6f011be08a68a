import "../foundry/setup";
import { describe, expect, it } from "vitest";
import type { TrackerRowContext } from "../../src/combat/tracker-parts";
import { roundMenuView } from "../../src/rulesets/sharene/combat/round-menu";
import { recordOf } from "../../src/rulesets/sharene/combat/round-record";
import {
  SHARENE_ROW_TEMPLATE,
  SHARENE_SUMMARY_TEMPLATE,
  type ShareneRowData,
  shareneRowView,
  shareneSummary,
} from "../../src/rulesets/sharene/tracker-row";
import {
  badButtons,
  byAttr,
  byClass,
  byTag,
  duplicateIds,
  mouseOnlyActions,
  parse,
  text,
  unlabelledControls,
} from "./html";
import { createTemplateRenderer, loadTranslations } from "./render";

/**
 * Sharene's part of a tracker row, its note under the phase bar and the
 * menu its button opens, rendered from their real templates with the real
 * Handlebars and lang/en.json: every control named, reached and used with
 * the keyboard, every word Sharene's, and what each viewer is offered in
 * each phase.
 */

const MENU = "systems/fangs/templates/sharene/round-menu.hbs";
const t = loadTranslations();
const renderer = createTemplateRenderer();
const localize = (key: string, data?: Readonly<Record<string, string | number>>) =>
  data ? renderer.i18n.format(key, data as Record<string, string>) : renderer.i18n.localize(key);

function row(patch: Partial<TrackerRowContext> = {}): TrackerRowContext {
  return {
    id: "c1",
    name: "Arden",
    isGM: false,
    mayAct: true,
    started: true,
    phase: "declare",
    at: null,
    turn: null,
    active: false,
    acted: false,
    held: false,
    outOfAction: false,
    ...patch,
  };
}

const EMPTY: ShareneRowData = {
  action: null,
  target: null,
  declared: false,
  style: null,
  styled: false,
  initiative: null,
  loseNextAttack: false,
};

const check = (html: string) => {
  expect(badButtons(html)).toEqual([]);
  expect(unlabelledControls(html)).toEqual([]);
  expect(duplicateIds(html)).toEqual([]);
  expect(mouseOnlyActions(html)).toEqual([]);
};

describe("Sharene's tracker row (templates/sharene/round-row.hbs)", () => {
  it("in the declarations, the owner's button says it still has to declare and names whose menu it opens", () => {
    const view = shareneRowView(EMPTY, row(), localize);
    expect(view.cells).toMatchObject({ canChoose: true, waiting: true });
    const html = renderer.render(SHARENE_ROW_TEMPLATE, view.cells!);
    check(html);
    const [button] = byAttr(parse(html), "data-action", "rulesetRow");
    expect(button!.name).toBe("button");
    expect(button!.attribs["aria-label"]).toBe(
      t["SHARENE.Combat.Menu.DeclareTitle"]!.replace("{name}", "Arden"),
    );
    expect(text(button!)).toContain(t["SHARENE.Combat.Tracker.DeclareWaiting"]);
    expect(button!.attribs.class).toContain("waiting");
    expect(renderer.i18n.missing).toEqual(new Set());
  });

  it("someone else's fighter: no button, and in the declarations nothing of its choice", () => {
    const view = shareneRowView(EMPTY, row({ mayAct: false }), localize);
    expect(view.cells).toMatchObject({ canChoose: false, waiting: false });
    expect(byAttr(parse(renderer.render(SHARENE_ROW_TEMPLATE, view.cells!)), "data-action")).toEqual([]);
  });

  it("SHA-INI-1: once rolled, the action, the target, the style and the initiative in words, the roll's parts for a screen reader", () => {
    const data: ShareneRowData = {
      ...EMPTY,
      action: "melee",
      target: "Cole",
      declared: true,
      style: "fullAttack",
      styled: true,
      initiative: { roll: 9, ability: "agi", abilityValue: 15, total: 24 },
      loseNextAttack: true,
    };
    const view = shareneRowView(data, row({ phase: "action", at: 0, turn: 0, active: true }), localize);
    expect(view.cells).toMatchObject({
      canChoose: false,
      action: "Melee",
      target: "Cole",
      style: "full attack",
    });
    expect(view.badges?.map((b) => b.label)).toEqual([t["SHARENE.Combat.Badge.LosesAttack"]]);
    const html = renderer.render(SHARENE_ROW_TEMPLATE, view.cells!);
    check(html);
    const root = parse(html);
    expect(text(byClass(root, "sharene-action"))).toBe("Melee → Cole");
    expect(text(byClass(root, "sharene-initiative"))).toContain("9 + 15 = 24");
    expect(text(byClass(root, "fangs-sr-only"))).toBe("Initiative 24: 9 on the die + 15 Agility (AGI)");
  });

  it("in the styles, the button asks for a style; out of the fight, none", () => {
    const declared = {
      ...EMPTY,
      action: "melee" as const,
      declared: true,
      initiative: { roll: 3, ability: "agi" as const, abilityValue: 15, total: 18 },
    };
    const view = shareneRowView(declared, row({ phase: "style", at: 1 }), localize);
    expect(view.cells).toMatchObject({
      canChoose: true,
      waiting: true,
      chooseText: t["SHARENE.Combat.Tracker.StyleWaiting"],
    });
    expect(
      shareneRowView(declared, row({ phase: "style", outOfAction: true }), localize).cells,
    ).toMatchObject({
      canChoose: false,
      waiting: false,
    });
    // Without a roll of its own (none yet, or out of the fight at the roll): no style to choose this round.
    expect(
      shareneRowView({ ...declared, initiative: null }, row({ phase: "style" }), localize).cells,
    ).toMatchObject({
      canChoose: false,
      waiting: false,
    });
  });

  it("the note under the phase bar counts who the viewer may still choose for, and is drawn in words", () => {
    const waiting = shareneRowView(EMPTY, row(), localize).cells!;
    const done = shareneRowView({ ...EMPTY, declared: true, action: "thrown" }, row(), localize).cells!;
    const note = shareneSummary(
      [waiting, done, waiting],
      { started: true, phase: "declare", isGM: true },
      localize,
    );
    expect(note).toEqual({
      template: SHARENE_SUMMARY_TEMPLATE,
      data: { label: t["SHARENE.Combat.Tracker.Undeclared"]!.replace("{count}", "2") },
    });
    expect(renderer.render(note!.template, note!.data)).toContain("2 still to declare an action");
    expect(shareneSummary([done], { started: true, phase: "declare", isGM: true }, localize)).toBeNull();
    expect(shareneSummary([waiting], { started: true, phase: "action", isGM: true }, localize)).toBeNull();
  });
});

describe("Sharene's round menu (templates/sharene/round-menu.hbs)", () => {
  const others = [
    { id: "c2", name: "Brin" },
    { id: "c3", name: "Cole" },
  ];

  it("in the declarations: a named group of targets (no one first), then the three actions, the declared one marked", () => {
    const record = recordOf({ action: "thrown", declared: true, target: "c3" });
    const view = roundMenuView({ id: "c1", name: "Arden" }, "declare", record, others, [], localize)!;
    const html = renderer.render(MENU, view as unknown as Record<string, unknown>);
    check(html);
    const root = parse(html);
    // The targets are a fieldset named by its legend, outside the menu (a menu holds only its items).
    expect(text(byTag(root, "legend"))).toBe(t["SHARENE.Combat.Menu.Target"]);
    const [menu] = byAttr(root, "role", "menu");
    expect(byTag(menu!, "input")).toEqual([]);
    expect(text(byAttr(root, "id", menu!.attribs["aria-labelledby"]!))).toBe("Action for Arden");
    const radios = byAttr(root, "name", "sharene-target");
    expect(radios.map((r) => [r.attribs.value, "checked" in r.attribs])).toEqual([
      ["", false],
      ["c2", false],
      ["c3", true],
    ]);
    const choices = byAttr(root, "data-choice");
    expect(
      choices.map((c) => [c.attribs["data-choice"], text(c), c.attribs.class?.includes("current")]),
    ).toEqual([
      ["melee", "Melee", false],
      ["thrown", "Thrown", true],
      ["missile", "Missile", false],
    ]);
    expect(renderer.i18n.missing).toEqual(new Set());
  });

  it("in the styles: only the styles its sheet knows; a sheet that knows none says so", () => {
    const rolled = { roll: 3, ability: "agi", abilityValue: 15, total: 18 };
    const record = recordOf({ action: "melee", declared: true, style: "fullParry", initiativeRoll: rolled });
    const view = roundMenuView(
      { id: "c1", name: "Arden" },
      "style",
      record,
      others,
      ["fullParry", "attackParry"],
      localize,
    )!;
    const html = renderer.render(MENU, view as unknown as Record<string, unknown>);
    check(html);
    expect(byAttr(parse(html), "data-choice").map((c) => c.attribs["data-choice"])).toEqual([
      "fullParry",
      "attackParry",
    ]);
    expect(byAttr(parse(html), "name", "sharene-target")).toEqual([]);
    const none = roundMenuView({ id: "c1", name: "Arden" }, "style", record, others, [], localize)!;
    expect(renderer.render(MENU, none as unknown as Record<string, unknown>)).toContain(
      t["SHARENE.Combat.Menu.NoStyleKnown"],
    );
    expect(roundMenuView({ id: "c1", name: "Arden" }, "action", record, others, [], localize)).toBeNull();
    // No roll of its own, no style this round.
    const unrolled = recordOf({ action: "melee", declared: true });
    expect(
      roundMenuView({ id: "c1", name: "Arden" }, "style", unrolled, others, ["fullParry"], localize),
    ).toBeNull();
  });
});
