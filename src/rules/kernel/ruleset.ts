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

/** The tracker's view of one combatant at a moment in the round. */
export interface TurnCandidate {
  readonly id: string;
  /** Whatever the ruleset orders by (FANGS: AG, or d20 + AG when the table rolls). */
  readonly orderValue: number;
  readonly maneuver: string | null;
  readonly held: boolean;
  readonly outOfAction: boolean;
  readonly engagedAtRoundStart: boolean;
  readonly engaged: boolean;
  /** Ruleset-specific facts (weapon kinds in hand, extra attacks owed…). */
  readonly facts: Readonly<Record<string, unknown>>;
}

export interface Ruleset {
  readonly id: string;
  readonly labelKey: string;
  readonly phases: readonly RulesetPhase[];
  /** Ids of those who get a turn in `phaseId`, in acting order. */
  turnOrder(phaseId: string, candidates: readonly TurnCandidate[]): string[];
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
