import { freshPlanCombatant, type PlanCombatant } from "../../src/rules/fangs/round-engine";

/**
 * A round-plan combatant for the planner's tests: nobody declared, holding,
 * engaged or out; `extra` sets what a test is about. Every field is present,
 * as the Foundry snapshot builds it.
 */
export function planFighter(id: string, ag: number, extra: Partial<PlanCombatant> = {}): PlanCombatant {
  return { ...freshPlanCombatant(id, id, ag), ...extra };
}
