import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  installCombatStandIn,
  StandInActor,
  type StandInCombat,
  StandInCombatant,
  type StandInWorld,
} from "../../test/foundry/combat-stand-in";
import { hookListeners } from "../../test/foundry/hook-listeners";
import { fangsRound } from "../rulesets/fangs/combat/combatant-round";

/**
 * The module hooks of the round (docs/api.md): a maneuver declared (the
 * "pre" hook on the declarer's client, the "after" where it is written: the
 * active GM's) and a round starting (the GM's client, once it is written).
 */

let world: StandInWorld;
let FangsCombat: typeof import("../documents/combat")["FangsCombat"];
beforeAll(async () => {
  world = installCombatStandIn();
  ({ FangsCombat } = await import("../documents/combat"));
  const request = await import("./request");
  const requester = await import("../requester");
  world.queries[request.COMBAT_QUERY] = request.handleCombatAction;
  world.queries[requester.CONFIRM_QUERY] = requester.confirmRequest;
});

const listen = hookListeners();
beforeEach(() => {
  world.setUser(world.gm);
  world.warnings.length = 0;
  world.settings.set("fangs.initiativeMode", "ag");
});

function fight() {
  const combat = new FangsCombat() as unknown as StandInCombat & InstanceType<typeof FangsCombat>;
  const actor = new StandInActor("eddy", "Fast Eddy", { characteristics: { ag: 17 } }, [], "character", [
    "player",
  ]);
  const eddy = new StandInCombatant("c-eddy", "Fast Eddy", actor);
  combat.add(eddy);
  world.combats.clear();
  world.combats.set(combat.id, combat);
  return { combat, eddy: eddy as unknown as Combatant.Implementation };
}

describe("a maneuver declared", () => {
  it("a player's declaration: fangs.preDeclareManeuver on the player's client, fangs.declareManeuver on the GM's as written", async () => {
    const { combat, eddy } = fight();
    await combat.startCombat();
    const pre = listen("preDeclareManeuver");
    const after = listen("declareManeuver");
    world.setUser(world.player);
    expect(await fangsRound(eddy).declareManeuver("engage")).toBe(true);
    expect(pre).toEqual([["player", eddy, { maneuver: "engage", attackKind: null, readying: null }]]);
    expect(after).toEqual([["gm", eddy, { maneuver: "engage", attackKind: null, readying: null }]]);
    expect(Object.isFrozen(pre[0]![2])).toBe(true);
  });

  it("a false from fangs.preDeclareManeuver: nothing is sent or written", async () => {
    const { combat, eddy } = fight();
    await combat.startCombat();
    listen("preDeclareManeuver", () => false);
    const after = listen("declareManeuver");
    world.setUser(world.player);
    world.gm.queries.length = 0;
    expect(await fangsRound(eddy).declareManeuver("engage")).toBe(false);
    expect(world.gm.queries).toHaveLength(0);
    expect(fangsRound(eddy).record.maneuver).toBeNull();
    expect(after).toHaveLength(0);
  });
});

describe("a round starts", () => {
  it("fangs.roundStart fires on the GM's client with the combat and its new round, after the round is written", async () => {
    const { combat } = fight();
    const seen: number[] = [];
    const calls = listen("roundStart", (c) => seen.push((c as { round: number }).round));
    await combat.startCombat();
    await combat.nextRound();
    expect(calls.map(([user, c, round]) => [user, c === combat, round])).toEqual([
      ["gm", true, 1],
      ["gm", true, 2],
    ]);
    // The combat the listener sees already has the round it is told.
    expect(seen).toEqual([1, 2]);
  });
});
