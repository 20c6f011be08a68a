import { listRulesetDefinitions, rulesetOwning } from "../rulesets/registry";
import { requestStep } from "./authority";

/**
 * Draws the chat cards of every ruleset that registers a renderer for its
 * card types (`cards.renderers` in its definition), through one
 * `renderChatMessageHTML` hook. A template renderer gives the template and
 * its data for the user looking at it; a button with `data-card-intent`
 * (and its data as JSON in `data-card-data`) sends that intent to the
 * active GM, where the card's ruleset's parser reads it (card-flows.ts). A
 * card that needs more (FANGS's exchange card: folded sections kept open,
 * its own buttons) draws itself. A card of a ruleset the world does not
 * play is still drawn (it is kept and shown); its steps are refused there.
 */

type Message = ChatMessage.Implementation;

interface CardRendererCommon {
  /**
   * Whether the card shows something of this actor's combatant (FANGS's
   * exchange card: the defenses it has left), so a change to that
   * combatant, or to its round in its Combat, draws it again.
   */
  redrawFor?(message: Message, actorUuid: string): boolean;
}

/** A card drawn from a Handlebars template; its buttons send `data-card-intent`. */
export interface TemplateCardRenderer extends CardRendererCommon {
  /** The Handlebars template's path. */
  readonly template: string;
  /** The template's data for `viewer`; null leaves the card as Foundry drew it. It only reads. */
  context(message: Message, viewer: User.Implementation): object | null;
}

/** A card that draws itself into the message's content and wires its own buttons. */
export interface SelfDrawnCardRenderer extends CardRendererCommon {
  /**
   * Draws the card into `content` for the user looking at it. Called at once
   * in the hook (nothing awaited before it), so a card drawn from a loaded
   * template is whole when the hook returns.
   */
  draw(message: Message, content: HTMLElement): void;
  /** Loads what drawing needs (its templates), at `setup`, so the first card draws without waiting. */
  prepare?(): Promise<unknown>;
}

export type CardRenderer = TemplateCardRenderer | SelfDrawnCardRenderer;

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
  if ("draw" in renderer) return renderer.draw(message, content);
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

/** Draws again the cards shown in the log that show something of this actor's combatant. */
export function redrawCardsFor(actorUuid: string): void {
  // v13's ChatLog re-renders one message with updateMessage, which the types do not list.
  const log = ui.chat as { updateMessage?: (message: Message) => unknown } | undefined;
  if (!log?.updateMessage) return;
  for (const message of game.messages ?? []) {
    if (cardRenderer(message.type)?.redrawFor?.(message, actorUuid)) void log.updateMessage(message);
  }
}

/**
 * The hooks that draw every ruleset's cards (called once, in `init`): the
 * one `renderChatMessageHTML` hook, the templates loaded at `setup`, and a
 * card drawn again when a combatant it shows changes (the combatant itself,
 * or its round the GM writes in its Combat: src/rulesets/fangs/combat/record.ts).
 */
export function registerCardRendering(): void {
  Hooks.on("renderChatMessageHTML", (message, html) => void renderRulesetCard(message, html));
  Hooks.on("updateCombatant", (combatant) => {
    const uuid = combatant.actor?.uuid;
    if (uuid) redrawCardsFor(uuid);
  });
  Hooks.on("updateCombat", (combat, changed) => {
    for (const id of Object.keys(changed.system?.records ?? {})) {
      const uuid = combat.combatants.get(id)?.actor?.uuid;
      if (uuid) redrawCardsFor(uuid);
    }
  });
  Hooks.once("setup", () => {
    for (const definition of listRulesetDefinitions())
      for (const renderer of Object.values(definition.cards?.renderers ?? {}))
        if ("prepare" in renderer) void renderer.prepare?.();
  });
}
