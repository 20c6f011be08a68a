import { authoredByGM } from "../../../chat/card-flows";
import type { LunosFight } from "../../../rules/lunos/round-engine";
import { type LunosAttackCard, lunosAttackOf } from "./attack-state";

/**
 * The card that can still finish the round's pending attack: a GM's card
 * of this combat, not yet applied, whose roll the fight still holds. The
 * round waits on it (its maneuvers, then a GM's Apply); a pending attack
 * no card can finish (its card deleted, or its roll changed under it by a
 * combatant leaving) holds nothing up: Next turn drops it. Lunos's heavy
 * part, read on the active GM's client.
 */
export function cardFinishing(combat: Combat.Implementation, fight: LunosFight): LunosAttackCard | null {
  const p = fight.pending;
  if (p === null) return null;
  const held = JSON.stringify(p);
  for (const message of game.messages ?? []) {
    const card = authoredByGM(message) ? lunosAttackOf(message) : null;
    if (
      card?.combatId === combat.id &&
      card.stage !== "applied" &&
      card.attacker.combatantId === p.attackerId &&
      JSON.stringify(card.pending) === held
    )
      return card;
  }
  return null;
}
