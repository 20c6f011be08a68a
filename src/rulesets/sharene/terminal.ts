import { validateFighter } from "../../rules/sharene/fighter";
import type { ShareneFighter } from "../../rules/sharene/types";
import { parseCount } from "../../sim/args";
import { duelJobNames } from "../../sim/fight-runner";
import { duelSides, readDuelSide } from "../../sim/node/duel-side";
import type { RulesetTerminal } from "../../sim/terminal";
import { type ShareneJob, shareneFightRunner } from "./fights";
import { runDuel } from "./sim/duel";
import { formatDuelLog } from "./sim/format";
import { createPolicy, parsePolicies } from "./sim/policies";
import { findSampleFighter, SHARENE_SAMPLE_FIGHTERS } from "./sim/roster";

/**
 * Sharene's part of the terminal commands (src/sim/terminal.ts): its
 * fighters (the sample fighters by name, or a JSON file holding one
 * fighter's sheet), its options (policies, round limit) and its fight log.
 * Node-only (it reads files). The commands find it by its folder and its
 * export `terminal` (src/sim/node/rulesets.ts).
 */

function readSide(side: string, root: string): ShareneFighter {
  return readDuelSide(side, root, {
    simulator: "Sharene's simulator",
    sample: findSampleFighter,
    validate: validateFighter,
  });
}

export const shareneTerminal: RulesetTerminal<ShareneJob> = Object.freeze({
  rulesetId: "sharene",
  runner: shareneFightRunner,
  options: ["policy", "max-rounds"],
  usage: `[--policy ID|ID,ID] [--max-rounds N]
A side is one fighter: a sample fighter by name (--list) or a JSON file holding one fighter's sheet.
--policy aggressive,riposte gives side A one policy and side B another (default, aggressive, riposte, steady).`,
  roster: () => SHARENE_SAMPLE_FIGHTERS.map((f) => ({ name: f.name, type: "shareneSample" })),
  job(
    sides: readonly [string, string],
    options: ReadonlyMap<string, string | true>,
    seed: number,
    root: string,
  ) {
    const fighters = duelSides(readSide(sides[0], root), readSide(sides[1], root));
    return {
      fighters,
      seed,
      policies: parsePolicies(options.get("policy")),
      maxRounds: parseCount("max-rounds", options.get("max-rounds"), 100, 10_000),
    };
  },
  names: duelJobNames,
  fight(job: ShareneJob, seed: number) {
    const ids = job.policies ?? ["default", "default"];
    const result = runDuel(
      {
        fighters: job.fighters,
        policies: [createPolicy(ids[0]), createPolicy(ids[1])],
        maxRounds: job.maxRounds,
        options: job.options,
      },
      seed,
      true,
    );
    const fighterIds = [job.fighters[0].id, job.fighters[1].id] as const;
    return { json: { seed, ...result }, lines: (i18n) => formatDuelLog(result, fighterIds, i18n, seed) };
  },
} satisfies RulesetTerminal<ShareneJob>);

/** The terminal commands find this part by its folder and this name (src/sim/node/rulesets.ts). */
export const terminal = shareneTerminal;
