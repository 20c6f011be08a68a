import { validateFighter } from "../../rules/sharene/fighter";
import { duelTerminal } from "../../sim/node/duel-terminal";
import { shareneDuels } from "./fights";
import { formatDuelLog } from "./sim/format";
import { parsePolicies, policyIds } from "./sim/policies";
import { findSampleFighter, SHARENE_SAMPLE_FIGHTERS } from "./sim/roster";

/**
 * Sharene's part of the terminal commands (src/sim/terminal.ts): its
 * fighters (the sample fighters by name, or a JSON file holding one
 * fighter's sheet), its options (policies, round limit) and its fight log.
 * Node-only (it reads files); the shape every duel simulator shares is
 * src/sim/node/duel-terminal.ts. The commands find it by its folder and its
 * export `terminal` (src/sim/node/rulesets.ts).
 */
export const shareneTerminal = duelTerminal({
  rulesetId: "sharene",
  kit: shareneDuels,
  side: { simulator: "Sharene's simulator", sample: findSampleFighter, validate: validateFighter },
  samples: SHARENE_SAMPLE_FIGHTERS,
  sampleType: "shareneSample",
  policies: { ids: policyIds(), example: ["aggressive", "riposte"], parse: parsePolicies },
  limit: { option: "max-rounds", key: "maxRounds" },
  format: formatDuelLog,
});

/** The terminal commands find this part by its folder and this name (src/sim/node/rulesets.ts). */
export const terminal = shareneTerminal;
