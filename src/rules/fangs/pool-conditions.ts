import type { Effect } from "../kernel/effects";
import { requireInteger } from "../kernel/errors";

/**
 * What a character's pools put it in (CORE-CON-2, -3): unconscious, coma,
 * dying, dead, and the status changes when the pools move. The effect
 * applier's pool statuses (FANGS's `party`, registered at start-up) ask
 * these of any change of Stun or HP; what a blow does besides
 * (./consequences.ts, which re-exports these) is asked only in a fight.
 */

/** The statuses the consequences name. */
export const FangsStatus = {
  Stunned: "stunned",
  Unconscious: "unconscious",
  Coma: "coma",
  Dying: "dying",
  Dead: "dead",
  Grappled: "grappled",
} as const;
export type FangsStatus = (typeof FangsStatus)[keyof typeof FangsStatus];

/** A whole number no less than `min`. */
export function isWhole(value: unknown, min: number): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= min;
}

/** The conditions a character's pools put it in (stunned comes from a check, not the pools). */
export interface PoolConditions {
  readonly unconscious: boolean;
  readonly coma: boolean;
  readonly dying: boolean;
  readonly dead: boolean;
}

/**
 * Stun ≤ 0: unconscious; negative Stun greater than CO: coma; HP ≤ 0:
 * dying; negative HP ≥ SZ: dead (then no longer "dying").
 */
export function poolConditions(
  stunPoints: number,
  hitPoints: number,
  co: number,
  sz: number,
): PoolConditions {
  if (!isWhole(stunPoints, Number.NEGATIVE_INFINITY) || !isWhole(hitPoints, Number.NEGATIVE_INFINITY)) {
    requireInteger(stunPoints, "Stun Points");
    requireInteger(hitPoints, "Hit Points");
  }
  if (!isWhole(co, 0) || !isWhole(sz, 0)) {
    requireInteger(co, "CO", 0);
    requireInteger(sz, "SZ", 0);
  }
  return conditionsOf(stunPoints, hitPoints, co, sz);
}

/** `poolConditions` for figures already checked (a validated state, less whole losses). */
export function conditionsOf(stunPoints: number, hitPoints: number, co: number, sz: number): PoolConditions {
  const dead = -hitPoints >= sz && hitPoints <= 0;
  return {
    unconscious: stunPoints <= 0,
    coma: stunPoints < 0 && -stunPoints > co,
    dying: hitPoints <= 0 && !dead,
    dead,
  };
}

/** The status effects of the pools moving from one set of conditions to another, in POOL_STATUSES's order. */
export function statusChanges(
  effects: Effect[],
  actorId: string,
  before: PoolConditions,
  after: PoolConditions,
): void {
  for (let i = 0; i < POOL_STATUSES.length; i += 1) {
    const key = POOL_STATUSES[i]!;
    if (before[key] !== after[key])
      effects.push({ kind: "status", actorId, status: key, active: after[key] });
  }
}

/** The statuses the pools decide, in the order their effects are made. */
const POOL_STATUSES = ["unconscious", "coma", "dying", "dead"] as const;

/** The statuses the pools decide (CORE-CON-2, -3); `stunned` comes from a check, not the pools. */
export const POOL_STATUS_IDS: readonly FangsStatus[] = POOL_STATUSES;

/**
 * The pool statuses to change when an actor's pools move from `before` to
 * `after` other than by a blow (an undo giving points back): the same rule
 * as a blow's, asked of the pools on both sides. Only what the move changes
 * is changed, so a status set or cleared since by other means (First Aid
 * stopping the dying, a GM's ruling) stays as it is unless the pools cross
 * its threshold.
 */
export function poolStatusChanges(
  actorId: string,
  before: { readonly stunPoints: number; readonly hitPoints: number },
  after: { readonly stunPoints: number; readonly hitPoints: number },
  co: number,
  sz: number,
): Effect[] {
  const from = poolConditions(before.stunPoints, before.hitPoints, co, sz);
  const to = poolConditions(after.stunPoints, after.hitPoints, co, sz);
  const effects: Effect[] = [];
  statusChanges(effects, actorId, from, to);
  return effects;
}
