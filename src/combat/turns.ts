import type { TurnPlan } from "./table-ruleset";

/**
 * The two pure pieces of the Combat document: the order of its turn list and
 * the shape of the one update a plan makes. Kept apart from the document so
 * tests and benchmarks run them without Foundry.
 */

/** Turn-list order: the phase's acting order first, then by initiative, name, id. */
export function compareForTurns(
  a: { id: string | null; name?: string | null; initiative: number | null },
  b: { id: string | null; name?: string | null; initiative: number | null },
  rank: ReadonlyMap<string, number> | null,
): number {
  const ra = rank?.get(a.id ?? "") ?? Number.POSITIVE_INFINITY;
  const rb = rank?.get(b.id ?? "") ?? Number.POSITIVE_INFINITY;
  if (ra !== rb) return ra < rb ? -1 : 1;
  const ia = a.initiative ?? Number.NEGATIVE_INFINITY;
  const ib = b.initiative ?? Number.NEGATIVE_INFINITY;
  if (ia !== ib) return ib > ia ? 1 : -1;
  return (a.name ?? "").localeCompare(b.name ?? "") || (a.id ?? "").localeCompare(b.id ?? "");
}

/** The one Combat update a plan makes, as `planToUpdate` shapes it. */
export interface PlanUpdate {
  round: number;
  turn: number | null;
  system: {
    phase: string;
    order: string[];
    records?: Record<string, unknown>;
    groups?: string[][];
    groupEnded?: string[];
  };
  combatants?: { _id: string; system?: Record<string, unknown>; initiative?: number | null }[];
}

/**
 * The one Combat update a plan makes: pointer, phase, order and every
 * combatant's reset together; with `records` (the ruleset's GM-only copy of
 * its combatants' state once the plan's change is applied, FANGS:
 * `{ records }`, src/rulesets/fangs/combat/record.ts), in the same update; with `groups`
 * (`groupsAfterPlan`, src/combat/turn-groups.ts), the turns taken at once.
 */
export function planToUpdate(
  plan: TurnPlan,
  combatantIds: readonly string[],
  records?: Readonly<Record<string, unknown>>,
  groups?: { groups: string[][]; groupEnded: string[] } | null,
): PlanUpdate {
  const update: PlanUpdate = {
    round: plan.round,
    turn: plan.turn,
    system: {
      phase: plan.phase,
      order: [...plan.order],
      ...(records && plan.combatants.length > 0 ? records : {}),
      ...(groups ?? {}),
    },
  };
  if (plan.combatants.length > 0) {
    const changes = new Map(plan.combatants.map((c) => [c._id, c]));
    // Every combatant is listed, each with only what changes (the shape Foundry merges by _id).
    update.combatants = combatantIds.map((id) => {
      const change = changes.get(id);
      if (!change) return { _id: id };
      return change.initiative === undefined
        ? { _id: id, system: change.system }
        : { _id: id, system: change.system, initiative: change.initiative };
    });
  }
  return update;
}
