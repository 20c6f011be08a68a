import type { DiceSource } from "../kernel/dice";
import type { Effect } from "../kernel/effects";
import { RulesError, requireInteger } from "../kernel/errors";
import { resolveCheck } from "./check";
import { type FangsOptions, resolveOptions } from "./config";
import {
  conditionsOf,
  FangsStatus,
  isWhole,
  type PoolConditions,
  poolStatusChanges,
  statusChanges,
} from "./pool-conditions";
import type { CheckResult, CombatantState } from "./types";

/**
 * What damage does to a character beyond the points (CORE-CON-1 … -3):
 * stunned, unconscious, coma, dying, dead; the dying character's loss each
 * round and First Aid; recovery while unconscious.
 */

// What the pools decide is read at start-up (the effect applier's pool statuses): ./pool-conditions.ts.
export {
  FangsStatus,
  POOL_STATUS_IDS,
  type PoolConditions,
  poolConditions,
  poolStatusChanges,
} from "./pool-conditions";

/**
 * Refuses a combatant state that damage and consequences could not read:
 * pools, armor, CO and SZ must be whole numbers (pools may be negative, the
 * rest not), `stunned` a boolean. Without this, NaN armor would silently stop
 * every blow and a missing maximum would never call for a CO check. The
 * exchange runs it for every blow, so the good case is one expression and
 * the words are built only for a refusal.
 */
export function validateCombatantState(state: CombatantState, owner = "combatant"): void {
  if (
    state !== null &&
    typeof state === "object" &&
    state.stunPoints != null &&
    state.hitPoints != null &&
    isWhole(state.stunPoints.value, Number.NEGATIVE_INFINITY) &&
    isWhole(state.stunPoints.max, 0) &&
    isWhole(state.hitPoints.value, Number.NEGATIVE_INFINITY) &&
    isWhole(state.hitPoints.max, 0) &&
    isWhole(state.armorProtection, 0) &&
    (state.magicalProtection === undefined || isWhole(state.magicalProtection, 0)) &&
    isWhole(state.co, 0) &&
    isWhole(state.sz, 0) &&
    typeof state.stunned === "boolean"
  ) {
    return;
  }
  refuseState(state, owner);
}

function refuseState(state: CombatantState, owner: string): never {
  if (state === null || typeof state !== "object") {
    throw new RulesError("invalid-value", `${owner}'s state is missing`, { what: owner, value: state });
  }
  const fields: [unknown, number, string][] = [
    [state.stunPoints?.value, Number.NEGATIVE_INFINITY, "Stun Points"],
    [state.stunPoints?.max, 0, "maximum Stun Points"],
    [state.hitPoints?.value, Number.NEGATIVE_INFINITY, "Hit Points"],
    [state.hitPoints?.max, 0, "maximum Hit Points"],
    [state.armorProtection, 0, "armor protection"],
    [state.magicalProtection ?? 0, 0, "magical protection"],
    [state.co, 0, "CO"],
    [state.sz, 0, "SZ"],
  ];
  for (const [value, min, field] of fields) requireInteger(value, `${owner}'s ${field}`, min);
  throw new RulesError(
    "invalid-value",
    `${owner}'s stunned must be true or false, got ${String(state.stunned)}`,
    {
      what: owner,
      value: state.stunned,
    },
  );
}

export interface Consequences {
  readonly actorId: string;
  /** Pools after the blow. */
  readonly stunPoints: number;
  readonly hitPoints: number;
  /** The CO check for losing more than half one's Stun Points in one attack; null when none was due. */
  readonly coCheck: CheckResult | null;
  /** Newly stunned by this blow: loses the next action. */
  readonly stunned: boolean;
  readonly conditions: PoolConditions;
  readonly effects: readonly Effect[];
}

export interface BlowTaken {
  readonly actorId: string;
  /** The state before the blow. */
  readonly state: CombatantState;
  readonly stunLost: number;
  readonly hitPointsLost: number;
}

/**
 * Consequences of one attack's damage. Dice: one CO check (a check, so a
 * confirmation die may follow) when more than half the maximum Stun Points
 * were lost, the character is not already stunned and is still conscious
 * and not dying (those already lose their actions, so no roll is made).
 */
export function assessBlow(blow: BlowTaken, dice: DiceSource): Consequences {
  validateCombatantState(blow?.state, blow?.actorId);
  return assessValidatedBlow(blow, dice);
}

/** `assessBlow` for a caller that has just validated the state (the exchange, once per fighter). */
export function assessValidatedBlow(blow: BlowTaken, dice: DiceSource): Consequences {
  const { state, actorId } = blow;
  const { stunLost, hitPointsLost } = blow;
  if (!(Number.isInteger(stunLost) && stunLost >= 0)) requireInteger(stunLost, "Stun lost", 0);
  if (!(Number.isInteger(hitPointsLost) && hitPointsLost >= 0)) requireInteger(hitPointsLost, "HP lost", 0);
  const stunPoints = state.stunPoints.value - stunLost;
  const hitPoints = state.hitPoints.value - hitPointsLost;
  const before = conditionsOf(state.stunPoints.value, state.hitPoints.value, state.co, state.sz);
  const conditions = conditionsOf(stunPoints, hitPoints, state.co, state.sz);
  const effects: Effect[] = [];
  statusChanges(effects, actorId, before, conditions);

  let coCheck: CheckResult | null = null;
  let stunned = false;
  const out = conditions.unconscious || conditions.dying || conditions.dead;
  if (stunLost * 2 > state.stunPoints.max && !state.stunned && !out) {
    coCheck = resolveCheck({ skill: state.co, modifiers: 0 }, dice);
    if (!coCheck.success) {
      stunned = true;
      effects.push({ kind: "status", actorId, status: FangsStatus.Stunned, active: true });
      effects.push({ kind: "loseAction", actorId, reason: FangsStatus.Stunned });
    }
  }
  return { actorId, stunPoints, hitPoints, coCheck, stunned, conditions, effects };
}

/**
 * A dying character's round: −1 HP ([default] amount), and death once
 * negative HP reaches SZ (CORE-CON-3). Call it only for characters whose
 * loss First Aid has not stopped: the pools alone cannot tell.
 */
export function dyingRound(actorId: string, state: CombatantState, options?: FangsOptions): Consequences {
  validateCombatantState(state, actorId);
  const loss = resolveOptions(options).dyingHitPointLossPerRound;
  const before = conditionsOf(state.stunPoints.value, state.hitPoints.value, state.co, state.sz);
  if (!before.dying) {
    throw new RulesError(
      "invalid-state",
      "only a dying character (0 HP or less, not dead) loses HP each round",
      {
        actorId,
        hitPoints: state.hitPoints.value,
      },
    );
  }
  const hitPoints = state.hitPoints.value - loss;
  const conditions = conditionsOf(state.stunPoints.value, hitPoints, state.co, state.sz);
  const effects: Effect[] = [];
  if (loss > 0) effects.push({ kind: "pool", actorId, pool: "hitPoints", amount: loss });
  statusChanges(effects, actorId, before, conditions);
  return {
    actorId,
    stunPoints: state.stunPoints.value,
    hitPoints,
    coCheck: null,
    stunned: false,
    conditions,
    effects,
  };
}

export interface FirstAidResult {
  readonly check: CheckResult;
  /** The HP loss stops. */
  readonly stabilized: boolean;
  readonly effects: readonly Effect[];
}

/**
 * First Aid on a dying character: d20 + First Aid − (negative HP) ≥ 20 stops
 * the loss (CORE-CON-3). The character stays at its HP, helpless, but no
 * longer "dying".
 */
export function firstAid(
  input: {
    readonly actorId: string;
    readonly firstAid: number;
    readonly modifiers?: number;
    readonly hitPoints: number;
  },
  dice: DiceSource,
): FirstAidResult {
  const skill = requireInteger(input.firstAid, "First Aid");
  const hitPoints = requireInteger(input.hitPoints, "HP");
  if (hitPoints > 0) {
    throw new RulesError("invalid-state", "First Aid stops the loss of a dying character (HP ≤ 0)", {
      hitPoints,
    });
  }
  // "d20 + First Aid − (negative HP)": the HP, at 0 or below, is the penalty itself.
  const modifiers = requireInteger(input.modifiers ?? 0, "modifiers") + hitPoints;
  const check = resolveCheck({ skill, modifiers }, dice);
  const effects: Effect[] = check.success
    ? [
        { kind: "status", actorId: input.actorId, status: FangsStatus.Dying, active: false },
        { kind: "note", key: "FANGS.Rules.Consequence.Stabilized", data: { actorId: input.actorId } },
      ]
    : [];
  return { check, stabilized: check.success, effects };
}

/**
 * Unconscious characters regain 1 Stun Point a minute ([default] rate)
 * (CORE-CON-2), never above their maximum. A negative pool amount gives
 * points back.
 */
export function unconsciousRecovery(
  actorId: string,
  state: CombatantState,
  minutes: number,
  options?: FangsOptions,
): { readonly stunPoints: number; readonly effects: readonly Effect[] } {
  validateCombatantState(state, actorId);
  requireInteger(minutes, "minutes", 0);
  const rate = resolveOptions(options).unconsciousStunRecoveryPerMinute;
  const room = state.stunPoints.max - state.stunPoints.value;
  const gain = Math.max(0, Math.min(room, minutes * rate));
  const stunPoints = state.stunPoints.value + gain;
  const effects: Effect[] = [];
  if (gain > 0) effects.push({ kind: "pool", actorId, pool: "stunPoints", amount: -gain });
  const before = conditionsOf(state.stunPoints.value, state.hitPoints.value, state.co, state.sz);
  const after = conditionsOf(stunPoints, state.hitPoints.value, state.co, state.sz);
  statusChanges(effects, actorId, before, after);
  return { stunPoints, effects };
}

/** One fighter's pools and the characteristics their thresholds read. */
export interface PoolState {
  readonly stunPoints: { readonly value: number; readonly max: number };
  readonly hitPoints: { readonly value: number; readonly max: number };
  readonly co: number;
  readonly sz: number;
}

/** Points a GM takes off ("damage") or gives back ("heal") outside a blow. */
export interface PoolAdjustment {
  readonly direction: "damage" | "heal";
  readonly stunPoints: number;
  readonly hitPoints: number;
}

/**
 * The Effects of a GM's change of the pools that is not an attack: damage
 * takes what is asked; healing gives back at most up to each pool's
 * maximum (CORE-CHR-2, -3 derive the maxima a pool returns to), nothing to
 * a pool already at or over it; then the pool statuses the move sets or
 * lifts (poolStatusChanges). No CO check and no stun: CORE-CON-1 asks for
 * the check on "one attack". A fighter whose CO or SZ cannot be read keeps
 * its statuses.
 */
export function adjustPools(actorId: string, state: PoolState, change: PoolAdjustment): Effect[] {
  const amount = (pool: { value: number; max: number }, asked: number): number =>
    change.direction === "damage" ? asked : -Math.min(asked, Math.max(0, pool.max - pool.value));
  const stun = amount(state.stunPoints, change.stunPoints);
  const hp = amount(state.hitPoints, change.hitPoints);
  const effects: Effect[] = [];
  if (stun !== 0) effects.push({ kind: "pool", actorId, pool: "stunPoints", amount: stun });
  if (hp !== 0) effects.push({ kind: "pool", actorId, pool: "hitPoints", amount: hp });
  if (effects.length === 0) return effects;
  const before = { stunPoints: state.stunPoints.value, hitPoints: state.hitPoints.value };
  const after = { stunPoints: before.stunPoints - stun, hitPoints: before.hitPoints - hp };
  try {
    effects.push(...poolStatusChanges(actorId, before, after, state.co, state.sz));
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
  }
  return effects;
}
