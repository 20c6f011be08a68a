import type { DiceSource } from "../kernel/dice";
import type { Ruleset, RulesetPhase, TurnCandidate, TurnSlot } from "../kernel/ruleset";
import { orderWithRollOff } from "./order";

/**
 * The reach, holds and firearms core as the kernel's generic Ruleset. A
 * round has two phases: every fighter chooses the area it defends
 * (RHF-DFA-1) all at once, then the fighters act one at a time, the
 * quickest first (round-engine.ts, startRound). Its definition (with the
 * Foundry side, to come) registers it; the core alone does not.
 */

export const RHF_PHASE_IDS = ["focus", "action"] as const;
export type RhfPhaseId = (typeof RHF_PHASE_IDS)[number];

const LABEL: Readonly<Record<RhfPhaseId, string>> = {
  focus: "RHF.Phase.Focus",
  action: "RHF.Phase.Action",
};

export const RHF_PHASES: readonly RulesetPhase[] = Object.freeze(
  RHF_PHASE_IDS.map((id) => Object.freeze({ id, labelKey: LABEL[id], takesTurns: id === "action" })),
);

/** What the order reads beyond Quickness (the candidate's orderValue): the weapon skill. */
export interface RhfTurnFacts {
  readonly weaponSkill: number;
}

export type RhfTurnCandidate = TurnCandidate<RhfTurnFacts>;

/**
 * The order of the action phase, the engine's (startRound): the higher
 * Quickness first, then the higher weapon skill, then a d20 roll-off among
 * those still equal, so the order the candidates are given in never
 * decides; one fighter a slot. The dice are needed only for a tie; a tie
 * without them is a RulesError, as in the engine. Out-of-action fighters
 * have no turn.
 */
export function rhfTurnOrder(
  phaseId: string,
  candidates: readonly RhfTurnCandidate[],
  dice?: DiceSource,
): TurnSlot[] {
  if (phaseId !== "action") return [];
  return orderWithRollOff(
    candidates.filter((c) => !c.outOfAction),
    (a, b) => b.orderValue - a.orderValue || b.facts.weaponSkill - a.facts.weaponSkill,
    dice,
  ).map((c) => c.id);
}

export const rhfRuleset: Ruleset<RhfTurnFacts> = Object.freeze({
  id: "rhf",
  labelKey: "RHF.Ruleset",
  phases: RHF_PHASES,
  turnOrder: rhfTurnOrder,
});

/**
 * Its clause index (the RHF section of the combined index), which
 * test/meta/clause-coverage.test.ts holds its tests to until a definition
 * gives it as its `clauseIndex`.
 */
export const RHF_CLAUSE_INDEX = Object.freeze({
  path: "docs/rules/texts/other-rulesets-clauses.md",
  prefixes: Object.freeze(["RHF"]),
});
