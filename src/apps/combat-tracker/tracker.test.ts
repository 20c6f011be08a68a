import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { beforeAll, describe, expect, it } from "vitest";
import {
  installCombatStandIn,
  StandInActor,
  type StandInCombat,
  StandInCombatant,
  type StandInWorld,
} from "../../../test/foundry/combat-stand-in";
import type { FangsRowCells } from "../../rulesets/fangs/tracker-row-view";
import type { TrackerRowView } from "./tracker-view";

/** The tracker's view of real (stand-in) documents, for the GM and for a player. */

/** FANGS's cells of a row (its row part: the maneuver badge). */
const fangs = (row: TrackerRowView) => row.part?.data as FangsRowCells;

let world: StandInWorld;
let tracker: typeof import("./tracker");
let FangsCombat: typeof import("../../documents/combat").FangsCombat;

beforeAll(async () => {
  world = installCombatStandIn();
  world.settings.set("fangs.initiativeMode", "ag");
  world.settings.set("fangs.maneuverIcons", true);
  tracker = await import("./tracker");
  ({ FangsCombat } = await import("../../documents/combat"));
});

function combatWithTwo(): StandInCombat {
  const combat = new FangsCombat() as unknown as StandInCombat;
  const mine = new StandInCombatant(
    "c-mine",
    "Mine",
    new StandInActor(
      "mine",
      "Mine",
      { characteristics: { ag: 14 }, attributes: { movement: 12 } },
      [],
      "character",
      ["player"],
    ),
  );
  const theirs = new StandInCombatant(
    "c-theirs",
    "Theirs",
    new StandInActor("theirs", "Theirs", { characteristics: { ag: 11 }, attributes: { movement: 9 } }),
  );
  combat.add(mine).add(theirs);
  return combat;
}

describe("the tracker's context", () => {
  it("shows the GM the round, the phase and who has not declared", async () => {
    world.setUser(world.gm);
    const combat = combatWithTwo();
    await (combat as unknown as { startCombat(): Promise<unknown> }).startCombat();
    const view = tracker.combatView(combat as unknown as Combat.Implementation);
    expect(view.title).toBe(
      'FANGS.Combat.Tracker.RoundPhase {"round":"1","phase":"FANGS.Rules.Phase.Initiative"}',
    );
    expect(view.acting.map((r) => [r.name, r.active, fangs(r).undeclared, fangs(r).canDeclare])).toEqual([
      ["Mine", true, true, true],
      ["Theirs", false, true, true],
    ]);
    expect(view.summary?.data).toMatchObject({ count: 2 });
  });

  it("lets a player act only for its own combatant", async () => {
    world.setUser(world.gm);
    const combat = combatWithTwo();
    await (combat as unknown as { startCombat(): Promise<unknown> }).startCombat();
    world.setUser(world.player);
    const view = tracker.combatView(combat as unknown as Combat.Implementation);
    expect(view.acting.map((r) => [r.name, fangs(r).canDeclare, r.canHold, fangs(r).undeclared])).toEqual([
      ["Mine", true, true, true],
      ["Theirs", false, false, false],
    ]);
    expect(view.isGM).toBe(false);
    world.setUser(world.gm);
  });

  it("NC-MAN-2: shows on the row the maneuver its combatant lost to a dodge this round", async () => {
    world.setUser(world.gm);
    const combat = combatWithTwo();
    await (combat as unknown as { startCombat(): Promise<unknown> }).startCombat();
    const theirs = combat.combatants.get("c-theirs")!;
    // As the GM's round writes go (src/rulesets/fangs/combat/record.ts): the row reads the Combat's record of it.
    const { writeRound } = await import("../../rulesets/fangs/combat/record");
    await writeRound(theirs as never, { maneuver: "dodgeMelee", lostManeuver: "engage" });
    const view = tracker.combatView(combat as unknown as Combat.Implementation);
    const row = view.acting.find((r) => r.name === "Theirs");
    expect(row?.badges.map((b) => [b.css, b.label])).toEqual([
      ["dodged", 'FANGS.Combat.Badge.ManeuverLost {"maneuver":"FANGS.Maneuver.Engage.Name"}'],
    ]);
    expect(view.acting.find((r) => r.name === "Mine")?.badges).toEqual([]);
  });
});

describe("the tracker's phase bar", () => {
  const phaseBar = Handlebars.compile(
    readFileSync(new URL("../../../templates/combat/phase.hbs", import.meta.url), "utf8"),
  );

  it("is not drawn when the sidebar shows no encounter (an empty framed box otherwise)", () => {
    const root = /<section[^>]*>/.exec(phaseBar({ fangs: null }))?.[0] ?? "";
    expect(root).toMatch(/\shidden[\s>]/);
  });

  it("is drawn for an encounter", () => {
    const combat = combatWithTwo();
    world.setUser(world.gm);
    const root = /<section[^>]*>/.exec(phaseBar({ fangs: tracker.combatView(combat as never) }))?.[0] ?? "";
    expect(root).toContain("fangs-phase-bar");
    expect(root).not.toMatch(/\shidden[\s>]/);
  });
});

describe("Foundry's own tracker controls that would go behind the round plan", () => {
  it("NC-RND-3: the row menu has no entry that writes initiative (Modify, Clear, Reroll); Remove stays", () => {
    const app = new tracker.FangsCombatTracker() as unknown as {
      _getEntryContextOptions(): { name: string }[];
    };
    expect(app._getEntryContextOptions().map((entry) => entry.name)).toEqual(["COMBAT.CombatantRemove"]);
  });

  it("ticking a holder's checkbox does not reach the row's click handler (pan to and select the token)", async () => {
    const listeners: ((event: { stopPropagation(): void }) => void)[] = [];
    const pick = { addEventListener: (_type: string, fn: (typeof listeners)[number]) => listeners.push(fn) };
    const app = new tracker.FangsCombatTracker() as unknown as {
      element: unknown;
      _onRender(context: unknown, options: unknown): Promise<void>;
    };
    app.element = {
      querySelectorAll: (selector: string) => (selector === "input.fangs-holder-pick" ? [pick] : []),
    };
    await app._onRender({}, {});
    let stopped = false;
    for (const listener of listeners) listener({ stopPropagation: () => (stopped = true) });
    expect(stopped).toBe(true);
  });
});

describe("what core's tracker shows on a row, in the FANGS rows", () => {
  it("shows the Combat Tracker's tracked resource, read from the actor, to those who may see it", async () => {
    world.setUser(world.gm);
    const combat = combatWithTwo();
    (combat as unknown as { settings: { resource: string } }).settings = { resource: "stunPoints" };
    await (combat as unknown as { startCombat(): Promise<unknown> }).startCombat();
    const theirs = combat.combatants.get("c-theirs")!.actor!;
    const pool = (theirs.system as unknown as { stunPoints: { value: number; max: number } }).stunPoints;
    const resources = () =>
      tracker.combatView(combat as unknown as Combat.Implementation).acting.map((r) => [r.name, r.resource]);
    const label = `FANGS.Combat.Tracker.ResourceOf {"label":"FANGS.Actor.Attribute.StunPoints","value":"${pool.value}","max":"${pool.max}"}`;
    expect(resources()).toContainEqual(["Theirs", { text: `${pool.value}/${pool.max}`, label }]);
    // A player sees its own combatant's pool, not the foe's.
    world.setUser(world.player);
    expect(resources().map(([name, r]) => [name, r !== null])).toEqual([
      ["Mine", true],
      ["Theirs", false],
    ]);
    world.setUser(world.gm);
    // No tracked resource chosen: no column.
    (combat as unknown as { settings: { resource: string } }).settings = { resource: "" };
    expect(resources().every(([, r]) => r === null)).toBe(true);
  });

  it("shows the actor's conditions as icons, each named for screen readers", async () => {
    world.setUser(world.gm);
    const combat = combatWithTwo();
    await (combat as unknown as { startCombat(): Promise<unknown> }).startCombat();
    const theirs = combat.combatants.get("c-theirs")!.actor as unknown as {
      toggleStatusEffect(id: string, options?: { active?: boolean }): Promise<unknown>;
    };
    await theirs.toggleStatusEffect("prone", { active: true });
    await theirs.toggleStatusEffect("stunned", { active: true });
    const row = tracker
      .combatView(combat as unknown as Combat.Implementation)
      .acting.find((r) => r.name === "Theirs");
    // In the order of the token's status menu, not the order they were set.
    expect(row?.statuses).toEqual([
      { id: "stunned", img: "systems/fangs/assets/icons/status/stunned.svg", label: "FANGS.Status.Stunned" },
      { id: "prone", img: "systems/fangs/assets/icons/status/prone.svg", label: "FANGS.Status.Prone" },
    ]);
  });
});
