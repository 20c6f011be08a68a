import { serialised } from "../documents/write-queue";
import { type Deadline, expireDeadline, pauseDeadline, resumeDeadline } from "../rules/kernel/deadline";
import { cardDeadline, getRealTimeLimit, liveDeadline, serverNow } from "./real-time-limits";

/**
 * The active GM's side of real-time limits: it alone writes a deadline after
 * it started (run out, paused, resumed, lifted), each write in the write
 * queue, re-reading the card first. Every other client only shows the
 * countdown; a second GM does nothing while another is the active one.
 */

export function isActiveGM(): boolean {
  return game.users?.activeGM?.isSelf === true;
}

/**
 * Deadlines this client has set out to expire, by card and start. A tick
 * comes every quarter second and a write takes longer: the second tick must
 * not queue the same expiry again. Kept once done, so a card whose write
 * failed is not acted upon twice either.
 */
const acted = new Set<string>();

const keyOf = (messageId: string, deadline: Deadline) => `${messageId}@${deadline.startedAt}`;

function report(error: unknown): void {
  console.error("FANGS | a real-time limit could not be written", error);
}

/**
 * On the active GM: the card's deadline ran out, seen at `at`; its limit's
 * consequence runs once. The queued step reads the card again: an answer
 * that reached the GM first has lifted it.
 */
export function expireWhenDue(message: ChatMessage.Implementation, at = serverNow()): void {
  const deadline = liveDeadline(message);
  if (!isActiveGM() || !deadline || !message.id) return;
  const key = keyOf(message.id, deadline);
  if (acted.has(key)) return;
  acted.add(key);
  const id = message.id;
  serialised(async () => {
    if (!(await expire(id, at))) acted.delete(key);
  }).catch(report);
}

/** Returns false when the deadline turned out not to be due (answered, paused, no longer the GM). */
async function expire(messageId: string, at: number): Promise<boolean> {
  const message = game.messages?.get(messageId);
  const deadline = message ? liveDeadline(message) : null;
  if (!message || !deadline || !isActiveGM() || game.paused) return false;
  const spent = expireDeadline(deadline, at);
  const limit = getRealTimeLimit(deadline.limit);
  if (!spent || !limit) return false;
  let changes: Record<string, unknown> = {};
  try {
    changes = (await limit.onExpiry({ message, deadline, spent })) ?? {};
  } catch (error) {
    console.error(`FANGS | the real-time limit ${limit.id} ran out, and its consequence failed`, error);
    ui.notifications?.error(
      game.i18n?.format("FANGS.Deadline.ExpiryFailed", { label: game.i18n.localize(limit.labelKey) }) ?? "",
    );
  }
  await message.update({ system: { ...changes, deadline: spent } } as never);
  return true;
}

/** Cards whose deadline may still run out (or is frozen), as stored now. */
function runningCards(): ChatMessage.Implementation[] {
  return game.messages?.filter((message) => liveDeadline(message) !== null) ?? [];
}

/**
 * On the active GM: the game was paused or resumed at `at`; every running
 * deadline is frozen or runs again, so a client that loads the card later
 * still counts the right time.
 */
export function recordPause(paused: boolean, at = serverNow()): void {
  if (!isActiveGM()) return;
  serialised(async () => {
    for (const message of runningCards()) {
      const deadline = liveDeadline(message);
      if (!deadline) continue;
      const next = paused ? pauseDeadline(deadline, at) : resumeDeadline(deadline, at);
      if (next !== deadline) await message.update({ system: { deadline: next } } as never);
    }
  }).catch(report);
}

/**
 * On the active GM, once real-time limits are switched off: every deadline
 * still running is lifted (the card waits for its answer as if the rules
 * had no limit), so switching them on again later does not run it out at
 * once.
 */
export function liftDeadlines(): void {
  if (!isActiveGM()) return;
  serialised(async () => {
    const cards = game.messages?.filter((m) => cardDeadline(m)?.spentAt === null) ?? [];
    for (const message of cards) await message.update({ system: { deadline: null } } as never);
  }).catch(report);
}
