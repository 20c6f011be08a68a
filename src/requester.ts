/**
 * Who sent a query? Foundry v13 does not tell a query handler
 * (foundryvtt/foundryvtt#13418), and a user id in the payload can be forged
 * from the console. So every query a player sends the active GM carries a
 * random request id, and the GM asks the named user back: the
 * `fangs.confirmRequest` query goes to that user's client only, which says
 * yes only for a request it really has pending (an id it never showed
 * anyone), of the same query, about the same thing. A forged request names a
 * user whose client knows nothing of it, and is refused. Once Foundry passes
 * the sender to handlers, read it there and drop the round trip.
 *
 * Used by every query handler of the system: the exchange steps
 * (chat/authority.ts), starting an attack (apps/attack/start-attack.ts) and
 * the round's actions (combat/request.ts). Start-up code: the requester's
 * side must answer even before any workflow is loaded.
 */

export const CONFIRM_QUERY = "fangs.confirmRequest";

/** How long the GM waits for the requester's confirmation. */
export const CONFIRM_TIMEOUT_MS = 8_000;

const ID = /^[A-Za-z0-9]{1,64}$/;

/** What a request is about, so a confirmation of one request cannot vouch for another. */
export interface RequestSubject {
  /** The query's name. */
  readonly query: string;
  /** What the request is about (a message and a step, a combat and an action…). */
  readonly subject: string;
}

interface Pending extends RequestSubject {
  /** The user this client is: a request is pending on its sender's client only. */
  readonly userId: string;
}

const pending = new Map<string, Pending>();

/** A fresh request id, never shown to anyone but the GM. */
export function newRequestId(): string {
  return foundry.utils.randomID(24);
}

/**
 * Runs `send` (the query to the GM) with the request pending on this client,
 * so the GM's confirmation finds it; forgotten once answered.
 */
export async function whilePending<T>(
  requestId: string,
  about: RequestSubject,
  send: () => Promise<T>,
): Promise<T> {
  pending.set(requestId, { ...about, userId: game.user?.id ?? "" });
  try {
    return await send();
  } finally {
    pending.delete(requestId);
  }
}

/** Answers the GM's "did you send this?" (the `fangs.confirmRequest` handler, on the requester's client). */
export function confirmRequest(payload: unknown): boolean {
  if (typeof payload !== "object" || payload === null) return false;
  const p = payload as Record<string, unknown>;
  if (typeof p.requestId !== "string") return false;
  const mine = pending.get(p.requestId);
  return (
    mine !== undefined &&
    mine.userId === (game.user?.id ?? "") &&
    mine.query === p.query &&
    mine.subject === p.subject
  );
}

export type Verified =
  | { readonly ok: true; readonly user: User.Implementation }
  | { readonly ok: false; readonly reason: "unknown-user" | "spoofed" | "unconfirmed" };

/**
 * On the active GM's client: the user the payload names, once that user's
 * client has confirmed the request. Refused: a malformed id, a user not
 * connected, this GM itself (the GM runs its own clicks locally, never
 * through a query), or no confirmation.
 */
export async function verifyRequester(
  userId: unknown,
  requestId: unknown,
  about: RequestSubject,
): Promise<Verified> {
  if (typeof userId !== "string" || !ID.test(userId)) return { ok: false, reason: "unknown-user" };
  if (typeof requestId !== "string" || !ID.test(requestId)) return { ok: false, reason: "unconfirmed" };
  const user = game.users?.get(userId) ?? null;
  if (!user?.active) return { ok: false, reason: "unknown-user" };
  if (user.id === game.user?.id) return { ok: false, reason: "spoofed" };
  let confirmed = false;
  try {
    confirmed =
      (await user.query(CONFIRM_QUERY, { requestId, query: about.query, subject: about.subject } as never, {
        timeout: CONFIRM_TIMEOUT_MS,
      })) === true;
  } catch {
    confirmed = false;
  }
  return confirmed ? { ok: true, user: user as User.Implementation } : { ok: false, reason: "unconfirmed" };
}

/** Whether this client is the active GM: the one client that decides outcomes. */
export function isActiveGM(): boolean {
  return game.user?.isGM === true && game.users?.activeGM?.isSelf === true;
}

declare global {
  namespace CONFIG {
    interface Queries {
      "fangs.confirmRequest": (payload: unknown, options: { timeout?: number }) => boolean;
    }
  }
}
