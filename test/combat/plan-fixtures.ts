import type { PlanCombatant } from "../../src/rules/fangs/round-engine";

/**
 * A round-plan combatant for the planner's tests: nobody declared, holding,
 * engaged or out; `extra` sets what a test is about. Every field is present,
 * as the Foundry snapshot builds it.
 */
export function planFighter(id: string, ag: number, extra: Partial<PlanCombatant> = {}): PlanCombatant {
  return {
    id,
    name: id,
    ag,
    initiative: null,
    initiativeRoll: null,
    maneuver: null,
    attackKind: null,
    held: false,
    committed: false,
    actionLost: false,
    outOfAction: false,
    engaged: false,
    engagedAtRoundStart: false,
    postMeleeAttacks: 0,
    offHandInitiativePenalty: false,
    lostManeuver: null,
    mainWeaponKind: null,
    impaled: false,
    ...extra,
  };
}
