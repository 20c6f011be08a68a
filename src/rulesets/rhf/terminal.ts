import { validateFighter } from "../../rules/rhf/fighter";
import { duelTerminal } from "../../sim/node/duel-terminal";
import { rhfDuels } from "./fights";
import { formatDuelLog } from "./sim/format";
import { parsePolicies, policyIds } from "./sim/policies";
import { findSampleFighter, RHF_SAMPLE_FIGHTERS } from "./sim/roster";

/**
 * The reach, holds and firearms part of the terminal commands
 * (src/sim/terminal.ts): its fighters (the sample fighters by name, or a
 * JSON file holding one fighter's sheet), its options (policies, round
 * limit) and its fight log. Node-only (it reads files). The commands find
 * it by its folder and its export `terminal` (src/sim/node/rulesets.ts).
 */
export const rhfTerminal = duelTerminal({
  rulesetId: "rhf",
  kit: rhfDuels,
  side: {
    simulator: "The reach, holds and firearms simulator",
    sample: findSampleFighter,
    validate: validateFighter,
  },
  samples: RHF_SAMPLE_FIGHTERS,
  sampleType: "rhfSample",
  policies: { ids: policyIds(), example: ["marksman", "guarded"], parse: parsePolicies },
  limit: { option: "max-rounds", key: "maxRounds" },
  format: formatDuelLog,
});

/** The terminal commands find this part by its folder and this name (src/sim/node/rulesets.ts). */
export const terminal = rhfTerminal;
