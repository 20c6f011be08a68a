import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { anyTable } from "../../src/combat/table-ruleset";
import {
  installCombatStandIn,
  type StandInCombat,
  type StandInCombatant,
  type StandInWorld,
} from "../foundry/combat-stand-in";
import { TOY_ID, toyDefinition, toyTable } from "./toy-ruleset";
import { seatFighter } from "./toy-seats";
import { TOY_ROW_TEMPLATE, TOY_SUMMARY_TEMPLATE, toyRow } from "./toy-tracker";

/**
 * The tracker's rows and the Token HUD palette are the world ruleset's: the
 * unchanged tracker (its context and templates) draws the toy's stance badge
 * and Lunge button and no FANGS cell; a click on the Lunge button and on the
 * toy's palette goes through the toy's round action and the active GM; a
 * ruleset without a row part gets the shared cells only, and without a
 * palette no HUD button.
 */

let world: StandInWorld;
type CombatClass = typeof import("../../src/documents/combat").FangsCombat;
let FangsCombat: CombatClass;
let tracker: typeof import("../../src/apps/combat-tracker/tracker");
let hud: typeof import("../../src/apps/combat-tracker/combat-hud");
let registry: typeof import("../../src/rulesets/registry");

beforeAll(async () => {
  world = installCombatStandIn();
  world.settings.set("fangs.initiativeMode", "ag");
  world.settings.set("fangs.maneuverIcons", true);
  ({ FangsCombat } = await import("../../src/documents/combat"));
  tracker = await import("../../src/apps/combat-tracker/tracker");
  hud = await import("../../src/apps/combat-tracker/combat-hud");
  registry = await import("../../src/rulesets/registry");
  const request = await import("../../src/combat/request");
  const requester = await import("../../src/requester");
  world.queries[request.COMBAT_QUERY] = request.handleCombatAction;
  world.queries[requester.CONFIRM_QUERY] = requester.confirmRequest;
  registry.registerRulesetDefinition(toyDefinition);
  (await import("../../src/config/document-classes")).configureDocuments();
});

afterEach(() => {
  registry.registerRulesetDefinition(toyDefinition);
  world.settings.delete("fangs.ruleset");
  world.warnings.length = 0;
  world.setUser(world.gm);
});

type Combat = StandInCombat & InstanceType<CombatClass>;

const fighter = seatFighter;

/** Bo (the player's, 15) and Al (another player's, 12), the round started. */
async function table(toy = true): Promise<Combat> {
  const combat = new FangsCombat() as unknown as Combat;
  combat.add(fighter("bo", 15, ["player"], toy)).add(fighter("al", 12, ["other"], toy));
  world.combats.clear();
  world.combats.set(combat.id, combat);
  await combat.startCombat();
  return combat;
}

async function toAct(combat: Combat): Promise<void> {
  while (combat.system.phase !== "act") await combat.nextTurn();
}

const system = (combat: Combat, id: string) => combat.combatants.get(id)!.system as Record<string, unknown>;

/** The tracker's and phase bar's templates, every system template as a partial, and the toy's two partials. */
function draw(view: unknown): string {
  const hb = Handlebars.create();
  const root = new URL("../../templates/", import.meta.url).pathname;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".hbs")) continue;
    const file = join(entry.parentPath, entry.name);
    hb.registerPartial(`systems/fangs/templates/${file.slice(root.length)}`, readFileSync(file, "utf8"));
  }
  const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
  hb.registerPartial(TOY_ROW_TEMPLATE, fixture("toy-row.hbs"));
  hb.registerPartial(TOY_SUMMARY_TEMPLATE, fixture("toy-lunging.hbs"));
  const template = (name: string) => hb.compile(readFileSync(join(root, "combat", name), "utf8"));
  return template("phase.hbs")({ fangs: view }) + template("tracker.hbs")({ fangs: view });
}

/** A ruleset's table without a row part and a palette: the toy's, stripped. */
function toyWithoutParts(): void {
  registry.registerRulesetDefinition({ ...toyDefinition, table: anyTable(toyTable) });
}

describe("the tracker's rows are the world ruleset's", () => {
  it("the shared badges are in the world ruleset's words: its row part's, else under its lang prefix", async () => {
    world.settings.set("fangs.ruleset", TOY_ID);
    const combat = await table();
    combat.combatants.get("c-al")!.defeated = true;
    const badges = () =>
      tracker
        .combatView(combat as unknown as Combat.Implementation)
        .groups.flatMap((g) => g.rows)
        .flatMap((r) => r.badges.map((b) => `${r.name}: ${b.label}`));
    // The toy's row part names no word: the badge is under the toy's prefix, never FANGS's.
    expect(badges()).toEqual(["al: TOY.Combat.Badge.OutOfAction"]);
    registry.registerRulesetDefinition({
      ...toyDefinition,
      table: anyTable({ ...toyTable, row: { ...toyRow, words: { outOfAction: "TOY.Badge.Down" } } }),
    });
    expect(badges()).toEqual(["al: TOY.Badge.Down"]);
    toyWithoutParts();
    expect(badges()).toEqual(["al: TOY.Combat.Badge.OutOfAction"]);
    // FANGS's rows keep FANGS's words.
    world.settings.delete("fangs.ruleset");
    const fangs = await table(false);
    fangs.combatants.get("c-al")!.defeated = true;
    expect(
      tracker
        .combatView(fangs as unknown as Combat.Implementation)
        .groups.flatMap((g) => g.rows)
        .flatMap((r) => r.badges.map((b) => b.label)),
    ).toContain("FANGS.Combat.Badge.OutOfAction");
  });

  it("the toy's stance badge and Lunge button, and none of FANGS's cells", async () => {
    world.settings.set("fangs.ruleset", TOY_ID);
    const combat = await table();
    await toAct(combat);
    world.setUser(world.player);
    const view = tracker.combatView(combat as unknown as Combat.Implementation);
    expect(view.acting.map((r) => [r.name, r.part?.template, r.part?.data])).toEqual([
      [
        "bo",
        TOY_ROW_TEMPLATE,
        { stance: "steady", stanceLabel: "TOY.Stance.Steady", canLunge: true, lungeLabel: "TOY.Lunge" },
      ],
      [
        "al",
        TOY_ROW_TEMPLATE,
        { stance: "steady", stanceLabel: "TOY.Stance.Steady", canLunge: false, lungeLabel: "TOY.Lunge" },
      ],
    ]);
    const html = draw(view);
    expect(html.match(/class="toy-stance toy-stance-steady"/g)?.length).toBe(2);
    expect(html.match(/class="toy-lunge"/g)?.length).toBe(1);
    for (const fangs of ["fangs-maneuver-badge", "fangs-undeclared-note", "fangs-move", "fangs-hold"])
      expect(html).not.toContain(fangs);
  });

  it("a click on the Lunge button asks for the toy's round action through the active GM", async () => {
    world.settings.set("fangs.ruleset", TOY_ID);
    const combat = await table();
    await toAct(combat);
    world.setUser(world.player);
    const onRow = tracker.FangsCombatTracker.DEFAULT_OPTIONS.actions.rulesetRow as unknown as (
      this: unknown,
      event: unknown,
      target: unknown,
    ) => Promise<void>;
    const app = new tracker.FangsCombatTracker() as unknown as { viewed: unknown };
    app.viewed = combat;
    const button = (combatantId: string, data: string) => ({
      dataset: { roundAction: "lunge", roundData: data },
      closest: (selector: string) =>
        selector === "[data-combatant-id]" ? { dataset: { combatantId } } : null,
    });
    const event = { stopPropagation: () => undefined };
    // Forged data (9 dice) and another player's fighter: refused by the GM, nothing written.
    await onRow.call(app, event, button("c-bo", '{"dice":9}'));
    await onRow.call(app, event, button("c-al", '{"dice":2}'));
    expect(world.warnings).toEqual(["FANGS.Combat.Refusal.Malformed {}", "FANGS.Combat.Refusal.NotOwner {}"]);
    expect([system(combat, "c-bo").lunged, system(combat, "c-al").lunged]).toEqual([false, false]);
    await onRow.call(app, event, button("c-bo", '{"dice":2}'));
    expect(system(combat, "c-bo").lunged).toBe(true);
    // The row now says so, and the toy's note under the phase bar counts it.
    const view = tracker.combatView(combat as unknown as Combat.Implementation);
    expect(view.acting.find((r) => r.name === "bo")?.part?.data).toMatchObject({
      stance: "lunging",
      canLunge: false,
    });
    expect(view.summary).toEqual({
      template: TOY_SUMMARY_TEMPLATE,
      data: { label: 'TOY.Tracker.Lunging {"count":"1"}' },
    });
    expect(draw(view)).toContain(
      '<p class="toy-lunging-note">TOY.Tracker.Lunging {&quot;count&quot;:&quot;1&quot;}</p>',
    );
  });

  it("a ruleset without a row part: the shared cells only", async () => {
    toyWithoutParts();
    world.settings.set("fangs.ruleset", TOY_ID);
    const combat = await table();
    const view = tracker.combatView(combat as unknown as Combat.Implementation);
    expect(view.acting.map((r) => [r.name, r.part, r.badges])).toEqual([
      ["bo", null, []],
      ["al", null, []],
    ]);
    expect(view.summary).toBeNull();
    const html = draw(view);
    expect(html).toContain('<strong class="name">bo</strong>');
    expect(html).not.toContain("toy-stance");
    expect(html).not.toContain("fangs-maneuver-badge");
  });

  it("FANGS's world: its maneuver badges and undeclared count, through its own row part", async () => {
    const combat = await table(false);
    const view = tracker.combatView(combat as unknown as Combat.Implementation);
    const html = draw(view);
    expect(html.match(/fangs-maneuver-badge empty undeclared/g)?.length).toBe(2);
    expect(html).toContain("fangs-undeclared-note");
    expect(html).not.toContain("toy-stance");
  });
});

/** Just enough of the DOM for the Token HUD hook: elements, their children and click listeners. */
class FakeElement {
  type = "";
  className = "";
  hidden = false;
  innerHTML = "";
  readonly dataset: Record<string, string> = {};
  readonly attributes: Record<string, string> = {};
  readonly children: FakeElement[] = [];
  readonly listeners: ((event: unknown) => unknown)[] = [];
  setAttribute(name: string, value: string): void {
    this.attributes[name] = value;
  }
  append(...children: FakeElement[]): void {
    this.children.push(...children);
  }
  addEventListener(_type: string, fn: (event: unknown) => unknown): void {
    this.listeners.push(fn);
  }
  querySelector(selector: string): FakeElement | null {
    return selector === ".col.right" ? this : null;
  }
}

/** Renders the Token HUD of `combatant`'s token through the registered hook; its column. */
function renderHud(combatant: StandInCombatant): FakeElement {
  const g = globalThis as unknown as { document?: unknown; Hooks: { callAll(...args: unknown[]): unknown } };
  const before = g.document;
  g.document = { createElement: () => new FakeElement() };
  try {
    const column = new FakeElement();
    g.Hooks.callAll("renderTokenHUD", { document: { actor: combatant.actor } }, column);
    return column;
  } finally {
    g.document = before;
  }
}

/** Clicks the palette entry `id` in a rendered HUD column. */
async function click(column: FakeElement, id: string): Promise<void> {
  const palette = column.children[0]!.children[1]!;
  const event = {
    target: { closest: () => ({ dataset: { entry: id }, disabled: false }) },
    preventDefault: () => undefined,
    stopPropagation: () => undefined,
  };
  for (const listener of palette.listeners) await listener(event);
}

describe("the Token HUD palette is the world ruleset's", () => {
  let registered = false;
  const register = () => {
    if (!registered) hud.registerTokenHudPalette();
    registered = true;
  };

  it("the toy's two Lunges, each asking for its round action through the active GM", async () => {
    register();
    world.settings.set("fangs.ruleset", TOY_ID);
    const combat = await table();
    await toAct(combat);
    world.setUser(world.player);
    const bo = combat.combatants.get("c-bo")! as unknown as StandInCombatant;
    const column = renderHud(bo);
    const [wrapper] = column.children;
    expect(wrapper?.children[0]?.dataset.tooltip).toBe("TOY.Palette");
    const palette = wrapper!.children[1]!;
    expect(palette.innerHTML.match(/data-entry="(\w+)"/g)).toEqual([
      'data-entry="lungeOne"',
      'data-entry="lungeThree"',
    ]);
    expect(palette.innerHTML).not.toContain("data-maneuver");
    expect(palette.innerHTML).toContain('aria-label="TOY.Palette.Lunge {&quot;dice&quot;:&quot;3&quot;}"');
    await click(column, "lungeThree");
    expect(system(combat, "c-bo").lunged).toBe(true);
    expect(world.warnings).toEqual([]);
    // Now lunging: both entries are shown active and closed, and a click on one does nothing.
    expect(renderHud(bo).children[0]!.children[1]!.innerHTML).toContain("fangs-hud-choice active");
    expect(await hud.choosePaletteEntry(bo as never, "lungeOne")).toBe(false);
    // Another player's fighter gets no palette.
    expect(renderHud(combat.combatants.get("c-al")! as unknown as StandInCombatant).children).toEqual([]);
  });

  it("a ruleset without a palette: no HUD button", async () => {
    register();
    toyWithoutParts();
    world.settings.set("fangs.ruleset", TOY_ID);
    const combat = await table();
    expect(renderHud(combat.combatants.get("c-bo")! as unknown as StandInCombatant).children).toEqual([]);
  });

  it("FANGS's world: its maneuvers, a click declaring one for the player through the GM", async () => {
    register();
    const combat = await table(false);
    world.setUser(world.player);
    const bo = combat.combatants.get("c-bo")! as unknown as StandInCombatant;
    const palette = renderHud(bo).children[0]!.children[1]!;
    expect(palette.innerHTML).toContain('data-entry="attack"');
    expect(palette.innerHTML).not.toContain("lungeOne");
    const column = renderHud(bo);
    await click(column, "retreat");
    expect(system(combat, "c-bo").maneuver).toBe("retreat");
  });
});
