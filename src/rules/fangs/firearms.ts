import { requireInteger } from "../kernel/errors";
import { recoilPenalty, recoilStrength } from "../rhf/firearms";
import type { Grip } from "../rhf/types";
import type { AttackCounter } from "./attacks";
import { type FangsOptions, resolveOptions } from "./config";
import type { AttackDeclaration, WeaponProfile } from "./types";

/**
 * The optional firearms modules a FANGS world may switch on, taken from the
 * reach, holds and firearms rules (docs/rules/fangs.md, "Optional modules
 * from the reach, holds and firearms rules"). The figures and the sums are
 * that core's exported helpers; what is FANGS's here is where they read
 * from: FANGS's ST, a FANGS weapon's hands, FANGS's d20-over check. Each
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
  const strength = recoilStrength(attack.attacker.st, recoilGrip(weapon));
  return recoilPenalty(shot, strength, recoil);
}
