import { authoredByGM } from "../../../chat/card-flows";
import { onRulesetCardClick } from "../../../chat/card-render";
import { localize } from "../../../config/localize";
import { documentAtSync } from "../../../documents/uuid";
import { type AttackOffer, defenseOptions } from "../../../rules/sharene/round-engine";
import { readShareneTable } from "../combat/round-read";
import { readWorldShareneRules } from "../config/rules-apply";
import { type OfferedDefense, type ShareneExchangeCard, shareneExchangeOf } from "./exchange-state";
import { SHARENE_EXCHANGE_TEMPLATE, shareneExchangeView } from "./exchange-view";

/**
 * Draws Sharene's exchange card in the chat log (its heavy part; the
 * renderer its definition registers, ../exchange-card.ts, loads it). The
 * defenses offered are the engine's on the round as it stands now, for the
 * defender's owner or a GM alone; its buttons send the card's intents
 * through the shared click (src/chat/card-render.ts).
 */

type Message = ChatMessage.Implementation;

const BODY_DIAGRAM = "systems/fangs/templates/sharene/body-diagram.hbs";

let compiled: HandlebarsTemplateDelegate | null = null;

/** Loads the card's template and its body diagram's partial (once). */
export async function loadShareneExchangeTemplate(): Promise<HandlebarsTemplateDelegate> {
  if (compiled) return compiled;
  await foundry.applications.handlebars.loadTemplates([BODY_DIAGRAM]);
  compiled = (await foundry.applications.handlebars.getTemplate(
    SHARENE_EXCHANGE_TEMPLATE,
  )) as HandlebarsTemplateDelegate;
  return compiled;
}

/** The defenses the defender may still set now, or the card's own when the round cannot be read. */
function openDefenses(card: ShareneExchangeCard): readonly OfferedDefense[] {
  const combat = game.combats?.get(card.combatId) as Combat.Implementation | undefined;
  if (!combat || card.stage !== "awaitDefense" || !card.offer.dn) return card.defenses;
  try {
    const read = readShareneTable(combat);
    const offer: AttackOffer = {
      attackerId: card.attacker.combatantId,
      defenderId: card.defender.combatantId,
      riposte: card.riposte,
      dn: card.offer.dn,
    };
    return defenseOptions(read.round, offer, read.view, read.rules, card.defenseSituations);
  } catch {
    return card.defenses;
  }
}

export function drawShareneExchange(message: Message, content: HTMLElement): void {
  // A card a player made could hold anything: its data is not drawn (its steps are refused too), its text stays.
  if (!authoredByGM(message)) return;
  const card = shareneExchangeOf(message);
  const viewer = game.user;
  if (!card || !viewer) return;
  const defender = card.defender.actorUuid ? documentAtSync(card.defender.actorUuid) : null;
  const owns = (defender as Actor.Implementation | null)?.testUserPermission?.(viewer, "OWNER") === true;
  const rules = readWorldShareneRules();
  const context = shareneExchangeView(card, { isGM: viewer.isGM, ownsDefender: owns }, localize, {
    defenses: openDefenses(card),
    situations: rules.situations,
    criticalFailure: rules.criticalFailure,
  });
  const fill = (template: HandlebarsTemplateDelegate) => {
    content.innerHTML = template(context);
  };
  if (compiled) fill(compiled);
  else void loadShareneExchangeTemplate().then(fill);
  content.addEventListener("click", (event) => void onRulesetCardClick(event, message));
}
