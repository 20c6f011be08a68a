import type { RulesetSimulator } from "../../sim/fight-runner";
import { type ShareneJob, shareneFightRunner } from "./fights";

/**
 * Sharene's fights for the shared odds runner (its definition's
 * `simulator`, loaded with its heavy part). Its Encounter odds window comes
 * with its sample actors; until then the GM tool says it has none.
 */
export const shareneSimulator: RulesetSimulator<ShareneJob> = Object.freeze({
  rulesetId: "sharene",
  runner: shareneFightRunner,
});
