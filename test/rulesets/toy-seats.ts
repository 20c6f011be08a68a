import { StandInActor, StandInCombatant } from "../foundry/combat-stand-in";

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
