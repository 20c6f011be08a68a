import type { DiceSource } from "../kernel/dice";
import { RulesError, requireInteger } from "../kernel/errors";
import { controlPointsPerRound, isImmobilized } from "../rhf/holds";
import { type FangsOptions, resolveOptions } from "./config";
import { type BreakFreeAttempt, type BreakFreeResult, breakFree } from "./grapple";
import { rhfRulesOf } from "./rhf-figures";

/**
 * The holds module (`controlPointsModule`, docs/rules/fangs.md, "Optional
 * modules from the reach, holds and firearms rules"): a made FANGS grapple
 * (NC-GRP-2) is the RHF text's hold. The grappler gains ceil(ST/3) control
 * points for each round it holds (`controlPointsDivisor`), the round of the
 * grapple included (`holdFirstRoundCounts`); past the victim's ST the victim
 * is immobilized: it takes no action, defends not at all and may not try to
 * break free (`immobilizedMayBreak`) until the hold ends. Those three are
 * the world's keys, the RHF core's figures by default. Breaking free
 * stays FANGS's own roll (NC-GRP-3, breakFree).
 */

/** A hold's control: the points gained so far and whether they immobilize. */
export interface HoldControl {
  readonly controlPoints: number;
  readonly immobilized: boolean;
}

/** Whether the world plays the module. */
export function controlPointsOn(options?: FangsOptions): boolean {
  return resolveOptions(options).controlPointsModule;
}

function control(points: number, victimSt: number): HoldControl {
  return Object.freeze({ controlPoints: points, immobilized: isImmobilized(points, victimSt) });
}

/** RHF-HLD-2: the control of `points` over a victim of this ST (a hold the table keeps, read back). */
export function holdControlOf(points: number, victimSt: number): HoldControl {
  return control(requireInteger(points, "control points", 0), victimSt);
}

/**
 * RHF-HLD-1: the control a grapple has when it is made, or null when the
 * module is off. The round of the grapple counts as the first held.
 */
export function holdMade(grapplerSt: number, victimSt: number, options?: FangsOptions): HoldControl | null {
  if (!controlPointsOn(options)) return null;
  const rules = rhfRulesOf(options);
  const first = rules.holdFirstRoundCounts ? controlPointsPerRound(grapplerSt, rules) : 0;
  return control(first, victimSt);
}

/**
 * RHF-HLD-1, RHF-HLD-2: a new round begins and the hold still stands: the
 * grappler gains ceil(ST/3) more; past the victim's ST it is immobilized.
 * Null when the module is off.
 */
export function holdRound(
  hold: HoldControl,
  grapplerSt: number,
  victimSt: number,
  options?: FangsOptions,
): HoldControl | null {
  if (!controlPointsOn(options)) return null;
  const before = requireInteger(hold?.controlPoints, "control points", 0);
  return control(before + controlPointsPerRound(grapplerSt, rhfRulesOf(options)), victimSt);
}

/** RHF-HLD-2: whether any of the holds on a fighter immobilizes it (always false when the module is off). */
export function immobilizedBy(holds: readonly (HoldControl | null)[], options?: FangsOptions): boolean {
  if (!controlPointsOn(options)) return false;
  return holds.some((h) => h?.immobilized === true);
}

/**
 * RHF-HLD-3 on FANGS: the target of the holds breaks free with FANGS's own
 * roll (NC-GRP-3), unless a hold immobilizes it: then the attempt is
 * refused with a RulesError before any die (`immobilizedMayBreak`, by
 * default no). Off, this is breakFree.
 */
export function breakFreeFromHolds(
  attempt: BreakFreeAttempt,
  holds: readonly (HoldControl | null)[],
  dice: DiceSource,
  options?: FangsOptions,
): BreakFreeResult {
  if (immobilizedBy(holds, options) && !rhfRulesOf(options).immobilizedMayBreak)
    throw new RulesError("round-refused", "an immobilized fighter cannot try to break free of the hold", {
      reason: "Immobilized",
    });
  return breakFree(attempt, dice);
}
