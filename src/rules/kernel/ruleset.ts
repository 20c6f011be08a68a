/**
 * What every ruleset gives the shared layers (combat tracker, chat cards,
 * simulator). FANGS is the first; Lunos, Hand to Hand, Sharene and the
 * reach/holds/firearms rules plug in as sibling folders implementing this.
 * Only what a generic layer needs is here; a ruleset's own API is richer.
 */
export interface RulesetPhase {
  readonly id: string;
  /** Localisation key of the phase name. */
  readonly labelKey: string;
  /** Whether combatants take turns in this phase (a declaration phase may not). */
  readonly takesTurns: boolean;
}

/**
 * One combatant as a ruleset's turn order sees it: what every ruleset
 * needs (who, what it orders by, whether it is out of the fight) and its
 * own facts, typed by the ruleset (FANGS: its declared maneuver, hold,
 * engagement and attacks owed; the kernel never reads them).
 */
export interface TurnCandidate<F = unknown> {
  readonly id: string;
  /** Whatever the ruleset orders by (FANGS: AG, or d20 + AG when the table rolls). */
  readonly orderValue: number;
  /** Defeated or otherwise out of the fight: no turn in any ruleset. */
  readonly outOfAction: boolean;
  /** The ruleset's own facts about the combatant. */
  readonly facts: F;
}

/**
 * One turn of a phase's order: a combatant's id, or the ids of combatants
 * who act at once (Hand to Hand: "in the event of a tie, both fighters
 * react at the same exact time"). FANGS never forms a group.
 */
export type TurnSlot = string | readonly string[];

/**
 * A phase's order as the Combat stores it: every id once, in acting order,
 * and the groups of ids that act at once (each a run of consecutive ids of
 * `order`; a one-id slot is no group).
 */
export function flattenTurnOrder(slots: readonly TurnSlot[]): {
  order: string[];
  groups: string[][];
} {
  const order: string[] = [];
  const groups: string[][] = [];
  for (const slot of slots) {
    if (typeof slot === "string") {
      order.push(slot);
      continue;
    }
    order.push(...slot);
    if (slot.length > 1) groups.push([...slot]);
  }
  return { order, groups };
}

/**
 * The order most rulesets give: the fighters still in the fight, first by
 * `compare` (negative: `a` acts first), and those it cannot tell apart
 * acting at once, as one slot. Entry order only keeps the slots' ids
 * stable; it never puts one fighter before another.
 */
export function slotsInOrder<F>(
  candidates: readonly TurnCandidate<F>[],
  compare: (a: TurnCandidate<F>, b: TurnCandidate<F>) => number,
): TurnSlot[] {
  const sorted = candidates
    .filter((c) => !c.outOfAction)
    .map((c, i) => ({ c, i }))
    .sort((x, y) => compare(x.c, y.c) || x.i - y.i);
  const slots: TurnSlot[] = [];
  let group: string[] = [];
  let last: TurnCandidate<F> | null = null;
  for (const { c } of sorted) {
    if (last && compare(last, c) !== 0) {
      slots.push(group.length === 1 ? group[0]! : group);
      group = [];
    }
    group.push(c.id);
    last = c;
  }
  if (group.length > 0) slots.push(group.length === 1 ? group[0]! : group);
  return slots;
}

/** `F`: the facts its candidates carry (see `TurnCandidate`). */
export interface Ruleset<F = unknown> {
  readonly id: string;
  readonly labelKey: string;
  readonly phases: readonly RulesetPhase[];
  /** Who gets a turn in `phaseId`, in acting order; a group acts at once. */
  turnOrder(phaseId: string, candidates: readonly TurnCandidate<F>[]): TurnSlot[];
}

/**
 * A ruleset's phases in the order its labels list them (each its lang
 * key), only `turnPhase` taking turns: the shape of Sharene's, Lunos's and
 * RHF's rounds (declare or focus first, then one phase of turns).
 */
export function phasesWithOneOfTurns<Id extends string>(
  labels: Readonly<Record<Id, string>>,
  turnPhase: NoInfer<Id>,
): readonly RulesetPhase[] {
  return Object.freeze(
    (Object.entries(labels) as [Id, string][]).map(([id, labelKey]) =>
      Object.freeze({ id, labelKey, takesTurns: id === turnPhase }),
    ),
  );
}

/** The index that holds the clauses of every ruleset but FANGS's, one section per prefix. */
export const OTHER_RULESETS_CLAUSES = "docs/rules/texts/other-rulesets-clauses.md";

/**
 * A ruleset's clause index in that combined index: its section's prefix
 * ("LUN"), which test/meta/clause-coverage.test.ts holds its tests to, read
 * from its definition's `clauseIndex` or, for a core without a definition
 * yet, from the core.
 */
export function otherRulesetsClauseIndex(prefix: string): {
  readonly path: string;
  readonly prefixes: readonly string[];
} {
  return Object.freeze({ path: OTHER_RULESETS_CLAUSES, prefixes: Object.freeze([prefix]) });
}

const registry = new Map<string, Ruleset>();

export function registerRuleset(ruleset: Ruleset): void {
  registry.set(ruleset.id, ruleset);
}

export function getRuleset(id: string): Ruleset | undefined {
  return registry.get(id);
}

export function listRulesets(): Ruleset[] {
  return [...registry.values()];
}
