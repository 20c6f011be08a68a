import {
  type AttackRestriction,
  attackOnWithdrawal,
  type WithdrawalAnswer,
  wentFirstInAgOrder,
  withdrawalChoice,
} from "../../../rules/fangs/special-defenses";
import { planState } from "./plan-state";
import { actorFacts, combatantSystem } from "./snapshot";

/**
 * The table's question to the rules core about an attack on a retreating or
 * disengaging target (attackOnWithdrawal), built from the combat documents
 * alone: both combatants' maneuvers, the round's AG order and the attacker's
 * MV. The attacker's client asks it to offer the answers; the active GM's
 * client asks it again to record what the answer leaves the attacker.
 */

export interface WithdrawalParties {
  readonly combat: unknown;
  readonly attacker: unknown;
  readonly target: unknown;
  /** The ids the restrictions name: the actors' UUIDs, as the attack's target is captured. */
  readonly attackerId: string;
  readonly targetId: string;
  readonly melee: boolean;
}

function read(obj: unknown, key: string): unknown {
  return obj !== null && typeof obj === "object" ? (obj as Record<string, unknown>)[key] : undefined;
}

function actorOf(combatant: unknown): Actor.Implementation | null {
  const actor = read(combatant, "actor");
  return actor instanceof Actor ? (actor as Actor.Implementation) : null;
}

export function withdrawalAnswerAt(parties: WithdrawalParties): WithdrawalAnswer | null {
  const { combat, attacker, target } = parties;
  if (!combat || !attacker || !target) return null;
  const order = planState(combat).combatants.map((c) => ({ id: c.id, orderValue: c.initiative ?? c.ag }));
  const round = Number(read(combat, "round"));
  return attackOnWithdrawal({
    attackerId: parties.attackerId,
    targetId: parties.targetId,
    round: Number.isInteger(round) && round >= 1 ? round : 1,
    attackerMv: Math.max(0, Math.trunc(actorFacts(actorOf(attacker)).mv)),
    attackerManeuver: combatantSystem(attacker).maneuver,
    targetManeuver: combatantSystem(target).maneuver,
    melee: parties.melee,
    targetWentFirst: wentFirstInAgOrder(order, String(read(target, "id")), String(read(attacker, "id"))),
  });
}

/**
 * What the answer leaves the attacker, for the active GM to store: the
 * attacker's pick when it is one of the choices and agrees with what the
 * card did (an attack card cannot claim an answer that makes no attack, nor
 * a declined card one that attacks); otherwise every choice's restrictions,
 * so that skipping or mislabelling the question never leaves the attacker
 * freer than answering it.
 */
export function withdrawalRestrictions(
  answer: WithdrawalAnswer | null,
  response: string | null,
  attacked?: boolean,
): AttackRestriction[] {
  if (!answer) return [];
  const chosen = withdrawalChoice(answer, response);
  if (chosen && (attacked === undefined || chosen.result.mayAttack === attacked))
    return [...chosen.result.restrictions];
  return answer.choices.flatMap((c) => c.result.restrictions);
}
