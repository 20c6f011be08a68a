import type { CombatActionDefinition, TurnPlan } from "../../src/combat/table-ruleset";
import { storedGroups, turnAfter, turnBefore } from "../../src/combat/turn-groups";
import { flattenTurnOrder, type TurnCandidate, type TurnSlot } from "../../src/rules/kernel/ruleset";

/**
 * The toy's turn order, which proves turns taken at once: fighters tied on
 * their order value act together, as Hand to Hand's tie does. The toy's
 * planner (./toy-ruleset.ts) stores each phase's order with its groups and
 * moves past a whole group at once.
 */

/** What the toy's turn order and new round read of a fighter beyond the kernel's fields. */
export interface ToyFacts {
  /** Lunged this round (./toy-table.ts): −2 dice next round. */
  readonly lunged: boolean;
}

export type ToyCandidate = TurnCandidate<ToyFacts>;

/** Highest order value first; fighters on the same value form one group. Out of the fight: no turn. */
export function toyTurnOrder(_phaseId: string, candidates: readonly ToyCandidate[]): TurnSlot[] {
  const byValue = new Map<number, string[]>();
  for (const c of candidates) {
    if (c.outOfAction) continue;
    const tied = byValue.get(c.orderValue) ?? [];
    tied.push(c.id);
    byValue.set(c.orderValue, tied);
  }
  return [...byValue.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, ids]) => (ids.length === 1 ? ids[0]! : ids.sort((a, b) => a.localeCompare(b))));
}

/** A phase's order as the Combat stores it: one id a fighter, and the groups. */
export function toyPhaseOrder(order: readonly TurnSlot[]): {
  order: string[];
  groups: string[][];
  turn: number | null;
} {
  const flat = flattenTurnOrder(order);
  return { ...flat, turn: flat.order.length > 0 ? 0 : null };
}

/** The stored groups, for the toy's snapshot. */
export function toyGroups(combat: unknown): readonly (readonly string[])[] {
  return storedGroups(combat).groups;
}

/** The turn after the current one: past its whole group. */
export function toyNextTurn(state: {
  readonly order: readonly string[];
  readonly groups: readonly (readonly string[])[];
  readonly turn: number | null;
}): number {
  return turnAfter(state.order, state.groups, state.turn);
}

/** The turn before the current one: the start of the group before it. */
export function toyPreviousTurn(state: {
  readonly order: readonly string[];
  readonly groups: readonly (readonly string[])[];
  readonly turn: number | null;
}): number {
  return turnBefore(state.order, state.groups, state.turn);
}

/**
 * The toy's action a fighter takes on its own turn only, the Strike (owner
 * "current"): during a group's turn any member's owner may strike for it,
 * no one else. It marks the striker (the toy's `declared` flag).
 */
export const TOY_TURN_ACTIONS: Readonly<Record<string, CombatActionDefinition>> = Object.freeze({
  strike: { owner: "current" },
});

export const toyTurnPlannedActions = {
  strike(
    state: { round: number; turn: number | null; phase: string; order: readonly string[] },
    ids: readonly string[],
  ): TurnPlan {
    return {
      round: state.round,
      turn: state.turn,
      phase: state.phase,
      order: state.order,
      combatants: ids.map((id) => ({ _id: id, system: { declared: true } })),
      newRound: false,
    };
  },
};
