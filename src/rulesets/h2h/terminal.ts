import { validateH2hFighter } from "../../rules/h2h/fighter";
import type { H2hFighter } from "../../rules/h2h/types";
import { parseCount } from "../../sim/args";
import { duelJobNames } from "../../sim/fight-runner";
import { duelSides, readDuelSide } from "../../sim/node/duel-side";
import type { RulesetTerminal } from "../../sim/terminal";
import { type H2hJob, h2hFightRunner } from "./fights";
import { runH2hDuel } from "./sim/duel";
import { formatH2hLog } from "./sim/format";
import { createPolicy, parsePolicies } from "./sim/policies";
import { findSampleFighter, H2H_SAMPLE_FIGHTERS } from "./sim/roster";

/**
 * Hand to Hand's part of the terminal commands (src/sim/terminal.ts): its
 * fighters (the sample fighters by name, or a JSON file holding one
 * fighter's sheet), its options (policies, melee limit) and its fight log.
 * Node-only (it reads files). The commands find it by its folder and its
 * export `terminal` (src/sim/node/rulesets.ts).
 */

function readSide(side: string, root: string): H2hFighter {
  return readDuelSide(side, root, {
    simulator: "Hand to Hand's simulator",
    sample: findSampleFighter,
    validate: validateH2hFighter,
  });
}

export const h2hTerminal: RulesetTerminal<H2hJob> = Object.freeze({
  rulesetId: "h2h",
  runner: h2hFightRunner,
  options: ["policy", "max-melees"],
  usage: `[--policy ID|ID,ID] [--max-melees N]
A side is one fighter: a sample fighter by name (--list) or a JSON file holding one fighter's sheet.
--policy brawler,wrestler gives side A one policy and side B another (default, brawler, wrestler, cautious).`,
  roster: () => H2H_SAMPLE_FIGHTERS.map((f) => ({ name: f.name, type: "h2hSample" })),
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
      maxMelees: parseCount("max-melees", options.get("max-melees"), 100, 10_000),
    };
  },
  names: duelJobNames,
  fight(job: H2hJob, seed: number) {
    const ids = job.policies ?? ["default", "default"];
    const result = runH2hDuel(
      {
        fighters: job.fighters,
        policies: [createPolicy(ids[0]), createPolicy(ids[1])],
        maxMelees: job.maxMelees,
        options: job.options,
      },
      seed,
      true,
    );
    const fighterIds = [job.fighters[0].id, job.fighters[1].id] as const;
    return { json: { seed, ...result }, lines: (i18n) => formatH2hLog(result, fighterIds, i18n, seed) };
  },
} satisfies RulesetTerminal<H2hJob>);

/** The terminal commands find this part by its folder and this name (src/sim/node/rulesets.ts). */
export const terminal = h2hTerminal;
