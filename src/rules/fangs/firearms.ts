import type { DiceSource } from "../kernel/dice";
import { RulesError, requireInteger } from "../kernel/errors";
import { MAX_RATING } from "../rhf/check";
import type { RhfRules } from "../rhf/config";
import { aimRoundsAllowed, recoilPenalty, recoilStrength } from "../rhf/firearms";
import type { Grip } from "../rhf/types";
import type { AttackCounter } from "./attacks";
import { resolveCheck } from "./check";
import { type FangsOptions, resolveOptions } from "./config";
import { rhfRulesOf } from "./rhf-figures";
import type { AttackDeclaration, CheckResult, SkillValue, WeaponProfile } from "./types";

/**
 * The optional firearms modules a FANGS world may switch on, taken from the
 * reach, holds and firearms rules (docs/rules/fangs.md, "Optional modules
 * from the reach, holds and firearms rules"). The sums are that core's
 * exported helpers, and the figures they take the world's keys (the RHF
 * core's by default: rhf-figures.ts); what is FANGS's here is where they
 * read from: FANGS's ST, a FANGS weapon's hands, FANGS's d20-over check. Each
 * function answers as FANGS without modules when its switch is off.
 */

/**
 * The number of the shot about to be fired in the attacker's round: one
 * more than the attacks it has made this round when those were ranged.
 * NC-ATK-3 keeps melee and ranged attacks out of one round, so a round
 * with a ranged attack holds no melee one; a throw earlier in the round
 * counts as a shot, and a burst as one.
 */
export function shotNumber(counter: Pick<AttackCounter, "made" | "usedRanged">): number {
  return counter.usedRanged ? counter.made.length + 1 : 1;
}

/** RHF-REC-2's grip from a FANGS weapon: a tripod, else its hands. */
export function recoilGrip(weapon: Pick<WeaponProfile, "hands" | "tripod">): Grip {
  if (weapon.tripod === true) return "tripod";
  return weapon.hands === 2 ? "twoHands" : "oneHand";
}

/**
 * RHF-REC-1, -2 on FANGS (the recoil module): the penalty a shot takes for
 * the shots before it this round, 0 when the module is off. Only a shot
 * missile with a Recoil pays it; an autofire weapon's burst is its own
 * rolls and pays none, as in the reach, holds and firearms rules.
 */
export function recoilModifier(attack: AttackDeclaration, options?: FangsOptions): number {
  if (!resolveOptions(options).recoilModule) return 0;
  const weapon = attack.weapon;
  if (weapon.kind !== "missile" || weapon.autofire) return 0;
  const recoil = requireInteger(weapon.recoil ?? 0, "a firearm's Recoil", 0, 100);
  if (recoil === 0) return 0;
  const shot = requireInteger(attack.shot ?? 1, "a shot's number in the round", 1, 1000);
  if (shot === 1) return 0;
  return recoilPenalty(
    shot,
    heldStrength(attack.attacker.st, recoilGrip(weapon), rhfRulesOf(options)),
    recoil,
  );
}

/**
 * RHF-REC-2's Strength for a FANGS ST. FANGS allows ST up to 999, past
 * the RHF core's ratings: above them the same multiplier and rounding are
 * applied here, and the result kept within what recoilPenalty reads.
 */
function heldStrength(st: number, grip: Grip, rules: RhfRules): number {
  if (st <= MAX_RATING) return recoilStrength(st, grip, rules);
  const held = requireInteger(st, "ST", 0) * rules.gripMultipliers[grip];
  const rounded = rules.strengthRounding === "up" ? Math.ceil(held) : Math.floor(held);
  return Math.min(rounded, 10 * MAX_RATING);
}

/* -------------------------------------------- */
/*  Aiming (RHF-AIM-1)                          */
/* -------------------------------------------- */

/** A fighter's aim so far: rounds aimed and the bonus they earned, kept until its next shot. */
export interface AimState {
  readonly rounds: number;
  readonly bonus: number;
  /** The round of the last aiming, and the weapon aimed (absent before the first). */
  readonly round?: number;
  readonly weaponId?: string;
}

export const NO_AIM: AimState = Object.freeze({ rounds: 0, bonus: 0 });

export interface AimInput {
  /** The Spot check's value: a skill keyed "spot", else Idea (the table's reading, docs/rules/fangs.md). */
  readonly spot: number;
  /** The aim kept from the rounds before. */
  readonly aim: AimState;
  /** The weapon aimed: its skill's bought points make the aimer familiar with it. */
  readonly weapon: Pick<WeaponProfile, "id" | "kind" | "autofire">;
  /** The combat round this aiming takes. */
  readonly round: number;
  readonly skill: Pick<SkillValue, "bought">;
  /** The aimer's attacks this round: aiming takes the whole round. */
  readonly counter: Pick<AttackCounter, "made">;
}

export interface AimRoll {
  readonly check: CheckResult;
  /** What this round of aiming added. */
  readonly bonus: number;
  /** The aim after this round. */
  readonly aim: AimState;
}

/** RHF-AIM-1 on FANGS: familiar with a weapon is having bought points in its skill. */
export function familiarWith(skill: Pick<SkillValue, "bought">): boolean {
  return requireInteger(skill?.bought, "bought skill points", 0) > 0;
}

/** Why a round of aiming is refused: a RulesError "round-refused" carries it as `details.reason`. */
export const AIM_REFUSAL_REASONS = Object.freeze([
  "ModuleOff",
  "NotShot",
  "Autofire",
  "Busy",
  "AimDone",
] as const);
export type AimRefusalReason = (typeof AIM_REFUSAL_REASONS)[number];

function refuseAim(reason: AimRefusalReason, message: string, details: Record<string, unknown> = {}): never {
  throw new RulesError("round-refused", `aiming refused: ${message}`, { reason, ...details });
}

/**
 * RHF-AIM-1 on FANGS (the aiming module): one round of aiming, a FANGS
 * check of Spot (d20 + Spot ≥ 20); a success adds `aimBonus` (+5) to the
 * aim kept for the next shot. Refused with the module off, for a weapon
 * that is not shot, in a round the aimer has already attacked, and past
 * the rounds allowed (`aimMaxRounds` when familiar, else
 * `aimRoundsUnfamiliar`: two and one).
 */
export function rollAim(input: AimInput, dice: DiceSource, options?: FangsOptions): AimRoll {
  if (!resolveOptions(options).aimingModule) refuseAim("ModuleOff", "the aiming module is off");
  if (input.weapon?.kind !== "missile") refuseAim("NotShot", "only a shot missile is aimed");
  // NC-MAN-12 counts an autofire burst's hits from its total: an aim there would be hits, not a better chance.
  if (input.weapon.autofire) refuseAim("Autofire", "an autofire weapon is not aimed");
  const round = requireInteger(input.round, "round", 1);
  if (input.counter.made.length > 0 || input.aim?.round === round)
    refuseAim("Busy", "aiming takes the whole round, and this one has attacked or aimed");
  // Aiming another weapon starts over.
  const same = input.aim?.weaponId === undefined || input.aim.weaponId === input.weapon.id;
  const rounds = same ? requireInteger(input.aim?.rounds, "rounds aimed", 0) : 0;
  const kept = same ? requireInteger(input.aim.bonus, "aim bonus", 0) : 0;
  const rules = rhfRulesOf(options);
  const allowed = aimRoundsAllowed(familiarWith(input.skill), rules);
  if (rounds >= allowed) refuseAim("AimDone", `${allowed} round(s) of aiming with this weapon`, { allowed });
  const check = resolveCheck({ skill: requireInteger(input.spot, "Spot"), modifiers: 0 }, dice);
  const bonus = check.success ? rules.aimBonus : 0;
  return { check, bonus, aim: { rounds: rounds + 1, bonus: kept + bonus, round, weaponId: input.weapon.id } };
}

/** The most bonus an aim can hold: the aim bonus for each of its rounds. */
export function aimBonusCap(rounds: number, options?: FangsOptions): number {
  const rules = rhfRulesOf(options);
  return rules.aimBonus * Math.min(Math.max(rounds, 0), rules.aimMaxRounds);
}

/** Whether rounds of aiming could have earned this aim: no more rounds than allowed, no more bonus than they give. */
export function possibleAim(aim: AimState, options?: FangsOptions): boolean {
  return aim.rounds <= rhfRulesOf(options).aimMaxRounds && aim.bonus <= aimBonusCap(aim.rounds, options);
}

/**
 * The bonus a kept aim gives an attack with `weaponId` in `round`: only the
 * weapon aimed, and only in a later round (aiming takes its whole round).
 */
export function aimBonusFor(aim: AimState, weaponId: string, round: number): number {
  if (aim.rounds === 0 || aim.weaponId !== weaponId || aim.round === undefined || aim.round >= round)
    return 0;
  return aim.bonus;
}

/** RHF-AIM-1 on FANGS: the bonus an attack's aiming adds to its roll, 0 when the module is off. */
export function aimModifier(attack: AttackDeclaration, options?: FangsOptions): number {
  if (attack.aimBonus === undefined || attack.weapon.autofire || !resolveOptions(options).aimingModule)
    return 0;
  return requireInteger(attack.aimBonus, "an aim bonus", 0, aimBonusCap(Number.POSITIVE_INFINITY, options));
}
