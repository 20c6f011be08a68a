import { FangsCombatant } from "../../../documents/combatant";
import {
  type AttackVerdict,
  type AttackWeapon,
  canTakeFreeAttack,
  type FreeAttackContext,
  type FreeAttackKind,
} from "../../../rules/fangs/attack-checks";
import { emptyAttackCounter } from "../../../rules/fangs/attacks";
import { RulesError } from "../../../rules/kernel/errors";
import { rulesOptions } from "../config/settings";
import { lastFreeAttackRound } from "./attack-round-flag";
import { immobilizedIn } from "./hold-control";
import { actorFacts, combatantSystem, roundAttackerOf } from "./snapshot";

/*
 * Apart from the Combatant document, which start-up loads: only the attack workflow and
 * the exchange card's steps ask this, and both are in FANGS's heavy part
 * (src/on-demand.ts), so the rules core's attack checks load with them.
 */

/**
 * The rules core's word on a free attack (a Charge's, a Dodge Past's second
 * chance) by this actor in this combat, read from its combatant: each one
 * counts toward the round's attacks (NC-ATK-8). Not in the combat: allowed,
 * nothing to count.
 */
export function freeAttackVerdict(
  kind: FreeAttackKind,
  actor: Actor.Implementation | null,
  combat: Combat.Implementation | null,
  weapon?: AttackWeapon,
  skill?: number,
  reach?: FreeAttackContext["reach"],
): AttackVerdict {
  const combatant = FangsCombatant.of(actor, combat);
  const striking = weapon ? { weapon } : {};
  if (!combatant)
    return canTakeFreeAttack({ kind, attacker: null, counter: emptyAttackCounter(), ...striking });
  const system = combatantSystem(combatant);
  const facts = actorFacts(actor);
  const rules = rulesOptions();
  const round = Math.max(1, combat?.round ?? 1);
  try {
    return canTakeFreeAttack({
      kind,
      attacker: roundAttackerOf(system, facts),
      counter: system.attacks,
      outOfAction: facts.outOfAction,
      options: rules,
      // RHF-HLD-2 (the holds module): an immobilized fighter takes no action, a free attack none the less.
      ...(rules?.controlPointsModule === true && immobilizedIn(combat, combatant, rules)
        ? { immobilized: true }
        : {}),
      ...striking,
      ...(reach ? { reach } : {}),
      // RHF-MAT-2 (the multiple attacks module): priced as the round's next attack roll, once its skill is known.
      ...(rules?.multipleAttacksModule === true && skill !== undefined
        ? {
            quickness: {
              ag: facts.ag,
              skill,
              round,
              lastFreeAttackRound: lastFreeAttackRound(combat, combatant.id, round),
            },
          }
        : {}),
    });
  } catch (error) {
    // No maneuver declared: the core knows no attacks for it.
    if (!(error instanceof RulesError)) throw error;
    return { allowed: false, reasonKey: "FANGS.Chat.Attack.NoManeuver", slot: null };
  }
}
