import { limitSeconds, realTimeLimitsOn } from "../config/real-time-settings";
import { DEADLINE_MAX_SECONDS, type Deadline, readDeadline, startDeadline } from "../rules/kernel/deadline";
import { authoredByGM } from "./card-flows";

/**
 * Real-time limits: a ruleset gives a player so many seconds to answer
 * (Hand to Hand: ten to choose a defense) and says what happens when they
 * run out. The limit is a `Deadline` (src/rules/kernel/deadline.ts) stored
 * in a card's `system.deadline` (`deadlineField()`, src/data/fields.ts);
 * every client shows its countdown (countdown.ts) and the active GM alone
 * acts when it runs out (real-time-gm.ts). How a ruleset uses it:
 * docs/rulesets.md, "A real-time limit".
 *
 * A card, not a Combatant: a card the active GM made can be written by GMs
 * only, so no player can move its deadline; a player may write a combatant
 * it owns.
 */

/** What the active GM hands a limit's `onExpiry`. */
export interface DeadlineExpiry {
  /** The card, as stored now. */
  readonly message: ChatMessage.Implementation;
  /** Its deadline, run out. */
  readonly deadline: Deadline;
  /** The deadline as it will be written: spent at this moment. */
  readonly spent: Deadline;
}

export interface RealTimeLimit {
  /** What the deadline is for; a camelCase key, prefixed by the ruleset ("h2hDefense"). */
  readonly id: string;
  /** The ruleset that starts it: its seconds setting shows in worlds playing that ruleset. */
  readonly ruleset: string;
  /** Lang key of its name, on the countdown and as its setting's name ("Time to choose a defense"). */
  readonly labelKey: string;
  /** The seconds the rules give; a world's setting may change them. */
  readonly seconds: number;
  /**
   * Runs once, on the active GM's client, inside the write queue
   * (src/documents/write-queue.ts: it must not queue again), when the time
   * ran out unanswered. It may write other documents; what it returns are
   * changes to the card's `system`, written with the spent deadline in one
   * update. Thrown, it is reported to the GM and the deadline is spent all
   * the same: a deadline never runs out twice.
   */
  onExpiry(expiry: DeadlineExpiry): Promise<Record<string, unknown> | undefined>;
}

const LIMIT_ID = /^[a-z][A-Za-z0-9]*$/;

const limits = new Map<string, RealTimeLimit>();

/**
 * Registers a limit (on import of the ruleset's Foundry side, before
 * `init`: its setting is registered then). A second registration of an id
 * replaces the first.
 */
export function registerRealTimeLimit(limit: RealTimeLimit): void {
  if (!LIMIT_ID.test(limit.id))
    throw new Error(`a real-time limit's id must be a camelCase key, not "${limit.id}"`);
  if (!Number.isInteger(limit.seconds) || limit.seconds < 1 || limit.seconds > DEADLINE_MAX_SECONDS)
    throw new Error(`the real-time limit ${limit.id} must allow 1 to ${DEADLINE_MAX_SECONDS} seconds`);
  limits.set(limit.id, limit);
}

export function getRealTimeLimit(id: string): RealTimeLimit | undefined {
  return limits.get(id);
}

export function listRealTimeLimits(): RealTimeLimit[] {
  return [...limits.values()];
}

/**
 * The deadline a GM step writes into its card when it asks a player to
 * answer in time: `{ stage: "awaitDefense", deadline: startCardDeadline("h2hDefense", defender.uuid) }`.
 * Null when the world switched real-time limits off: the card waits as if
 * the rules had none. Frozen from the start while the game is paused.
 */
export function startCardDeadline(limitId: string, answerer: string): Deadline | null {
  const limit = limits.get(limitId);
  if (!limit) throw new Error(`no real-time limit "${limitId}" is registered`);
  if (!realTimeLimitsOn()) return null;
  return startDeadline(
    { limit: limitId, answerer, seconds: limitSeconds(limit) },
    serverNow(),
    game.paused === true,
  );
}

/**
 * A card's deadline, if it is one to honour: on a card a GM wrote (a
 * player's card may say anything), of a registered limit. Spent ones too.
 */
export function cardDeadline(message: unknown): Deadline | null {
  const system = (message as { system?: { deadline?: unknown } } | null | undefined)?.system;
  const deadline = readDeadline(system?.deadline);
  if (!deadline || !limits.has(deadline.limit) || !authoredByGM(message)) return null;
  return deadline;
}

/** A card's deadline that still counts down: honoured, not spent, limits on. */
export function liveDeadline(message: unknown): Deadline | null {
  const deadline = cardDeadline(message);
  return deadline && deadline.spentAt === null && realTimeLimitsOn() ? deadline : null;
}

/** The clock every client shares: the server's, as this client knows it. */
export function serverNow(): number {
  return game.time?.serverTime ?? Date.now();
}
