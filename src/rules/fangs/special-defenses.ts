import type { Effect } from "../kernel/effects";
import { poolTotal } from "../kernel/effects";
import { RulesError, requireInteger } from "../kernel/errors";
import { type AttackRestriction, dodgePastSecondChanceFor, restrictionActive } from "./attacks";
import type { FangsOptions } from "./config";
import { halfMovePaces } from "./maneuvers";
import { type ManeuverId, SuccessLevel } from "./types";

/**
 * Special defenses (NC-SPD-1 … -3, NC-MAN-9, NC-MAN-12, NC-MAN-16,
 * NC-DEF-4): what a Retreat, a Disengage, a Charge that fails and a dodge
 * past leave the attacker, as plain data the tracker keeps until it expires.
 */

// The restrictions live with the round's attacks, which the tracker reads at start-up.
export type { AttackRestriction };
export { restrictionActive };

/** Whether the attacker may Charge or Engage `targetId` in `round` under its restrictions. */
export function mayCloseWith(
  restrictions: readonly AttackRestriction[],
  targetId: string,
  round: number,
  how: "charge" | "engage",
): boolean {
  return !restrictions.some((r) => {
    if (!restrictionActive(r, round)) return false;
    if (r.kind === "noCharge") return how === "charge" && r.targetId === targetId;
    if (r.kind === "noEngage") return r.targetId === targetId && !(how === "charge" && r.exceptCharge);
    return false;
  });
}

/* -------------------------------------------- */
/*  Retreat (NC-MAN-16, NC-MAN-21, NC-SPD-2, -3) */
/*  and Disengage (NC-SPD-1)                    */
/* -------------------------------------------- */

/** NC-MAN-16: attackers have +2 to hit a retreating character during the round. */
const RETREAT_ATTACK_BONUS = 2;
/** NC-SPD-2: attacking a retreater as it leaves is +4 (this replaces the +2, it does not add to it). */
const RETREAT_LEAVING_ATTACK_BONUS = 4;

export const RetreatResponse = {
  /** Attack at +4 as it leaves; then no engaging it for two rounds unless by a Charge. */
  AttackAsItLeaves: "attackAsItLeaves",
  /** Follow up to ½ MV and try to engage next round; no attack this round. */
  Chase: "chase",
  /** Let it go; no attack this round. */
  Stay: "stay",
} as const;
export type RetreatResponse = (typeof RetreatResponse)[keyof typeof RetreatResponse];

export const DisengageResponse = {
  /** Move up to ½ MV to re-engage for an attack next round. */
  Follow: "follow",
  /** Let the target go. */
  LetGo: "letGo",
} as const;
export type DisengageResponse = (typeof DisengageResponse)[keyof typeof DisengageResponse];

/** The attacker's turn came first (or it shoots): it attacks as usual, with what the withdrawal gives it. */
export const StrikeFirst = "strikeFirst";
export type WithdrawalResponse = RetreatResponse | DisengageResponse | typeof StrikeFirst;

export interface SpecialDefenseResult {
  /** Whether the attacker still makes its attack this round. */
  readonly mayAttack: boolean;
  /** Added to that attack. */
  readonly attackModifier: number;
  /** Paces the attacker may follow. */
  readonly followPaces: number;
  readonly restrictions: readonly AttackRestriction[];
  /** Localisation key of the line the chat card shows. */
  readonly noteKey: string;
}

/** An attack (or the wish to make one) on a target whose maneuver this round may be Retreat or Disengage. */
export interface WithdrawalAttack {
  readonly attackerId: string;
  readonly targetId: string;
  readonly round: number;
  /** The attacker's MV, for a chase or a follow. */
  readonly attackerMv: number;
  /** The attacker's maneuver this round (a Charge cannot take the +4 as the retreater leaves). */
  readonly attackerManeuver: string | null;
  /** The target's maneuver this round: only Retreat and Disengage have an answer. */
  readonly targetManeuver: string | null;
  /** A melee attack: the special defenses are answers of the one the target leaves engaged. */
  readonly melee: boolean;
  /**
   * The target's turn came before the attacker's in AG order this round: it
   * was already on its way when the attacker's turn came ("If the target
   * Retreats before being attacked (based on AG order)").
   */
  readonly targetWentFirst: boolean;
}

export interface WithdrawalChoice {
  readonly response: WithdrawalResponse;
  readonly result: SpecialDefenseResult;
}

export interface WithdrawalAnswer {
  readonly kind: "retreat" | "disengage";
  readonly targetWentFirst: boolean;
  /**
   * What the attacker may do, none chosen for it: the attacker picks one when
   * there are several; one means there is nothing to pick.
   */
  readonly choices: readonly WithdrawalChoice[];
  /** Localisation key of the question put to the attacker, when there are several choices. */
  readonly legendKey: string;
}

function validateRound(round: number): number {
  return requireInteger(round, "round", 1);
}

function result(
  mayAttack: boolean,
  attackModifier: number,
  followPaces: number,
  restrictions: readonly AttackRestriction[],
  noteKey: string,
): SpecialDefenseResult {
  return Object.freeze({
    mayAttack,
    attackModifier,
    followPaces,
    restrictions: Object.freeze(restrictions.map((r) => Object.freeze({ ...r }))),
    noteKey,
  });
}

/**
 * What an attack on a retreating or disengaging target gets, and what it
 * leaves the attacker (NC-MAN-16, NC-MAN-21, NC-SPD-1 … -3). Null when the
 * target neither Retreats nor Disengages, or when a shot at a disengager
 * changes nothing.
 *
 * - The target went first and the attack is melee: the attacker chooses.
 *   Retreat: `attackAsItLeaves` (+4, then no engaging it for two rounds
 *   unless by a Charge; not open to a Charge, which this round may not be
 *   made at it), `chase` (½ MV, no attack) or `stay` (no attack, no engaging
 *   it next round). Disengage: `follow` (½ MV) or `letGo`, no attack. All of
 *   them: no change of target and no Charge at it this round.
 * - The attacker came first: it strikes (`strikeFirst`). A retreater is hit
 *   at +2 and the striker may neither engage nor Charge it next round
 *   (NC-MAN-21); a disengager has not yet left and is attacked as usual.
 * - A shot at a retreater is +2, and binds nothing: the shooter is not
 *   engaged with it.
 */
export function attackOnWithdrawal(s: WithdrawalAttack): WithdrawalAnswer | null {
  const round = validateRound(s.round);
  const mv = requireInteger(s.attackerMv, "MV", 0);
  const target = s.targetId;
  const kind = s.targetManeuver;
  if (kind !== "retreat" && kind !== "disengage") return null;
  const answer = (
    choices: WithdrawalChoice[],
    targetWentFirst: boolean,
    legendKey: string,
  ): WithdrawalAnswer => Object.freeze({ kind, targetWentFirst, choices: Object.freeze(choices), legendKey });
  const thisRound: AttackRestriction[] = [
    { kind: "noAttack", round, because: kind },
    { kind: "noChangeTarget", targetId: target, round, because: kind },
    { kind: "noCharge", targetId: target, untilRound: round, because: kind },
  ];

  if (kind === "disengage") {
    if (!s.melee) return null;
    if (!s.targetWentFirst) {
      return answer(
        [
          {
            response: StrikeFirst,
            result: result(true, 0, 0, [], "FANGS.Rules.Special.DisengageStruckFirst"),
          },
        ],
        false,
        "FANGS.Chat.Dialog.DisengageLegend",
      );
    }
    return answer(
      [
        {
          response: DisengageResponse.Follow,
          result: result(false, 0, halfMovePaces(mv), thisRound, "FANGS.Rules.Special.DisengageFollow"),
        },
        {
          response: DisengageResponse.LetGo,
          result: result(false, 0, 0, thisRound, "FANGS.Rules.Special.DisengageLetGo"),
        },
      ],
      true,
      "FANGS.Chat.Dialog.DisengageLegend",
    );
  }

  if (!s.melee) {
    return answer(
      [
        {
          response: StrikeFirst,
          result: result(true, RETREAT_ATTACK_BONUS, 0, [], "FANGS.Rules.Special.RetreatShotAt"),
        },
      ],
      s.targetWentFirst,
      "FANGS.Chat.Dialog.RetreatLegend",
    );
  }
  if (!s.targetWentFirst) {
    // NC-MAN-21: the +2 striker does not re-engage nor Charge the retreater next round.
    const notNextRound: AttackRestriction = {
      kind: "noEngage",
      targetId: target,
      fromRound: round + 1,
      untilRound: round + 1,
      exceptCharge: false,
      because: "retreat",
    };
    return answer(
      [
        {
          response: StrikeFirst,
          result: result(
            true,
            RETREAT_ATTACK_BONUS,
            0,
            [notNextRound],
            "FANGS.Rules.Special.RetreatStruckFirst",
          ),
        },
      ],
      false,
      "FANGS.Chat.Dialog.RetreatLegend",
    );
  }
  const noCharge = thisRound[2]!;
  const choices: WithdrawalChoice[] = [];
  // NC-SPD-2's last choice: "the attacker cannot Charge on this round", so a charger's attack is not one of them.
  if (s.attackerManeuver !== "charge") {
    choices.push({
      response: RetreatResponse.AttackAsItLeaves,
      result: result(
        true,
        RETREAT_LEAVING_ATTACK_BONUS,
        0,
        [
          noCharge,
          {
            kind: "noEngage",
            targetId: target,
            fromRound: round + 1,
            untilRound: round + 2,
            exceptCharge: true,
            because: "retreat",
          },
        ],
        "FANGS.Rules.Special.RetreatAttackAsItLeaves",
      ),
    });
  }
  choices.push({
    response: RetreatResponse.Chase,
    result: result(false, 0, halfMovePaces(mv), thisRound, "FANGS.Rules.Special.RetreatChase"),
  });
  // NC-MAN-16: the retreater "escapes being re-engaged by his target during the next round"; a chaser is
  // the exception NC-SPD-2 names, and a Charge stays open next round (NC-SPD-3).
  choices.push({
    response: RetreatResponse.Stay,
    result: result(
      false,
      0,
      0,
      [
        ...thisRound,
        {
          kind: "noEngage",
          targetId: target,
          fromRound: round + 1,
          untilRound: round + 1,
          exceptCharge: true,
          because: "retreat",
        },
      ],
      "FANGS.Rules.Special.RetreatStay",
    ),
  });
  return answer(choices, true, "FANGS.Chat.Dialog.RetreatLegend");
}

/**
 * Whether `targetId` took its turn before `attackerId` in the round's AG
 * order: `order` lists each combatant with the value the round orders by (AG,
 * or d20 + AG when initiative is rolled), in the tracker's order, which breaks
 * ties as phaseTurnOrder does. False when either is missing.
 */
export function wentFirstInAgOrder(
  order: readonly { readonly id: string; readonly orderValue: number }[],
  targetId: string,
  attackerId: string,
): boolean {
  const sorted = [...order].sort((a, b) => b.orderValue - a.orderValue).map((e) => e.id);
  const target = sorted.indexOf(targetId);
  const attacker = sorted.indexOf(attackerId);
  return target >= 0 && attacker >= 0 && target < attacker;
}

/**
 * The attacker's pick among the answer's choices: the only one when there is
 * nothing to pick, null when `response` is not one of several.
 */
export function withdrawalChoice(answer: WithdrawalAnswer, response: string | null): WithdrawalChoice | null {
  if (answer.choices.length === 1) return answer.choices[0]!;
  return answer.choices.find((c) => c.response === response) ?? null;
}

/* -------------------------------------------- */
/*  Charge (NC-MAN-9)                           */
/* -------------------------------------------- */

export interface ChargeExchangeFacts {
  readonly chargerId: string;
  readonly targetId: string;
  /** The effects the charge's exchange produced (resolveExchange, exchange.ts). */
  readonly effects: readonly Effect[];
}

export interface FreeAttack {
  readonly attackerId: string;
  readonly targetId: string;
  readonly reasonKey: string;
}

/**
 * NC-MAN-9: a charger that misses, or does no damage, gives its target a
 * free attack. "No damage" is read from the exchange's effects: no Stun and
 * no HP taken by the target (dodged, parried with nothing through, stopped
 * by armor, or missed outright). Null when the charge did damage.
 */
export function chargeFreeAttack(facts: ChargeExchangeFacts): FreeAttack | null {
  if (!Array.isArray(facts?.effects)) {
    throw new RulesError("invalid-value", "a charge's exchange effects must be a list", { facts });
  }
  const taken =
    poolTotal(facts.effects, facts.targetId, "stunPoints") +
    poolTotal(facts.effects, facts.targetId, "hitPoints");
  if (taken > 0) return null;
  return Object.freeze({
    attackerId: facts.targetId,
    targetId: facts.chargerId,
    reasonKey: "FANGS.Rules.Special.ChargeFreeAttack",
  });
}

/* -------------------------------------------- */
/*  Dodge past (NC-MAN-11, NC-DEF-4)            */
/* -------------------------------------------- */

export interface DodgePastFirstChance {
  /** The attacker's first chance. */
  readonly attack: SuccessLevel;
  /** The target's dodge against it; null when the attack missed and no dodge was rolled. */
  readonly dodge: SuccessLevel | null;
  /** The attacker's maneuver this round, when known (a Charge may have no second chance). */
  readonly attackerManeuver?: ManeuverId | string | null;
}

export interface DodgePastStep {
  /** Whether the attacker gets its second chance (in the Post-Melee phase, NC-ATK-7). */
  readonly secondChance: boolean;
  /** The target slipped by on its first dodge, with no second roll. */
  readonly slippedBy: boolean;
}

/**
 * NC-DEF-4: dodging past, the attacker gets two chances, each of which may
 * be dodged; a Special (or better) first dodge against a normal attack slips
 * by at once. Against a Special or Critical attack the second chance stands.
 */
export function dodgePastAfterFirst(first: DodgePastFirstChance, options?: FangsOptions): DodgePastStep {
  const valid = (v: unknown): boolean =>
    typeof v === "number" && v >= SuccessLevel.Fumble && v <= SuccessLevel.Critical;
  if (!valid(first?.attack) || (first.dodge !== null && !valid(first.dodge))) {
    throw new RulesError("invalid-value", "dodge past needs success levels", { first });
  }
  const special =
    first.attack === SuccessLevel.Success && first.dodge !== null && first.dodge >= SuccessLevel.Special;
  if (!dodgePastSecondChanceFor(first.attackerManeuver, options)) {
    // No second chance to wait for: a dodge that stopped the one attack slips by.
    const stopped =
      first.attack < SuccessLevel.Success ||
      (first.dodge !== null && first.dodge >= SuccessLevel.Success && !hitThrough(first));
    return Object.freeze({ secondChance: false, slippedBy: special || stopped });
  }
  return Object.freeze({ secondChance: !special, slippedBy: special });
}

/** NC-DMG-15: a Special or Critical attack is not stopped by a plain dodge. */
function hitThrough(first: DodgePastFirstChance): boolean {
  return first.attack >= SuccessLevel.Special && (first.dodge ?? 0) < SuccessLevel.Special;
}

/* -------------------------------------------- */
/*  Autofire against a dodge (NC-MAN-12)        */
/* -------------------------------------------- */

export interface AutofireDodge {
  /** The attack roll's total (d20 + skill + modifiers) of a successful attack. */
  readonly attackTotal: number;
  /**
   * The total of a dodge that was made (Success or better); null when none
   * was: failed, fumbled, not rolled, or a defense that is no dodge.
   */
  readonly dodgeTotal: number | null;
  /** Rounds in the burst: no more hits than this (null: the text sets no cap). */
  readonly maxHits?: number | null;
}

/** A dodge not made counts as one that missed by one: a total of 19 (made by −1). */
const DODGE_NOT_MADE = 19;

/**
 * NC-MAN-12: the dodger must make the Dodge by as much as the attacker made
 * the Attack (each "made by" its total − 20), or takes the difference in
 * hits (Gru dodges 24 against 27: three hits). A dodge not made counts as
 * missing by one, so an undodged 27 is eight hits and a bare success of 20
 * one hit, the matrix's own single blow. A failed attack (total under 20)
 * hits nothing.
 */
export function autofireHits(input: AutofireDodge): number {
  const attack = requireInteger(input?.attackTotal, "attack total");
  const dodge = input.dodgeTotal === null ? DODGE_NOT_MADE : requireInteger(input.dodgeTotal, "dodge total");
  if (attack < 20) return 0;
  const hits = Math.max(0, attack - Math.max(dodge, DODGE_NOT_MADE));
  const cap = input.maxHits;
  return cap == null ? hits : Math.min(hits, requireInteger(cap, "rounds in the burst", 0));
}
