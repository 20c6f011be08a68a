import type { Effect } from "../kernel/effects";
import { poolTotal } from "../kernel/effects";
import { RulesError, requireInteger } from "../kernel/errors";
import { halfMovePaces } from "./maneuvers";
import { SuccessLevel } from "./types";

/**
 * Special defenses (NC-SPD-1 … -3, NC-MAN-9, NC-MAN-12, NC-MAN-16,
 * NC-DEF-4): what a Retreat, a Disengage, a Charge that fails and a dodge
 * past leave the attacker, as plain data the tracker keeps until it expires.
 */

/** A limit or bonus one combatant carries for a while, because of another's maneuver. */
export type AttackRestriction =
  /** The attacker may not attack this round (a Disengage; a Retreat chased or let go). */
  | { readonly kind: "noAttack"; readonly round: number; readonly because: string }
  /** The attacker may not change its target this round. */
  | {
      readonly kind: "noChangeTarget";
      readonly targetId: string;
      readonly round: number;
      readonly because: string;
    }
  /** No Charge against this target up to and including `untilRound`. */
  | {
      readonly kind: "noCharge";
      readonly targetId: string;
      readonly untilRound: number;
      readonly because: string;
    }
  /** No engaging this target from `fromRound` to `untilRound`, except by a Charge. */
  | {
      readonly kind: "noEngage";
      readonly targetId: string;
      readonly fromRound: number;
      readonly untilRound: number;
      readonly exceptCharge: boolean;
      readonly because: string;
    };

/** Whether a restriction still binds in `round`. */
export function restrictionActive(restriction: AttackRestriction, round: number): boolean {
  switch (restriction.kind) {
    case "noAttack":
    case "noChangeTarget":
      return restriction.round === round;
    case "noCharge":
      return round <= restriction.untilRound;
    case "noEngage":
      return round >= restriction.fromRound && round <= restriction.untilRound;
  }
}

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
/*  Retreat (NC-MAN-16, NC-SPD-2, NC-SPD-3)     */
/* -------------------------------------------- */

/** NC-MAN-16: attackers have +2 to hit a retreating character during the round. */
export const RETREAT_ATTACK_BONUS = 2;
/** NC-SPD-2: attacking a retreater as it leaves is +4 (this replaces the +2, it does not add to it). */
export const RETREAT_LEAVING_ATTACK_BONUS = 4;

export const RetreatResponse = {
  /** Attack at +4 as it leaves; then no engaging it for two rounds unless by a Charge. */
  AttackAsItLeaves: "attackAsItLeaves",
  /** Follow up to ½ MV and try to engage next round; no attack this round. */
  Chase: "chase",
  /** Let it go; no attack this round. */
  Stay: "stay",
} as const;
export type RetreatResponse = (typeof RetreatResponse)[keyof typeof RetreatResponse];

export interface RetreatSituation {
  readonly attackerId: string;
  readonly retreaterId: string;
  readonly round: number;
  /** The attacker's MV, for the chase. */
  readonly attackerMv: number;
}

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

function validateRound(round: number): number {
  return requireInteger(round, "round", 1);
}

/**
 * NC-SPD-2, NC-SPD-3: the target Retreated before the attacker's turn (AG
 * order). Whatever is chosen, the attacker cannot Charge the retreater this
 * round (it can next round).
 */
export function resolveRetreatResponse(
  situation: RetreatSituation,
  response: RetreatResponse,
): SpecialDefenseResult {
  const round = validateRound(situation.round);
  const mv = requireInteger(situation.attackerMv, "MV", 0);
  const target = situation.retreaterId;
  const noCharge: AttackRestriction = {
    kind: "noCharge",
    targetId: target,
    untilRound: round,
    because: "retreat",
  };
  switch (response) {
    case RetreatResponse.AttackAsItLeaves:
      return Object.freeze({
        mayAttack: true,
        attackModifier: RETREAT_LEAVING_ATTACK_BONUS,
        followPaces: 0,
        restrictions: Object.freeze([
          noCharge,
          {
            kind: "noEngage",
            targetId: target,
            fromRound: round + 1,
            untilRound: round + 2,
            exceptCharge: true,
            because: "retreat",
          } as const,
        ]),
        noteKey: "FANGS.Rules.Special.RetreatAttackAsItLeaves",
      });
    case RetreatResponse.Chase:
    case RetreatResponse.Stay: {
      const restrictions: AttackRestriction[] = [
        noCharge,
        { kind: "noAttack", round, because: "retreat" },
        { kind: "noChangeTarget", targetId: target, round, because: "retreat" },
      ];
      // NC-MAN-16: the retreater "escapes being re-engaged by his target during the next round";
      // a chaser is the exception NC-SPD-2 names, and a Charge stays open next round (NC-SPD-3).
      if (response === RetreatResponse.Stay) {
        restrictions.push({
          kind: "noEngage",
          targetId: target,
          fromRound: round + 1,
          untilRound: round + 1,
          exceptCharge: true,
          because: "retreat",
        });
      }
      return Object.freeze({
        mayAttack: false,
        attackModifier: 0,
        followPaces: response === RetreatResponse.Chase ? halfMovePaces(mv) : 0,
        restrictions: Object.freeze(restrictions),
        noteKey:
          response === RetreatResponse.Chase
            ? "FANGS.Rules.Special.RetreatChase"
            : "FANGS.Rules.Special.RetreatStay",
      });
    }
    default:
      throw new RulesError("invalid-value", `a Retreat response is attackAsItLeaves, chase or stay`, {
        response,
      });
  }
}

/**
 * The bonus to hit a character whose maneuver is Retreat this round:
 * +4 when attacking it as it leaves (NC-SPD-2), else +2 (NC-MAN-16).
 */
export function retreatAttackBonus(asItLeaves: boolean): number {
  return asItLeaves ? RETREAT_LEAVING_ATTACK_BONUS : RETREAT_ATTACK_BONUS;
}

/* -------------------------------------------- */
/*  Disengage (NC-SPD-1)                        */
/* -------------------------------------------- */

export const DisengageResponse = {
  /** Move up to ½ MV to re-engage for an attack next round. */
  Follow: "follow",
  /** Let the target go. */
  LetGo: "letGo",
} as const;
export type DisengageResponse = (typeof DisengageResponse)[keyof typeof DisengageResponse];

export interface DisengageSituation {
  readonly attackerId: string;
  readonly disengagerId: string;
  readonly round: number;
  readonly attackerMv: number;
}

/**
 * NC-SPD-1: the target Disengaged before the attacker's turn. The attack is
 * lost; the attacker may not attack or change target this round, and cannot
 * Charge the disengager this round.
 */
export function resolveDisengage(
  situation: DisengageSituation,
  response: DisengageResponse,
): SpecialDefenseResult {
  const round = validateRound(situation.round);
  const mv = requireInteger(situation.attackerMv, "MV", 0);
  if (response !== DisengageResponse.Follow && response !== DisengageResponse.LetGo) {
    throw new RulesError("invalid-value", "a Disengage response is follow or letGo", { response });
  }
  const target = situation.disengagerId;
  return Object.freeze({
    mayAttack: false,
    attackModifier: 0,
    followPaces: response === DisengageResponse.Follow ? halfMovePaces(mv) : 0,
    restrictions: Object.freeze([
      { kind: "noAttack", round, because: "disengage" } as const,
      { kind: "noChangeTarget", targetId: target, round, because: "disengage" } as const,
      { kind: "noCharge", targetId: target, untilRound: round, because: "disengage" } as const,
    ]),
    noteKey:
      response === DisengageResponse.Follow
        ? "FANGS.Rules.Special.DisengageFollow"
        : "FANGS.Rules.Special.DisengageLetGo",
  });
}

/* -------------------------------------------- */
/*  Charge (NC-MAN-9)                           */
/* -------------------------------------------- */

export interface ChargeExchangeFacts {
  readonly chargerId: string;
  readonly targetId: string;
  /** The effects the charge's exchange produced (rules-A's resolveExchange). */
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
export function dodgePastAfterFirst(first: DodgePastFirstChance): DodgePastStep {
  const valid = (v: unknown): boolean =>
    typeof v === "number" && v >= SuccessLevel.Fumble && v <= SuccessLevel.Critical;
  if (!valid(first?.attack) || (first.dodge !== null && !valid(first.dodge))) {
    throw new RulesError("invalid-value", "dodge past needs success levels", { first });
  }
  const slippedBy =
    first.attack === SuccessLevel.Success && first.dodge !== null && first.dodge >= SuccessLevel.Special;
  return Object.freeze({ secondChance: !slippedBy, slippedBy });
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
