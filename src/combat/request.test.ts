import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  installCombatStandIn,
  StandInActor,
  type StandInCombat,
  StandInCombatant,
  type StandInUser,
  type StandInWorld,
} from "../../test/foundry/combat-stand-in";
import { fangsRound } from "../rulesets/fangs/combat/combatant-round";

/**
 * The `fangs.combatAction` query can be sent by any client with any payload
 * (docs/security.md): it runs only on the active GM's client, believes no
 * user id its sender's client does not confirm, and a player's clear of a
 * maneuver keeps to the window for declaring one.
 */

let world: StandInWorld;
let request: typeof import("./request");
let requester: typeof import("../requester");
type Combat = StandInCombat & InstanceType<typeof import("../documents/combat")["FangsCombat"]>;
let FangsCombat: typeof import("../documents/combat")["FangsCombat"];

beforeAll(async () => {
  world = installCombatStandIn();
  ({ FangsCombat } = await import("../documents/combat"));
  request = await import("./request");
  requester = await import("../requester");
  world.queries[request.COMBAT_QUERY] = request.handleCombatAction;
  world.queries[requester.CONFIRM_QUERY] = requester.confirmRequest;
  (game.users as unknown as Map<string, StandInUser>).set(world.gm2.id, world.gm2);
});

beforeEach(() => {
  world.setUser(world.gm);
  world.gm.active = true;
  world.gm2.active = false;
  world.warnings.length = 0;
});

function fighter(id: string, name: string, ag: number, owners: string[]) {
  const actor = new StandInActor(
    id,
    name,
    { characteristics: { ag }, attributes: { movement: 12 } },
    [{ type: "weapon", system: { kind: "melee", equipped: true, offHand: false } }],
    "character",
    owners,
  );
  return new StandInCombatant(`c-${id}`, name, actor);
}

/** Eddy (the player's) and Dagmar (the other player's), both declared Attack, in a started round. */
async function table() {
  const combat = new FangsCombat() as unknown as Combat;
  const eddy = fighter("eddy", "Fast Eddy", 17, ["player"]);
  const dagmar = fighter("dagmar", "Dagmar", 15, ["other"]);
  for (const c of [eddy, dagmar]) combat.add(c);
  world.combats.clear();
  world.combats.set(combat.id, combat);
  await combat.startCombat();
  await fangsRound(eddy as unknown as Combatant.Implementation).declareManeuver("attack");
  await fangsRound(dagmar as unknown as Combatant.Implementation).declareManeuver("attack");
  combat.updates.length = 0;
  return { combat, eddy, dagmar };
}

function payload(combat: Combat, patch: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    action: "advance",
    combatId: combat.id,
    userId: world.player.id,
    requestId: "forged0000000001",
    combatantIds: [],
    expected: { round: combat.round, turn: combat.turn, phase: combat.system.phase },
    ...patch,
  };
}

/** `from`'s client sends the payload to `to` (the handler runs there); `from` has it pending, as it would. */
async function send(from: StandInUser, to: StandInUser, p: Record<string, unknown>): Promise<unknown> {
  world.setUser(from);
  const subject = request.combatActionSubject?.({
    action: p.action as never,
    combatId: String(p.combatId),
    combatantIds: (p.combatantIds as string[]) ?? [],
  });
  try {
    return await requester.whilePending(String(p.requestId), subject, () =>
      to.query(request.COMBAT_QUERY, p),
    );
  } finally {
    world.setUser(world.gm);
  }
}

describe("fangs.combatAction believes no payload's user id (docs/security.md: combatAction)", () => {
  it("a player naming the GM as the sender is refused: the round does not move", async () => {
    const { combat } = await table();
    const at = { round: combat.round, turn: combat.turn, phase: combat.system.phase };
    expect(await send(world.player, world.gm, payload(combat, { userId: world.gm.id }))).toMatchObject({
      ok: false,
      reason: "unconfirmed",
    });
    expect(await send(world.player, world.gm, payload(combat, { action: "nextRound" }))).toMatchObject({
      ok: false,
    });
    expect({ round: combat.round, turn: combat.turn, phase: combat.system.phase }).toEqual(at);
    expect(combat.updates).toHaveLength(0);
  });

  it("a player naming another player who owns Dagmar cannot clear Dagmar's maneuver", async () => {
    const { combat, dagmar } = await table();
    const forged = payload(combat, { action: "clear", combatantIds: [dagmar.id], userId: world.other.id });
    expect(await send(world.player, world.gm, forged)).toMatchObject({ ok: false, reason: "unconfirmed" });
    expect(dagmar.system.maneuver).toBe("attack");
  });

  it("a request answered on a GM's client that is not the active GM's is refused", async () => {
    const { combat } = await table();
    world.gm2.active = true;
    const at = { round: combat.round, turn: combat.turn };
    expect(await send(world.player, world.gm2, payload(combat))).toMatchObject({
      ok: false,
      reason: "notGM",
    });
    expect({ round: combat.round, turn: combat.turn }).toEqual(at);
    // The same request, confirmed, to the active GM goes through: Eddy has the turn.
    expect(await send(world.player, world.gm, payload(combat))).toEqual({ ok: true });
  });

  it("NC-RND-3: a player's clear of a maneuver after its Initiative turn is refused, as a declaration would be", async () => {
    const { combat, eddy } = await table();
    await combat.nextTurn();
    world.setUser(world.player);
    expect(await fangsRound(eddy as unknown as Combatant.Implementation).declareManeuver("move")).toBe(false);
    expect(await fangsRound(eddy as unknown as Combatant.Implementation).clearManeuver()).toBe(false);
    expect(eddy.system.maneuver).toBe("attack");
    // Sent as a raw request past the player's own check, the GM refuses it the same way.
    const raw = payload(combat, { action: "clear", combatantIds: [eddy.id], requestId: "raw0000000000001" });
    expect(await send(world.player, world.gm, raw)).toMatchObject({
      ok: false,
      key: "FANGS.Combat.Refusal.DeclareClosed",
    });
    expect(eddy.system.maneuver).toBe("attack");
  });
});
