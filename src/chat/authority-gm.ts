import { serialised } from "../documents/write-queue";
import { isActiveGM } from "../requester";
import { verifyRequester } from "../verify-requester";
import { type ExchangeAnswer, type ExchangeRequest, refused, stepRunner, subjectOf } from "./authority";
import { type CardFlow, cardFlowOf, readCardIntent } from "./card-flows";

/**
 * The active GM's side of the exchange authority (authority.ts is the
 * requester's side, in the start-up bundle): the untrusted payload read
 * field by field, the confirm-back check, and the step run under the
 * message's lock and in the GM's write queue. In the GM's side every
 * ruleset shares (src/table-authority.ts, loaded by `loadTableAuthority`):
 * it runs a card's step only through the flow of the card's ruleset, which
 * loads that ruleset's heavy part itself.
 */

/* -------------------------------------------- */
/*  Parsing the untrusted payload               */
/* -------------------------------------------- */

const ID = /^[A-Za-z0-9]{1,64}$/;

interface Envelope extends Omit<ExchangeRequest, "intent"> {
  /** Unread: only the flow of the card it names may read it (card-flows.ts `readCardIntent`). */
  readonly intent: unknown;
}

/** The request's own fields, typed; the intent is left for the card's ruleset. */
function readEnvelope(payload: unknown): Envelope | null {
  if (typeof payload !== "object" || payload === null) return null;
  const p = payload as Record<string, unknown>;
  if (typeof p.messageId !== "string" || !ID.test(p.messageId)) return null;
  if (typeof p.userId !== "string" || !ID.test(p.userId)) return null;
  if (typeof p.requestId !== "string" || !ID.test(p.requestId)) return null;
  if (typeof p.revision !== "number" || !Number.isInteger(p.revision) || p.revision < 0) return null;
  return {
    messageId: p.messageId,
    intent: p.intent,
    revision: p.revision,
    userId: p.userId,
    requestId: p.requestId,
  };
}

/**
 * The request, field by field, its intent read by `flow` (the flow of the
 * card it names); null when anything is off.
 */
export function parseRequest(payload: unknown, flow: CardFlow): ExchangeRequest | null {
  const envelope = readEnvelope(payload);
  return envelope ? withIntent(envelope, flow) : null;
}

function withIntent(envelope: Envelope, flow: CardFlow): ExchangeRequest | null {
  const intent = readCardIntent(flow, envelope.intent);
  return intent ? { ...envelope, intent } : null;
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

export async function runVerified(
  request: ExchangeRequest,
  user: User.Implementation,
): Promise<ExchangeAnswer> {
  const run = stepRunner();
  if (!run) return refused("not-ready", "FANGS.Chat.NoAnswer");
  try {
    return await withMessageLock(request.messageId, () => serialised(() => run(request, user)));
  } catch (error) {
    console.error("FANGS | exchange step failed", error);
    return refused("error", "FANGS.Chat.Refusal.Error");
  }
}

/**
 * The `fangs.exchange` query handler (active GM's client). Checks, in order:
 * this client is the active GM; the payload is well formed; the card it
 * names exists, a GM wrote it, and the ruleset owning its type is the
 * world's (a type no ruleset owns: the ruleset the GM-written card names);
 * the flow of that ruleset reads the intent; it names a
 * connected user other than this GM (the GM runs its own clicks locally);
 * that user's client confirms the request. Then the step runs under the
 * message's lock, and re-checks the rest from the stored message.
 */
export async function handleExchangeQuery(payload: unknown): Promise<ExchangeAnswer> {
  if (!isActiveGM()) return refused("not-gm", "FANGS.Chat.NoGM");
  const envelope = readEnvelope(payload);
  if (!envelope) return refused("invalid", "FANGS.Chat.Refusal.Invalid");
  // The card first: its ruleset's flow alone reads the intent, so a type two rulesets share
  // is read as the card's (the step re-checks the card under the lock).
  const card = cardFlowOf(envelope.messageId);
  if (!card.ok) return card;
  const request = withIntent(envelope, card.flow);
  if (!request) return refused("invalid", "FANGS.Chat.Refusal.Invalid");
  const verified = await verifyRequester(
    request.userId,
    request.requestId,
    subjectOf(request.messageId, request.intent.type),
  );
  if (!verified.ok) return refused(verified.reason, "FANGS.Chat.Refusal.NotPermitted");
  return runVerified(request, verified.user);
}
