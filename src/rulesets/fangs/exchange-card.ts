import type { SelfDrawnCardRenderer } from "../../chat/card-render";
import { loadRuleset, onDemand } from "../../on-demand";
import { exchangeOf } from "./data/exchange-card";

/**
 * FANGS's exchange card as its definition registers it (`cards.renderers`),
 * drawn through the shared hook like any ruleset's card
 * (src/chat/card-render.ts). It draws itself: the sections a viewer opened
 * stay open across steps, its buttons name FANGS's intents, and a card
 * waiting on a defense is drawn again when the defender's counters change.
 *
 * The drawing (the card's view, its defense offers, its template and
 * clicks: ./chat/exchange-render.ts) is a lazy chunk of its own, not
 * start-up: a world of another ruleset only loads it when a FANGS card is
 * in its log. `prepare` starts loading it at `setup`; a card asked for
 * before it arrives is drawn as soon as it does.
 */
type Drawing = typeof import("./chat/exchange-render");

let drawing: Drawing | null = null;

const loadDrawing = onDemand(async () => {
  const part = await import("./chat/exchange-render");
  await part.loadExchangeTemplate();
  part.setFreeAttackStarter(async (...args) => (await loadRuleset("fangs")).takeFreeAttack(...args));
  drawing = part;
  return part;
});

const renderer: SelfDrawnCardRenderer = {
  draw(message, content) {
    if (drawing) drawing.drawExchangeCard(message, content);
    else void loadDrawing().then((part) => part.drawExchangeCard(message, content));
  },
  prepare: loadDrawing,
  // A card waits on this actor's defense: its counters changing changes the defenses it offers.
  redrawFor(message, actorUuid) {
    const state = exchangeOf(message);
    return state?.stage === "attackRolled" && state.target.actorUuid === actorUuid;
  },
};

export const exchangeCardRenderer: SelfDrawnCardRenderer = Object.freeze(renderer);
