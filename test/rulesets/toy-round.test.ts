import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  giveStatus,
  installCombatStandIn,
  type StandInCombat,
  type StandInWorld,
} from "../foundry/combat-stand-in";
import { standIn } from "../foundry/setup";
import { toyRoundLog } from "./toy-round";
import { TOY_ID, toyDefinition } from "./toy-ruleset";
import { seatFighter } from "./toy-seats";

/**
 * A ruleset's round start and what leaves with a combatant (the table's
 * `roundStart` and `leaving`, ./toy-round.ts) through the unchanged Combat
 * and Combatant: the toy's second wind runs once per new round on the
 * active GM's client, before `fangs.roundStart` is announced, never for a
 * step back; a fighter leaving is no longer dazed.
 */

let world: StandInWorld;
type CombatClass = typeof import("../../src/documents/combat").FangsCombat;
let FangsCombat: CombatClass;

beforeAll(async () => {
  world = installCombatStandIn();
  const request = await import("../../src/combat/request");
  const requester = await import("../../src/requester");
  ({ FangsCombat } = await import("../../src/documents/combat"));
  world.queries[request.COMBAT_QUERY] = request.handleCombatAction;
  world.queries[requester.CONFIRM_QUERY] = requester.confirmRequest;
  const { registerRulesetDefinition } = await import("../../src/rulesets/registry");
  registerRulesetDefinition(toyDefinition);
  (await import("../../src/config/document-classes")).configureDocuments();
});

afterEach(() => {
  world.settings.delete("fangs.ruleset");
  world.setUser(world.gm);
  toyRoundLog.started.length = 0;
  toyRoundLog.left.length = 0;
});

type Combat = StandInCombat & InstanceType<CombatClass>;

/** Bo (the player's, 15) and Al (the other player's, 12), in a toy world. */
function table(): Combat {
  world.settings.set("fangs.ruleset", TOY_ID);
  const combat = new FangsCombat() as unknown as Combat;
  for (const seat of [seatFighter("bo", 15, ["player"]), seatFighter("al", 12, ["other"])]) {
    // In the world's actors, so the second wind may write them.
    standIn.game.actors.set(seat.actor!.id, seat.actor as never);
    combat.add(seat);
  }
  world.combats.clear();
  world.combats.set(combat.id, combat);
  return combat;
}

const hp = (combat: Combat, id: string) =>
  (combat.combatants.get(id)!.actor!.system as unknown as { hp: { value: number } }).hp.value;

describe("a ruleset's round start", () => {
  it("runs once per new round on the GM's client, before fangs.roundStart, and never for a step back", async () => {
    const combat = table();
    await combat.combatants.get("c-bo")!.actor!.update({ "system.hp.value": 7 });
    const seen: number[] = [];
    const hook = Hooks.on("fangs.roundStart", () => seen.push(hp(combat, "c-bo")));
    try {
      await combat.startCombat();
      expect(toyRoundLog.started).toEqual([{ round: 1, by: "gm" }]);
      expect(hp(combat, "c-bo")).toBe(8);
      // The second wind is written when a module hears the round begin.
      expect(seen).toEqual([8]);
      // declare: Bo, Al; act: Bo, Al. Three turns within the round start nothing.
      for (let i = 0; i < 3; i++) await combat.nextTurn();
      expect(toyRoundLog.started).toHaveLength(1);
      await combat.previousTurn();
      await combat.nextTurn();
      expect(toyRoundLog.started).toHaveLength(1);
      // Al's player ends Al's turn, the last of round 1: the GM's client begins round 2.
      world.setUser(world.other);
      await combat.nextTurn();
      world.setUser(world.gm);
      expect(combat.round).toBe(2);
      expect(toyRoundLog.started).toEqual([
        { round: 1, by: "gm" },
        { round: 2, by: "gm" },
      ]);
      expect(hp(combat, "c-bo")).toBe(9);
      expect(hp(combat, "c-al")).toBe(10);
      await combat.nextRound();
      await combat.nextRound();
      expect(hp(combat, "c-bo")).toBe(10);
      expect(seen).toEqual([8, 9, 10, 10]);
    } finally {
      Hooks.off("fangs.roundStart", hook);
    }
  });

  it("a fighter leaving the combat is told to the ruleset once, on the active GM's client", async () => {
    const combat = table();
    await combat.startCombat();
    const al = combat.combatants.get("c-al")!.actor!;
    giveStatus(al, "toyDazed");
    expect(al.statuses.has("toyDazed")).toBe(true);
    await combat.deleteEmbeddedDocuments("Combatant", ["c-al"]);
    expect(toyRoundLog.left).toEqual([{ ids: ["c-al"], by: "gm" }]);
    // The ruleset's answer removes the status after awaits of its own (a lazily loaded writer among
    // them), which a loaded machine may not finish in one tick: wait for it, as a user would see it.
    await vi.waitFor(() => expect(al.statuses.has("toyDazed")).toBe(false));
  });
});
