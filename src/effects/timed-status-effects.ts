import { type Localize, localize } from "../config/localize";
import { SYSTEM_ID } from "../config/system";
import { serialised } from "../documents/write-queue";
import {
  type CombatClock,
  hasExpired,
  hasTimedStatuses,
  type RunningTimedStatus,
  remainingOf,
  type StatusTimer,
  type TimeNow,
  timedStatusDefinition,
} from "../rules/kernel/timed-status";

/**
 * Timed statuses on the table (the rules core's timed-status.ts decides
 * lengths and ends). One is an ActiveEffect on the actor that shows its
 * status, its clock in Foundry's own duration fields (`rounds`,
 * `startRound`, `startTurn`, `combat` for combat rounds; `seconds`,
 * `startTime` for world time), so Foundry's effect window shows and edits
 * it, and `flags.fangs.timedStatus` naming its definition.
 *
 * Foundry v13 shows an effect's remaining duration but removes nothing when
 * it runs out; here the active GM's client does, when a combat's round
 * changes (`updateCombat`) and when the world time moves
 * (`updateWorldTime`): each expired one is deleted and what its definition
 * says comes after is put on, through the write queue, so a round that
 * moves both clocks at once ends each status once. What comes after is read
 * from the registered definition, never from the effect (an owner may edit
 * an effect's flags; the duration they may change is their own actor's).
 */

/** The flag's key under `flags.fangs`. */
export const TIMED_STATUS_FLAG = "timedStatus";

export interface TimedStatusFlag {
  /** The definition's id. */
  readonly id: string;
  /** Seconds in a round when it started: the clock if its combat ends first. */
  readonly secondsPerRound: number;
  /** The first effect of its chain, on an effect its chain put on after it: what an Undo of that one takes off. */
  readonly chain?: string;
}

export type AnyActor = Actor.Implementation;

interface EffectLike {
  readonly id: string | null;
  readonly _source?: unknown;
  readonly duration?: unknown;
  readonly flags?: unknown;
}

/** Foundry's default round, for a world that set CONFIG.time.roundTime to 0 (rounds then take no world time). */
const FALLBACK_ROUND_SECONDS = 6;

/** Seconds of world time in a combat round, as the world configures it (CONFIG.time.roundTime). */
export function roundSeconds(): number {
  const seconds = (CONFIG as { time?: { roundTime?: number } }).time?.roundTime;
  return typeof seconds === "number" && seconds > 0 ? seconds : FALLBACK_ROUND_SECONDS;
}

/** The clocks now: the world time and the round of each combat of the world. */
export function timeNow(): TimeNow {
  const rounds: Record<string, number> = {};
  for (const combat of game.combats ?? []) if (combat.id) rounds[combat.id] = combat.round;
  return { worldTime: game.time?.worldTime ?? 0, rounds };
}

export function clockOf(combat: Combat.Implementation | null | undefined): CombatClock | null {
  return combat?.id && combat.started ? { id: combat.id, round: combat.round } : null;
}

/** A started combat the actor fights in: the one whose rounds its timed statuses count. */
export function combatOf(actor: AnyActor): Combat.Implementation | null {
  for (const combat of game.combats ?? []) {
    if (combat.started && combat.getCombatantsByActor(actor).length > 0)
      return combat as Combat.Implementation;
  }
  return null;
}

export function flagOf(effect: EffectLike): TimedStatusFlag | null {
  const flag = (effect.flags as Record<string, Record<string, unknown> | undefined> | undefined)?.[
    SYSTEM_ID
  ]?.[TIMED_STATUS_FLAG] as Partial<TimedStatusFlag> | undefined;
  if (typeof flag?.id !== "string") return null;
  const chain = typeof flag.chain === "string" ? { chain: flag.chain } : {};
  return { id: flag.id, secondsPerRound: Number(flag.secondsPerRound), ...chain };
}

const positive = (value: unknown): value is number => typeof value === "number" && value > 0;
const whole = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** The clock an effect's duration fields hold, or null when they hold none this system can count. */
function timerOf(effect: EffectLike, flag: TimedStatusFlag): StatusTimer | null {
  // The stored fields, as written: the prepared duration adds Foundry's reading of them.
  const stored = (effect._source as { duration?: unknown } | undefined)?.duration ?? effect.duration;
  const d = (stored ?? {}) as Record<string, unknown>;
  if (!whole(d.startTime)) return null;
  if (positive(d.seconds)) return { clock: "seconds", startTime: d.startTime, seconds: d.seconds };
  // The combat's id; a prepared field may hold the combat itself.
  const combatId = typeof d.combat === "string" ? d.combat : (d.combat as { id?: unknown } | null)?.id;
  if (positive(d.rounds) && typeof combatId === "string" && combatId !== "")
    return {
      clock: "rounds",
      combatId,
      startRound: whole(d.startRound) ? d.startRound : 0,
      rounds: d.rounds,
      startTime: d.startTime,
      secondsPerRound: positive(flag.secondsPerRound) ? flag.secondsPerRound : roundSeconds(),
    };
  return null;
}

/** The timed statuses running on an actor, as the rules core reads them. */
export function runningOn(actor: AnyActor): RunningTimedStatus[] {
  const combat = clockOf(combatOf(actor));
  const running: RunningTimedStatus[] = [];
  for (const effect of actor.effects ?? []) {
    const flag = flagOf(effect);
    const timer = flag && effect.id ? timerOf(effect, flag) : null;
    if (flag && timer && effect.id) running.push({ key: effect.id, definition: flag.id, timer, combat });
  }
  return running;
}

/** The world's actors, then the synthetic actors of unlinked tokens (a linked token's actor is a world actor). */
export function actorsOfTheWorld(): AnyActor[] {
  const unlinked = [...(game.scenes ?? [])].flatMap((scene) =>
    [...scene.tokens].filter((token) => !token.actorLink).map((token) => token.actor as AnyActor | null),
  );
  return [...(game.actors ?? []), ...unlinked].filter((actor): actor is AnyActor => !!actor);
}

/** Whether some timed status has run out now: the cheap look before a request is queued. */
function someExpired(actors: readonly AnyActor[]): boolean {
  const now = timeNow();
  return actors.some((actor) =>
    runningOn(actor).some((r) => timedStatusDefinition(r.definition) && hasExpired(r.timer, now)),
  );
}

/**
 * A clock moved. Every client redraws the open sheets of actors with a
 * timed status (their remaining time changed); the active GM's client
 * queues the expiry when something ran out. Where no ruleset registered a
 * timed status, nothing is looked at.
 */
function onClockMoved(): void {
  if (!hasTimedStatuses()) return;
  const carrying = actorsOfTheWorld().filter((actor) => runningOn(actor).length > 0);
  if (carrying.length === 0) return;
  for (const actor of carrying) actor.render(false);
  if (!game.users?.activeGM?.isSelf || !someExpired(carrying)) return;
  // The writes load only where something ran out: most worlds never run one (docs/performance.md).
  void serialised(async () => (await import("./timed-status-writes")).expireTimedStatuses()).catch(
    (error: unknown) => console.error(error),
  );
}

/** Call in `init`: timed statuses then run out by themselves. */
export function watchTimedStatuses(): void {
  Hooks.on("updateCombat", ((_combat: unknown, changed: object) => {
    if ("round" in changed) onClockMoved();
  }) as never);
  Hooks.on("updateWorldTime", onClockMoved as never);
}

/* -------------------------------------------- */
/*  Showing what is left                        */
/* -------------------------------------------- */

const UNITS: readonly [seconds: number, key: string][] = [
  [86400, "FANGS.TimedStatus.Unit.Days"],
  [3600, "FANGS.TimedStatus.Unit.Hours"],
  [60, "FANGS.TimedStatus.Unit.Minutes"],
  [1, "FANGS.TimedStatus.Unit.Seconds"],
];

/** World seconds as the two largest units that are not 0: "5 h 12 min", "45 s". */
export function timeText(seconds: number, say: Localize = localize): string {
  const parts: string[] = [];
  let rest = Math.ceil(seconds);
  for (const [size, key] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(say(key, { count }));
    else if (parts.length > 0) break;
    if (parts.length === 2) break;
  }
  return parts.join(" ");
}

/**
 * The time a timed status has left, in the user's words ("3 rounds left",
 * "5 h 12 min left"), for the sheet's Effects tab; null for any other
 * effect. Once run out it says so until the GM's client ends it (no GM
 * connected, it waits for the next move of a clock with one).
 */
export function timedStatusLabel(effect: EffectLike): string | null {
  const flag = flagOf(effect);
  const timer = flag ? timerOf(effect, flag) : null;
  if (!timer) return null;
  const left = remainingOf(timer, timeNow());
  if (left.amount === 0) return localize("FANGS.TimedStatus.Over");
  if (left.clock === "rounds")
    return localize(left.amount === 1 ? "FANGS.TimedStatus.RoundLeft" : "FANGS.TimedStatus.RoundsLeft", {
      count: left.amount,
    });
  return localize("FANGS.TimedStatus.TimeLeft", { time: timeText(left.amount) });
}
