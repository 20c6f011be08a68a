import { RulesError, requireInteger } from "../kernel/errors";
import { attackAllowance, checkAttackCount, maxAttacks, multipleAttackPenalty } from "../rhf/attacks";
import { type FangsOptions, resolveOptions } from "./config";
import { rhfRulesOf } from "./rhf-figures";

/**
 * The multiple attacks module (`multipleAttacksModule`, docs/rules/fangs.md,
 * "Optional modules from the reach, holds and firearms rules"): AG read as
 * the reach, holds and firearms rules' Quickness. Their figures (the
 * Quickness table, the −5, which attacks count as additional) are the
 * world's keys `quicknessBands`, `multipleAttackPenalty`,
 * `additionalAttacks` and `additionalAttackSkill` (the RHF core's by
 * default), read as they are: a d20's −5 is the same step on FANGS's
 * d20 + skill as on a roll under the skill. FANGS's maneuvers still decide
 * which attacks a round may hold (attackSlots); the module decides what
 * they cost and whether a slow or unskilled fighter may take them.
 */

/** A fighter's facts for the module, in a round. */
export interface QuicknessFacts {
  /** AG, read as Quickness; below the table's first row it reads as that row. */
  readonly ag: number;
  /** The attack skill's total (d20 + skill vs 20): "the modified skill above zero" reads it. */
  readonly skill: number;
  /**
   * The attacks declared for the round: each beyond the allowance costs −5
   * on every attack roll of the round, the first included. Absent: none is
   * declared ahead, and each attack counts the attacks of the round up to
   * it, so an attack never made (an off-hand dagger left idle) costs nothing.
   */
  readonly attacks?: number;
  readonly round: number;
  /** The round of the last attack a fighter of one every other round made; 0: none yet. */
  readonly lastFreeAttackRound: number;
}

export interface QuicknessRound {
  /** Attacks the allowance gives this round without penalty (0 for a slow fighter's off round). */
  readonly allowance: number;
  /** The most attacks the allowance and the skill allow together (RHF-MAT-2). */
  readonly most: number;
  /** The attacks the round may hold: those declared, or, undeclared, as many as the slots, the allowance and the skill allow. */
  readonly attacks: number;
  /** Added to every attack roll of the round: −5 for each attack beyond the allowance (0 or less). */
  readonly penalty: number;
}

/** Whether the world plays the module. */
export function multipleAttacksOn(options?: FangsOptions): boolean {
  return resolveOptions(options).multipleAttacksModule;
}

/**
 * The allowance alone (RHF-MAT-1), or null when the module is off: an
 * attack made while it is above zero is a free one, the round a fighter of
 * one every other round counts from; an off round's attack at −5 is not.
 */
export function quicknessAllowance(
  facts: Pick<QuicknessFacts, "ag" | "round" | "lastFreeAttackRound">,
  options?: FangsOptions,
): number | null {
  if (!multipleAttacksOn(options)) return null;
  requireInteger(facts?.ag, "AG");
  const rules = rhfRulesOf(options);
  return attackAllowance(
    Math.max(rules.quickness[0]!.from, facts.ag),
    facts.round,
    facts.lastFreeAttackRound,
    rules,
  );
}

/**
 * The round's allowance, limit and penalty, or null when the module is off
 * (then nothing of it is read). A declaration of more attacks than the
 * allowance and the skill allow is refused with a RulesError
 * ("round-refused", reason "TooManyAttacks"), before any die.
 */
export function quicknessRound(
  facts: QuicknessFacts,
  declaredBySlots: number,
  options?: FangsOptions,
  made = 0,
): QuicknessRound | null {
  if (!multipleAttacksOn(options)) return null;
  const rules = rhfRulesOf(options);
  requireInteger(facts?.ag, "AG");
  const ag = Math.max(rules.quickness[0]!.from, facts.ag);
  const allowance = attackAllowance(ag, facts.round, facts.lastFreeAttackRound, rules);
  // Undeclared: as many of the slots' attacks as the allowance and the skill allow.
  const attacks = facts.attacks ?? Math.min(declaredBySlots, maxAttacks(facts.skill, allowance, rules));
  requireInteger(attacks, "the attacks declared", 0);
  if (attacks > declaredBySlots) {
    throw new RulesError(
      "round-refused",
      `${attacks} attacks declared: the maneuver holds ${declaredBySlots} this round`,
      { reason: "TooManyAttacks", attacks, most: declaredBySlots },
    );
  }
  checkAttackCount(attacks, facts.skill, allowance, rules);
  // Declared, the round's count prices every roll; undeclared, the attacks up to this one do.
  const counted =
    facts.attacks === undefined ? Math.min(attacks, requireInteger(made, "attacks made", 0) + 1) : attacks;
  const penalty = counted === 0 ? 0 : -multipleAttackPenalty(counted, allowance, rules);
  return Object.freeze({
    allowance,
    most: maxAttacks(facts.skill, allowance, rules),
    attacks,
    // −0 would read as a change where there is none.
    penalty: penalty === 0 ? 0 : penalty,
  });
}
