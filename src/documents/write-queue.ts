/**
 * The active GM's client writes for everyone: exchange steps (apply, undo,
 * a defense counted), the attack a new card counts, round actions and the
 * round's impale damage. Each of those reads documents, decides, then writes,
 * and a write is a round trip to the server: two of them interleaved both
 * read the state before either wrote, and one's change is lost (two blows on
 * one actor counted once; two dodges where the maneuver allows one).
 *
 * So every such request runs end to end, read to last write, one after the
 * other in this one queue: the result is that of some serial order. One
 * queue for the whole client, not one per document: a step touches several
 * documents (the target, the attacker's weapon, a combatant), and two
 * queues taken in different orders could deadlock.
 *
 * Re-entrancy: the queue is taken at the request's entry only (the exchange
 * query and a GM's own click, the card's creation hook, a combat's
 * `inTurn`). What a queued step calls (applyEffects, recordDefense,
 * writeDeclaration, applyPlan, impaleRound…) never queues again: a queued
 * step that waited for the queue would wait for itself. Browsers give no
 * async context to tell a nested call from a concurrent one, so the rule is
 * kept by structure; work a step only sets off (a hook fired by its writes)
 * is queued after it and must not be awaited by it.
 */

let tail: Promise<unknown> = Promise.resolve();

/** Runs `work` once every request queued before it has finished, failed or not. */
export function serialised<T>(work: () => Promise<T>): Promise<T> {
  const run = tail.then(work);
  tail = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

/** Resolves once everything queued so far has run. */
export function writesSettled(): Promise<void> {
  return tail.then(() => undefined);
}
