import "../foundry/setup";
import { describe, expect, it } from "vitest";
import type { TrackerRowContext } from "../../src/combat/tracker-parts";
import { parsePlan } from "../../src/rulesets/lunos/combat/lunos-table";
import {
  declareFromMenu,
  menuProblem,
  planFromMenu,
  roundMenuView,
} from "../../src/rulesets/lunos/combat/round-menu";
import { shownOf } from "../../src/rulesets/lunos/combat/shown";
import {
  LUNOS_MENU_TEMPLATE,
  LUNOS_ROW_TEMPLATE,
  LUNOS_SUMMARY_TEMPLATE,
  type LunosRowData,
  lunosRowView,
  lunosSummary,
} from "../../src/rulesets/lunos/tracker-row";
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
 * Lunos's part of a tracker row, its note under the phase bar and the
 * declaration's menu its button opens, rendered from their real templates
 * with the real Handlebars and lang/en.json: every control named, reached
 * and used with the keyboard, every word Lunos's, and what the row shows
 * at each point of the round (initiative, actions left of two or three,
 * the lunge and its debt, the declared actions, the defense roll and the
 * difficulty it sets, a fighter out of the fight).
 */

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

const EMPTY: LunosRowData = {
  declared: false,
  initiative: 3,
  actions: 2,
  actionsMax: 2,
  lunging: false,
  lungeDebt: false,
  debtDice: 0,
  declaredActions: null,
  defense: null,
  condition: "",
};

const check = (html: string) => {
  expect(badButtons(html)).toEqual([]);
  expect(unlabelledControls(html)).toEqual([]);
  expect(duplicateIds(html)).toEqual([]);
  expect(mouseOnlyActions(html)).toEqual([]);
};

describe("Lunos's tracker row (templates/lunos/round-row.hbs)", () => {
  it("LUN-RND-2: in the declarations, the owner's button names whose actions it opens; the initiative and actions left in words for a screen reader", () => {
    const view = lunosRowView(EMPTY, row(), localize);
    expect(view.cells).toMatchObject({ canChoose: true, waiting: true });
    const html = renderer.render(LUNOS_ROW_TEMPLATE, view.cells!);
    check(html);
    const root = parse(html);
    const [button] = byAttr(root, "data-action", "rulesetRow");
    expect(button!.name).toBe("button");
    expect(button!.attribs["aria-label"]).toBe("Arden's actions this round");
    expect(text(button!)).toContain(t["LUNOS.Combat.Tracker.DeclareWaiting"]);
    expect(button!.attribs.class).toContain("waiting");
    expect(text(byClass(root, "fangs-sr-only"))).toBe(
      "Arden's initiative: 3 successesArden has 2 of 2 actions left to declare this round",
    );
    expect(text(byClass(root, "lunos-actions"))).toContain("2/2");
    expect(renderer.i18n.missing).toEqual(new Set());
  });

  it("LUN-ACT-10: a lunge shows three actions and its badge; the next round, the debt's badge with its dice", () => {
    const lunging = lunosRowView(
      {
        ...EMPTY,
        declared: true,
        actions: 0,
        actionsMax: 3,
        lunging: true,
        declaredActions: [
          { kind: "attack", names: ["Cole"] },
          { kind: "defense", names: ["Cole"] },
          { kind: "move", names: [] },
        ],
      },
      row(),
      localize,
    );
    expect(lunging.cells).toMatchObject({
      waiting: false,
      declared: "attack → Cole · defense ← Cole · move",
    });
    expect(lunging.badges?.map((b) => b.label)).toEqual([t["LUNOS.Combat.Badge.Lunging"]]);
    const html = renderer.render(LUNOS_ROW_TEMPLATE, lunging.cells!);
    check(html);
    expect(text(byClass(parse(html), "lunos-actions"))).toContain("0/3");
    const paying = lunosRowView({ ...EMPTY, actions: 1, lungeDebt: true, debtDice: 2 }, row(), localize);
    expect(paying.badges?.map((b) => [b.label, b.hint])).toEqual([
      [
        t["LUNOS.Combat.Badge.LungeDebt"],
        "Arden lunged last round: one action this round, 2 dice off every roll.",
      ],
    ]);
  });

  it("LUN-ACT-2: the defense roll and the difficulty it sets, named for a screen reader with those it covers", () => {
    const data: LunosRowData = {
      ...EMPTY,
      declared: true,
      actions: 0,
      declaredActions: [{ kind: "fullDefense", names: ["Cole", "Dara"] }],
      defense: {
        kind: "fullDefense",
        successes: 2,
        difficulty: 3,
        against: ["Cole", "Dara"],
        outcome: "normal",
      },
    };
    const view = lunosRowView(data, row({ phase: "attack", at: 0, turn: 0 }), localize);
    expect(view.cells).toMatchObject({ canChoose: false, defense: { text: "2 · difficulty 3" } });
    const html = renderer.render(LUNOS_ROW_TEMPLATE, view.cells!);
    check(html);
    const root = parse(html);
    expect(text(byClass(root, "lunos-defense"))).toContain(
      "Arden's full defense: 2 successes. An attack from Cole, Dara needs 3 successes to hit.",
    );
  });

  it("LUN-ACT-4: a parry covering a ranged attacker shows both difficulties, in words for a screen reader", () => {
    const data: LunosRowData = {
      ...EMPTY,
      declared: true,
      actions: 1,
      declaredActions: [{ kind: "parry", names: ["Cole"] }],
      defense: {
        kind: "parry",
        successes: 4,
        difficulty: 5,
        rangedDifficulty: 3,
        against: ["Cole"],
        outcome: "normal",
      },
    };
    const view = lunosRowView(data, row({ phase: "attack", at: 0, turn: 0 }), localize);
    expect(view.cells).toMatchObject({ defense: { text: "4 · difficulty 5, 3 at range" } });
    const html = renderer.render(LUNOS_ROW_TEMPLATE, view.cells!);
    check(html);
    expect(text(byClass(parse(html), "lunos-defense"))).toContain(
      "An attack from Cole needs 5 successes to hit. A ranged attack needs only 3.",
    );
    expect(renderer.i18n.missing).toEqual(new Set());
  });

  it("someone else's fighter gets no button; one out of the fight shows its condition and no actions", () => {
    const theirs = lunosRowView(EMPTY, row({ mayAct: false }), localize);
    expect(theirs.cells).toMatchObject({ canChoose: false, waiting: false });
    expect(byAttr(parse(renderer.render(LUNOS_ROW_TEMPLATE, theirs.cells!)), "data-action")).toEqual([]);
    const out = lunosRowView(
      { ...EMPTY, initiative: null, condition: "dying" },
      row({ outOfAction: true }),
      localize,
    );
    expect(out.cells).toMatchObject({ canChoose: false, actions: null, condition: t["LUNOS.Status.dying"] });
    const html = renderer.render(LUNOS_ROW_TEMPLATE, out.cells!);
    check(html);
    expect(text(byClass(parse(html), "lunos-condition"))).toBe("Dying");
  });

  it("LUN-ACT-2: the fighter whose slot it is, having declared an attack, has an Attack button on its row", () => {
    const data: LunosRowData = {
      ...EMPTY,
      declared: true,
      declaredActions: [{ kind: "attack", names: ["Cole"] }],
    };
    const view = lunosRowView(data, row({ phase: "attack", active: true }), localize);
    expect(view.cells?.attack).toEqual({
      text: t["LUNOS.Combat.Tracker.Attack"],
      label: "Arden attacks now, with the weapon in hand or bare-handed",
    });
    const html = renderer.render(LUNOS_ROW_TEMPLATE, view.cells!);
    check(html);
    const [button] = byAttr(parse(html), "data-lunos-attack");
    expect([button!.name, button!.attribs["data-action"], button!.attribs["aria-label"]]).toEqual([
      "button",
      "rulesetRow",
      "Arden attacks now, with the weapon in hand or bare-handed",
    ]);
    // Not out of its slot, not in the declarations, not for a viewer who may not act for it, not out of the
    // fight, not without an attack declared.
    for (const [d, r] of [
      [data, row({ phase: "attack", active: false })],
      [data, row({ phase: "declare", active: true })],
      [data, row({ phase: "attack", active: true, mayAct: false })],
      [data, row({ phase: "attack", active: true, outOfAction: true })],
      [
        { ...data, declaredActions: [{ kind: "defense", names: ["Cole"] }] },
        row({ phase: "attack", active: true }),
      ],
    ] as const) {
      const cells = lunosRowView(d as LunosRowData, r, localize).cells!;
      expect(cells.attack).toBeNull();
      expect(byAttr(parse(renderer.render(LUNOS_ROW_TEMPLATE, cells)), "data-lunos-attack")).toEqual([]);
    }
    expect(renderer.i18n.missing).toEqual(new Set());
  });

  it("LUN-MNV-3: a threat its maker may strike with now: a Strike button on the row, named for a screen reader", () => {
    const data: LunosRowData = { ...EMPTY, declared: true, strike: { target: "Cole", margin: 4 } };
    const view = lunosRowView(data, row({ phase: "attack", at: 2, turn: 0 }), localize);
    expect(view.cells?.strike).toEqual({
      text: t["LUNOS.Combat.Tracker.Strike"],
      label: "Arden strikes Cole with the threat held: 4 successes",
    });
    const html = renderer.render(LUNOS_ROW_TEMPLATE, view.cells!);
    check(html);
    const [button] = byAttr(parse(html), "data-lunos-strike");
    expect([button!.name, button!.attribs["data-action"], button!.attribs["aria-label"]]).toEqual([
      "button",
      "rulesetRow",
      "Arden strikes Cole with the threat held: 4 successes",
    ]);
    expect(text(button!)).toContain("Strike");
    // Not for a viewer who may not act for it, nor for one out of the fight, nor without a threat to strike.
    for (const [d, r] of [
      [data, row({ mayAct: false })],
      [data, row({ outOfAction: true })],
      [EMPTY, row({ phase: "attack" })],
    ] as const) {
      const cells = lunosRowView(d, r, localize).cells!;
      expect(cells.strike).toBeNull();
      expect(byAttr(parse(renderer.render(LUNOS_ROW_TEMPLATE, cells)), "data-lunos-strike")).toEqual([]);
    }
    expect(renderer.i18n.missing).toEqual(new Set());
  });

  it("LUN-HLT-4: a dying fighter still awake keeps its button for a minor action, but is not counted as waited on; its task is named", () => {
    const dying = lunosRowView(
      { ...EMPTY, initiative: null, condition: "dying", minorOnly: true },
      row({ outOfAction: true }),
      localize,
    );
    expect(dying.cells).toMatchObject({
      canChoose: true,
      waiting: false,
      condition: t["LUNOS.Status.dying"],
    });
    check(renderer.render(LUNOS_ROW_TEMPLATE, dying.cells!));
    const speaking = lunosRowView(
      {
        ...EMPTY,
        declared: true,
        condition: "dying",
        minorOnly: true,
        declaredActions: [{ kind: "other", task: "speak", names: [] }],
      },
      row({ outOfAction: true }),
      localize,
    );
    expect(speaking.cells).toMatchObject({ canChoose: true, declared: "speak" });
    expect(
      lunosSummary([dying.cells!], { started: true, phase: "declare", isGM: true }, localize),
    ).toBeNull();
  });

  it("every figure with a tooltip takes the keyboard's focus, its words there for a screen reader", () => {
    const data: LunosRowData = {
      ...EMPTY,
      declared: true,
      actions: 1,
      declaredActions: [{ kind: "defense", names: ["Cole"] }],
      defense: { kind: "defense", successes: 6, difficulty: 7, against: ["Cole"], outcome: "normal" },
      states: { prone: true, stunned: false, grappling: [], pinnedBy: null },
    };
    const html = renderer.render(LUNOS_ROW_TEMPLATE, lunosRowView(data, row(), localize).cells!);
    check(html);
    const hinted = byAttr(parse(html), "data-tooltip");
    expect(hinted.map((el) => el.attribs.class?.split(" ")[0])).toEqual([
      "lunos-round-choose",
      "lunos-initiative",
      "lunos-actions",
      "lunos-defense",
      "lunos-state",
    ]);
    for (const el of hinted.filter((e) => e.name !== "button")) {
      expect(el.attribs.tabindex).toBe("0");
      expect(text(byClass(el, "fangs-sr-only"))).toBe(el.attribs["data-tooltip"]);
    }
    // In the attacks, every action is spoken for: no "actions left to declare" then.
    const attacking = lunosRowView(data, row({ phase: "attack", at: 0, turn: 0 }), localize).cells!;
    expect(attacking.actions).toBeNull();
  });

  it("LUN-ACT-3: a fighter with no defense roll this round says what hits it: no defense, difficulty 1", () => {
    const data: LunosRowData = {
      ...EMPTY,
      declared: true,
      actions: 0,
      declaredActions: [{ kind: "powerAttack", names: ["Cole"] }],
      noDefense: 1,
    };
    const view = lunosRowView(data, row({ phase: "attack", at: 0, turn: 0 }), localize);
    expect(view.cells).toMatchObject({ defense: { text: "no defense: difficulty 1", none: true } });
    const html = renderer.render(LUNOS_ROW_TEMPLATE, view.cells!);
    check(html);
    const [cell] = byClass(parse(html), "lunos-defense");
    expect(cell!.attribs.class).toContain("lunos-defense--none");
    expect(text(byClass(cell!, "fangs-sr-only"))).toBe(
      "Arden made no defense roll this round: any attack needs only 1 success to hit.",
    );
    expect(renderer.i18n.missing).toEqual(new Set());
  });

  it("LUN-MNV-3, LUN-GRP-3: down, stunned, in a grapple and pinned: an icon each, its words for a screen reader and on focus", () => {
    const view = (states: NonNullable<LunosRowData["states"]>, patch: Partial<TrackerRowContext> = {}) =>
      lunosRowView({ ...EMPTY, states }, row(patch), localize).cells!;
    const words = (states: NonNullable<LunosRowData["states"]>) => {
      const html = renderer.render(LUNOS_ROW_TEMPLATE, view(states));
      check(html);
      return byClass(parse(html), "lunos-state").map((el) => [el.attribs.class, text(el)]);
    };
    expect(words({ prone: true, stunned: true, grappling: ["Cole"], pinnedBy: null })).toEqual([
      ["lunos-state lunos-state--prone", "Arden is down: getting up takes an action, or a roll to stand."],
      ["lunos-state lunos-state--stunned", "Arden is stunned: one action next round."],
      ["lunos-state lunos-state--grappling", "Arden is in a grapple with Cole."],
    ]);
    expect(words({ prone: false, stunned: false, grappling: ["Cole"], pinnedBy: "Cole" })).toEqual([
      ["lunos-state lunos-state--pinned", "Arden is pinned by Cole."],
    ]);
    // One hidden from the viewer is not named, though the grapple is said.
    expect(words({ prone: false, stunned: false, grappling: [""], pinnedBy: null })).toEqual([
      ["lunos-state lunos-state--grappling", "Arden is in a grapple with someone."],
    ]);
    // Out of the fight, its condition says it all.
    expect(
      view({ prone: true, stunned: false, grappling: [], pinnedBy: null }, { outOfAction: true }).states,
    ).toEqual([]);
    expect(renderer.i18n.missing).toEqual(new Set());
  });

  it("the note under the phase bar counts who still has to declare, in words", () => {
    const waiting = lunosRowView(EMPTY, row(), localize).cells!;
    const done = lunosRowView({ ...EMPTY, declared: true }, row(), localize).cells!;
    const note = lunosSummary(
      [waiting, done, waiting],
      { started: true, phase: "declare", isGM: true },
      localize,
    );
    expect(note).toEqual({
      template: LUNOS_SUMMARY_TEMPLATE,
      data: { label: "2 still to declare this round's actions" },
    });
    expect(renderer.render(note!.template, note!.data)).toContain("2 still to declare");
    expect(lunosSummary([waiting], { started: true, phase: "attack", isGM: true }, localize)).toBeNull();
  });
});

describe("Lunos's declaration menu (templates/lunos/round-menu.hbs)", () => {
  const others = [
    { id: "c2", name: "Brin" },
    { id: "c3", name: "Cole" },
  ];

  it("LUN-RND-1: named groups of radios and checkboxes, the declared plan marked, a Declare button", () => {
    const shown = shownOf({
      declared: true,
      lunging: true,
      declaredActions: [
        { kind: "attack", targets: ["c3"] },
        { kind: "parry", targets: ["c3"] },
        { kind: "move", targets: [] },
      ],
    });
    const view = roundMenuView({ id: "c1", name: "Arden" }, "declare", shown, others, localize)!;
    const html = renderer.render(LUNOS_MENU_TEMPLATE, view as unknown as Record<string, unknown>);
    check(html);
    const root = parse(html);
    expect(text(byTag(root, "legend"))).toBe(
      "Attack rollDefense rollAttackingDefending againstMove, magic, lungeOther actions (one action each)",
    );
    const checked = (name: string) =>
      byAttr(root, "name", name).map((r) => [r.attribs.value, "checked" in r.attribs]);
    expect(checked("lunos-attack")).toEqual([
      ["", false],
      ["attack", true],
      ["powerAttack", false],
      ["flurry", false],
    ]);
    expect(checked("lunos-defense")).toEqual([
      ["", false],
      ["defense", false],
      ["parry", true],
      ["fullDefense", false],
    ]);
    expect(checked("lunos-target")).toEqual([
      ["c2", false],
      ["c3", true],
    ]);
    expect(checked("lunos-against")).toEqual([
      ["c2", false],
      ["c3", true],
    ]);
    expect(checked("lunos-lunge")).toEqual([["lunge", true]]);
    expect(checked("lunos-move")).toEqual([["move", true]]);
    const [declare] = byAttr(root, "data-declare");
    expect([declare!.name, text(declare!).trim()]).toEqual(["button", "Declare"]);
    expect(renderer.i18n.missing).toEqual(new Set());
  });

  it("LUN-ACT-5, LUN-ACT-7: the Move's feet say how far it may go, the field stops there; no Flurry below the Combat it needs", () => {
    const shown = shownOf({ moveMax: 24, mayFlurry: false });
    const view = roundMenuView({ id: "c1", name: "Arden" }, "declare", shown, others, localize)!;
    const html = renderer.render(LUNOS_MENU_TEMPLATE, view as unknown as Record<string, unknown>);
    check(html);
    const root = parse(html);
    const [feet] = byAttr(root, "name", "lunos-feet");
    expect(feet!.attribs.max).toBe("24");
    expect(text(feet!.parent as never)).toContain("Feet (at most 24)");
    expect(byAttr(root, "name", "lunos-attack").map((r) => r.attribs.value)).toEqual([
      "",
      "attack",
      "powerAttack",
    ]);
    expect(renderer.i18n.missing).toEqual(new Set());
  });

  it("Change draws the declaration as it was: a Move's feet, the GM's healing ruling; the row says the feet", () => {
    const shown = shownOf({
      declared: true,
      moveMax: 30,
      declaredActions: [
        { kind: "move", targets: [], feet: 30 },
        { kind: "magic", targets: [], healing: true },
      ],
    });
    const gm = roundMenuView(
      { id: "c1", name: "Arden" },
      "declare",
      shown,
      others,
      localize,
      undefined,
      true,
    )!;
    expect(gm.move).toMatchObject({ checked: true, feet: 30 });
    expect(gm.healing?.checked).toBe(true);
    const html = renderer.render(LUNOS_MENU_TEMPLATE, gm as unknown as Record<string, unknown>);
    expect(byAttr(parse(html), "name", "lunos-feet")[0]!.attribs.value).toBe("30");
    expect("checked" in byAttr(parse(html), "name", "lunos-healing")[0]!.attribs).toBe(true);
    const moving = lunosRowView(
      { ...EMPTY, declared: true, declaredActions: [{ kind: "move", names: [], feet: 30 }] },
      row(),
      localize,
    );
    expect(moving.cells?.declared).toBe("move 30 ft");
  });

  it("LUN-ACT-6: the roll to stand sits with standing up among the Other actions, for a fighter down only; a name to tend without the tending ticked is said", () => {
    const menu = (shown: ReturnType<typeof shownOf>) => {
      const html = renderer.render(
        LUNOS_MENU_TEMPLATE,
        roundMenuView({ id: "c1", name: "Arden" }, "declare", shown, others, localize) as never,
      );
      check(html);
      return parse(html);
    };
    const down = menu(shownOf({ states: { prone: true } }));
    const [tasks] = byClass(down, "lunos-menu-tasks");
    expect(byAttr(tasks!, "name", "lunos-standByRoll")).toHaveLength(1);
    expect(byAttr(menu(shownOf({})), "name", "lunos-standByRoll")).toEqual([]);
    const form = {
      attack: "",
      defense: "",
      targets: [],
      against: [],
      move: null,
      tasks: ["speak"],
      tend: "c2",
      standByRoll: false,
      magic: false,
      lunge: false,
    };
    expect(menuProblem(form)).toBe("LUNOS.Combat.Menu.TendUnticked");
    expect(t["LUNOS.Combat.Menu.TendUnticked"]).toBeDefined();
    expect(menuProblem({ ...form, tasks: ["tend"] })).toBeNull();
    expect(menuProblem({ ...form, tend: "" })).toBeNull();
  });

  it("Declare closes the menu only once the declaration is taken: a refusal leaves every choice in place", async () => {
    const form = {
      attack: "attack",
      defense: "",
      targets: ["c2"],
      against: [],
      move: null,
      tasks: [],
      tend: "",
      standByRoll: false,
      magic: false,
      lunge: false,
    };
    let closed = 0;
    const asked: unknown[] = [];
    const answer = (ok: boolean) => async (action: string, data?: unknown) => {
      asked.push([action, data]);
      return ok;
    };
    expect(await declareFromMenu(form, answer(false), () => (closed += 1))).toBe(false);
    expect(closed).toBe(0);
    expect(await declareFromMenu(form, answer(true), () => (closed += 1))).toBe(true);
    expect(closed).toBe(1);
    expect(asked).toEqual([
      ["declare", { actions: [{ kind: "attack", targets: ["c2"] }], lunge: false }],
      ["declare", { actions: [{ kind: "attack", targets: ["c2"] }], lunge: false }],
    ]);
  });

  it("its fields make the plan the GM checks: a flurry attacks and defends against the same fighters", () => {
    expect(
      planFromMenu({
        attack: "flurry",
        defense: "",
        targets: ["c2", "c3"],
        against: [],
        move: null,
        tasks: [],
        tend: "",
        standByRoll: false,
        magic: true,
        lunge: true,
      }),
    ).toEqual({
      actions: [{ kind: "flurry", targets: ["c2", "c3"], against: ["c2", "c3"] }, { kind: "magic" }],
      lunge: true,
    });
    expect(
      planFromMenu({
        attack: "",
        defense: "fullDefense",
        targets: [],
        against: ["c3"],
        move: 10,
        tasks: ["task"],
        tend: "",
        standByRoll: false,
        magic: false,
        lunge: false,
      }),
    ).toEqual({
      actions: [
        { kind: "fullDefense", against: ["c3"] },
        { kind: "move", feet: 10 },
        { kind: "other", task: "task" },
      ],
      lunge: false,
    });
  });

  it("LUN-MNV-3: an Other action kept on a threat is its own task box, marked apart from another task, and declared so", () => {
    const shown = shownOf({
      declared: true,
      declaredActions: [{ kind: "other", targets: [], task: "maintainThreat" }],
    });
    const view = roundMenuView({ id: "c1", name: "Arden" }, "declare", shown, others, localize)!;
    const html = renderer.render(LUNOS_MENU_TEMPLATE, view as unknown as Record<string, unknown>);
    check(html);
    const root = parse(html);
    const checked = (name: string) =>
      byAttr(root, "name", name).map((r) => [r.attribs.value, "checked" in r.attribs]);
    const tasks = checked("lunos-task");
    expect(tasks).toContainEqual(["maintainThreat", true]);
    expect(tasks).toContainEqual(["task", false]);
    const box = byAttr(root, "name", "lunos-task").find((b) => b.attribs.value === "maintainThreat");
    expect(text(box!.parent as never)).toContain(t["LUNOS.Task.maintainThreat"]);
    expect(
      planFromMenu({
        attack: "attack",
        defense: "",
        targets: ["c3"],
        against: [],
        move: null,
        tasks: ["maintainThreat"],
        tend: "",
        standByRoll: false,
        magic: false,
        lunge: false,
      }),
    ).toEqual({
      actions: [
        { kind: "attack", targets: ["c3"] },
        { kind: "other", task: "maintainThreat" },
      ],
      lunge: false,
    });
  });

  it("on a sheet: the fields named after the sheet, the title's id its own, the Declare button the sheet's action", () => {
    const view = roundMenuView({ id: "c1", name: "Arden" }, "declare", shownOf({}), others, localize, {
      prefix: "sheet-7-lunos",
      sheetAction: "lunosDeclare",
    })!;
    const html = renderer.render(LUNOS_MENU_TEMPLATE, view as unknown as Record<string, unknown>);
    check(html);
    const root = parse(html);
    expect(byAttr(root, "name", "sheet-7-lunos-attack")).toHaveLength(4);
    expect(byAttr(root, "name", "sheet-7-lunos-target")).toHaveLength(2);
    expect(byAttr(root, "name", "lunos-attack")).toEqual([]);
    expect(byAttr(root, "id", "sheet-7-lunos-menu-c1")).toHaveLength(1);
    expect(byAttr(root, "data-action", "lunosDeclare")).toHaveLength(1);
  });

  it("LUN-ACT-3: whom the attack strikes and whom the defense covers are two lists: attacking three, defending against one", () => {
    const plan = planFromMenu({
      attack: "attack",
      defense: "defense",
      targets: ["c2", "c3", "c4"],
      against: ["c3"],
      move: null,
      tasks: [],
      tend: "",
      standByRoll: false,
      magic: false,
      lunge: false,
    });
    expect(plan).toEqual({
      actions: [
        { kind: "attack", targets: ["c2", "c3", "c4"] },
        { kind: "defense", against: ["c3"] },
      ],
      lunge: false,
    });
    // Parsed as the GM parses a player's request: the defense covers one, so it loses no die.
    expect(parsePlan(plan)?.actions[1]).toEqual({ kind: "defense", against: ["c3"] });
  });

  it("LUN-ACT-6, LUN-MNV-3: the Other actions the engine knows are declared from the menu: stand up, pick up the weapon, tend whom, the roll to stand", () => {
    const view = roundMenuView(
      { id: "c1", name: "Arden" },
      "declare",
      shownOf({
        declared: true,
        standByRoll: true,
        declaredActions: [{ kind: "other", task: "tend", targets: ["c3"] }],
      }),
      others,
      localize,
    )!;
    const html = renderer.render(LUNOS_MENU_TEMPLATE, view as unknown as Record<string, unknown>);
    check(html);
    const root = parse(html);
    const boxes = byAttr(root, "name", "lunos-task");
    expect(boxes.map((b) => [b.attribs.value, "checked" in b.attribs])).toEqual([
      ["task", false],
      ["standUp", false],
      ["recoverWeapon", false],
      ["leaveGrapple", false],
      ["maintainThreat", false],
      ["speak", false],
      ["tend", true],
    ]);
    const [tend] = byAttr(root, "name", "lunos-tend");
    expect(byTag(tend!, "option").map((o) => [o.attribs.value, "selected" in o.attribs])).toEqual([
      ["", false],
      ["c2", false],
      ["c3", true],
    ]);
    expect(byAttr(root, "name", "lunos-standByRoll").map((b) => "checked" in b.attribs)).toEqual([true]);
    expect(renderer.i18n.missing).toEqual(new Set());
    const plan = planFromMenu({
      attack: "",
      defense: "",
      targets: [],
      against: [],
      move: null,
      tasks: ["standUp", "recoverWeapon"],
      tend: "",
      standByRoll: false,
      magic: false,
      lunge: false,
    });
    expect(parsePlan(plan)).toEqual({
      actions: [
        { kind: "other", task: "standUp" },
        { kind: "other", task: "recoverWeapon" },
      ],
      lunge: false,
      standByRoll: false,
    });
    const tending = planFromMenu({
      attack: "",
      defense: "",
      targets: [],
      against: [],
      move: null,
      tasks: ["tend", "leaveGrapple", "speak"],
      tend: "c3",
      standByRoll: true,
      magic: false,
      lunge: false,
    });
    expect(parsePlan(tending)).toEqual({
      actions: [
        { kind: "other", task: "leaveGrapple" },
        { kind: "other", task: "speak" },
        { kind: "other", task: "tend", target: "c3" },
      ],
      lunge: false,
      standByRoll: true,
    });
  });

  it("LUN-HLT-5: only a GM's menu offers to call a spell healing, and its plan carries the flag", () => {
    const players = roundMenuView({ id: "c1", name: "Arden" }, "declare", shownOf({}), others, localize)!;
    expect(players.healing).toBeNull();
    expect(
      byAttr(parse(renderer.render(LUNOS_MENU_TEMPLATE, players as never)), "name", "lunos-healing"),
    ).toEqual([]);
    const gms = roundMenuView(
      { id: "c1", name: "Arden" },
      "declare",
      shownOf({}),
      others,
      localize,
      undefined,
      true,
    )!;
    const html = renderer.render(LUNOS_MENU_TEMPLATE, gms as never);
    check(html);
    expect(byAttr(parse(html), "name", "lunos-healing")).toHaveLength(1);
    expect(renderer.i18n.missing).toEqual(new Set());
    const form = {
      attack: "",
      defense: "",
      targets: [],
      against: [],
      move: null,
      tasks: [],
      tend: "",
      standByRoll: false,
      magic: true,
      healing: true,
      lunge: false,
    };
    expect(parsePlan(planFromMenu(form))?.actions).toEqual([{ kind: "magic", healing: true }]);
  });

  it("no menu outside the declarations", () => {
    expect(roundMenuView({ id: "c1", name: "Arden" }, "attack", shownOf({}), others, localize)).toBeNull();
  });
});
