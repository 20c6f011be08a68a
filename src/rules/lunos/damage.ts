import type { LunosRules } from "./config";

/**
 * Damage (LUN-DMG-1, LUN-HLT-3): the index's default formula, the attack's
 * net successes plus the attacker's Body and weapon against the defender's
 * Body and armor, at least 0; then what passes `traumaAbove` from one
 * source is trauma.
 */

export interface DamageDealt {
  readonly points: number;
  readonly bruising: number;
  readonly wounding: number;
  readonly trauma: number;
}

export const NO_DAMAGE: DamageDealt = Object.freeze({ points: 0, bruising: 0, wounding: 0, trauma: 0 });

/** LUN-DMG-1 with what armor gives (`protection`, from armorProtection) and Increase damage bought. */
export function damagePoints(
  net: number,
  attackerBody: number,
  weapon: number,
  increase: number,
  defenderBody: number,
  protection: number,
): number {
  // Increase damage is added past the floor: bought points are dealt even when the blow alone does nothing.
  return Math.max(net + attackerBody + weapon - defenderBody - protection, 0) + increase;
}

/** LUN-HLT-3: one source's points of its kind, up to `traumaAbove`, the rest trauma. */
export function splitDamage(points: number, type: "bruising" | "wounding", rules: LunosRules): DamageDealt {
  if (points <= 0) return NO_DAMAGE;
  const kept = Math.min(points, rules.traumaAbove);
  const trauma = points - kept;
  return type === "bruising"
    ? { points, bruising: kept, wounding: 0, trauma }
    : { points, bruising: 0, wounding: kept, trauma };
}
