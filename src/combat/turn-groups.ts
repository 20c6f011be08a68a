/**
 * Turns taken at once (Hand to Hand: "in the event of a tie, both fighters
 * react at the same exact time"). The Combat stores a phase's order as one id per combatant (`system.order`,
 * as FANGS's combats always have) and, beside it, the groups of ids that
 * act together (`system.groups`, each a run of consecutive ids of the
 * order) and the members of the current group that have ended their part
 * (`system.groupEnded`). A ruleset that never forms a group (FANGS) leaves
 * both empty and its stored combats as they were. Foundry's `turn` points
 * at the group's first member, so `combat.combatant` is that one, and the
 * whole group acts until the turn moves past it (docs/rulesets.md,
 * "Simultaneous turns"). Pure: the Combat, the tracker and the request's
 * check read through here.
 */

type Loose = Record<string, unknown>;

/** The stored groups and ended members, shape-checked (malformed entries read as none). */
export interface StoredGroups {
  readonly groups: readonly (readonly string[])[];
  readonly ended: readonly string[];
}

const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === "string" && id !== "") : [];

export function storedGroups(combat: unknown): StoredGroups {
  const system = ((combat as Loose | null)?.system ?? {}) as Loose;
  const groups = Array.isArray(system.groups)
    ? system.groups.map(ids).filter((group) => group.length > 1)
    : [];
  return { groups, ended: ids(system.groupEnded) };
}

/** The ids who act with `id` (itself included, in order): just `[id]` outside any group. */
export function groupOf(groups: readonly (readonly string[])[], id: string): readonly string[] {
  return groups.find((group) => group.includes(id)) ?? [id];
}

/** The combatants acting now: the group of the combatant whose turn it is; none before a turn. */
export function actingNow(combat: unknown): readonly string[] {
  const current = ((combat as Loose | null)?.combatant as Loose | null | undefined)?.id;
  if (typeof current !== "string") return [];
  return groupOf(storedGroups(combat).groups, current);
}

/**
 * The index in `order` of the turn after the one at `turn`: past every
 * member of its group. What a ruleset's planner asks to end a turn.
 */
export function turnAfter(
  order: readonly string[],
  groups: readonly (readonly string[])[],
  turn: number | null,
): number {
  if (turn === null) return 0;
  const id = order[turn];
  if (id === undefined) return turn + 1;
  const group = groupOf(groups, id);
  let next = turn + 1;
  while (next < order.length && group.includes(order[next]!)) next++;
  return next;
}

/**
 * The index in `order` of the turn before the one at `turn`: the first
 * member of the group before it, so a step back never points into the
 * middle of a group. What a ruleset's planner asks for Previous turn.
 */
export function turnBefore(
  order: readonly string[],
  groups: readonly (readonly string[])[],
  turn: number | null,
): number {
  if (turn === null || turn <= 0) return 0;
  const id = order[Math.min(turn, order.length) - 1];
  if (id === undefined) return turn - 1;
  const group = groupOf(groups, id);
  let start = Math.min(turn, order.length) - 1;
  while (start > 0 && group.includes(order[start - 1]!)) start--;
  return start;
}

/**
 * What a plan writes of the groups, or null to leave them (a ruleset that
 * forms none writes nothing, so its update is as before). A plan names its
 * groups when it draws an order; one that does not keeps the stored groups
 * while the order stands (a round action that leaves the pointer), and the
 * ended members while the turn stands too.
 */
export function groupsAfterPlan(
  plan: {
    readonly round: number;
    readonly turn: number | null;
    readonly phase: string;
    readonly order: readonly string[];
    readonly groups?: readonly (readonly string[])[];
  },
  before: {
    readonly round: number;
    readonly turn: number | null;
    readonly phase: string;
    readonly order: readonly string[];
  },
  stored: StoredGroups,
): { groups: string[][]; groupEnded: string[] } | null {
  if (plan.groups === undefined && stored.groups.length === 0 && stored.ended.length === 0) return null;
  const sameOrder =
    plan.round === before.round &&
    plan.phase === before.phase &&
    plan.order.length === before.order.length &&
    plan.order.every((id, i) => before.order[i] === id);
  const groups = plan.groups ?? (sameOrder ? stored.groups : []);
  const ended = sameOrder && plan.turn === before.turn ? stored.ended : [];
  return { groups: groups.map((g) => [...g]), groupEnded: [...ended] };
}
