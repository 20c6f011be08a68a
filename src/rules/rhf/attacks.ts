import { RulesError, requireInteger } from "../kernel/errors";
import { MAX_RATING } from "./check";
import { RHF_DEFAULTS, type RhfRules } from "./config";

/**
 * Attacks a round (RHF-MAT-1, RHF-MAT-2). The Quickness table gives the
 * allowance; 0.5 is one attack every other round, so whether a slow
 * fighter may strike this round depends on the round it last attacked.
 * Each additional attack costs `multipleAttackPenalty` on every attack roll
 * of the round, and is allowed only while the skill so lowered stays
 * above zero. Which attacks are "additional" is the option
 * `additionalAttacks` (docs/rules/rhf.md, "Additional attacks").
 */

/** The Quickness table's attacks a round (0.5: one every other round); past the table, its last row. */
export function quicknessAttacks(quickness: number, rules: RhfRules = RHF_DEFAULTS): number {
  requireInteger(quickness, "Quickness", 1, MAX_RATING);
  for (const band of rules.quickness) if (quickness >= band.from && quickness <= band.to) return band.attacks;
  return rules.quickness[rules.quickness.length - 1]!.attacks;
}

/**
 * The attacks this round's allowance gives: the table's figure, or for a
 * fighter of one every other round, 1 unless it made its free attack last round.
 * `lastFreeAttackRound` is that round, 0 when it has made none yet.
 */
export function attackAllowance(
  quickness: number,
  round: number,
  lastFreeAttackRound: number,
  rules: RhfRules = RHF_DEFAULTS,
): number {
  requireInteger(round, "a round number", 1);
  requireInteger(lastFreeAttackRound, "the round of the last free attack", 0, round - 1);
  const attacks = quicknessAttacks(quickness, rules);
  if (attacks >= 1) return attacks;
  return lastFreeAttackRound > 0 && lastFreeAttackRound === round - 1 ? 0 : 1;
}

/** How many of `attacks` are additional, as the reading counts them. */
export function additionalAttacks(
  attacks: number,
  allowance: number,
  rules: RhfRules = RHF_DEFAULTS,
): number {
  requireInteger(attacks, "a number of attacks", 0, 100);
  if (rules.additionalAttacks === "beyondFirst") return Math.max(0, attacks - 1);
  return Math.max(0, attacks - allowance);
}

/** The penalty on every attack roll of a round of `attacks` attacks. */
export function multipleAttackPenalty(
  attacks: number,
  allowance: number,
  rules: RhfRules = RHF_DEFAULTS,
): number {
  return additionalAttacks(attacks, allowance, rules) * rules.multipleAttackPenalty;
}

/**
 * Whether a roll under `skill` may carry the round's multiple attack
 * `penalty`: with no penalty always; else, by `additionalAttackSkill`,
 * while skill − penalty stays above zero ("aboveZero", the rule's own
 * words) or while the skill is not less than the penalty ("atLeastPenalty",
 * the skill-4 example's words). The engine asks it of the skill each
 * attack actually rolls (the weapon's, or Unarmed Combat for a hold).
 */
export function skillAllows(skill: number, penalty: number, rules: RhfRules = RHF_DEFAULTS): boolean {
  if (penalty === 0) return true;
  return rules.additionalAttackSkill === "aboveZero" ? skill - penalty > 0 : skill >= penalty;
}

/**
 * The most attacks a fighter may declare this round: additional attacks
 * only while the skill allows their penalty (skillAllows); under "beyondFirst" never
 * more than the allowance either. At least the allowance when the skill
 * is above zero, and none with no allowance and no skill.
 */
export function maxAttacks(skill: number, allowance: number, rules: RhfRules = RHF_DEFAULTS): number {
  requireInteger(skill, "a combat skill", -MAX_RATING, MAX_RATING);
  requireInteger(allowance, "an attack allowance", 0, 100);
  const base = rules.additionalAttacks === "beyondFirst" ? Math.min(1, allowance) : allowance;
  const step = rules.multipleAttackPenalty;
  let extra = 0;
  const room = rules.additionalAttackSkill === "aboveZero" ? skill - 1 : skill;
  if (skill > 0) extra = step === 0 ? 100 : Math.floor(room / step);
  const most = base + extra;
  return rules.additionalAttacks === "beyondFirst" ? Math.min(allowance, most) : Math.min(100, most);
}

/** Refuses a declaration the allowance and the skill do not allow. */
export function checkAttackCount(
  attacks: number,
  skill: number,
  allowance: number,
  rules: RhfRules = RHF_DEFAULTS,
): void {
  const most = maxAttacks(skill, allowance, rules);
  requireInteger(attacks, "a number of attacks", 0, 100);
  if (attacks > most)
    throw new RulesError(
      "round-refused",
      `${attacks} attacks this round: the most allowed is ${most} (skill ${skill}, allowance ${allowance})`,
      { reason: "TooManyAttacks", attacks, most },
    );
}
