/**
 * One card against several targets (one attack roll against several
 * defenders, a burst at everyone in an area): the card keeps its targets as
 * a list, and each target answers and gets its outcome on its own. A
 * ruleset's flow decides the answers and outcomes; these helpers keep the
 * list's bookkeeping the same for all.
 */

export interface CardTarget {
  /** The target's actor (a UUID on the table, a fighter's name in the simulator). */
  readonly actorId: string;
  /** Its answer (a defense, "none"…), null until it answers. */
  readonly answer: string | null;
  /** What came of it for this target, null until decided. */
  readonly outcome: string | null;
}

export type TargetRefusal = "no-such-target" | "already-answered";

/** The list with target `index` answered and its outcome set; the others unchanged. */
export function answerTarget<T extends CardTarget>(
  targets: readonly T[],
  index: number,
  answer: string,
  outcome: string,
): { readonly ok: true; readonly targets: T[] } | { readonly ok: false; readonly reason: TargetRefusal } {
  const target = Number.isInteger(index) ? targets[index] : undefined;
  if (!target) return { ok: false, reason: "no-such-target" };
  if (target.answer !== null) return { ok: false, reason: "already-answered" };
  return {
    ok: true,
    targets: targets.map((t, i) => (i === index ? { ...t, answer, outcome } : t)),
  };
}

/** Whether every target has answered (the card's round of answers is over). */
export function allAnswered(targets: readonly CardTarget[]): boolean {
  return targets.every((t) => t.answer !== null);
}
