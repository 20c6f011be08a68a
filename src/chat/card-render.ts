import { listRulesetDefinitions, rulesetOwning } from "../rulesets/registry";
import { requestStep } from "./authority";

/**
 * Draws the chat cards of every ruleset that registers a renderer for its
 * card types (`cards.renderers` in its definition): the renderer gives the
 * template and its data for the user looking at it; a button with
 * `data-card-intent` (and its data as JSON in `data-card-data`) sends that
 * intent to the active GM, where the card's ruleset's parser reads it
 * (card-flows.ts). A card of a ruleset the world does not play is still
 * drawn (it is kept and shown); its steps are refused there. FANGS's
 * exchange card draws itself (exchange-render.ts).
 */

type Message = ChatMessage.Implementation;

export interface CardRenderer {
  /** The Handlebars template's path. */
  readonly template: string;
  /** The template's data for `viewer`; null leaves the card as Foundry drew it. It only reads. */
  context(message: Message, viewer: User.Implementation): object | null;
}

/** The renderer registered for a card type, by the ruleset that owns the type. */
export function cardRenderer(type: string): CardRenderer | undefined {
  const owner = rulesetOwning("ChatMessage", type);
  return listRulesetDefinitions().find((d) => d.id === owner)?.cards?.renderers?.[type];
}

const templates = new Map<string, Promise<HandlebarsTemplateDelegate>>();

function template(path: string): Promise<HandlebarsTemplateDelegate> {
  let loading = templates.get(path);
  if (!loading) {
    loading = foundry.applications.handlebars.getTemplate(path).then((t) => t as HandlebarsTemplateDelegate);
    templates.set(path, loading);
  }
  return loading;
}

/** The `renderChatMessageHTML` hook; returns once the card is drawn (for the tests). */
export async function renderRulesetCard(message: Message, html: HTMLElement): Promise<void> {
  const renderer = cardRenderer(message.type);
  const viewer = game.user;
  if (!renderer || !viewer || !message.isContentVisible) return;
  const content = html.querySelector<HTMLElement>(".message-content");
  if (!content) return;
  const context = renderer.context(message, viewer);
  if (context === null) return;
  content.innerHTML = (await template(renderer.template))(context);
  content.addEventListener("click", (event) => void onRulesetCardClick(event, message));
}

/** A click on a button of a ruleset's card: its intent and data, at the revision the card shows. */
export async function onRulesetCardClick(event: Event, message: Message): Promise<void> {
  const button = (event.target as HTMLElement | null)?.closest?.<HTMLElement>("[data-card-intent]");
  const type = button?.dataset.cardIntent;
  if (!button || !type) return;
  event.preventDefault();
  let data: unknown;
  try {
    data = button.dataset.cardData ? JSON.parse(button.dataset.cardData) : undefined;
  } catch {
    return;
  }
  const revision = (message.system as { revision?: unknown }).revision;
  const intent = data === undefined ? { type } : { type, data };
  await requestStep(message.id ?? "", intent as never, typeof revision === "number" ? revision : 0);
}
