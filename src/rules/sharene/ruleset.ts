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
 * Sharene as the kernel's generic Ruleset. A round (SHA-RND-1, 3 seconds)
 * has three phases, as the text numbers its steps: everyone declares the
 * action they mean to take and rolls initiative by it (SHA-INI-1), then
 * everyone chooses a style of fighting knowing the order (SHA-STY-*), then
 * the attacks come in initiative order, highest first. Only the last takes
 * turns: declarations and styles are made by all at once. Its definition
 * (with the Foundry side, to come) registers it; the core alone does not,
 * so loading it offers no ruleset a world could pick without its table.
 */

export const SHARENE_PHASE_IDS = ["declare", "style", "action"] as const;
export type SharenePhaseId = (typeof SHARENE_PHASE_IDS)[number];

export const SHARENE_PHASES: readonly RulesetPhase[] = phasesWithOneOfTurns<SharenePhaseId>(
  {
    declare: "SHARENE.Phase.Declare",
    style: "SHARENE.Phase.Style",
    action: "SHARENE.Phase.Action",
  },
  "action",
);

/** What the order reads beyond the initiative total: the DEX or AGI the roll added. */
export interface ShareneTurnFacts {
  readonly ability: number;
}

export type ShareneTurnCandidate = TurnCandidate<ShareneTurnFacts>;

/**
 * SHA-INI-1, "The highest result attacks first". A tie goes to the higher
 * DEX or AGI the roll added (the faster fighter); a tie on both acts at
 * once, as one slot (docs/rules/sharene.md, "Initiative ties"). Only the
 * action phase has turns; out-of-action fighters have none.
 */
export function shareneTurnOrder(phaseId: string, candidates: readonly ShareneTurnCandidate[]): TurnSlot[] {
  if (phaseId !== "action") return [];
  return slotsInOrder(candidates, (a, b) => b.orderValue - a.orderValue || b.facts.ability - a.facts.ability);
}

export const shareneRuleset: Ruleset<ShareneTurnFacts> = Object.freeze({
  id: "sharene",
  labelKey: "SHARENE.Ruleset",
  phases: SHARENE_PHASES,
  turnOrder: shareneTurnOrder,
});

/** Its section (SHA) of the other rulesets' clause index. */
export const SHARENE_CLAUSE_INDEX = otherRulesetsClauseIndex("SHA");
