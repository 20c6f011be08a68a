import type { Stage } from "../../src/quench/batch";
import type { RoundTable } from "../../src/quench/round-batch";
import {
  giveStatus,
  installCombatStandIn,
  StandInActor,
  type StandInCombat,
  StandInCombatant,
} from "../foundry/combat-stand-in";
import { runBatch } from "./adapter";

/**
 * The round batches of src/quench/ (the scripted round, the forged round
 * actions) on the combat stand-in. Only the table comes from here: four
 * fighters as in src/documents/combat.test.ts, Eddy owned by `player`.
 */
const world = installCombatStandIn();
// The system's classes extend the stand-in's, so they load after it.
const { FangsCombat } = await import("../../src/documents/combat");
const request = await import("../../src/combat/request");
const { roundBatch } = await import("../../src/quench/round-batch");
const { forgedRoundRequests } = await import("../../src/rulesets/fangs/quench/forgery-batch");
world.queries[request.COMBAT_QUERY] = request.handleCombatAction;

function fighter(id: string, name: string, ag: number, kind: string, owners: string[] = []) {
  const weapon = { type: "weapon", system: { kind, equipped: true, offHand: false } };
  const actor = new StandInActor(
    id,
    name,
    { characteristics: { ag }, attributes: { movement: 12 } },
    [weapon],
    "character",
    owners,
  );
  return new StandInCombatant(`c-${id}`, name, actor);
}

const stage: Stage<RoundTable> = {
  async setUp() {
    world.setUser(world.gm);
    world.settings.set("fangs.initiativeMode", "ag");
    world.settings.set("fangs.maneuverIcons", true);
    const combat = new FangsCombat() as unknown as { add(c: StandInCombatant): unknown; id: string };
    const eddy = fighter("eddy", "Fast Eddy", 17, "melee", [world.player.id]);
    const archer = fighter("archer", "Archer", 15, "missile");
    const dagmar = fighter("dagmar", "Dagmar", 15, "melee");
    const jenny = fighter("jenny", "Pirate Jenny", 12, "melee");
    for (const c of [eddy, archer, dagmar, jenny]) combat.add(c);
    giveStatus(dagmar.actor!, "engaged");
    giveStatus(jenny.actor!, "engaged");
    world.combats.set(combat.id, combat as unknown as StandInCombat);
    const as = (c: StandInCombatant) => c as unknown as Combatant.Implementation;
    return {
      combat: combat as unknown as Combat.Implementation,
      eddy: as(eddy),
      archer: as(archer),
      dagmar: as(dagmar),
      jenny: as(jenny),
      player: world.player,
    };
  },
  async tearDown() {
    world.combats.clear();
  },
};

runBatch(roundBatch(stage));
runBatch(forgedRoundRequests(stage));
