import { newRequestId, whilePending } from "../../requester";
import { loadGmDamageTool } from "./load-tool";
import type { GmDamageDelta } from "./note-record";
import { GM_DAMAGE_UNDO_QUERY } from "./undo-query";

/**
 * The requester's side of a GM damage note's Undo (loaded with the tool,
 * damage-tool.ts, on the first Undo; the GM's side is `runGmDamageUndo`
 * there).
 *
 * With two GMs logged in, each clicking Undo on a client of its own, both
 * clients would read the note as not undone before either wrote it: each
 * client has its own write queue. So the undo runs on one client, the
 * active GM's, in its write queue: a GM's click there runs there, any
 * other GM's click is sent to it as the `fangs.gmDamageUndo` query, with
 * the confirm-back of src/requester.ts. The second Undo then reads the note
 * the first one marked, and is refused.
 */

export { GM_DAMAGE_UNDO_QUERY };

/** How long a GM waits for the active GM's client. */
export const GM_DAMAGE_UNDO_TIMEOUT_MS = 30_000;

export interface GmDamageUndoRequest {
  readonly messageId: string;
  readonly userId: string;
  readonly requestId: string;
}

export type GmDamageUndoAnswer =
  | { readonly ok: true; readonly deltas: readonly GmDamageDelta[]; readonly partial: boolean }
  | { readonly ok: false; readonly messageKey: string };

/** What a confirmation vouches for: the Undo of this note, nothing else. */
export function gmDamageUndoSubject(messageId: string) {
  return { query: GM_DAMAGE_UNDO_QUERY, subject: messageId };
}

export function undoRefused(messageKey: string): GmDamageUndoAnswer {
  return { ok: false, messageKey };
}

function tell(answer: GmDamageUndoAnswer): void {
  const i18n = game.i18n;
  if (!i18n) return;
  if (!answer.ok) ui.notifications?.warn(i18n.localize(answer.messageKey));
  else if (answer.partial) ui.notifications?.warn(i18n.localize("FANGS.Chat.Undo.Partial"));
}

async function ask(message: ChatMessage.Implementation): Promise<GmDamageUndoAnswer> {
  const user = game.user;
  if (!user?.isGM || !user.id) return undoRefused("FANGS.GmDamage.Undo.GmOnly");
  if (!message?.id) return undoRefused("FANGS.GmDamage.Undo.Damaged");
  const gm = game.users?.activeGM ?? null;
  if (!gm) return undoRefused("FANGS.GmDamage.Undo.NoGM");
  if (gm.isSelf) return (await loadGmDamageTool()).runGmDamageUndo(message.id, user);
  const request: GmDamageUndoRequest = { messageId: message.id, userId: user.id, requestId: newRequestId() };
  try {
    const answer = (await whilePending(request.requestId, gmDamageUndoSubject(message.id), () =>
      gm.query(GM_DAMAGE_UNDO_QUERY, request as never, { timeout: GM_DAMAGE_UNDO_TIMEOUT_MS }),
    )) as GmDamageUndoAnswer | null;
    return answer && typeof answer === "object" ? answer : undoRefused("FANGS.GmDamage.Undo.NoAnswer");
  } catch {
    return undoRefused("FANGS.GmDamage.Undo.NoAnswer");
  }
}

/**
 * A note's Undo, asked of the active GM's client; tells the clicking GM what
 * came of it. Returns the deltas reverted, or null when nothing was done.
 */
export async function requestGmDamageUndo(
  message: ChatMessage.Implementation,
): Promise<readonly GmDamageDelta[] | null> {
  const answer = await ask(message);
  tell(answer);
  return answer.ok ? answer.deltas : null;
}

declare global {
  namespace CONFIG {
    interface Queries {
      "fangs.gmDamageUndo": (payload: unknown, options: { timeout?: number }) => Promise<GmDamageUndoAnswer>;
    }
  }
}
