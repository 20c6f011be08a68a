import { allowedBy } from "../api/hooks";
import { loadTableAuthority } from "../on-demand";
import { CONFIRM_QUERY, confirmRequest, newRequestId, whilePending } from "../requester";
import type { CardIntent } from "./card-steps";

/**
 * One authority for every step of an exchange: the active GM's client.
 *
 * A click becomes a request. On the active GM's own client it runs there; on
 * any other client it goes to the active GM as a v13 query
 * (`fangs.exchange`). The handler trusts nothing in the payload: it reads
 * the stored message and the current documents itself (exchange-flow.ts).
 *
 * Who sent the query? The GM asks the named user's client to confirm it
 * (src/requester.ts, shared by every query of the system).
 *
 * The card itself is trusted only when a GM wrote it (card-flows.ts
 * `authoredByGM`): a card a player made could say anything.
 *
 * Steps of one message run one at a time on the GM's client (a lock per
 * message), so the compare-and-set on the card's revision cannot race; and
 * every step runs in the GM's write queue (src/documents/write-queue.ts), so
 * two cards on one actor or combatant cannot both read it before either
 * writes.
 */

export const EXCHANGE_QUERY = "fangs.exchange";
/** A player's attack, asked of the active GM, who makes the card (apps/attack/start-attack.ts). */
export const START_ATTACK_QUERY = "fangs.startAttack";
export { CONFIRM_QUERY, confirmRequest };

/** How long a player waits for the GM. */
export const REQUEST_TIMEOUT_MS = 30_000;

export interface ExchangeRequest {
  readonly messageId: string;
  readonly intent: CardIntent;
  /** The card's revision the user saw when clicking. */
  readonly revision: number;
  readonly userId: string;
  readonly requestId: string;
}

export type ExchangeAnswer =
  | { readonly ok: true; readonly stage: string }
  | {
      readonly ok: false;
      readonly code: string;
      readonly messageKey: string;
      readonly data?: Readonly<Record<string, string>>;
    };

export function refused(code: string, messageKey: string, data?: Record<string, string>): ExchangeAnswer {
  return data ? { ok: false, code, messageKey, data } : { ok: false, code, messageKey };
}

/* -------------------------------------------- */
/*  The requester's side                        */
/* -------------------------------------------- */

/** What a confirmation of this request vouches for: this step of this card, nothing else. */
export function subjectOf(messageId: string, type: string) {
  return { query: EXCHANGE_QUERY, subject: `${messageId}:${type}` };
}

/** What runs a verified request on the GM's client (card-flows.ts dispatches to the card's ruleset). */
export type StepRunner = (request: ExchangeRequest, user: User.Implementation) => Promise<ExchangeAnswer>;

let runner: StepRunner | null = null;

export function setStepRunner(run: StepRunner): void {
  runner = run;
}

/** The runner set at start-up (null before): the GM's side runs verified steps with it. */
export function stepRunner(): StepRunner | null {
  return runner;
}

function say(answer: ExchangeAnswer): void {
  if (answer.ok) return;
  const i18n = game.i18n;
  if (!i18n) return;
  const text = answer.data ? i18n.format(answer.messageKey, answer.data) : i18n.localize(answer.messageKey);
  ui.notifications?.warn(text);
}

/**
 * Sends a click to the authority and tells the user what came of it. Never
 * throws: a missing GM or a timeout is a notice, and the card is unchanged
 * (a second click is safe: the revision check makes it a no-op if the first
 * one did get through).
 */
export async function requestStep(
  messageId: string,
  intent: CardIntent,
  revision: number,
): Promise<ExchangeAnswer> {
  const user = game.user;
  const gm = game.users?.activeGM ?? null;
  if (!user?.id) return refused("no-user", "FANGS.Chat.Refusal.Invalid");
  // The defender's own client, before the choice is sent: a listener may only keep it from the GM.
  if (intent?.type === "defend" && !allowedBy("preChooseDefense", messageId, intent.choice))
    return refused("cancelled", "FANGS.Chat.Refusal.Cancelled");
  if (!gm) {
    const answer = refused("no-gm", "FANGS.Chat.NoGM");
    say(answer);
    return answer;
  }
  const request: ExchangeRequest = {
    messageId,
    intent,
    revision,
    userId: user.id,
    requestId: newRequestId(),
  };
  let answer: ExchangeAnswer;
  if (gm.isSelf) {
    answer = await (await loadTableAuthority()).runVerified(request, user);
  } else {
    try {
      answer = (await whilePending(request.requestId, subjectOf(messageId, intent?.type), () =>
        gm.query(EXCHANGE_QUERY, request, { timeout: REQUEST_TIMEOUT_MS }),
      )) as ExchangeAnswer;
      if (!answer || typeof answer !== "object") answer = refused("no-answer", "FANGS.Chat.NoAnswer");
    } catch {
      answer = refused("no-answer", "FANGS.Chat.NoAnswer");
    }
  }
  say(answer);
  return answer;
}

/* -------------------------------------------- */
/*  The GM's side, in a chunk of its own        */
/* -------------------------------------------- */

/**
 * The `fangs.exchange` query handler (active GM's client): the checks and
 * the step run in authority-gm.ts, in the GM's side every ruleset shares
 * (`loadTableAuthority`, src/on-demand.ts), which loads the card's ruleset's
 * heavy part only through its flow: start-up carries only the requester's
 * side.
 */
export async function handleExchangeQuery(payload: unknown): Promise<ExchangeAnswer> {
  return (await loadTableAuthority()).handleExchangeQuery(payload);
}

declare global {
  namespace CONFIG {
    interface Queries {
      "fangs.exchange": (payload: unknown, options: { timeout?: number }) => Promise<ExchangeAnswer>;
      "fangs.startAttack": (payload: unknown, options: { timeout?: number }) => Promise<unknown>;
    }
  }
}

/** Registers the step's query and the requester's confirmation (call in `init`). */
export function registerQueries(): void {
  CONFIG.queries[EXCHANGE_QUERY] = handleExchangeQuery;
  CONFIG.queries[CONFIRM_QUERY] = confirmRequest;
}
