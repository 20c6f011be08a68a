import type { DiceSource } from "../kernel/dice";
import { RulesError, requireInteger } from "../kernel/errors";
import { type CheckInput, linkedChecks } from "./check";
import { Limb } from "./defenses";
import type { CheckResult } from "./types";

/**
 * Grappling (NC-GRP-1 … -5). A grapple is a melee attack that only Grapple
 * parries and a dodge avoids as usual (defenses.ts); a hit binds limbs; the
 * target breaks free on its own initiative by out-rolling the grappler; a
 * bound limb cannot parry and a grappled target cannot dodge (defenses.ts
 * reads `boundLimbs`).
 */

/** A humanoid's limbs, the head counting as one (NC-GRP-2). */
export const HUMANOID_LIMBS: readonly string[] = Object.freeze([
  Limb.MainArm,
  Limb.OffArm,
  Limb.Head,
  Limb.LeftLeg,
  Limb.RightLeg,
]);

/** Limbs bound by one grapple: two, plus one per manipulative limb beyond two (NC-GRP-2). */
export function limbsBoundByGrapple(grapplerManipulativeLimbs = 2): number {
  const limbs = requireInteger(grapplerManipulativeLimbs, "the grappler's manipulative limbs", 0);
  return 2 + Math.max(0, limbs - 2);
}

export interface GrappleHold {
  readonly grapplerId: string;
  readonly targetId: string;
  readonly boundLimbs: readonly string[];
}

export interface GrappleHit {
  readonly grapplerId: string;
  readonly targetId: string;
  /** The grappler's arms, tentacles, prehensile tails… (default 2). */
  readonly grapplerManipulativeLimbs?: number;
  /** The target's limbs (default a humanoid's). */
  readonly targetLimbs?: readonly string[];
  /**
   * Which limbs the grappler binds; absent: the limbs that parry first
   * (arms), then the head, then the rest, as many as the grapple binds.
   */
  readonly chosenLimbs?: readonly string[];
  /** Limbs already bound by other grapplers (they cannot be bound twice). */
  readonly alreadyBound?: readonly string[];
}

/** NC-GRP-2: what a successful grapple binds. */
export function applyGrapple(hit: GrappleHit): GrappleHold {
  if (!hit?.grapplerId || !hit.targetId || hit.grapplerId === hit.targetId) {
    throw new RulesError("invalid-value", "a grapple needs a grappler and a different target", { hit });
  }
  const allowed = limbsBoundByGrapple(hit.grapplerManipulativeLimbs ?? 2);
  const limbs = hit.targetLimbs ?? HUMANOID_LIMBS;
  const taken = new Set(hit.alreadyBound ?? []);
  const free = limbs.filter((limb) => !taken.has(limb));
  const chosen = hit.chosenLimbs ?? free.slice(0, allowed);
  if (new Set(chosen).size !== chosen.length) {
    throw new RulesError("invalid-value", "a limb is bound only once", { chosen });
  }
  if (chosen.length > allowed) {
    throw new RulesError(
      "invalid-value",
      `this grapple binds at most ${allowed} limbs, not ${chosen.length}`,
      {
        allowed,
        chosen,
      },
    );
  }
  for (const limb of chosen) {
    if (!free.includes(limb)) {
      throw new RulesError("invalid-value", `"${limb}" is not a free limb of the target`, {
        limb,
        limbs,
        taken,
      });
    }
  }
  return Object.freeze({
    grapplerId: hit.grapplerId,
    targetId: hit.targetId,
    boundLimbs: Object.freeze([...chosen]),
  });
}

/** Every limb of `targetId` bound by any grapple (what defenses.ts wants as `boundLimbs`). */
export function boundLimbsOf(holds: readonly GrappleHold[], targetId: string): string[] {
  // Asked at every defense of a held fighter: one array, each limb once, in the order the holds name them.
  const limbs: string[] = [];
  for (const h of holds) {
    if (h.targetId !== targetId) continue;
    for (const limb of h.boundLimbs) if (!limbs.includes(limb)) limbs.push(limb);
  }
  return limbs;
}

export interface BreakFreeAttempt {
  /** The target's Grapple skill and modifiers. */
  readonly target: CheckInput;
  /** The grappler's Grapple skill and modifiers. */
  readonly grappler: CheckInput;
  /** NC-GRP-3: only on the target's normal initiative. */
  readonly onTargetsInitiative: boolean;
}

export interface BreakFreeResult {
  readonly freed: boolean;
  readonly target: CheckResult;
  readonly grappler: CheckResult;
}

/**
 * NC-GRP-3: the target breaks free with a higher Grapple roll than the
 * grappler's (both d20 + Grapple, as a linked opposed check: the higher total
 * wins; a tie keeps the hold, since the target must roll higher). Dice: the
 * target's check, then the grappler's (each may roll a confirmation die).
 */
export function breakFree(attempt: BreakFreeAttempt, dice: DiceSource): BreakFreeResult {
  if (!attempt?.onTargetsInitiative) {
    throw new RulesError(
      "invalid-state",
      "a grappled target tries to break free on its own initiative (NC-GRP-3)",
      {},
    );
  }
  const result = linkedChecks(attempt.target, attempt.grappler, dice);
  return Object.freeze({
    freed: result.winner === "active",
    target: result.active,
    grappler: result.passive,
  });
}

/** The hold after the target breaks free: removed (the list without it). */
export function releaseGrapple(
  holds: readonly GrappleHold[],
  grapplerId: string,
  targetId: string,
): GrappleHold[] {
  return holds.filter((h) => !(h.grapplerId === grapplerId && h.targetId === targetId));
}
