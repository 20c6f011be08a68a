/**
 * The three figures of LUN-HLT-1 a sheet reads between blows (how many
 * levels, the largest penalty, where Body's extra levels go), kept in a
 * module of their own: they are keys of LUNOS_DEFAULTS (./config.ts
 * spreads them in), and a sheet reads them at start-up without the rest.
 */

export interface LunosHealthRules {
  readonly baseHealthLevels: number;
  readonly largestPenalty: number;
  /** LUN-HLT-1's two readings: one extra level each at −5, −4, −3 …, or all of them at −5. */
  readonly extraLevels: "spread" | "allAtLargest";
}

export const LUNOS_HEALTH_RULES: LunosHealthRules = Object.freeze({
  baseHealthLevels: 5,
  largestPenalty: 5,
  extraLevels: "spread",
});
