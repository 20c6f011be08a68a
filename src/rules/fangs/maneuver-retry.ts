import { EngagementRule, getManeuver } from "./maneuvers";
import type { ManeuverId } from "./types";

/**
 * NC-MAN-2: a maneuver given up for a dodge "must be attempted again the next
 * round". Which maneuver the next round starts with follows from the lost one
 * and where the fighter stands when that round begins; the GM may still
 * change the declaration afterwards, as any other.
 *
 * None of the maneuvers that can be lost this way (Attack, Change Weapon,
 * Engage, Move, Run) says it is not tried again. What their descriptions do
 * say is when they may be chosen at all, and the one condition known at the
 * start of a round is engagement: Move and Run are for a fighter who is not
 * engaged (Move: "If he is engaged, the character must use the Melee Dodge or
 * Retreat maneuvers instead"). Distances and room to move are the table's to
 * judge, so they never stop a retry here.
 */

export interface RetrySituation {
  /** Engaged as the new round begins. */
  readonly engaged: boolean;
  /** Out of the fight (NC-ATK-2): it has no turn to retry anything in. */
  readonly outOfAction: boolean;
}

/** Why a lost maneuver is not declared again. */
export type RetryDropped = "outOfAction" | "mustNotBeEngaged";

export interface ManeuverRetry {
  /** The maneuver declared for the new round, or null. */
  readonly maneuver: ManeuverId | null;
  /** Set when a maneuver was lost but is not declared again. */
  readonly dropped: RetryDropped | null;
}

const NOTHING: ManeuverRetry = Object.freeze({ maneuver: null, dropped: null });

/**
 * What the new round declares for a fighter whose maneuver was lost to a
 * dodge last round (`lost`, null when nothing was lost). An unknown id is a
 * RulesError "unknown-maneuver".
 */
export function retryLostManeuver(
  lost: ManeuverId | string | null,
  situation: RetrySituation,
): ManeuverRetry {
  if (lost === null) return NOTHING;
  const maneuver = getManeuver(lost);
  if (situation.outOfAction) return Object.freeze({ maneuver: null, dropped: "outOfAction" });
  if (maneuver.engagement === EngagementRule.MustNotBeEngaged && situation.engaged) {
    return Object.freeze({ maneuver: null, dropped: "mustNotBeEngaged" });
  }
  return Object.freeze({ maneuver: maneuver.id, dropped: null });
}
