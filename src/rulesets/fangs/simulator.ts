import type { RulesetSimulator } from "../../sim/fight-runner";
import { openEncounterOddsNow } from "./apps/encounter-odds/open";
import { fangsFightRunner, type OddsJob } from "./fights";

/**
 * FANGS's simulator as its definition gives it (`simulator.load`): the
 * duel and group fights of src/sim behind the shared runner, and the
 * Encounter odds window that reads FANGS's actors. Part of FANGS's heavy
 * part (src/rulesets/fangs-heavy.ts).
 */
export const fangsSimulator: RulesetSimulator<OddsJob> = Object.freeze({
  rulesetId: "fangs",
  runner: fangsFightRunner,
  openOdds: openEncounterOddsNow,
});
