import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  installCombatStandIn,
  type StandInCombat,
  type StandInUser,
  type StandInWorld,
} from "../foundry/combat-stand-in";
import { TOY_ID, toyDefinition } from "./toy-ruleset";
import { seatFighter, sendCombatAction } from "./toy-seats";

/**
 * The toy's own round action, its state across rounds and its state
 * between two fighters, through the unchanged Combat, the player's query
 * and the GM's check: a ruleset's actions are its own, and a request for an
 * action the world's ruleset lacks is refused.
 */

let world: StandInWorld;
type CombatClass = typeof import("../../src/documents/combat").FangsCombat;
let FangsCombat: CombatClass;
let request: typeof import("../../src/combat/request");
let requester: typeof import("../../src/requester");
let pairs: typeof import("../../src/combat/pairs");

beforeAll(async () => {
  world = installCombatStandIn();
  world.settings.set("fangs.initiativeMode", "ag");
  ({ FangsCombat } = await import("../../src/documents/combat"));
  request = await import("../../src/combat/request");
  requester = await import("../../src/requester");
  pairs = await import("../../src/combat/pairs");
  world.queries[request.COMBAT_QUERY] = request.handleCombatAction;
  world.queries[requester.CONFIRM_QUERY] = requester.confirmRequest;
  const { registerRulesetDefinition } = await import("../../src/rulesets/registry");
  registerRulesetDefinition(toyDefinition);
  (await import("../../src/config/document-classes")).configureDocuments();
});

afterEach(() => {
  world.settings.delete("fangs.ruleset");
  world.warnings.length = 0;
  world.setUser(world.gm);
});

type Combat = StandInCombat & InstanceType<CombatClass>;

const fighter = seatFighter;

/** Bo (the player's, 15) and Al (the other player's, 12), the toy's round started. */
async function table(toy = true): Promise<Combat> {
  const combat = new FangsCombat() as unknown as Combat;
  combat.add(fighter("bo", 15, ["player"], toy)).add(fighter("al", 12, ["other"], toy));
  world.combats.clear();
  world.combats.set(combat.id, combat);
  await combat.startCombat();
  return combat;
}

let requests = 0;
function payload(combat: Combat, patch: Record<string, unknown> = {}): Record<string, unknown> {
  requests += 1;
  return {
    action: "lunge",
    combatId: combat.id,
    userId: world.player.id,
    requestId: `toy${String(requests).padStart(13, "0")}`,
    combatantIds: ["c-bo"],
    expected: { round: combat.round, turn: combat.turn, phase: combat.system.phase },
    data: { dice: 2 },
    ...patch,
  };
}

const send = (from: StandInUser, p: Record<string, unknown>) => sendCombatAction(world, from, p);

const system = (combat: Combat, id: string) => combat.combatants.get(id)!.system as Record<string, unknown>;

async function toAct(combat: Combat): Promise<void> {
  while (combat.system.phase !== "act") await combat.nextTurn();
}

describe("a ruleset's own round actions", () => {
  it("a player's Lunge goes through the toy's check: its data, its phase, the owner", async () => {
    world.settings.set("fangs.ruleset", TOY_ID);
    const combat = await table();
    // The toy allows a Lunge in its act phase only: the GM's check refuses it in declare.
    expect(await send(world.player, payload(combat))).toMatchObject({
      ok: false,
      key: "TOY.Refusal.LungeInAct",
    });
    await toAct(combat);
    expect(await send(world.player, payload(combat, { data: { dice: 9 } }))).toMatchObject({
      ok: false,
      reason: "malformed",
    });
    expect(await send(world.player, payload(combat, { combatantIds: ["c-al"] }))).toMatchObject({
      ok: false,
      reason: "notOwner",
    });
    expect(system(combat, "c-bo").lunged).not.toBe(true);
    expect(await send(world.player, payload(combat))).toEqual({ ok: true });
    expect(system(combat, "c-bo").lunged).toBe(true);
    expect(system(combat, "c-al").lunged).not.toBe(true);
  });

  it("a forged or replayed Lunge is refused", async () => {
    world.settings.set("fangs.ruleset", TOY_ID);
    const combat = await table();
    await toAct(combat);
    // Naming the other player, whose client never asked.
    const forged = payload(combat, { userId: world.other.id, combatantIds: ["c-al"] });
    expect(await send(world.player, forged)).toMatchObject({ ok: false, reason: "unconfirmed" });
    // Sent straight to the handler, nobody pending: unconfirmed too.
    world.setUser(world.gm);
    expect(await request.handleCombatAction(payload(combat))).toMatchObject({
      ok: false,
      reason: "unconfirmed",
    });
    const sent = payload(combat);
    expect(await send(world.player, sent)).toEqual({ ok: true });
    // The same request again: its confirmation is spent.
    expect(await request.handleCombatAction(sent)).toMatchObject({ ok: false });
    expect(system(combat, "c-al").lunged).not.toBe(true);
  });

  it("an action the world's ruleset lacks is refused, both ways", async () => {
    world.settings.set("fangs.ruleset", TOY_ID);
    const toy = await table();
    expect(await send(world.player, payload(toy, { action: "hold", data: undefined }))).toMatchObject({
      ok: false,
      reason: "notInRuleset",
    });
    world.settings.delete("fangs.ruleset");
    const fangs = await table(false);
    const updates = fangs.updates.length;
    expect(await send(world.player, payload(fangs))).toMatchObject({ ok: false, reason: "notInRuleset" });
    expect(fangs.updates.length).toBe(updates);
  });
});

describe("state that crosses rounds", () => {
  it("a Lunge costs −2 dice the next round only: the toy's new round keeps and resets it", async () => {
    world.settings.set("fangs.ruleset", TOY_ID);
    const combat = await table();
    await toAct(combat);
    expect(await send(world.player, payload(combat))).toEqual({ ok: true });
    await combat.nextRound();
    expect(combat.round).toBe(2);
    expect(system(combat, "c-bo")).toMatchObject({ lunged: false, penalty: -2 });
    expect(system(combat, "c-al")).toMatchObject({ lunged: false, penalty: 0 });
    await combat.nextRound();
    expect(system(combat, "c-bo")).toMatchObject({ lunged: false, penalty: 0 });
    // The toy keeps no FANGS copy of its combatants on the Combat.
    expect(combat.system.records ?? {}).toEqual({});
  });
});

describe("state between two fighters", () => {
  it("is one entry per pair, the ruleset's shape, written by the active GM only, gone when one leaves", async () => {
    world.settings.set("fangs.ruleset", TOY_ID);
    const combat = await table();
    const doc = combat as unknown as Combat.Implementation;
    expect(pairs.readPair(combat, "c-al", "c-bo")).toBeNull();
    expect(await pairs.writePair(doc, "c-bo", "c-al", { range: "close" })).toBe(true);
    expect(combat.system.pairs).toEqual({ "c-al|c-bo": { range: "close" } });
    expect(pairs.readPair(combat, "c-al", "c-bo")).toEqual({ range: "close" });
    // Not the toy's shape, a combatant not in the combat, or another client: nothing is written.
    expect(await pairs.writePair(doc, "c-bo", "c-al", { range: "sideways" })).toBe(false);
    expect(await pairs.writePair(doc, "c-bo", "c-zz", { range: "far" })).toBe(false);
    world.setUser(world.player);
    expect(await pairs.writePair(doc, "c-bo", "c-al", { range: "far" })).toBe(false);
    world.setUser(world.gm);
    expect(pairs.readPair(combat, "c-bo", "c-al")).toEqual({ range: "close" });
    await combat.deleteEmbeddedDocuments("Combatant", ["c-al"]);
    await combat.inTurn(async () => undefined);
    expect(pairs.readPair(combat, "c-al", "c-bo")).toBeNull();
    expect(pairs.pairsOf(combat, "c-bo")).toEqual([]);
  });

  it("FANGS keeps its own: a pair that is no object is refused in a FANGS world; its fields are kept", async () => {
    const combat = await table(false);
    const write = (data: unknown) =>
      pairs.writePair(combat as unknown as Combat.Implementation, "c-bo", "c-al", data);
    expect(await write("close")).toBe(false);
    const reach = { range: "close", moved: {} };
    expect(await write({ reach })).toBe(true);
    expect(pairs.readPair(combat, "c-al", "c-bo")).toEqual({ reach });
  });
});
