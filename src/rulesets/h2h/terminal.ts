import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { validateH2hFighter } from "../../rules/h2h/fighter";
import type { H2hFighter } from "../../rules/h2h/types";
import { parseCount } from "../../sim/args";
import { SimError } from "../../sim/sim-error";
import type { RulesetTerminal } from "../../sim/terminal";
import { type H2hJob, h2hFightRunner, h2hJobNames } from "./fights";
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
  if (side.includes(","))
    throw new SimError(
      "invalid-argument",
      `Hand to Hand's simulator runs duels: one fighter a side, got "${side}"`,
    );
  if (!side.toLowerCase().endsWith(".json")) return findSampleFighter(side);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(resolve(root, side), "utf8"));
  } catch (error) {
    throw new SimError("malformed-file", `${side}: ${(error as Error).message}`);
  }
  try {
    return validateH2hFighter(data as H2hFighter);
  } catch (error) {
    throw new SimError("malformed-fighter", `${side}: ${(error as Error).message}`);
  }
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
    let fighters: readonly [H2hFighter, H2hFighter] = [readSide(sides[0], root), readSide(sides[1], root)];
    // The same fighter on both sides fights a copy of itself.
    if (fighters[0].id === fighters[1].id)
      fighters = [fighters[0], { ...fighters[1], id: `${fighters[1].id}2`, name: `${fighters[1].name} 2` }];
    return {
      fighters,
      seed,
      policies: parsePolicies(options.get("policy")),
      maxMelees: parseCount("max-melees", options.get("max-melees"), 100, 10_000),
    };
  },
  names: h2hJobNames,
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
