import {
  StandInActor,
  StandInCombatant,
  type StandInUser,
  type StandInWorld,
} from "../foundry/combat-stand-in";

/**
 * A fighter seated in a stand-in Combat for the toy's table tests: a toy
 * fighter (a `toyCombatant`), or with `toy` false a FANGS character of that
 * AG with a melee weapon ready, to show what FANGS does on the same table.
 * Its combatant's id is `c-<id>`.
 */
export function seatFighter(id: string, initiative: number, owners: string[], toy = true): StandInCombatant {
  const actor = toy
    ? new StandInActor(id, id, {}, [], "toyFighter", owners)
    : new StandInActor(
        id,
        id,
        { characteristics: { ag: initiative }, attributes: { movement: 12 } },
        [{ type: "weapon", system: { kind: "melee", equipped: true, offHand: false } }],
        "character",
        owners,
      );
  const combatant = new StandInCombatant(`c-${id}`, id, actor);
  if (toy) combatant.type = "toyCombatant";
  combatant.initiative = initiative;
  return combatant;
}

/**
 * `from`'s client sends a round action's payload to the GM, pending as its
 * client would keep it, through the real request and requester modules.
 */
export async function sendCombatAction(
  world: StandInWorld,
  from: StandInUser,
  p: Record<string, unknown>,
): Promise<unknown> {
  const request = await import("../../src/combat/request");
  const requester = await import("../../src/requester");
  world.setUser(from);
  const subject = request.combatActionSubject({
    action: String(p.action),
    combatId: String(p.combatId),
    combatantIds: (p.combatantIds as string[]) ?? [],
  });
  try {
    return await requester.whilePending(String(p.requestId), subject, () =>
      world.gm.query(request.COMBAT_QUERY, p),
    );
  } finally {
    world.setUser(world.gm);
  }
}
