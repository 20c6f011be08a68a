import { serialised } from "../documents/write-queue";
import { isActiveGM } from "../requester";
import { verifyRequester } from "../verify-requester";
import { type ExchangeAnswer, type ExchangeRequest, refused, stepRunner, subjectOf } from "./authority";
import { isCardFlowIntent } from "./card-flows";
import type { ExchangeIntent, IntentType } from "./exchange-state";
import { INTENT_TYPES } from "./exchange-state";

/**
 * The active GM's side of the exchange authority (authority.ts is the
 * requester's side, in the start-up bundle): the untrusted payload read
 * field by field, the confirm-back check, and the step run under the
 * message's lock and in the GM's write queue. Part of FANGS's heavy part
 * (src/on-demand.ts).
 */

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
  // Another ruleset's card step (card-flows.ts): its type and its data, nothing else; the
  // parser of the card's ruleset reads the data once the message is known (dispatchStep).
  if (!(INTENT_TYPES as readonly string[]).includes(type)) {
    if (!isCardFlowIntent(type)) return null;
    if (Object.keys(v).some((key) => key !== "type" && key !== "data")) return null;
    return (v.data === undefined ? { type } : { type, data: v.data }) as unknown as ExchangeIntent;
  }
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
