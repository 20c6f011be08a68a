import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import { createTemplateRenderer } from "../../../test/handlebars/render";
import {
  previewLocalize,
  previewStates,
  trackerPreviewPages,
} from "../../../test/preview/fixtures/combat-tracker";
import { FANGS_PHASES } from "../../rules/fangs/ruleset";
import {
  type FangsRowCells,
  type FangsRowData,
  fangsRowDrawing,
  maneuverChoices,
  maneuverMenuView,
} from "../../rulesets/fangs/tracker-row-view";
import { readTrackedResource, type TrackerRowInput, type TrackerRowView, trackerView } from "./tracker-view";

/** A row of a FANGS world: the shared cells, and FANGS's row data (its maneuver, MV…). */
function row(id: string, extra: Partial<TrackerRowInput & FangsRowData> = {}): TrackerRowInput {
  const {
    maneuver = null,
    attackKind = null,
    committed = false,
    actionLost = false,
    lostManeuver = null,
    mv = 12,
    ...shared
  } = extra;
  return {
    id,
    name: id,
    img: "x.svg",
    hidden: false,
    defeated: false,
    owner: false,
    canPing: true,
    initiative: 10,
    held: false,
    outOfAction: false,
    ...shared,
    part: { maneuver, attackKind, committed, actionLost, lostManeuver, mv } satisfies FangsRowData,
  };
}

/** FANGS's cells of a row (its maneuver badge). */
const fangs = (r: TrackerRowView | undefined) => r?.part?.data as FangsRowCells | undefined;

const base = {
  round: 1,
  turn: 1,
  phase: "melee" as const,
  phases: FANGS_PHASES,
  holds: true,
  langPrefix: "FANGS",
  order: ["a", "b", "c"],
  isGM: false,
  rowPart: fangsRowDrawing,
};

describe("the tracker view", () => {
  it("shows the phase in the header and lists the phase order, holders and the rest apart", () => {
    const view = trackerView(
      { ...base, rows: [row("a"), row("b"), row("c"), row("h", { held: true }), row("z")] },
      previewLocalize,
    );
    expect(view.title).toBe("Round 1 · Melee");
    expect(view.steps.map((s) => s.css)).toEqual(["done", "done", "current", ""]);
    expect(view.groups.map((g) => [g.key, g.rows.map((r) => r.id)])).toEqual([
      ["acting", ["a", "b", "c"]],
      ["held", ["h"]],
      ["others", ["z"]],
    ]);
    expect(view.acting.map((r) => [r.id, r.acted, r.active, r.position])).toEqual([
      ["a", true, false, 1],
      ["b", false, true, 2],
      ["c", false, false, 3],
    ]);
  });

  it("numbers the acting list as shown: a hidden combatant (left out for players) and a holder leave no gap", () => {
    // "x" is hidden: the player's tracker gets no row for it; "h" holds.
    const view = trackerView(
      {
        ...base,
        turn: 3,
        order: ["a", "x", "h", "b"],
        rows: [row("a"), row("h", { held: true }), row("b")],
      },
      previewLocalize,
    );
    expect(view.acting.map((r) => [r.id, r.position, r.active])).toEqual([
      ["a", 1, false],
      ["b", 2, true],
    ]);
  });

  it("shows undeclared combatants in the Initiative phase to the GM, and to a player only its own", () => {
    const rows = [row("a", { owner: true }), row("b"), row("c", { maneuver: "move" })];
    const initiative = { ...base, phase: "initiative" as const, turn: 0 };
    const gm = trackerView({ ...initiative, isGM: true, rows }, previewLocalize);
    expect(gm.summary?.data).toMatchObject({ count: 2 });
    expect(gm.acting.map((r) => fangs(r)?.undeclared)).toEqual([true, true, false]);
    const player = trackerView({ ...initiative, rows }, previewLocalize);
    expect(player.summary?.data).toMatchObject({ count: 1 });
    expect(player.acting.map((r) => fangs(r)?.undeclared)).toEqual([true, false, false]);
  });

  it("shows the movement the declared maneuver allows", () => {
    const view = trackerView({ ...base, rows: [row("a", { maneuver: "charge", mv: 13 })] }, previewLocalize);
    expect(fangs(view.acting[0])?.maneuver).toMatchObject({ label: "Charge", move: "Full MV: 13 paces" });
    const attack = trackerView(
      { ...base, rows: [row("a", { maneuver: "attack", attackKind: "missile", mv: 13 })] },
      previewLocalize,
    );
    expect(fangs(attack.acting[0])?.maneuver).toMatchObject({ move: "¼ MV: 4 paces", attackKind: "Shot" });
  });

  it("offers Hold only to one still to act whose maneuver may be held, and Break only to a holder", () => {
    const rows = [
      row("a", { owner: true }),
      row("b", { owner: true, maneuver: "allOutAttack" }),
      row("c", { owner: true, maneuver: "engage" }),
      row("h", { owner: true, held: true }),
    ];
    const view = trackerView({ ...base, turn: 1, rows }, previewLocalize);
    expect(view.acting.map((r) => [r.id, r.canHold])).toEqual([
      ["a", false],
      ["b", false],
      ["c", true],
    ]);
    expect(view.held.map((r) => r.canBreak)).toEqual([true]);
    const stranger = trackerView(
      { ...base, rows: rows.map((r) => ({ ...r, owner: false })) },
      previewLocalize,
    );
    expect(stranger.acting.some((r) => r.canHold || fangs(r)?.canDeclare)).toBe(false);
  });

  it("NC-MAN-2: shows a maneuver lost to a dodge this round, with a spoken explanation", () => {
    const rows = [
      row("a", { name: "Pirate Jenny", maneuver: "dodgeMelee", lostManeuver: "engage" }),
      row("b", { maneuver: "attack", attackKind: "melee" }),
    ];
    const view = trackerView({ ...base, rows }, previewLocalize);
    const [jenny, other] = view.acting;
    // The dodge is what she does now; the lost Engage shows beside it.
    expect(fangs(jenny)?.maneuver?.label).toBe("Dodge (melee)");
    expect(jenny?.badges).toEqual([
      {
        css: "dodged",
        label: "Engage lost to a dodge",
        hint: "Pirate Jenny dodged before performing Engage: the maneuver is lost this round and tried again next round.",
        icon: "fa-solid fa-rotate-right",
      },
    ]);
    expect(other?.badges).toEqual([]);
  });

  it("NC-MAN-2: the lost-maneuver badge sits with the other badges, first", () => {
    const view = trackerView(
      { ...base, rows: [row("a", { lostManeuver: "move", actionLost: true, held: true })] },
      previewLocalize,
    );
    expect(view.held[0]?.badges.map((b) => b.css)).toEqual(["dodged", "lost", "held"]);
    expect(view.held[0]?.badges.filter((b) => b.hint).length).toBe(1);
  });

  it("closes to a holder the maneuvers that cannot be held (NC-RND-7)", () => {
    const closed = maneuverChoices(12, true, previewLocalize)
      .filter((c) => c.disabled)
      .map((c) => c.id);
    expect(closed.sort()).toEqual(["allOutAttack", "changeWeapon", "charge", "disengage", "retreat", "run"]);
    expect(maneuverChoices(12, false, previewLocalize).some((c) => c.disabled)).toBe(false);
  });

  it("the preview pages walk the real planner through every phase", () => {
    const states = previewStates();
    expect(Object.entries(states).map(([k, s]) => [k, s.phase, s.order[s.turn!]])).toEqual([
      ["initiative", "initiative", "dagmar"],
      ["missile", "missile", "archer"],
      ["melee", "melee", "eddy"],
      ["postMelee", "postMelee", "dagmar"],
      ["rollOff", "initiative", "jenny"],
      ["dodged", "melee", "dagmar"],
      ["retried", "initiative", "eddy"],
    ]);
    // NC-MAN-2 pages: the lost Attack is shown, then declared again with Jenny's melee weapon.
    const jenny = (id: string) => states[id]!.combatants.find((c) => c.id === "jenny");
    expect(jenny("dodged")).toMatchObject({ maneuver: "dodgeMelee", lostManeuver: "attack" });
    expect(jenny("retried")).toMatchObject({ maneuver: "attack", attackKind: "melee", lostManeuver: null });
    const pages = trackerPreviewPages();
    expect(pages.map((p) => p.id)).toContain("tracker-post-melee");
    for (const p of pages) expect(() => p.context()).not.toThrow();
  });
});

describe("the maneuver menu", () => {
  it("NC-MAN-20: Draw Weapon is one entry per thing to ready, named for it, only for an actor with an off-hand item", () => {
    const row = { id: "a", name: "Gru", mv: 12, held: false, maneuver: null, attackKind: null };
    const label = (key: string) => key;
    const draws = (view: ReturnType<typeof maneuverMenuView>) =>
      view.choices.filter((c) => c.id === "drawWeapon").map((c) => [c.label, c.readying, c.current]);
    // No shield nor parrying weapon: one Draw Weapon, readying the weapon.
    expect(draws(maneuverMenuView(row, null, label))).toEqual([
      ["FANGS.Maneuver.DrawWeapon.Name", "weapon", false],
    ]);
    const both = ["weapon", "offHand"] as const;
    expect(draws(maneuverMenuView(row, null, label, null, both))).toEqual([
      ["FANGS.Combat.Menu.Readying.Weapon", "weapon", false],
      ["FANGS.Combat.Menu.Readying.OffHand", "offHand", false],
    ]);
    // The stored choice is the current entry; one stored without saying is the weapon.
    const declared = { ...row, maneuver: "drawWeapon" as const };
    expect(draws(maneuverMenuView(declared, null, label, "offHand", both)).map((d) => d[2])).toEqual([
      false,
      true,
    ]);
    expect(draws(maneuverMenuView(declared, null, label, null, both)).map((d) => d[2])).toEqual([
      true,
      false,
    ]);
    // A shield and no weapon to draw: the one entry readies the off hand.
    expect(draws(maneuverMenuView(row, null, label, null, ["offHand"]))).toEqual([
      ["FANGS.Maneuver.DrawWeapon.Name", "offHand", false],
    ]);
  });
});

describe("the attack kinds' words", () => {
  it("names each kind as the weapon sheet does", () => {
    for (const kind of ["Melee", "Thrown", "Missile"]) {
      expect(previewLocalize(`FANGS.Combat.AttackKind.${kind}`)).toBe(
        previewLocalize(`FANGS.Item.Weapon.Kind.${kind}`),
      );
    }
  });
});

describe("the tracked resource and the conditions on a row", () => {
  it("reads the tracked resource as core's tracker does: a pool, a plain value, or nothing", () => {
    const system = { stunPoints: { value: 8, max: 26 }, attributes: { movement: 12, notes: "" } };
    const labels = { stunPoints: "FANGS.Actor.Attribute.StunPoints" };
    expect(readTrackedResource(system, "stunPoints", labels)).toEqual({
      label: "FANGS.Actor.Attribute.StunPoints",
      value: 8,
      max: 26,
    });
    expect(readTrackedResource(system, "attributes.movement", labels)).toEqual({
      label: "attributes.movement",
      value: 12,
      max: null,
    });
    for (const path of ["", null, undefined, "attributes", "attributes.notes", "nothing.here"])
      expect(readTrackedResource(system, path), String(path)).toBeNull();
  });

  it("shows the resource short in its column and in full for screen readers", () => {
    const resource = { label: "FANGS.Actor.Attribute.StunPoints", value: 8, max: 26 };
    const view = trackerView(
      {
        ...base,
        rows: [row("a", { resource }), row("b", { resource: { ...resource, max: null } }), row("c")],
      },
      previewLocalize,
    );
    expect(view.acting.map((r) => r.resource)).toEqual([
      { text: "8/26", label: "Stun Points: 8 of 26" },
      { text: "8", label: "Stun Points: 8" },
      null,
    ]);
  });

  it("lists the conditions with their names; a holder's Holding is left to its badge", () => {
    const status = (id: string) => ({
      id,
      name: `FANGS.Status.${id[0]!.toUpperCase()}${id.slice(1)}`,
      img: `${id}.svg`,
    });
    const view = trackerView(
      {
        ...base,
        rows: [
          row("a", { statuses: [status("stunned"), status("prone")] }),
          row("h", { held: true, statuses: [status("holding"), status("engaged")] }),
        ],
      },
      previewLocalize,
    );
    expect(view.acting[0]?.statuses).toEqual([
      { id: "stunned", img: "stunned.svg", label: "Stunned" },
      { id: "prone", img: "prone.svg", label: "Prone" },
    ]);
    expect(view.held[0]?.statuses.map((s) => s.label)).toEqual(["Engaged"]);
    expect(view.labels.statuses).toBe("Conditions");
  });

  it("the row template draws both: the icons named by their alt text, the resource with its name", () => {
    // With FANGS's cells: its partial is drawn as the tracker draws it, registered under its path.
    const renderer = createTemplateRenderer();
    const view = trackerView(
      {
        ...base,
        rows: [
          row("a", {
            resource: { label: "FANGS.Actor.Attribute.StunPoints", value: 8, max: 26 },
            statuses: [{ id: "stunned", name: "FANGS.Status.Stunned", img: "stunned.svg" }],
          }),
        ],
      },
      previewLocalize,
    );
    const html = renderer.render("systems/fangs/templates/combat/tracker.hbs", { fangs: view });
    expect(html).toContain('<ul class="fangs-statuses" aria-label="Conditions">');
    expect(html).toContain('<img src="stunned.svg" alt="Stunned" data-tooltip="Stunned">');
    expect(html).toMatch(/fangs-resource[^>]*data-tooltip="Stun Points: 8 of 26"/);
    expect(html).toContain(
      '<span class="fangs-sr-only">Stun Points: 8 of 26</span><span aria-hidden="true">8/26</span>',
    );
  });
});

describe("the maneuver menu's legend", () => {
  it('explains the "cannot be held" mark under the list', () => {
    const row = { id: "a", name: "Gru", mv: 12, held: false, maneuver: null, attackKind: null };
    const view = maneuverMenuView(row, null, previewLocalize);
    expect(view.choices.some((c) => !c.holdable)).toBe(true);
    expect(view.legend).toBe("cannot be held (closed to a holder)");
    const hb = Handlebars.create();
    hb.registerHelper("localize", (key: string) => previewLocalize(key));
    const template = hb.compile(
      readFileSync(new URL("../../../templates/combat/maneuver-menu.hbs", import.meta.url), "utf8"),
    );
    const html = template(view);
    expect(html).toMatch(
      /<li class="fangs-menu-legend"[^>]*><i class="[^"]*fa-hand-slash[^"]*"[^>]*><\/i> cannot be held \(closed to a holder\)<\/li>/,
    );
  });
});
