import { FoundryDice } from "../chat/foundry-random-dice";
import { localize } from "../config/localize";
import { SYSTEM_ID } from "../config/system";
import type { DiceSource, RolledFormula } from "../rules/kernel/dice";
import { RulesError } from "../rules/kernel/errors";
import {
  type ExpiryOutcome,
  type Length,
  planExpiry,
  rollLength,
  type StatusTimer,
  startTimer,
  type TimedStatusDefinition,
  timedStatusDefinition,
} from "../rules/kernel/timed-status";
import {
  type AnyActor,
  actorsOfTheWorld,
  clockOf,
  combatOf,
  flagOf,
  roundSeconds,
  runningOn,
  TIMED_STATUS_FLAG,
  type TimedStatusFlag,
  timeNow,
} from "./timed-status-effects";

/**
 * What puts timed statuses on and ends them (timed-status-effects.ts reads
 * and watches them). Apart from the start-up set: only the active GM's
 * client of a world whose ruleset has timed statuses ever runs it, loaded
 * by the effect applier or when a clock moves past an end.
 */

/* -------------------------------------------- */
/*  Putting one on                              */
/* -------------------------------------------- */

function definitionOf(id: string): TimedStatusDefinition {
  const definition = timedStatusDefinition(id);
  if (!definition)
    throw new RulesError("invalid-timed-status", `no timed status "${id}" is registered`, { id });
  return definition;
}

/** Foundry's duration fields for a clock. */
function durationOf(timer: StatusTimer, startTurn: number): Record<string, unknown> {
  if (timer.clock === "seconds") return { seconds: timer.seconds, startTime: timer.startTime };
  return {
    rounds: timer.rounds,
    startRound: timer.startRound,
    startTurn,
    combat: timer.combatId,
    startTime: timer.startTime,
  };
}

/** The lang key of a timed status's name: its own, else its status's. */
export function timedLabelKey(definition: TimedStatusDefinition): string {
  const status = (CONFIG.statusEffects ?? []).find((s) => s.id === definition.status) as
    | { name?: string }
    | undefined;
  return definition.labelKey ?? status?.name ?? definition.status;
}

function effectSource(
  definition: TimedStatusDefinition,
  timer: StatusTimer,
  startTurn: number,
  chain?: string,
): object {
  const status = (CONFIG.statusEffects ?? []).find((s) => s.id === definition.status) as
    | { name?: string; img?: string }
    | undefined;
  const flag: TimedStatusFlag = {
    id: definition.id,
    secondsPerRound: timer.clock === "rounds" ? timer.secondsPerRound : roundSeconds(),
    ...(chain ? { chain } : {}),
  };
  return {
    name: localize(timedLabelKey(definition)),
    img: status?.img ?? "icons/svg/aura.svg",
    statuses: [definition.status],
    duration: durationOf(timer, startTurn),
    flags: { [SYSTEM_ID]: { [TIMED_STATUS_FLAG]: flag } },
  };
}

export interface ApplyTimedStatusOptions {
  /** Where the length's dice come from; Foundry's random source when absent. */
  readonly dice?: DiceSource;
  /** A length the ruleset worked out (Lunos's choke: Body minutes), instead of rolling the definition's. */
  readonly length?: Length;
  /** The combat whose rounds count; a started combat the actor fights in when absent, none if null. */
  readonly combat?: Combat.Implementation | null;
}

export interface AppliedTimedStatus {
  readonly effectId: string | null;
  readonly length: Length;
  /** Its name's lang key. */
  readonly labelKey: string;
  /** The roll of the length, null when it was given. */
  readonly roll: RolledFormula | null;
}

/**
 * Puts a registered timed status on an actor: its length rolled (or
 * given), its clock started now. Call it where the ruleset applies its
 * outcomes (on the active GM's client for an actor the player does not
 * own). Each call is its own effect: an actor knocked out twice keeps the
 * status until the later clock runs out.
 */
export async function applyTimedStatus(
  actor: AnyActor,
  definitionId: string,
  options: ApplyTimedStatusOptions = {},
): Promise<AppliedTimedStatus> {
  const definition = definitionOf(definitionId);
  const rolled = options.length ? null : rollLength(definition.duration, options.dice ?? new FoundryDice());
  const length = options.length ?? rolled!.length;
  const combat = options.combat === undefined ? combatOf(actor) : options.combat;
  const timer = startTimer(length, {
    worldTime: game.time?.worldTime ?? 0,
    combat: clockOf(combat),
    secondsPerRound: roundSeconds(),
  });
  const [created] = (await actor.createEmbeddedDocuments("ActiveEffect", [
    effectSource(definition, timer, combat?.turn ?? 0) as never,
  ])) as unknown as ({ id: string | null } | undefined)[];
  return {
    effectId: created?.id ?? null,
    length,
    labelKey: timedLabelKey(definition),
    roll: rolled?.roll ?? null,
  };
}

/* -------------------------------------------- */
/*  Running out                                 */
/* -------------------------------------------- */

/** The definition's status for a replacement, as Foundry's token HUD puts it on (the defeated one as an overlay). */
async function putOn(actor: AnyActor, status: string): Promise<void> {
  const defeated = (CONFIG as { specialStatusEffects?: { DEFEATED?: string } }).specialStatusEffects
    ?.DEFEATED;
  await actor.toggleStatusEffect(status, { active: true, overlay: status === defeated });
}

async function end(actor: AnyActor, outcome: ExpiryOutcome): Promise<void> {
  // Another request of the queue may have ended it already (a round moves both clocks).
  const ending = actor.effects.get(outcome.key);
  if (!ending) return;
  const chain = flagOf(ending)?.chain ?? outcome.key;
  await actor.deleteEmbeddedDocuments("ActiveEffect", [outcome.key]);
  if (outcome.status) await putOn(actor, outcome.status);
  if (outcome.next) {
    const definition = definitionOf(outcome.next.definition);
    await actor.createEmbeddedDocuments("ActiveEffect", [
      effectSource(definition, outcome.next.timer, 0, chain) as never,
    ]);
  }
}

/** The effects of a chain still on the actor: its first one, and those its chain put on after it. */
export function chainEffects(actor: AnyActor, first: string): string[] {
  const ids: string[] = [];
  for (const effect of actor.effects ?? []) {
    if (!effect.id) continue;
    if (effect.id === first || flagOf(effect)?.chain === first) ids.push(effect.id);
  }
  return ids;
}

/** Every status a timed status's chain may put on when it runs out (its `replace` ends). */
export function endStatusesOf(definitionId: string): string[] {
  const statuses: string[] = [];
  const seen = new Set<string>();
  let definition = timedStatusDefinition(definitionId);
  while (definition && !seen.has(definition.id)) {
    seen.add(definition.id);
    if (definition.end.kind === "replace") statuses.push(definition.end.status);
    definition =
      definition.end.kind === "replaceTimed" ? timedStatusDefinition(definition.end.timedStatus) : undefined;
  }
  return statuses;
}

/**
 * Ends every timed status that has run out, on every actor of the world.
 * Runs inside the write queue, on the active GM's client: it reads the
 * documents as the writes before it left them.
 */
export async function expireTimedStatuses(dice: DiceSource = new FoundryDice()): Promise<number> {
  const now = timeNow();
  let ended = 0;
  for (const actor of actorsOfTheWorld()) {
    const running = runningOn(actor);
    if (running.length === 0) continue;
    for (const outcome of planExpiry(running, now, dice, roundSeconds())) {
      await end(actor, outcome);
      ended += 1;
    }
  }
  return ended;
}
