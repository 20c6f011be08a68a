import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  installCombatStandIn,
  type StandInCombat,
  type StandInUser,
  type StandInWorld,
} from "../foundry/combat-stand-in";
import { standIn } from "../foundry/setup";
import { USER_ROLES, User } from "../foundry/stand-in/index";
import { TOY_ID, toyDefinition } from "./toy-ruleset";
import { seatFighter, sendCombatAction } from "./toy-seats";

/**
 * Turns taken at once, through the unchanged Combat, the player's query,
 * the GM's check and the tracker's view: the toy's planner puts two tied
 * fighters in one group (./toy-turns.ts). Cy (15, the third player's) acts
 * alone, then Al and Bo (12 each, the other player's and the player's) act
 * at once.
 */

let world: StandInWorld;
let third: StandInUser;
type CombatClass = typeof import("../../src/documents/combat").FangsCombat;
let FangsCombat: CombatClass;
let request: typeof import("../../src/combat/request");
let requester: typeof import("../../src/requester");
let tracker: typeof import("../../src/apps/combat-tracker/tracker");

beforeAll(async () => {
  world = installCombatStandIn();
  world.settings.set("fangs.initiativeMode", "ag");
  third = new User("third", "third", USER_ROLES.PLAYER);
  standIn.setUsers([world.gm, world.player, world.other, third]);
  ({ FangsCombat } = await import("../../src/documents/combat"));
  request = await import("../../src/combat/request");
  requester = await import("../../src/requester");
  tracker = await import("../../src/apps/combat-tracker/tracker");
  world.queries[request.COMBAT_QUERY] = request.handleCombatAction;
  world.queries[requester.CONFIRM_QUERY] = requester.confirmRequest;
  const { registerRulesetDefinition } = await import("../../src/rulesets/registry");
  registerRulesetDefinition(toyDefinition);
  (await import("../../src/config/document-classes")).configureDocuments();
});

afterAll(() => {
  standIn.setUsers([world.gm, world.player, world.other]);
});

afterEach(() => {
  world.settings.delete("fangs.ruleset");
  world.warnings.length = 0;
  world.setUser(world.gm);
});

type Combat = StandInCombat & InstanceType<CombatClass>;

const fighter = seatFighter;

/** Cy 15 (third's), Al 12 (other's), Bo 12 (player's), and Di 9 (third's) when asked; started. */
async function table(toy = true, withDi = false): Promise<Combat> {
  const combat = new FangsCombat() as unknown as Combat;
  combat
    .add(fighter("cy", 15, ["third"], toy))
    .add(fighter("al", 12, ["other"], toy))
    .add(fighter("bo", 12, ["player"], toy));
  if (withDi) combat.add(fighter("di", 9, ["third"], toy));
  world.combats.clear();
  world.combats.set(combat.id, combat);
  await combat.startCombat();
  return combat;
}

let requests = 0;
function payload(combat: Combat, patch: Record<string, unknown> = {}): Record<string, unknown> {
  requests += 1;
  return {
    action: "strike",
    combatId: combat.id,
    userId: world.player.id,
    requestId: `turns${String(requests).padStart(11, "0")}`,
    combatantIds: ["c-bo"],
    expected: { round: combat.round, turn: combat.turn, phase: combat.system.phase },
    ...patch,
  };
}

const send = (from: StandInUser, p: Record<string, unknown>) => sendCombatAction(world, from, p);

const system = (combat: Combat, id: string) => combat.combatants.get(id)!.system as Record<string, unknown>;
const activeRows = (combat: Combat) =>
  tracker
    .combatView(combat as unknown as Combat.Implementation)
    .acting.filter((row) => row.active)
    .map((row) => row.id);
const at = (combat: Combat) => `${combat.round}:${String(combat.system.phase)}:${combat.combatant?.id}`;

describe("turns taken at once", () => {
  it("a tie forms one group: both marked acting, the stored order one id each, Foundry's turn on the first", async () => {
    world.settings.set("fangs.ruleset", TOY_ID);
    const combat = await table();
    expect(combat.system.order).toEqual(["c-cy", "c-al", "c-bo"]);
    expect(combat.system.groups).toEqual([["c-al", "c-bo"]]);
    expect(combat.actingIds).toEqual(["c-cy"]);
    expect(activeRows(combat)).toEqual(["c-cy"]);
    await combat.nextTurn();
    expect(at(combat)).toBe("1:declare:c-al");
    expect(combat.actingIds).toEqual(["c-al", "c-bo"]);
    expect(activeRows(combat)).toEqual(["c-al", "c-bo"]);
    const view = tracker.combatView(combat as unknown as Combat.Implementation);
    expect(view.acting.find((row) => row.id === "c-cy")).toMatchObject({ active: false, acted: true });
    expect(view.acting.find((row) => row.id === "c-bo")).toMatchObject({ active: true, acted: false });
  });

  it("each member's owner may act on the group's turn; the owner of a fighter outside it is refused", async () => {
    world.settings.set("fangs.ruleset", TOY_ID);
    const combat = await table();
    // Cy's turn: Bo's owner may not strike yet.
    expect(await send(world.player, payload(combat))).toMatchObject({ ok: false });
    expect(system(combat, "c-bo").declared).not.toBe(true);
    await combat.nextTurn();
    expect(await send(world.player, payload(combat))).toEqual({ ok: true });
    expect(await send(world.other, payload(combat, { userId: "other", combatantIds: ["c-al"] }))).toEqual({
      ok: true,
    });
    expect(system(combat, "c-bo").declared).toBe(true);
    expect(system(combat, "c-al").declared).toBe(true);
    // Cy's owner, forging a strike for a member or for Cy, or naming no one: refused, nothing written.
    for (const combatantIds of [["c-al"], ["c-cy"], []]) {
      const forged = payload(combat, { userId: "third", combatantIds });
      expect(await send(third, forged)).toMatchObject({ ok: false });
    }
    expect(
      await send(third, payload(combat, { userId: "third", action: "advance", combatantIds: [] })),
    ).toMatchObject({
      ok: false,
      reason: "notOwner",
    });
    expect(system(combat, "c-cy").declared).not.toBe(true);
    expect(at(combat)).toBe("1:declare:c-al");
  });

  it("the GM's one advance passes the whole group; the next round draws it again", async () => {
    world.settings.set("fangs.ruleset", TOY_ID);
    const combat = await table();
    await combat.nextTurn();
    expect(at(combat)).toBe("1:declare:c-al");
    await combat.nextTurn();
    expect(at(combat)).toBe("1:act:c-cy");
    expect(combat.system.groups).toEqual([["c-al", "c-bo"]]);
    await combat.nextTurn();
    expect(combat.actingIds).toEqual(["c-al", "c-bo"]);
    await combat.nextTurn();
    expect(at(combat)).toBe("2:declare:c-cy");
    expect(combat.system.groupEnded).toEqual([]);
    await combat.nextTurn();
    expect(at(combat)).toBe("2:declare:c-al");
    expect(activeRows(combat)).toEqual(["c-al", "c-bo"]);
  });

  it("a step back from the turn after a group lands on the group's first member, both acting again", async () => {
    world.settings.set("fangs.ruleset", TOY_ID);
    // Di (9) acts after the tied Al and Bo.
    const combat = await table(true, true);
    expect(combat.system.groups).toEqual([["c-al", "c-bo"]]);
    await combat.nextTurn();
    await combat.nextTurn();
    expect(at(combat)).toBe("1:declare:c-di");
    await combat.previousTurn();
    expect(at(combat)).toBe("1:declare:c-al");
    expect(activeRows(combat)).toEqual(["c-al", "c-bo"]);
  });

  it("a player's end of turn ends its member's part; the turn moves once every member has ended", async () => {
    world.settings.set("fangs.ruleset", TOY_ID);
    const combat = await table();
    await combat.nextTurn();
    world.setUser(world.player);
    await combat.nextTurn();
    world.setUser(world.gm);
    expect(at(combat)).toBe("1:declare:c-al");
    expect(combat.system.groupEnded).toEqual(["c-bo"]);
    expect(activeRows(combat)).toEqual(["c-al", "c-bo"]);
    world.setUser(world.other);
    await combat.nextTurn();
    world.setUser(world.gm);
    expect(at(combat)).toBe("1:act:c-cy");
    expect(combat.system.groupEnded).toEqual([]);
    expect(world.warnings).toEqual([]);
  });

  it("NC-RND-3: FANGS never forms a group: fighters of equal AG act one after the other, in the tracker's order", async () => {
    const combat = await table(false);
    expect(combat.system.order).toEqual(["c-cy", "c-al", "c-bo"]);
    // Its plans write no groups: its stored combats stay as they were.
    expect("groups" in combat.system || "groupEnded" in combat.system).toBe(false);
    expect(combat.actingIds).toEqual(["c-cy"]);
    await combat.nextTurn();
    expect(combat.actingIds).toEqual(["c-al"]);
    expect(activeRows(combat)).toEqual(["c-al"]);
    await combat.nextTurn();
    expect(at(combat)).toBe("1:initiative:c-bo");
  });
});
