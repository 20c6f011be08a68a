import { serialised } from "../documents/write-queue";
import {
  CONFIRM_QUERY,
  confirmRequest,
  isActiveGM,
  newRequestId,
  verifyRequester,
  whilePending,
} from "../requester";
import { isCardFlowIntent } from "./card-flows";
import type { ExchangeIntent, IntentType } from "./exchange-state";
import { INTENT_TYPES } from "./exchange-state";

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
  readonly intent: ExchangeIntent;
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
/*  Parsing the untrusted payload               */
/* -------------------------------------------- */

const ID = /^[A-Za-z0-9]{1,64}$/;
const UUID = /^[A-Za-z0-9.]{1,255}$/;

function parseIntent(value: unknown): ExchangeIntent | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const type = v.type;
  if (typeof type !== "string" || !ID.test(type)) return null;
  // Another ruleset's card step (card-flows.ts): only its type passes; its flow checks the rest.
  if (!(INTENT_TYPES as readonly string[]).includes(type))
    return isCardFlowIntent(type) ? ({ type } as unknown as ExchangeIntent) : null;
  switch (type as IntentType) {
    case "defend":
      return typeof v.choice === "string" && ID.test(v.choice) ? { type: "defend", choice: v.choice } : null;
    case "resolveFumble": {
      if (typeof v.option !== "string" || !ID.test(v.option)) return null;
      const victim = v.victimUuid;
      if (victim !== undefined && victim !== null && (typeof victim !== "string" || !UUID.test(victim)))
        return null;
      if (v.healthDamaging !== undefined && typeof v.healthDamaging !== "boolean") return null;
      return {
        type: "resolveFumble",
        option: v.option,
        victimUuid: (victim as string | null | undefined) ?? null,
        ...(v.healthDamaging === true ? { healthDamaging: true } : {}),
      };
    }
    default:
      return { type } as ExchangeIntent;
  }
}

/** The request, field by field; null when anything is off. */
export function parseRequest(payload: unknown): ExchangeRequest | null {
  if (typeof payload !== "object" || payload === null) return null;
  const p = payload as Record<string, unknown>;
  if (typeof p.messageId !== "string" || !ID.test(p.messageId)) return null;
  if (typeof p.userId !== "string" || !ID.test(p.userId)) return null;
  if (typeof p.requestId !== "string" || !ID.test(p.requestId)) return null;
  if (typeof p.revision !== "number" || !Number.isInteger(p.revision) || p.revision < 0) return null;
  const intent = parseIntent(p.intent);
  if (!intent) return null;
  return { messageId: p.messageId, intent, revision: p.revision, userId: p.userId, requestId: p.requestId };
}

/* -------------------------------------------- */
/*  The requester's side                        */
/* -------------------------------------------- */

/** What a confirmation of this request vouches for: this step of this card, nothing else. */
function subjectOf(messageId: string, type: IntentType | string) {
  return { query: EXCHANGE_QUERY, subject: `${messageId}:${type}` };
}

/** What runs a verified request on the GM's client (card-flows.ts dispatches to the card's ruleset). */
export type StepRunner = (request: ExchangeRequest, user: User.Implementation) => Promise<ExchangeAnswer>;

let runner: StepRunner | null = null;

export function setStepRunner(run: StepRunner): void {
  runner = run;
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
  intent: ExchangeIntent,
  revision: number,
): Promise<ExchangeAnswer> {
  const user = game.user;
  const gm = game.users?.activeGM ?? null;
  if (!user?.id) return refused("no-user", "FANGS.Chat.Refusal.Invalid");
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
    answer = await runVerified(request, user);
  } else {
    try {
      answer = (await whilePending(request.requestId, subjectOf(messageId, intent.type), () =>
        gm.query(EXCHANGE_QUERY, request as never, { timeout: REQUEST_TIMEOUT_MS }),
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
/*  The GM's side                               */
/* -------------------------------------------- */

const locks = new Map<string, Promise<unknown>>();

/** Runs `fn` after every earlier step of the same message has finished. */
export async function withMessageLock<T>(messageId: string, fn: () => Promise<T>): Promise<T> {
  const before = locks.get(messageId) ?? Promise.resolve();
  const run = before.then(fn, fn);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  locks.set(messageId, settled);
  try {
    return await run;
  } finally {
    if (locks.get(messageId) === settled) locks.delete(messageId);
  }
}

async function runVerified(request: ExchangeRequest, user: User.Implementation): Promise<ExchangeAnswer> {
  if (!runner) return refused("not-ready", "FANGS.Chat.NoAnswer");
  const run = runner;
  try {
    return await withMessageLock(request.messageId, () => serialised(() => run(request, user)));
  } catch (error) {
    console.error("FANGS | exchange step failed", error);
    return refused("error", "FANGS.Chat.Refusal.Error");
  }
}

/**
 * The `fangs.exchange` query handler (active GM's client). Checks, in order:
 * this client is the active GM; the payload is well formed; it names a
 * connected user other than this GM (the GM runs its own clicks locally);
 * that user's client confirms the request. Then the step runs under the
 * message's lock, and re-checks the rest from the stored message.
 */
export async function handleExchangeQuery(payload: unknown): Promise<ExchangeAnswer> {
  if (!isActiveGM()) return refused("not-gm", "FANGS.Chat.NoGM");
  const request = parseRequest(payload);
  if (!request) return refused("invalid", "FANGS.Chat.Refusal.Invalid");
  const verified = await verifyRequester(
    request.userId,
    request.requestId,
    subjectOf(request.messageId, request.intent.type),
  );
  if (!verified.ok) return refused(verified.reason, "FANGS.Chat.Refusal.NotPermitted");
  return runVerified(request, verified.user);
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
