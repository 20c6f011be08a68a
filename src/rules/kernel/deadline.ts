import { RulesError, requireInteger } from "./errors";

/**
 * A real-time limit on a player's answer ("ten seconds to choose a
 * defense"), as plain data a card stores. Times are milliseconds of one clock
 * every client shares (the Foundry side uses the server's); the rules core
 * never reads a clock, it is handed `t`.
 *
 * Pauses are kept folded: `pausedMs` sums the pauses that have ended,
 * `pausedAt` is when the pause in progress began (null while running). That
 * is enough to tell the time left at any `t` from now on, and it changes only
 * when the game is paused or resumed, never once a second.
 */
export interface Deadline {
  /** What it is for: the id of the limit a ruleset registered ("h2hDefense"). */
  readonly limit: string;
  /** Who must answer: whatever the ruleset names them by (an actor's uuid). */
  readonly answerer: string;
  /** Seconds allowed, pauses not counted. */
  readonly seconds: number;
  readonly startedAt: number;
  /** Time spent in pauses that have ended. */
  readonly pausedMs: number;
  /** When the pause in progress began; null while the countdown runs. */
  readonly pausedAt: number | null;
  /** When the time ran out and was acted upon; null while it may still run out. */
  readonly spentAt: number | null;
}

/** Longer than any limit a table would want; a figure past it is a mistake, not a choice. */
export const DEADLINE_MAX_SECONDS = 3600;

export interface DeadlineStart {
  readonly limit: string;
  readonly answerer: string;
  readonly seconds: number;
}

/** A deadline that starts at `t`; one started while the game is paused waits for it to resume. */
export function startDeadline(start: DeadlineStart, t: number, paused = false): Deadline {
  requireInteger(start.seconds, "the seconds of a real-time limit", 1, DEADLINE_MAX_SECONDS);
  requireTime(t);
  if (start.limit === "") throw new RulesError("invalid-value", "a deadline must name its limit");
  return {
    limit: start.limit,
    answerer: start.answerer,
    seconds: start.seconds,
    startedAt: t,
    pausedMs: 0,
    pausedAt: paused ? t : null,
    spentAt: null,
  };
}

/**
 * Milliseconds of counting time between the start and `t`. A `t` before the
 * start (a clock read a moment early) counts nothing rather than adding time.
 */
export function elapsedMs(deadline: Deadline, t: number): number {
  const running = deadline.pausedAt === null ? t : Math.min(t, deadline.pausedAt);
  return Math.max(0, running - deadline.startedAt - deadline.pausedMs);
}

/** Milliseconds left at `t`, never below 0; pauses do not count. */
export function remainingMs(deadline: Deadline, t: number): number {
  return Math.max(0, deadline.seconds * 1000 - elapsedMs(deadline, t));
}

/** Whole seconds to show at `t`: 9.2 s left reads 10, as a countdown does; 0 only once time is up. */
export function secondsShown(deadline: Deadline, t: number): number {
  return Math.ceil(remainingMs(deadline, t) / 1000);
}

/**
 * Whether the time ran out at `t` and must now be acted upon: not already
 * acted upon, not paused (a paused countdown is frozen, even at 0), and no
 * time left.
 */
export function isExpired(deadline: Deadline, t: number): boolean {
  return deadline.spentAt === null && deadline.pausedAt === null && remainingMs(deadline, t) === 0;
}

/**
 * The deadline marked as acted upon at `t`, or null when it may not expire
 * now (time left, paused, or already spent): the same deadline cannot run
 * out twice.
 */
export function expireDeadline(deadline: Deadline, t: number): Deadline | null {
  if (!isExpired(deadline, t)) return null;
  return { ...deadline, spentAt: t };
}

/** The countdown frozen at `t` (unchanged when already paused or spent). */
export function pauseDeadline(deadline: Deadline, t: number): Deadline {
  if (deadline.pausedAt !== null || deadline.spentAt !== null) return deadline;
  return { ...deadline, pausedAt: Math.max(t, deadline.startedAt) };
}

/** The countdown running again at `t`, the pause added to `pausedMs` (unchanged when not paused). */
export function resumeDeadline(deadline: Deadline, t: number): Deadline {
  if (deadline.pausedAt === null) return deadline;
  return { ...deadline, pausedMs: deadline.pausedMs + Math.max(0, t - deadline.pausedAt), pausedAt: null };
}

/**
 * Stored data read back as a deadline, or null when it is none (a card
 * without a limit stores null). Anything malformed is null too: a limit the
 * data cannot describe is not enforced.
 */
export function readDeadline(raw: unknown): Deadline | null {
  if (raw === null || typeof raw !== "object") return null;
  const d = raw as Record<string, unknown>;
  const time = (v: unknown) => typeof v === "number" && Number.isFinite(v) && v >= 0;
  const optionalTime = (v: unknown) => v === null || time(v);
  if (typeof d.limit !== "string" || d.limit === "" || typeof d.answerer !== "string") return null;
  if (
    !Number.isInteger(d.seconds) ||
    (d.seconds as number) < 1 ||
    (d.seconds as number) > DEADLINE_MAX_SECONDS
  )
    return null;
  if (!time(d.startedAt) || !time(d.pausedMs) || !optionalTime(d.pausedAt) || !optionalTime(d.spentAt))
    return null;
  return {
    limit: d.limit,
    answerer: d.answerer,
    seconds: d.seconds as number,
    startedAt: d.startedAt as number,
    pausedMs: d.pausedMs as number,
    pausedAt: d.pausedAt as number | null,
    spentAt: d.spentAt as number | null,
  };
}

function requireTime(t: number): void {
  if (!Number.isFinite(t) || t < 0)
    throw new RulesError("invalid-value", `a time must be a clock reading, got ${t}`);
}
