import { type DiceSource, minimumOf, parseDiceFormula, type RolledFormula, rollFormula } from "./dice";
import { RulesError } from "./errors";

/**
 * Statuses that run out by themselves: Sharene's "unconscious for 1d10
 * rounds" or "coma, death in 1d20 × 5 minutes", Lunos's five-minute dying
 * clock. A ruleset registers each as data (how long, what it shows, what
 * comes after); this module rolls the length, starts the clock, says when
 * it has run out and what takes its place. Two clocks exist: combat rounds
 * (a combat's round number) and world seconds (the world's clock). Nothing
 * here knows documents: the Foundry layer (src/effects/timed-status-effects.ts)
 * stores a clock on an ActiveEffect and asks.
 */

export const TIME_UNITS = ["rounds", "seconds", "minutes", "hours", "days"] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

/** Seconds in a unit of the world clock. A day is 24 hours here, whatever calendar the world shows. */
const SECONDS_IN: Readonly<Record<Exclude<TimeUnit, "rounds">, number>> = Object.freeze({
  seconds: 1,
  minutes: 60,
  hours: 3600,
  days: 86400,
});

/** How long a timed status lasts, as the rules text says it: "1d10 hours", "1d20 × 5 minutes", "5 minutes". */
export interface DurationSpec {
  /** A dice formula or a plain number ("1d10", "2d10", "5"); it never rolls under 1. */
  readonly dice: string;
  /** Multiplies the roll ("1d20 × 5 minutes": dice "1d20", times 5); 1 when absent. */
  readonly times?: number;
  readonly unit: TimeUnit;
}

/** What happens when the time is up. */
export type TimedStatusEnd =
  /** The status goes (unconscious → awake). */
  | { readonly kind: "remove" }
  /** Another status, with no clock, takes its place (coma → dead). */
  | { readonly kind: "replace"; readonly status: string }
  /** Another timed status starts where this one ended (choking → unconscious → dead). */
  | { readonly kind: "replaceTimed"; readonly timedStatus: string };

export interface TimedStatusDefinition {
  /** Unique among every ruleset's timed statuses: prefix it with the ruleset's id ("sharene.coma"). */
  readonly id: string;
  /** The token status it shows while it runs ("unconscious"); several definitions may show the same one. */
  readonly status: string;
  /** Lang key of the effect's name; the status's own name when absent. */
  readonly labelKey?: string;
  readonly duration: DurationSpec;
  readonly end: TimedStatusEnd;
}

/* -------------------------------------------- */
/*  Registry                                    */
/* -------------------------------------------- */

const definitions = new Map<string, TimedStatusDefinition>();

function refuse(message: string, details: Readonly<Record<string, unknown>> = {}): never {
  throw new RulesError("invalid-timed-status", message, details);
}

function requireText(value: unknown, what: string): string {
  if (typeof value !== "string" || value.trim() === "") refuse(`${what} must be a non-empty text`, { value });
  return value;
}

function lowestRoll(id: string, dice: unknown): number {
  try {
    return minimumOf(parseDiceFormula(dice as string));
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    return refuse(`timed status "${id}": ${error.message}`, { id, dice });
  }
}

function checkDuration(id: string, spec: unknown): void {
  if (typeof spec !== "object" || spec === null) refuse(`timed status "${id}" has no duration`, { id });
  const { dice, times, unit } = spec as Partial<DurationSpec>;
  if (!TIME_UNITS.includes(unit as TimeUnit))
    refuse(`timed status "${id}": unit must be one of ${TIME_UNITS.join(", ")}, got ${String(unit)}`, {
      id,
      unit,
    });
  if (times !== undefined && !(Number.isInteger(times) && times >= 1))
    refuse(`timed status "${id}": times must be a whole number of at least 1, got ${String(times)}`, {
      id,
      times,
    });
  const minimum = lowestRoll(id, dice);
  if (minimum < 1)
    refuse(`timed status "${id}": "${String(dice)}" can roll ${minimum}, and a status lasts at least 1`, {
      id,
      dice,
    });
}

function checkEnd(id: string, end: unknown): void {
  const kind = (end as { kind?: unknown } | null)?.kind;
  if (kind === "remove") return;
  if (kind === "replace") {
    requireText((end as { status?: unknown }).status, `the status replacing "${id}"`);
    return;
  }
  if (kind === "replaceTimed") {
    requireText((end as { timedStatus?: unknown }).timedStatus, `the timed status replacing "${id}"`);
    return;
  }
  refuse(`timed status "${id}": its end must be remove, replace or replaceTimed, got ${String(kind)}`, {
    id,
    kind,
  });
}

/** Checks one definition's own fields; a clear RulesError ("invalid-timed-status") names what is wrong. */
export function validateTimedStatus(definition: unknown): TimedStatusDefinition {
  if (typeof definition !== "object" || definition === null) refuse("a timed status must be an object");
  const d = definition as Partial<TimedStatusDefinition>;
  const id = requireText(d.id, "a timed status's id");
  requireText(d.status, `the status of timed status "${id}"`);
  if (d.labelKey !== undefined) requireText(d.labelKey, `the label of timed status "${id}"`);
  checkDuration(id, d.duration);
  checkEnd(id, d.end);
  return definition as TimedStatusDefinition;
}

/**
 * Registers a ruleset's timed statuses (call it when the ruleset's module
 * loads, as `registerRuleset`). Each is checked; a chain (`replaceTimed`)
 * must name a timed status of this call or one registered before, and must
 * not come back to itself. Nothing is registered if one is refused.
 * Registering an id again replaces it.
 */
export function registerTimedStatuses(list: readonly TimedStatusDefinition[]): void {
  const next = new Map(definitions);
  for (const definition of list) {
    const checked = validateTimedStatus(definition);
    next.set(checked.id, Object.freeze({ ...checked, duration: Object.freeze({ ...checked.duration }) }));
  }
  for (const definition of next.values()) {
    const seen = new Set<string>([definition.id]);
    let end = definition.end;
    while (end.kind === "replaceTimed") {
      const following = next.get(end.timedStatus);
      if (!following)
        refuse(
          `timed status "${definition.id}" is followed by "${end.timedStatus}", which is not registered`,
          {
            id: definition.id,
            next: end.timedStatus,
          },
        );
      if (seen.has(following.id))
        refuse(`timed status "${definition.id}" comes back to "${following.id}": a chain must end`, {
          id: definition.id,
          next: following.id,
        });
      seen.add(following.id);
      end = following.end;
    }
  }
  definitions.clear();
  for (const [id, definition] of next) definitions.set(id, definition);
}

export function timedStatusDefinition(id: string): TimedStatusDefinition | undefined {
  return definitions.get(id);
}

/** Whether any ruleset registered a timed status: where none did, nothing needs watching. */
export function hasTimedStatuses(): boolean {
  return definitions.size > 0;
}

export function listTimedStatuses(): TimedStatusDefinition[] {
  return [...definitions.values()];
}

/* -------------------------------------------- */
/*  Lengths and clocks                          */
/* -------------------------------------------- */

export type Clock = "rounds" | "seconds";

/** A length on one clock: rounds, or seconds of world time. */
export interface Length {
  readonly clock: Clock;
  readonly amount: number;
}

/** A length given outright (Lunos's choke: "Body minutes"); a whole number of at least 1. */
export function lengthOf(amount: number, unit: TimeUnit): Length {
  if (!Number.isInteger(amount) || amount < 1)
    refuse(`a timed status lasts a whole number of at least 1, got ${String(amount)}`, { amount });
  if (!TIME_UNITS.includes(unit)) refuse(`${String(unit)} is not a unit of time`, { unit });
  return unit === "rounds"
    ? { clock: "rounds", amount }
    : { clock: "seconds", amount: amount * SECONDS_IN[unit] };
}

/** Rolls a definition's duration: the length, and the roll to show. */
export function rollLength(spec: DurationSpec, dice: DiceSource): { length: Length; roll: RolledFormula } {
  const roll = rollFormula(parseDiceFormula(spec.dice), dice);
  return { length: lengthOf(roll.total * (spec.times ?? 1), spec.unit), roll };
}

/** A clock counting combat rounds: it ends when the combat reaches `startRound + rounds`. */
export interface RoundsTimer {
  readonly clock: "rounds";
  readonly combatId: string;
  readonly startRound: number;
  readonly rounds: number;
  /** World time at the start, and the seconds a round lasts: the clock if the combat ends first. */
  readonly startTime: number;
  readonly secondsPerRound: number;
}

/** A clock counting world seconds: it ends when the world time reaches `startTime + seconds`. */
export interface SecondsTimer {
  readonly clock: "seconds";
  readonly startTime: number;
  readonly seconds: number;
}

export type StatusTimer = RoundsTimer | SecondsTimer;

/** A running combat: its id and round. */
export interface CombatClock {
  readonly id: string;
  readonly round: number;
}

export interface TimerStart {
  readonly worldTime: number;
  /** The running combat whose rounds count, or null out of combat. */
  readonly combat: CombatClock | null;
  /** Seconds of world time in a round, above 0. */
  readonly secondsPerRound: number;
}

function requireSecondsPerRound(value: number): number {
  if (!(Number.isFinite(value) && value > 0))
    refuse(`a round must last some seconds, got ${String(value)}`, { secondsPerRound: value });
  return value;
}

/**
 * Starts a clock. Rounds count in the running combat, from the round it is
 * (a status put on in round 3 for 2 rounds ends when round 5 begins); out of
 * combat there are no rounds to count, so they become world seconds.
 */
export function startTimer(length: Length, at: TimerStart): StatusTimer {
  const secondsPerRound = requireSecondsPerRound(at.secondsPerRound);
  if (length.clock === "seconds")
    return { clock: "seconds", startTime: at.worldTime, seconds: length.amount };
  if (at.combat === null)
    return { clock: "seconds", startTime: at.worldTime, seconds: length.amount * secondsPerRound };
  return {
    clock: "rounds",
    combatId: at.combat.id,
    startRound: at.combat.round,
    rounds: length.amount,
    startTime: at.worldTime,
    secondsPerRound,
  };
}

/** The clocks now: the world time, and the round of each combat that still exists. */
export interface TimeNow {
  readonly worldTime: number;
  readonly rounds: Readonly<Record<string, number>>;
}

/** A rounds clock whose combat is gone keeps running on world time, as that many rounds would take. */
function roundOf(timer: RoundsTimer, now: TimeNow): number | undefined {
  return Object.hasOwn(now.rounds, timer.combatId) ? now.rounds[timer.combatId] : undefined;
}

export function hasExpired(timer: StatusTimer, now: TimeNow): boolean {
  return remainingOf(timer, now).amount === 0;
}

/** What is left: rounds while the combat runs, world seconds otherwise; 0 once run out. */
export function remainingOf(timer: StatusTimer, now: TimeNow): Length {
  if (timer.clock === "rounds") {
    const round = roundOf(timer, now);
    if (round !== undefined)
      return { clock: "rounds", amount: Math.max(0, timer.startRound + timer.rounds - round) };
    const end = timer.startTime + timer.rounds * timer.secondsPerRound;
    return { clock: "seconds", amount: Math.max(0, end - now.worldTime) };
  }
  return { clock: "seconds", amount: Math.max(0, timer.startTime + timer.seconds - now.worldTime) };
}

/* -------------------------------------------- */
/*  Expiry                                      */
/* -------------------------------------------- */

/** A timed status as it runs on someone. */
export interface RunningTimedStatus {
  /** The caller's handle for it (an effect's id); given back in the outcome. */
  readonly key: string;
  readonly definition: string;
  readonly timer: StatusTimer;
  /** The running combat a following timed status would count its rounds in (null: world seconds). */
  readonly combat: CombatClock | null;
}

export interface ExpiryOutcome {
  readonly key: string;
  /** The timed statuses that ran out, in order: the running one, then any that followed and ran out too. */
  readonly ended: readonly string[];
  /** A status with no clock that takes its place, or null. */
  readonly status: string | null;
  /** A timed status that starts in its place and still runs, with its clock and the roll of its length. */
  readonly next: {
    readonly definition: string;
    readonly timer: StatusTimer;
    readonly roll: RolledFormula;
  } | null;
}

/** Where the following timed status starts: when this one ended, on the clocks it ran on. */
function startAfter(timer: StatusTimer, running: RunningTimedStatus, now: TimeNow, spr: number): TimerStart {
  if (timer.clock === "rounds" && roundOf(timer, now) !== undefined) {
    const combat = { id: timer.combatId, round: timer.startRound + timer.rounds };
    return { worldTime: now.worldTime, combat, secondsPerRound: spr };
  }
  const end =
    timer.clock === "rounds"
      ? timer.startTime + timer.rounds * timer.secondsPerRound
      : timer.startTime + timer.seconds;
  return { worldTime: end, combat: running.combat, secondsPerRound: spr };
}

/**
 * What happens to the running timed statuses at this moment: one outcome
 * for each that has run out, none for the others. When a long jump of the
 * clock runs out a whole chain (choking, then unconscious, then dead), it
 * is followed to where it stands now; each following length is rolled as
 * it starts. A timed status whose definition is not registered (its
 * ruleset is gone) is left as it is.
 */
export function planExpiry(
  running: readonly RunningTimedStatus[],
  now: TimeNow,
  dice: DiceSource,
  secondsPerRound: number,
): ExpiryOutcome[] {
  const outcomes: ExpiryOutcome[] = [];
  for (const entry of running) {
    let definition = definitions.get(entry.definition);
    if (!definition || !hasExpired(entry.timer, now)) continue;
    let timer = entry.timer;
    const ended: string[] = [];
    let status: string | null = null;
    let next: ExpiryOutcome["next"] = null;
    while (definition) {
      ended.push(definition.id);
      const end: TimedStatusEnd = definition.end;
      if (end.kind === "remove") break;
      if (end.kind === "replace") {
        status = end.status;
        break;
      }
      const following: TimedStatusDefinition = definitions.get(end.timedStatus)!;
      const { length, roll } = rollLength(following.duration, dice);
      timer = startTimer(length, startAfter(timer, entry, now, secondsPerRound));
      if (!hasExpired(timer, now)) {
        next = { definition: following.id, timer, roll };
        break;
      }
      definition = following;
    }
    outcomes.push({ key: entry.key, ended, status, next });
  }
  return outcomes;
}
