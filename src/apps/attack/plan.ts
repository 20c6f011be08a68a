import type { AttackSetup, SpecialDefenseRecord } from "../../chat/exchange-state";
import type { Enforcement } from "../../config/exchange-settings";
import type { AttackSlot, AttackVerdict } from "../../rules/fangs/attacks";
import {
  DisengageResponse,
  RetreatResponse,
  resolveDisengage,
  resolveRetreatResponse,
  type SpecialDefenseResult,
} from "../../rules/fangs/special-defenses";
import type { TradeResult } from "../../rules/fangs/trades";
import type { AttackAnswers, SpecialChoice } from "./attack-dialog";

/**
 * The decisions between "the user wants to attack" and "roll": what the
 * enforcement setting makes of the rules' verdict, which answers a Retreat
 * or a Disengage leaves the attacker, and the attack's setup from the
 * dialog's answers. Pure; the rules themselves are rules-B's.
 */

export type Gate = "go" | "warn" | "stop";

/**
 * allow: the verdict is not even shown; warn: it is shown and the attack
 * goes on; forbid: it stops the attack, except for the GM, who is warned
 * (the GM runs the table and may overrule).
 */
export function gate(verdict: Pick<AttackVerdict, "allowed"> | null, mode: Enforcement, isGM: boolean): Gate {
  if (verdict === null || verdict.allowed || mode === "allow") return "go";
  if (mode === "forbid" && !isGM) return "stop";
  return "warn";
}

/** The answers rules-B's special defenses give the attacker of a retreating or disengaging target. */
export function specialChoices(targetManeuver: string | null): {
  readonly kind: "retreat" | "disengage";
  readonly legendKey: string;
  readonly choices: SpecialChoice[];
} | null {
  if (targetManeuver === "retreat") {
    return {
      kind: "retreat",
      legendKey: "FANGS.Chat.Dialog.RetreatLegend",
      choices: [
        { id: RetreatResponse.AttackAsItLeaves, labelKey: "FANGS.Rules.Special.RetreatAttackAsItLeaves" },
        { id: RetreatResponse.Chase, labelKey: "FANGS.Rules.Special.RetreatChase" },
        { id: RetreatResponse.Stay, labelKey: "FANGS.Rules.Special.RetreatStay" },
      ],
    };
  }
  if (targetManeuver === "disengage") {
    return {
      kind: "disengage",
      legendKey: "FANGS.Chat.Dialog.DisengageLegend",
      choices: [
        { id: DisengageResponse.Follow, labelKey: "FANGS.Rules.Special.DisengageFollow" },
        { id: DisengageResponse.LetGo, labelKey: "FANGS.Rules.Special.DisengageLetGo" },
      ],
    };
  }
  return null;
}

/** The rules' answer to the chosen response (rules-B), as the card stores it. */
export function specialRecord(
  kind: "retreat" | "disengage",
  response: string,
  situation: {
    readonly attackerId: string;
    readonly targetId: string;
    readonly round: number;
    readonly attackerMv: number;
  },
): SpecialDefenseRecord {
  const result: SpecialDefenseResult =
    kind === "retreat"
      ? resolveRetreatResponse(
          {
            attackerId: situation.attackerId,
            retreaterId: situation.targetId,
            round: situation.round,
            attackerMv: situation.attackerMv,
          },
          response as RetreatResponse,
        )
      : resolveDisengage(
          {
            attackerId: situation.attackerId,
            disengagerId: situation.targetId,
            round: situation.round,
            attackerMv: situation.attackerMv,
          },
          response as DisengageResponse,
        );
  return { kind, response, result };
}

/** The attack's setup from the dialog, the rules' slot and trade, and a special defense's bonus. */
export function attackSetup(input: {
  readonly skill: number;
  readonly answers: AttackAnswers;
  readonly slot: AttackSlot | null;
  readonly trade: TradeResult;
  readonly special: SpecialDefenseRecord | null;
  readonly maneuver: string | null;
  readonly combat: { readonly id: string; readonly round: number; readonly phase: string } | null;
}): AttackSetup {
  const slotModifier = input.slot?.modifier ?? 0;
  const specialModifier = input.special?.result.attackModifier ?? 0;
  const { answers, trade } = input;
  return {
    skill: input.skill,
    situational: answers.situational,
    slotModifier,
    specialModifier,
    trades: {
      attackToDamage: answers.attackToDamage,
      parryToAttack: answers.parryToAttack,
      attackToParry: answers.attackToParry,
      attackModifier: trade.attackModifier,
      extraDamageModifier: trade.extraDamageModifier,
      parryModifier: trade.parryModifier,
      dodgeModifier: trade.dodgeModifier,
    },
    totalModifiers: answers.situational + slotModifier + specialModifier + trade.attackModifier,
    mode: answers.mode,
    subdual: answers.subdual,
    source: input.slot?.source ?? null,
    maneuver: input.maneuver,
    combatId: input.combat?.id ?? null,
    round: input.combat?.round ?? null,
    phase: input.combat?.phase ?? null,
  };
}
