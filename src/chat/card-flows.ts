import type { IntentData } from "../rules/kernel/intent-data";
import { rulesetLabel } from "../rulesets/documents";
import { activeRulesetDefinition, getRulesetDefinition, rulesetOwning } from "../rulesets/registry";
import type { ExchangeAnswer, ExchangeRequest, StepRunner } from "./authority";
import type { CardIntent } from "./card-steps";

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
  /**
   * Runs one verified step on the active GM's client, under the message's
   * lock. An intent its `parsers` read arrives as a `RulesetIntent` with
   * the validated data (`rulesetIntentOf(request)`).
   */
  runStep: StepRunner;
  /**
   * Intent types of its own that a player's request may carry as `{ type }`
   * only (any data dropped), beyond the FANGS exchange's.
   */
  readonly intents?: readonly string[];
  /**
   * Intent types that carry data, each with the parser that validates it
   * (`readIntentData` in src/rules/kernel/intent-data.ts reads a shape).
   * The payload sends `{ type, data }`; the parser of the card's ruleset
   * reads `data` on the active GM's client before the step runs, and a
   * refusal leaves the card as it was.
   */
  readonly parsers?: Readonly<Record<string, IntentParser>>;
  /**
   * For a flow whose intents carry their fields beside the type rather than
   * in `data` (FANGS's exchange: `{ type: "defend", choice }`): reads a
   * player's intent field by field, null to refuse it. It replaces the
   * `{ type, data }` reading of `intents` and `parsers` for that flow's
   * cards only.
   */
  readonly readIntent?: (raw: Readonly<Record<string, unknown>>) => CardIntent | null;
}

/** A ruleset's intent as its flow receives it: the type and the data its parser returned. */
export interface RulesetIntent {
  readonly type: string;
  readonly data: IntentData;
}

export type IntentParse =
  | { readonly ok: true; readonly data: IntentData }
  | { readonly ok: false; readonly messageKey: string; readonly data?: Readonly<Record<string, string>> };

/** Reads an intent's untrusted data; a refusal names the lang key the user is shown. */
export type IntentParser = (data: unknown) => IntentParse;

/** The intent of a step of a ruleset's own card (`{ type, data }` after its parser; data `{}` for a type-only intent). */
export function rulesetIntentOf(request: ExchangeRequest): RulesetIntent {
  const data = request.intent.data as IntentData | undefined;
  return { type: request.intent.type, data: data ?? {} };
}

/**
 * The intent as the card's flow may read it: its parser's data, `{ type }`
 * for a type-only intent, a refusal for a type the flow does not take. A
 * flow that lists neither (FANGS's exchange, whose `readIntent` read a
 * player's intent) gets the request as it came.
 */
export function parseCardIntent(
  flow: CardFlow,
  request: ExchangeRequest,
): { readonly ok: true; readonly request: ExchangeRequest } | (ExchangeAnswer & { ok: false }) {
  const raw = request.intent;
  const parser = flow.parsers?.[raw.type];
  if (parser) {
    const parsed = parser(raw.data);
    if (!parsed.ok)
      return parsed.data
        ? { ok: false, code: "invalid", messageKey: parsed.messageKey, data: parsed.data }
        : { ok: false, code: "invalid", messageKey: parsed.messageKey };
    const intent: RulesetIntent = { type: raw.type, data: parsed.data };
    return { ok: true, request: { ...request, intent: { ...intent } } };
  }
  if (flow.intents?.includes(raw.type))
    return { ok: true, request: { ...request, intent: { type: raw.type } } };
  if (flow.parsers || flow.intents)
    return { ok: false, code: "wrong-stage", messageKey: "FANGS.Chat.Refusal.WrongStage" };
  return { ok: true, request };
}

export const DEFAULT_CARD_RULESET = "fangs";

/** The card flow of a registered ruleset (its definition's `cards.flow`). */
export function getCardFlow(rulesetId: string): CardFlow | undefined {
  return getRulesetDefinition(rulesetId)?.cards?.flow;
}

const ID = /^[A-Za-z0-9]{1,64}$/;

/**
 * A player's intent as the card's own flow takes it, read on the active
 * GM's client once the card is known (authority-gm.ts): by the flow's
 * `readIntent`, else `{ type }` for a type in its `intents` and
 * `{ type, data }` for a type it has a parser for (the parser reads `data`
 * in `dispatchStep`), with no other field. Null refuses the request. A type
 * is read only by the ruleset of the card it names, so two rulesets may
 * use one name.
 */
export function readCardIntent(flow: CardFlow, raw: unknown): CardIntent | null {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const v = raw as Record<string, unknown>;
  if (typeof v.type !== "string" || !ID.test(v.type)) return null;
  if (flow.readIntent) return flow.readIntent(v);
  const type = v.type;
  if (Object.keys(v).some((key) => key !== "type" && key !== "data")) return null;
  const listed = flow.intents?.includes(type) === true;
  const parsed = flow.parsers !== undefined && Object.hasOwn(flow.parsers, type);
  if (!listed && !parsed) return null;
  return parsed && v.data !== undefined ? { type, data: v.data } : { type };
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
  const card = cardFlowOf(request.messageId);
  if (!card.ok) return card;
  const parsed = parseCardIntent(card.flow, request);
  if (!parsed.ok) return parsed;
  return card.flow.runStep(parsed.request, user);
}

/**
 * The flow of the card a request names, or why its steps are refused: no
 * such card, a card no GM wrote, a card of a ruleset the world does not
 * play or that is not registered.
 */
export function cardFlowOf(
  messageId: string,
): { readonly ok: true; readonly flow: CardFlow } | (ExchangeAnswer & { ok: false }) {
  const message = game.messages?.get(messageId) ?? null;
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
  return { ok: true, flow };
}
