import {
  otherRulesetsClauseIndex,
  type Ruleset,
  type RulesetPhase,
  slotsInOrder,
  type TurnCandidate,
  type TurnSlot,
} from "../kernel/ruleset";

/**
 * Hand to Hand as the kernel's generic Ruleset. A melee round (15 s,
 * H2H-TRM-7) is one phase of exchanges; each exchange's order comes from
 * its initiative (H2H-INI-1): the higher acts first, and a tie acts at the
 * same time, as one slot. Its definition (with the Foundry side, to come)
 * registers it; the core alone does not.
 */

export const H2H_PHASES: readonly RulesetPhase[] = Object.freeze([
  Object.freeze({ id: "melee", labelKey: "H2H.Phase.Melee", takesTurns: true }),
]);

/** The order reads only the initiative total. */
export type H2hTurnCandidate = TurnCandidate<null>;

/** H2H-INI-1: highest initiative first; equal totals act at once. */
export function h2hTurnOrder(phaseId: string, candidates: readonly H2hTurnCandidate[]): TurnSlot[] {
  if (phaseId !== "melee") return [];
  return slotsInOrder(candidates, (a, b) => b.orderValue - a.orderValue);
}

export const h2hRuleset: Ruleset<null> = Object.freeze({
  id: "h2h",
  labelKey: "H2H.Ruleset",
  phases: H2H_PHASES,
  turnOrder: h2hTurnOrder,
});

/** Its section (H2H) of the other rulesets' clause index. */
export const H2H_CLAUSE_INDEX = otherRulesetsClauseIndex("H2H");
