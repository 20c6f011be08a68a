import { localize } from "../../config/localize";
import { serialised } from "../../documents/write-queue";
import { isActiveGM, type RequestSubject, whilePending } from "../../requester";
import { verifyRequester } from "../../verify-requester";

/**
 * A player's request about its own combatant (an attack, a strike), sent
 * to the active GM, who checks who asks and decides; on the GM's own
 * client it runs here, in the write queue, as the query handler would.
 * Every ruleset's attack start sends its request this one way.
 */

/** Who asks, which request, and the combatant it is about. */
export interface CombatantRequest {
  readonly userId: string;
  readonly requestId: string;
  readonly combatId: string;
  readonly combatantId: string;
}

/** One combatant's requests of one query wait on each other: a second is not sent while the first is pending. */
export const combatantSubject = (
  query: string,
  r: Pick<CombatantRequest, "combatId" | "combatantId">,
): RequestSubject => ({ query, subject: `${r.combatId}:${r.combatantId}` });

/** A refusal said to the user; false, for the caller to return. */
export function warnUser(key: string, data: Record<string, string> = {}): false {
  ui.notifications?.warn(localize(key, data));
  return false;
}

/** Sends the request (or runs it here on the active GM's client); true when done, a refusal said in words. */
export async function askActiveGM(
  gm: User.Implementation,
  query: string,
  request: CombatantRequest,
  here: () => Promise<unknown>,
): Promise<boolean> {
  let answer: unknown;
  if (gm.isSelf) answer = await serialised(here);
  else {
    try {
      answer = await whilePending(request.requestId, combatantSubject(query, request), () =>
        gm.query(query as never, request as never),
      );
    } catch {
      return warnUser("FANGS.Chat.NoAnswer");
    }
  }
  if (!answer || typeof answer !== "object") return warnUser("FANGS.Chat.NoAnswer");
  const a = answer as { ok?: unknown; key?: unknown; data?: Record<string, string> };
  if (a.ok === true) return true;
  return warnUser(typeof a.key === "string" ? a.key : "FANGS.Chat.NoAnswer", a.data ?? {});
}

/**
 * The query handler's side, on the active GM's client: refused unless this
 * client is the active GM and the payload reads as a request, then the
 * requester confirmed for it (refused in `unconfirmedKey`'s words), then
 * run in the write queue with the confirmed user.
 */
export async function answerAsActiveGM<R extends CombatantRequest, A>(
  payload: unknown,
  query: string,
  read: (payload: unknown) => R | null,
  unconfirmedKey: string,
  run: (request: R, user: User.Implementation) => Promise<A>,
): Promise<A | { readonly ok: false; readonly key: string }> {
  if (!isActiveGM()) return { ok: false, key: "FANGS.Chat.Refusal.Invalid" };
  const request = read(payload);
  if (!request) return { ok: false, key: "FANGS.Chat.Refusal.Invalid" };
  const verified = await verifyRequester(request.userId, request.requestId, combatantSubject(query, request));
  if (!verified.ok) return { ok: false, key: unconfirmedKey };
  return serialised(() => run(request, verified.user));
}
