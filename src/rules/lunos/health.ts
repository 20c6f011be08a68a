import { requireInteger } from "../kernel/errors";
import type { LunosRules } from "./config";
import type { LunosHealthRules } from "./health-rules";
import { MAX_RATING } from "./pool";

/**
 * Health levels (LUN-HLT-*): 5 + Body of them, one each at −1 … −5 and
 * Body's extra ones placed by the `extraLevels` reading; the wound penalty
 * is the penalty of the last level taken, in dice off every pool; past
 * Willpower the fighter is out; all levels used, the fighter is dying and
 * any further damage kills.
 */

const ladders = new WeakMap<LunosHealthRules, (readonly number[])[]>();

/** The penalty of each level, in the order they are taken (smallest first). */
export function healthLadder(body: number, rules: LunosHealthRules): readonly number[] {
  requireInteger(body, "Body", 0, MAX_RATING);
  let byBody = ladders.get(rules);
  if (byBody === undefined) {
    byBody = [];
    ladders.set(rules, byBody);
  }
  const cached = byBody[body];
  if (cached !== undefined) return cached;
  const top = rules.largestPenalty;
  const levels: number[] = [];
  for (let i = 1; i <= rules.baseHealthLevels; i += 1) levels.push(Math.min(i, top));
  for (let j = 0; j < body; j += 1)
    levels.push(rules.extraLevels === "spread" ? Math.max(1, top - (j % top)) : top);
  levels.sort((x, y) => x - y);
  const ladder = Object.freeze(levels);
  byBody[body] = ladder;
  return ladder;
}

export function healthLevels(body: number, rules: LunosHealthRules): number {
  return rules.baseHealthLevels + body;
}

/** The dice every pool loses with `taken` levels used (0 while none is). */
export function woundPenalty(taken: number, body: number, rules: LunosHealthRules): number {
  if (taken <= 0) return 0;
  const ladder = healthLadder(body, rules);
  return ladder[Math.min(taken, ladder.length) - 1]!;
}

/** LUN-HLT-2: out when the wound penalty exceeds Willpower. */
export function overcomeByPain(
  taken: number,
  body: number,
  willpower: number,
  rules: LunosHealthRules,
): boolean {
  return woundPenalty(taken, body, rules) > willpower;
}

/** LUN-HLT-4: every level used. */
export function allLevelsUsed(taken: number, body: number, rules: LunosHealthRules): boolean {
  return taken >= healthLevels(body, rules);
}

/** LUN-HLT-4: rounds a dying fighter lasts without care (5 minutes of 6-second rounds). */
export function dyingRounds(rules: LunosRules): number {
  return Math.ceil((rules.dyingMinutes * 60) / rules.secondsPerRound);
}

/**
 * LUN-HLT-5: magic with every level used takes a minute
 * (`dyingMagicMinutes`), in rounds, and kills the caster afterwards,
 * unless it heals.
 */
export function magicWhileDying(
  healing: boolean,
  rules: LunosRules,
): { readonly rounds: number; readonly killsCaster: boolean } {
  return { rounds: Math.ceil((rules.dyingMagicMinutes * 60) / rules.secondsPerRound), killsCaster: !healing };
}
