import type { DiceSource } from "../kernel/dice";
import {
  otherRulesetsClauseIndex,
  phasesWithOneOfTurns,
  type Ruleset,
  type RulesetPhase,
  type TurnCandidate,
  type TurnSlot,
} from "../kernel/ruleset";
import { type RhfRules, resolveRhfOptions } from "./config";
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

export const RHF_PHASES: readonly RulesetPhase[] = phasesWithOneOfTurns<RhfPhaseId>(
  {
    focus: "RHF.Phase.Focus",
    action: "RHF.Phase.Action",
  },
  "action",
);

/** What the order reads beyond Quickness (the candidate's orderValue): the weapon skill. */
export interface RhfTurnFacts {
  readonly weaponSkill: number;
}

export type RhfTurnCandidate = TurnCandidate<RhfTurnFacts>;

/**
 * The order of the action phase, the engine's (startRound, by the same
 * code): the higher Quickness first, then the higher weapon skill, then a
 * roll-off among those still equal, the tied rolling in the order of their
 * ids, so the order the candidates are given in never decides. With dice
 * (the table's own call) the roll-off is made here, one fighter a slot;
 * through the kernel's interface, which has none, the tied come back as
 * one slot for the table to roll off. Out-of-action fighters have no turn.
 */
export function rhfTurnOrder(
  phaseId: string,
  candidates: readonly RhfTurnCandidate[],
  dice?: DiceSource,
  options?: Partial<RhfRules>,
): TurnSlot[] {
  if (phaseId !== "action") return [];
  const rules = resolveRhfOptions(options);
  return orderWithRollOff(
    candidates.filter((c) => !c.outOfAction),
    (a, b) => b.orderValue - a.orderValue || b.facts.weaponSkill - a.facts.weaponSkill,
    (c) => c.id,
    dice,
    rules.rollOffDie,
    "group",
  ).map((slot) => (slot.length === 1 ? slot[0]!.id : slot.map((c) => c.id)));
}

export const rhfRuleset: Ruleset<RhfTurnFacts> = Object.freeze({
  id: "rhf",
  labelKey: "RHF.Ruleset",
  phases: RHF_PHASES,
  turnOrder: rhfTurnOrder,
});

/** Its section (RHF) of the other rulesets' clause index. */
export const RHF_CLAUSE_INDEX = otherRulesetsClauseIndex("RHF");
