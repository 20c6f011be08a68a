import { type Ruleset, type RulesetPhase, registerRuleset } from "../kernel/ruleset";
import { type FangsTurnCandidate, type FangsTurnFacts, phaseTurnOrder } from "./phase-order";
import { PHASE_IDS, type PhaseId } from "./types";

/**
 * FANGS Normal Combat as the kernel's generic Ruleset: what the combat
 * tracker and the duel simulator drive a round with. The four phases of
 * NC-RND-1; every one takes turns (the Initiative phase is where actions are
 * stated and moves made, in AG order, NC-RND-3).
 */

const PHASE_LABEL: Readonly<Record<PhaseId, string>> = {
  initiative: "FANGS.Rules.Phase.Initiative",
  missile: "FANGS.Rules.Phase.Missile",
  melee: "FANGS.Rules.Phase.Melee",
  postMelee: "FANGS.Rules.Phase.PostMelee",
};

export const FANGS_PHASES: readonly RulesetPhase[] = Object.freeze(
  PHASE_IDS.map((id) => Object.freeze({ id, labelKey: PHASE_LABEL[id], takesTurns: true })),
);

/** One combatant a turn each, never a group: ties keep NC-RND-3's order (phaseTurnOrder). */
export const fangsRuleset: Ruleset<FangsTurnFacts> = Object.freeze({
  id: "fangs",
  labelKey: "FANGS.Rules.Ruleset.Fangs",
  phases: FANGS_PHASES,
  turnOrder(phaseId: string, candidates: readonly FangsTurnCandidate[]): string[] {
    return phaseTurnOrder(phaseId, candidates);
  },
});

registerRuleset(fangsRuleset);
