import type { GmDamageRequest } from "../../apps/gm-damage/damage-request";
import { adjustPools, type PoolState } from "../../rules/fangs/consequences";
import type { Effect } from "../../rules/kernel/effects";
import { actorSystem } from "./data/views";

/**
 * FANGS's rule for the GM's damage tool: the rules core's adjustPools
 * (healing up to the maximum, the pool statuses by the thresholds a blow
 * uses), read from a FANGS actor's pools and CO and SZ.
 */

function stateOf(actor: Actor.Implementation): PoolState | null {
  const system = actorSystem(actor);
  if (!system) return null;
  return {
    stunPoints: { value: system.stunPoints.value, max: system.stunPoints.max },
    hitPoints: { value: system.hitPoints.value, max: system.hitPoints.max },
    co: system.characteristics.co,
    sz: system.characteristics.sz,
  };
}

/** In FANGS's heavy part (src/rulesets/fangs-heavy.ts): the rules core's thresholds are not start-up code. */
export function fangsGmDamageEffects(actor: Actor.Implementation, request: GmDamageRequest): Effect[] | null {
  const state = stateOf(actor);
  if (!state) return null;
  return adjustPools(actor.uuid, state, {
    direction: request.direction,
    stunPoints: request.points.stunPoints ?? 0,
    hitPoints: request.points.hitPoints ?? 0,
  });
}
