import {
  otherRulesetsClauseIndex,
  phasesWithOneOfTurns,
  type Ruleset,
  type RulesetPhase,
  slotsInOrder,
  type TurnCandidate,
  type TurnSlot,
} from "../kernel/ruleset";

/**
 * Lunos as the kernel's generic Ruleset. A round (LUN-RND-1, 6 seconds)
 * has two phases: everyone declares the round's actions knowing the
 * initiative order, all at once; then the attacks come in that order
 * (LUN-RND-2), most successes first. Its definition (with the Foundry
 * side, to come) registers it; the core alone does not, so loading it
 * offers no ruleset a world could pick without its table.
 */

export const LUNOS_PHASE_IDS = ["declare", "attack"] as const;
export type LunosPhaseId = (typeof LUNOS_PHASE_IDS)[number];

export const LUNOS_PHASES: readonly RulesetPhase[] = phasesWithOneOfTurns<LunosPhaseId>(
  {
    declare: "LUNOS.Phase.Declare",
    attack: "LUNOS.Phase.Attack",
  },
  "attack",
);

/** What the order reads beyond the initiative successes: Reflexes, and a roll-off between fighters tied on both. */
export interface LunosTurnFacts {
  readonly reflexes: number;
  /** The place the luck dice of a roll-off (`initiativeTie: "rollOff"`) give, higher first; 0 when none was rolled. */
  readonly rollOff: number;
}

export type LunosTurnCandidate = TurnCandidate<LunosTurnFacts>;

/**
 * LUN-RND-2: most initiative successes first, then the higher Reflexes,
 * then a roll-off if one was rolled; still tied, the fighters act at once,
 * as one slot (docs/rules/lunos.md, "Initiative"). Only the attack phase
 * has turns; out-of-action fighters have none.
 */
export function lunosTurnOrder(phaseId: string, candidates: readonly LunosTurnCandidate[]): TurnSlot[] {
  if (phaseId !== "attack") return [];
  return slotsInOrder(
    candidates,
    (x, y) =>
      y.orderValue - x.orderValue || y.facts.reflexes - x.facts.reflexes || y.facts.rollOff - x.facts.rollOff,
  );
}

export const lunosRuleset: Ruleset<LunosTurnFacts> = Object.freeze({
  id: "lunos",
  labelKey: "LUNOS.Ruleset",
  phases: LUNOS_PHASES,
  turnOrder: lunosTurnOrder,
});

/** Its section (LUN) of the other rulesets' clause index. */
export const LUNOS_CLAUSE_INDEX = otherRulesetsClauseIndex("LUN");
