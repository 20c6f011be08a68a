import type { AttackVerdict } from "../../../../rules/fangs/attack-checks";
import type { AttackSlot } from "../../../../rules/fangs/attacks";
import { type WithdrawalAnswer, withdrawalChoice } from "../../../../rules/fangs/special-defenses";
import type { TradeLimit, TradeResult } from "../../../../rules/fangs/trades";
import type { RulesError } from "../../../../rules/kernel/errors";
import type { AttackSetup, SpecialDefenseRecord } from "../../chat/exchange-state";
import type { Enforcement } from "../../config/exchange-settings";
import type { AttackAnswers, SpecialChoice } from "./attack-dialog";

/**
 * The decisions between "the user wants to attack" and "roll": what the
 * enforcement setting makes of the rules' verdict, which answers a Retreat
 * or a Disengage leaves the attacker, and the attack's setup from the
 * dialog's answers. Pure; the rules themselves are the rules core's.
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

/**
 * The answers the attacker must choose among (the rules core's
 * attackOnWithdrawal), or null when there is nothing to choose: no withdrawal,
 * or one answer only (the attacker struck first).
 */
export function specialChoices(answer: WithdrawalAnswer | null): {
  readonly kind: "retreat" | "disengage";
  readonly legendKey: string;
  readonly choices: SpecialChoice[];
} | null {
  if (!answer || answer.choices.length < 2) return null;
  return {
    kind: answer.kind,
    legendKey: answer.legendKey,
    choices: answer.choices.map((c) => ({ id: c.response, labelKey: c.result.noteKey })),
  };
}

/**
 * The card's record of the answer: the only one, or the attacker's pick;
 * null when there is no withdrawal or the pick is not one of the choices.
 */
export function specialRecord(
  answer: WithdrawalAnswer | null,
  response: string | null,
): SpecialDefenseRecord | null {
  if (!answer) return null;
  const chosen = withdrawalChoice(answer, response);
  return chosen ? { kind: answer.kind, response: chosen.response, result: chosen.result } : null;
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
  /** The shot's number in the attacker's round (the recoil module); 1 when not given. */
  readonly shot?: number;
  /** The bonus the attacker's aim earned (the aiming module); 0 when not given. */
  readonly aimBonus?: number;
  /** The range the blow is struck at (the reach module); absent when not read. */
  readonly reach?: AttackSetup["reach"];
}): AttackSetup {
  const slotModifier = input.slot?.modifier ?? 0;
  const specialModifier = input.special?.result.attackModifier ?? 0;
  const { answers, trade } = input;
  const shot = input.shot ?? 1;
  const aimBonus = input.aimBonus ?? 0;
  return {
    ...(shot > 1 ? { shot } : {}),
    ...(aimBonus > 0 ? { aimBonus } : {}),
    ...(input.reach ? { reach: input.reach } : {}),
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

const TRADE_REFUSALS: Readonly<Record<TradeLimit, string>> = {
  shape: "FANGS.Chat.Trade.Refusal.Other",
  bothWays: "FANGS.Chat.Trade.Refusal.BothWays",
  attackBought: "FANGS.Chat.Trade.Refusal.AttackBought",
  missileDamage: "FANGS.Chat.Trade.Refusal.MissileDamage",
  damageCap: "FANGS.Chat.Trade.Refusal.DamageCap",
  parryBought: "FANGS.Chat.Trade.Refusal.ParryBought",
  attackCap: "FANGS.Chat.Trade.Refusal.AttackCap",
  parryCap: "FANGS.Chat.Trade.Refusal.ParryCap",
};

/**
 * The player's words for the rules core's refusal of a trade: a lang key
 * and its figures, from the limit the refusal names (never its message,
 * which is written for developers).
 */
export function tradeRefusal(error: Pick<RulesError, "details">): {
  readonly key: string;
  readonly data: Readonly<Record<string, string>>;
} {
  const d = error.details;
  const limit = d.limit as TradeLimit | undefined;
  let key = (limit && TRADE_REFUSALS[limit]) || "FANGS.Chat.Trade.Refusal.Other";
  if (limit === "attackCap" && d.boughtOnly === true) key = "FANGS.Chat.Trade.Refusal.AttackCapBought";
  const data: Record<string, string> = {};
  for (const name of ["bought", "cap", "base"] as const) {
    if (typeof d[name] === "number") data[name] = String(d[name]);
  }
  return { key, data };
}
