import { RulesError } from "../kernel/errors";
import type { WeaponKind } from "./types";

/**
 * The round's attack counter (NC-MAN-7, NC-ATK-3, NC-ATK-7 … -10): the
 * attacks a combatant made this round, by source, kind and target, which a
 * combatant's round keeps and counts at start-up. What attacks it has and
 * which it may still make (./attacks.ts, which re-exports these) is asked
 * only in a fight.
 */

/** Where an attack comes from. */
export const AttackSource = {
  /** The maneuver's own attack (Missile or Melee phase). */
  Maneuver: "maneuver",
  /** All-Out-Attack's second attack at the same target. */
  AllOutAttackSecond: "allOutAttackSecond",
  /** All-Out-Attack's third attack with the Two Weapon advantage. */
  TwoWeaponThird: "twoWeaponThird",
  /** The off-hand weapon (−10; −4 with Two Weapon; 0 also ambidextrous). */
  OffHand: "offHand",
  /** The extra chance at someone dodging past (NC-DEF-4). */
  DodgePast: "dodgePast",
  /** A charged target's free attack at a charger that missed or did no damage (NC-MAN-9). */
  ChargeFreeAttack: "chargeFreeAttack",
} as const;
export type AttackSource = (typeof AttackSource)[keyof typeof AttackSource];

export interface AttackCounter {
  /** The sources of the attacks made this round, in order. */
  readonly made: readonly AttackSource[];
  readonly usedRanged: boolean;
  readonly usedMelee: boolean;
  /** Targets attacked, in order (All-Out-Attack keeps to one). */
  readonly targets: readonly string[];
}

/** Frozen all through, so one serves every round of every combatant. */
const EMPTY_ATTACK_COUNTER: AttackCounter = Object.freeze({
  made: Object.freeze([]),
  usedRanged: false,
  usedMelee: false,
  targets: Object.freeze([]),
});

export function emptyAttackCounter(): AttackCounter {
  return EMPTY_ATTACK_COUNTER;
}

const ATTACK_SOURCES: ReadonlySet<string> = new Set(Object.values(AttackSource));

export function recordAttack(
  counter: AttackCounter,
  attack: { readonly source: AttackSource; readonly kind: WeaponKind; readonly targetId: string },
): AttackCounter {
  if (!ATTACK_SOURCES.has(attack.source)) {
    throw new RulesError("invalid-value", `"${String(attack.source)}" is not an attack source`, { attack });
  }
  return Object.freeze({
    made: Object.freeze([...counter.made, attack.source]),
    usedRanged: counter.usedRanged || attack.kind !== "melee",
    usedMelee: counter.usedMelee || attack.kind === "melee",
    targets: Object.freeze([...counter.targets, attack.targetId]),
  });
}
