import { rulesetLabel } from "../rulesets/documents";
import {
  activeRulesetDefinition,
  getRulesetDefinition,
  listRulesetDefinitions,
  rulesetOwning,
} from "../rulesets/registry";
import type { ExchangeAnswer, ExchangeRequest, StepRunner } from "./authority";

/**
 * The chat card's flows, one per ruleset: the authority (authority.ts)
 * checks who asked and locks the message; then the step goes to the flow of
 * the ruleset the card was made under (its stored `ruleset`, "fangs" for
 * cards from before the field). Each ruleset's flow is a field of its
 * definition (src/rulesets/registry.ts; FANGS's steps are in its heavy
 * part, src/on-demand.ts). A card whose type belongs to a ruleset the world
 * does not play is kept, and its steps refused. See docs/rulesets.md.
 */

export interface CardFlow {
  /** Runs one verified step on the active GM's client, under the message's lock. */
  runStep: StepRunner;
  /**
   * Intent types of its own that a player's request may carry (as `{ type }`
   * only), beyond the FANGS exchange's; the flow checks the rest itself.
   */
  readonly intents?: readonly string[];
}

export const DEFAULT_CARD_RULESET = "fangs";

/** The card flow of a registered ruleset (its definition's `cards.flow`). */
export function getCardFlow(rulesetId: string): CardFlow | undefined {
  return getRulesetDefinition(rulesetId)?.cards?.flow;
}

/** Whether a registered ruleset's flow takes this intent type (for the authority's payload check). */
export function isCardFlowIntent(type: string): boolean {
  return listRulesetDefinitions().some(
    (definition) => definition.cards?.flow?.intents?.includes(type) === true,
  );
}

/**
 * The ruleset a card was made under: its stored `ruleset` (the FANGS
 * exchange keeps one, "fangs" for cards from before the field), else the
 * ruleset owning its type, else FANGS.
 */
export function cardRuleset(
  message: { readonly type?: string; readonly system?: unknown } | null | undefined,
): string {
  const ruleset = (message?.system as { ruleset?: unknown } | undefined)?.ruleset;
  if (typeof ruleset === "string" && ruleset !== "") return ruleset;
  const owner = typeof message?.type === "string" ? rulesetOwning("ChatMessage", message.type) : undefined;
  return owner ?? DEFAULT_CARD_RULESET;
}

/**
 * Whether a GM wrote this card. Foundry lets only a message's author or a GM
 * update a ChatMessage (BaseChatMessage's `update` permission, see
 * docs/security.md), and the active GM creates every card (start-attack.ts):
 * so a GM-authored card holds only what a GM's client wrote. A card a player
 * made, or could have edited since, may say anything, and is not trusted.
 */
export function authoredByGM(message: unknown): boolean {
  const raw = (message as { author?: unknown } | null | undefined)?.author;
  const id = typeof raw === "string" ? raw : (raw as { id?: unknown } | null | undefined)?.id;
  if (typeof id !== "string") return false;
  return game.users?.get(id)?.isGM === true;
}

export const NOT_GM_CARD = {
  ok: false,
  code: "not-gm-card",
  messageKey: "FANGS.Chat.Refusal.NotGMCard",
} as const satisfies ExchangeAnswer;

/** The authority's step runner: the card's own ruleset runs the step; an unknown one changes nothing. */
export async function dispatchStep(
  request: ExchangeRequest,
  user: User.Implementation,
): Promise<ExchangeAnswer> {
  const message = game.messages?.get(request.messageId) ?? null;
  if (!message) return { ok: false, code: "wrong-message", messageKey: "FANGS.Chat.Refusal.WrongMessage" };
  if (!authoredByGM(message)) return NOT_GM_CARD;
  // A card of a type another ruleset owns waits, unchanged, for a world that plays that ruleset.
  const owner = rulesetOwning("ChatMessage", message.type);
  const active = activeRulesetDefinition().id;
  if (owner !== undefined && owner !== active) {
    return {
      ok: false,
      code: "other-ruleset",
      messageKey: "FANGS.Chat.Refusal.OtherRuleset",
      data: { ruleset: rulesetLabel(owner), active: rulesetLabel(active) },
    };
  }
  const ruleset = cardRuleset(message);
  const flow = getCardFlow(ruleset);
  if (!flow) {
    return {
      ok: false,
      code: "unknown-ruleset",
      messageKey: "FANGS.Chat.Refusal.UnknownRuleset",
      data: { ruleset },
    };
  }
  return flow.runStep(request, user);
}
