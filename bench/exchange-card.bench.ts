import { bench, describe } from "vitest";
import { EXCHANGE_TEMPLATE, exchangeCardView } from "../src/rulesets/fangs/chat/exchange-view";
import { createTemplateRenderer } from "../test/handlebars/render";
import { exchangePreviewStates } from "../test/preview/fixtures/exchange-card";
import { previewLocalize } from "../test/preview/fixtures/page";

/*
 * One exchange card drawn for one viewer, as a client does each time Foundry
 * renders the message: the card's view (exchangeCardView over the stored
 * state) and the real templates/chat/exchange.hbs with its partials and the
 * Foundry helper stand-ins, compiled once beforehand as the system does at
 * `setup`. The states are the preview's (test/preview/fixtures/exchange-card.ts),
 * built once: what a message stores. Target: under 0.5 ms per card.
 */

const renderer = createTemplateRenderer();
const STATES: readonly [string, string][] = [
  ["attackRolled", "attack rolled, awaiting the defense (the defender's view, with the offers)"],
  ["defenseRolled", "defense rolled, awaiting the damage (the attacker's view)"],
  ["damageRolled", "outcome and damage rolled, awaiting Apply (the defender's view)"],
  ["applied", "applied, with the pools' deltas and the CO check (the GM's view)"],
];
const shown = exchangePreviewStates();

function card(id: string) {
  const s = shown.find((candidate) => candidate.id === id);
  if (!s) throw new Error(`no preview state ${id}`);
  const state = s.state();
  const inputs = { offers: s.offers ?? null, dodgePast: s.dodgePast ?? false, userName: () => "Gamemaster" };
  return () => renderer.render(EXCHANGE_TEMPLATE, exchangeCardView(state, s.viewer, previewLocalize, inputs));
}

describe("exchange card, view + real Handlebars, one viewer", () => {
  for (const [id, label] of STATES) {
    const render = card(id);
    render(); // compile the template and its partials before timing
    bench(
      label,
      () => {
        render();
      },
      { time: 2000 },
    );
  }
});
