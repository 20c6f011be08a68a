import type { RulesetSimulator } from "../../sim/fight-runner";
import { openShareneOdds } from "./apps/encounter-odds/odds-app";
import { type ShareneJob, shareneFightRunner } from "./fights";

/**
 * Sharene's fights for the shared odds runner and its Encounter odds
 * window (its definition's `simulator`, loaded with its heavy part).
 */
export const shareneSimulator: RulesetSimulator<ShareneJob> = Object.freeze({
  rulesetId: "sharene",
  runner: shareneFightRunner,
  openOdds: openShareneOdds,
});
