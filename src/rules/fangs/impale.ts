import type { DiceSource } from "../kernel/dice";
import { rollTotal } from "../kernel/dice";
import type { Effect } from "../kernel/effects";
import { RulesError } from "../kernel/errors";
import { characteristicCheck } from "./check";
import { poolStatusChanges, validateCombatantState } from "./consequences";
import { damageFormula, halfUp } from "./damage";
import type { CheckResult, CombatantState } from "./types";

/**
 * A weapon left stuck by a Special impaling blow (NC-DMG-11 … -13, -17):
 * the damage it does each round and the ST checks that pull it out.
 */

export interface ImpaledRound {
  /** The weapon's rolled damage (0 when the target held still). */
  readonly damage: number;
  readonly stunDamage: number;
  readonly hitPointDamage: number;
  readonly effects: readonly Effect[];
}

/**
 * Each round impaled: the weapon's normal rolled damage, all to Stun and
 * half (rounded up) to HP, with no armor and no attack roll (NC-DMG-13).
 * Holding very still avoids it and rolls nothing. A character at 0 HP or
 * less takes the Stun as HP too (CORE-CON-3). With the target's state, the
 * statuses its pools cross into or out of come too (unconscious, coma,
 * dying, dead: CORE-CON-2, -3). Dice: the formula's dice.
 */
export function impaledRoundDamage(
  input: {
    readonly targetId: string;
    /** The stuck weapon's damage formula (the stuckItem effect's perRoundDamage). */
    readonly perRoundDamage: string;
    readonly holdingStill: boolean;
    /** The target's state, for the dying rule; optional. */
    readonly state?: CombatantState | null;
  },
  dice: DiceSource,
): ImpaledRound {
  const formula = damageFormula(input.perRoundDamage);
  if (input.state != null) validateCombatantState(input.state, input.targetId);
  if (input.holdingStill) return { damage: 0, stunDamage: 0, hitPointDamage: 0, effects: [] };
  const damage = rollTotal(formula, dice);
  const dying = input.state != null && input.state.hitPoints.value <= 0;
  const hitPointDamage = dying ? damage : halfUp(damage);
  const effects: Effect[] = [];
  if (damage > 0) effects.push({ kind: "pool", actorId: input.targetId, pool: "stunPoints", amount: damage });
  if (hitPointDamage > 0)
    effects.push({ kind: "pool", actorId: input.targetId, pool: "hitPoints", amount: hitPointDamage });
  // CORE-CON-2, -3: the pools' statuses follow, as after a blow, so one the damage drops is out of the round.
  if (input.state != null && damage > 0) {
    const s = input.state;
    const before = { stunPoints: s.stunPoints.value, hitPoints: s.hitPoints.value };
    const after = { stunPoints: before.stunPoints - damage, hitPoints: before.hitPoints - hitPointDamage };
    effects.push(...poolStatusChanges(input.targetId, before, after, s.co, s.sz));
  }
  return { damage, stunDamage: damage, hitPointDamage, effects };
}

/** Who pulls the weapon out; a weapon stuck in a shield takes a plain ST check (NC-DMG-17). */
export type Remover = "attacker" | "target" | "fromShield";

/** ST×2 for the attacker, ST×1 for the target (NC-DMG-12), ST×1 out of a shield. */
export function removalMultiplier(remover: Remover): number {
  switch (remover) {
    case "attacker":
      return 2;
    case "target":
    case "fromShield":
      return 1;
    default:
      throw new RulesError("invalid-value", `unknown remover ${String(remover)}`, { remover });
  }
}

export interface RemovalResult {
  readonly check: CheckResult;
  readonly removed: boolean;
  readonly effects: readonly Effect[];
}

/** The ST check to pull out a stuck weapon. Dice: as a check. */
export function removeStuckWeapon(
  input: {
    readonly remover: Remover;
    readonly st: number;
    readonly modifiers?: number;
    readonly ownerId: string;
    readonly itemId: string;
  },
  dice: DiceSource,
): RemovalResult {
  const multiplier = removalMultiplier(input.remover);
  const check = characteristicCheck({ value: input.st, multiplier, modifiers: input.modifiers ?? 0 }, dice);
  const effects: Effect[] = check.success
    ? [
        {
          kind: "note",
          key: "FANGS.Rules.Impale.Removed",
          data: { ownerId: input.ownerId, itemId: input.itemId, remover: input.remover },
        },
      ]
    : [];
  return { check, removed: check.success, effects };
}
