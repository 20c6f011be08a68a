import type { SelfDrawnCardRenderer } from "../../chat/card-render";
import { loadRuleset } from "../../on-demand";
import {
  drawExchangeCard,
  loadExchangeTemplate,
  setFreeAttackStarter,
  waitsOnDefense,
} from "./chat/exchange-render";

/**
 * FANGS's exchange card as its definition registers it (`cards.renderers`),
 * drawn through the shared hook like any ruleset's card
 * (src/chat/card-render.ts). It draws itself: the sections a viewer opened
 * stay open across steps, its buttons name FANGS's intents, and a card
 * waiting on a defense is drawn again when the defender's counters change.
 */
export const exchangeCardRenderer: SelfDrawnCardRenderer = Object.freeze({
  draw: drawExchangeCard,
  prepare: loadExchangeTemplate,
  redrawFor: waitsOnDefense,
});

// The card's free-attack button starts FANGS's attack, which lives in its heavy part.
setFreeAttackStarter(async (...args) => (await loadRuleset("fangs")).takeFreeAttack(...args));
