import type { DiceSource } from "../kernel/dice";
import { RulesError, requireInteger } from "../kernel/errors";
import { InitiativeMode } from "./phase-order";

/**
 * The FANGS round (NC-RND-1 … -9, NC-ATK-1, -2, -6, -7): four phases; in
 * each, combatants act in AG order, highest first; holds; the d20 + AG
 * roll-off between two holders; the optional rolled initiative.
 *
 * Ties: equal values keep the order the caller gave (the tracker's order,
 * which the GM can drag), after a higher AG when initiative is rolled. The
 * text gives no tie-break for AG order; a stable order never reshuffles two
 * equal fighters from one round to the next.
 */

/* -------------------------------------------- */
/*  Initiative (NC-RND-3, NC-RND-8)             */
/* -------------------------------------------- */

// What start-up reads of the round (the phases' acting order, a hold's maneuver, the initiative
// modes: the tracker, the kernel's ruleset) is ./phase-order.ts.
export {
  canActFromHold,
  type FangsTurnCandidate,
  type FangsTurnFacts,
  InitiativeMode,
  isPhaseId,
  OFF_HAND_INITIATIVE_PENALTY,
  phaseTurnOrder,
} from "./phase-order";

export interface InitiativeEntry {
  readonly id: string;
  readonly ag: number;
}

export interface InitiativeScore {
  readonly id: string;
  readonly ag: number;
  /** The d20 rolled, or null in AG order. */
  readonly roll: number | null;
  /** What the round orders by: AG, or d20 + AG. */
  readonly value: number;
}

export interface InitiativeRequest {
  readonly mode: InitiativeMode;
  /** 1 for the first round. */
  readonly round: number;
  /** Last round's scores: "once per combat" keeps them. */
  readonly previous?: readonly InitiativeScore[];
}

function validateEntries(entries: readonly InitiativeEntry[]): void {
  if (!Array.isArray(entries))
    throw new RulesError("invalid-value", "combatants must be a list", { entries });
  const seen = new Set<string>();
  for (const entry of entries) {
    if (typeof entry?.id !== "string" || entry.id === "") {
      throw new RulesError("invalid-value", "every combatant needs an id", { entry });
    }
    if (seen.has(entry.id))
      throw new RulesError("invalid-value", `combatant ${entry.id} is listed twice`, { entry });
    seen.add(entry.id);
    requireInteger(entry.ag, `AG of ${entry.id}`, 0);
  }
}

/** Higher value first, then higher AG; equal stays in the given order (Array.prototype.sort is stable). */
export function compareInitiative(a: InitiativeScore, b: InitiativeScore): number {
  return b.value - a.value || b.ag - a.ag;
}

/**
 * The round's initiative scores in acting order. Dice are rolled in the
 * order the combatants are given, one d20 each, and only when the mode
 * rolls (once per combat: in round 1 and for anyone new since).
 */
export function initiativeScores(
  entries: readonly InitiativeEntry[],
  request: InitiativeRequest,
  dice?: DiceSource,
): InitiativeScore[] {
  validateEntries(entries);
  const round = requireInteger(request?.round, "round", 1);
  const mode = request.mode;
  if (!Object.values(InitiativeMode).includes(mode)) {
    throw new RulesError(
      "invalid-value",
      `initiative mode must be agility, rollEachRound or rollOncePerCombat`,
      {
        mode,
      },
    );
  }
  const kept = new Map((request.previous ?? []).map((score) => [score.id, score]));
  const scores = entries.map((entry): InitiativeScore => {
    if (mode === InitiativeMode.Agility) return { id: entry.id, ag: entry.ag, roll: null, value: entry.ag };
    const previous = kept.get(entry.id);
    if (mode === InitiativeMode.RollOncePerCombat && round > 1 && previous?.roll != null) {
      return { id: entry.id, ag: entry.ag, roll: previous.roll, value: previous.roll + entry.ag };
    }
    if (!dice) throw new RulesError("invalid-state", "rolled initiative needs dice", { mode });
    const roll = dice.roll(20);
    return { id: entry.id, ag: entry.ag, roll, value: roll + entry.ag };
  });
  return scores.sort(compareInitiative);
}

/* -------------------------------------------- */
/*  Holds (NC-RND-4 … -7)                       */
/* -------------------------------------------- */

/**
 * The order after a holder breaks its hold to act right before `beforeId`
 * (pre-empting or interrupting a slower combatant, NC-RND-4); null: last.
 */
export function insertHeldTurn(
  order: readonly string[],
  holderId: string,
  beforeId: string | null,
): string[] {
  const rest = order.filter((id) => id !== holderId);
  if (beforeId === null) return [...rest, holderId];
  const at = rest.indexOf(beforeId);
  if (at < 0) throw new RulesError("invalid-value", `${beforeId} is not in this phase's order`, { beforeId });
  return [...rest.slice(0, at), holderId, ...rest.slice(at)];
}

/**
 * Whether a combatant may have a turn in a phase at all: not one who holds
 * (NC-RND-4: it acts when it breaks the hold) nor one out of the fight
 * (NC-ATK-2).
 */
export function awaitsTurn(combatant: { readonly held: boolean; readonly outOfAction: boolean }): boolean {
  return !combatant.held && !combatant.outOfAction;
}

/** A holder in a hold's break: `brokeHold` when it broke its own hold this round. */
export interface HoldBreaker {
  readonly id: string;
  readonly ag: number;
  readonly brokeHold: boolean;
}

export interface HoldBreakSides<T extends HoldBreaker> {
  /**
   * Breakers faster than the holder acting now: they break in on a slower
   * combatant (NC-RND-4) and act before it with no roll against it.
   */
  readonly ahead: T[];
  /** Who rolls off against each other (NC-RND-6); the acting holder first when it is one of them. */
  readonly contenders: T[];
  /** The holder acting now whose turn the breakers break into; null when there is none. */
  readonly interrupted: T | null;
}

/**
 * NC-RND-6: who rolls off when holders break in. "To pre-empt or interrupt
 * a faster AG who has also held and is now acting": the one acting now
 * counts when it broke a hold this round and is not among the breakers
 * (`interrupted`). A breaker of lower or equal AG rolls off with it; a
 * faster one breaks in on a slower combatant (NC-RND-4) and goes first
 * without a roll against it (`ahead`). Holders breaking together roll off
 * among themselves (the faster ones among themselves, when some are ahead).
 */
export function holdBreakContenders<T extends HoldBreaker>(
  breakers: readonly T[],
  actingNow: T | null | undefined,
): HoldBreakSides<T> {
  const interrupted =
    actingNow?.brokeHold === true && !breakers.some((b) => b.id === actingNow.id) ? actingNow : null;
  if (!interrupted) return { ahead: [], contenders: [...breakers], interrupted: null };
  const ahead = breakers.filter((b) => b.ag > interrupted.ag);
  const rollers = breakers.filter((b) => b.ag <= interrupted.ag);
  return { ahead, contenders: rollers.length > 0 ? [interrupted, ...rollers] : [], interrupted };
}

export interface RollOffRoll {
  readonly id: string;
  readonly ag: number;
  readonly roll: number;
  readonly total: number;
  /** 1 for the first roll-off; ties roll again among the tied (2, 3…). */
  readonly attempt: number;
}

export interface RollOffResult {
  /** Who acts first, second… Every one of them must still act (NC-RND-6). */
  readonly order: readonly string[];
  readonly rolls: readonly RollOffRoll[];
}

/**
 * NC-RND-6: holders acting at once each roll d20 + AG; highest acts first.
 * Equal totals roll again among themselves (the text names no tie-break).
 * Dice: one d20 per contender in the given order, then one per tied
 * contender per re-roll.
 */
export function resolveHoldRollOff(contenders: readonly InitiativeEntry[], dice: DiceSource): RollOffResult {
  validateEntries(contenders);
  if (contenders.length < 2) {
    throw new RulesError("invalid-value", "a roll-off needs at least two holders", { contenders });
  }
  const rolls: RollOffRoll[] = [];
  const order: string[] = [];
  const settle = (group: readonly InitiativeEntry[], attempt: number): void => {
    if (attempt > 100) throw new RulesError("invalid-state", "the roll-off never separated the holders", {});
    const rolled = group.map((entry) => {
      const roll = dice.roll(20);
      const r: RollOffRoll = { id: entry.id, ag: entry.ag, roll, total: roll + entry.ag, attempt };
      rolls.push(r);
      return r;
    });
    const totals = [...new Set(rolled.map((r) => r.total))].sort((a, b) => b - a);
    for (const total of totals) {
      const tied = group.filter((_, i) => rolled[i]!.total === total);
      if (tied.length === 1) order.push(tied[0]!.id);
      else settle(tied, attempt + 1);
    }
  };
  settle(contenders, 1);
  return Object.freeze({ order: Object.freeze(order), rolls: Object.freeze(rolls) });
}

/** Whether a hold's break needs dice: two or more of one group act at once. */
export function holdBreakRolls(sides: HoldBreakSides<HoldBreaker>): boolean {
  return sides.ahead.length > 1 || sides.contenders.length > 1;
}

/**
 * The order a hold's break acts in: the faster breakers first (rolled off
 * among themselves when more than one), then the roll-off with the acting
 * holder, or that holder alone when nobody contests it. `rolls` holds every
 * die rolled; null when nobody rolled.
 */
export function resolveHoldBreak(
  sides: HoldBreakSides<HoldBreaker>,
  dice: DiceSource | null | undefined,
): { readonly order: readonly string[]; readonly rollOff: RollOffResult | null } {
  const rolled: RollOffResult[] = [];
  const settle = (group: readonly HoldBreaker[]): string[] => {
    if (group.length < 2) return group.map((b) => b.id);
    if (!dice) throw new RulesError("invalid-value", "a roll-off needs dice", { group });
    const result = resolveHoldRollOff(
      group.map((b) => ({ id: b.id, ag: b.ag })),
      dice,
    );
    rolled.push(result);
    return [...result.order];
  };
  const rest = sides.contenders.length > 0 ? sides.contenders : sides.interrupted ? [sides.interrupted] : [];
  const order = [...settle(sides.ahead), ...settle(rest)];
  const rollOff =
    rolled.length === 0
      ? null
      : Object.freeze({
          order: Object.freeze(rolled.flatMap((r) => r.order)),
          rolls: Object.freeze(rolled.flatMap((r) => r.rolls)),
        });
  return Object.freeze({ order: Object.freeze(order), rollOff });
}
