import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { validateFighter } from "../../rules/rhf/fighter";
import type { RhfFighter } from "../../rules/rhf/types";
import { parseCount } from "../../sim/args";
import { SimError } from "../../sim/sim-error";
import type { RulesetTerminal } from "../../sim/terminal";
import { type RhfJob, rhfFightRunner, rhfJobNames } from "./fights";
import { runDuel } from "./sim/duel";
import { formatDuelLog } from "./sim/format";
import { createPolicy, parsePolicies, policyIds } from "./sim/policies";
import { findSampleFighter, RHF_SAMPLE_FIGHTERS } from "./sim/roster";

/**
 * The reach, holds and firearms part of the terminal commands
 * (src/sim/terminal.ts): its fighters (the sample fighters by name, or a
 * JSON file holding one fighter's sheet), its options (policies, round
 * limit) and its fight log. Node-only (it reads files). The commands find
 * it by its folder and its export `terminal` (src/sim/node/rulesets.ts).
 */

function readSide(side: string, root: string): RhfFighter {
  if (side.includes(","))
    throw new SimError(
      "invalid-argument",
      `this ruleset's simulator runs duels: one fighter a side, got "${side}"`,
    );
  if (!side.toLowerCase().endsWith(".json")) return findSampleFighter(side);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(resolve(root, side), "utf8"));
  } catch (error) {
    throw new SimError("malformed-file", `${side}: ${(error as Error).message}`);
  }
  try {
    return validateFighter(data as RhfFighter);
  } catch (error) {
    throw new SimError("malformed-fighter", `${side}: ${(error as Error).message}`);
  }
}

export const rhfTerminal: RulesetTerminal<RhfJob> = Object.freeze({
  rulesetId: "rhf",
  runner: rhfFightRunner,
  options: ["policy", "max-rounds"],
  usage: `[--policy ID|ID,ID] [--max-rounds N]
A side is one fighter: a sample fighter by name (--list) or a JSON file holding one fighter's sheet.
--policy marksman,guarded gives side A one policy and side B another (${policyIds().join(", ")}).`,
  roster: () => RHF_SAMPLE_FIGHTERS.map((f) => ({ name: f.name, type: "rhfSample" })),
  job(
    sides: readonly [string, string],
    options: ReadonlyMap<string, string | true>,
    seed: number,
    root: string,
  ) {
    let fighters: readonly [RhfFighter, RhfFighter] = [readSide(sides[0], root), readSide(sides[1], root)];
    // The same fighter on both sides fights a copy of itself.
    if (fighters[0].id === fighters[1].id)
      fighters = [fighters[0], { ...fighters[1], id: `${fighters[1].id}2`, name: `${fighters[1].name} 2` }];
    return {
      fighters,
      seed,
      policies: parsePolicies(options.get("policy")),
      maxRounds: parseCount("max-rounds", options.get("max-rounds"), 100, 10_000),
    };
  },
  names: rhfJobNames,
  fight(job: RhfJob, seed: number) {
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
} satisfies RulesetTerminal<RhfJob>);

/** The terminal commands find this part by its folder and this name (src/sim/node/rulesets.ts). */
export const terminal = rhfTerminal;
