import { CONFIRM_QUERY, CONFIRM_TIMEOUT_MS, type RequestSubject } from "./requester";

/**
 * The active GM's half of the confirm-back check (requester.ts has the
 * requester's half): imported only by the query handlers, which are lazy
 * (the GM's side every ruleset shares, src/table-authority.ts, and a
 * ruleset's heavy part: src/on-demand.ts), so it stays out of start-up.
 */

const ID = /^[A-Za-z0-9]{1,64}$/;

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
      (await user.query(
        CONFIRM_QUERY,
        { requestId, query: about.query, subject: about.subject },
        {
          timeout: CONFIRM_TIMEOUT_MS,
        },
      )) === true;
  } catch {
    confirmed = false;
  }
  return confirmed ? { ok: true, user: user as User.Implementation } : { ok: false, reason: "unconfirmed" };
}
