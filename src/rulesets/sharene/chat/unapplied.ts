import { authoredByGM } from "../../../chat/card-flows";
import { type ShareneExchangeCard, shareneExchangeOf } from "./exchange-state";

/**
 * A blow rolled but not yet applied. The engine decides from the documents
 * as they are (a fighter's life points, its statuses): while a blow's
 * effects are not on them, the next decision would read the fighters as if
 * it had not landed (a coma or a death missed, a knocked-out fighter still
 * attacking). So, in a combat, nothing is decided while one waits for the
 * GM's Apply: no attack is posted, no defense rolled, no turn passed. Once
 * applied, the card is settled: undoing it is the GM's call and holds
 * nothing up. Sharene's heavy part.
 */
export function blowAwaitingApply(combat: Combat.Implementation): ShareneExchangeCard | null {
  for (const message of game.messages ?? []) {
    const card = authoredByGM(message) ? shareneExchangeOf(message) : null;
    if (
      card?.combatId === combat.id &&
      card.stage === "resolved" &&
      card.effects.length > 0 &&
      card.settled !== true
    )
      return card;
  }
  return null;
}

/** The refusal's key and words' data for a blow waiting on its Apply. */
export const APPLY_FIRST = "SHARENE.Chat.Refusal.ApplyFirst";

export function applyFirstData(card: ShareneExchangeCard): Record<string, string> {
  return { name: card.attacker.name, target: card.defender.name };
}
