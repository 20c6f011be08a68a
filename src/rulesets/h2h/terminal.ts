import { validateH2hFighter } from "../../rules/h2h/fighter";
import { duelTerminal } from "../../sim/node/duel-terminal";
import { h2hDuels } from "./fights";
import { formatH2hLog } from "./sim/format";
import { parsePolicies, policyIds } from "./sim/policies";
import { findSampleFighter, H2H_SAMPLE_FIGHTERS } from "./sim/roster";

/**
 * Hand to Hand's part of the terminal commands (src/sim/terminal.ts): its
 * fighters (the sample fighters by name, or a JSON file holding one
 * fighter's sheet), its options (policies, melee limit) and its fight log.
 * Node-only (it reads files); the shape every duel simulator shares is
 * src/sim/node/duel-terminal.ts. The commands find it by its folder and its
 * export `terminal` (src/sim/node/rulesets.ts).
 */
export const h2hTerminal = duelTerminal({
  rulesetId: "h2h",
  kit: h2hDuels,
  side: { simulator: "Hand to Hand's simulator", sample: findSampleFighter, validate: validateH2hFighter },
  samples: H2H_SAMPLE_FIGHTERS,
  sampleType: "h2hSample",
  policies: { ids: policyIds(), example: ["brawler", "wrestler"], parse: parsePolicies },
  limit: { option: "max-melees", key: "maxMelees" },
  format: formatH2hLog,
});

/** The terminal commands find this part by its folder and this name (src/sim/node/rulesets.ts). */
export const terminal = h2hTerminal;
