import { requireInteger } from "../kernel/errors";
import { MAX_RATING } from "./check";
import { RHF_DEFAULTS, type RhfRules } from "./config";

/**
 * Holds (RHF-HLD-1 … RHF-HLD-3) as numbers: the control points a holder
 * gains a round held, and when they immobilize. The rolls (Unarmed Combat
 * to grab and to break free) are the round engine's.
 */

/** RHF-HLD-1: control points a round held, Strength / 3 rounded up. */
export function controlPointsPerRound(strength: number, rules: RhfRules = RHF_DEFAULTS): number {
  requireInteger(strength, "Strength", 0, MAX_RATING);
  return Math.ceil(strength / rules.controlPointsDivisor);
}

/** RHF-HLD-2: the total above the victim's Strength immobilizes it. */
export function isImmobilized(controlPoints: number, victimStrength: number): boolean {
  requireInteger(controlPoints, "control points", 0);
  requireInteger(victimStrength, "Strength", 0, MAX_RATING);
  return controlPoints > victimStrength;
}
