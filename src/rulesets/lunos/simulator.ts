import type { RulesetSimulator } from "../../sim/fight-runner";
import { openLunosOdds } from "./apps/encounter-odds/odds-app";
import { type LunosJob, lunosFightRunner } from "./fights";

/**
 * Lunos's fights for the shared odds runner and its Encounter odds
 * window (its definition's `simulator`, loaded with its heavy part).
 */
export const lunosSimulator: RulesetSimulator<LunosJob> = Object.freeze({
  rulesetId: "lunos",
  runner: lunosFightRunner,
  openOdds: openLunosOdds,
});
