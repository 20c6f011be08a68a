import type { LunosOptions } from "../../rules/lunos/config";
import type { LunosFighter } from "../../rules/lunos/types";
import type { FightRunner } from "../../sim/fight-runner";
import { runDuel } from "./sim/duel";
import { createPolicy } from "./sim/policies";

/*
 * Lunos's fights for the shared runner (src/sim/fight-runner.ts): its job
 * and its runner. Pure (no Foundry, no Node), so the terminal commands
 * and, once the ruleset has its definition, Encounter odds both run it.
 */

/** Many duels between the same two fighters; fight i has the dice of `fightSeed(seed, i)`. */
export interface LunosJob {
  readonly seed: number;
  readonly fighters: readonly [LunosFighter, LunosFighter];
  /** Policy ids of the two sides (sim/policies.ts); "default" when absent. */
  readonly policies?: readonly [string, string];
  readonly maxRounds?: number;
  readonly options?: LunosOptions;
}

export const lunosFightRunner: FightRunner<LunosJob> = {
  prepare(job) {
    const setup = {
      fighters: job.fighters,
      policies: [
        createPolicy(job.policies?.[0] ?? "default"),
        createPolicy(job.policies?.[1] ?? "default"),
      ] as const,
      maxRounds: job.maxRounds,
      options: job.options,
    };
    return (seed) => runDuel(setup, seed).summary;
  },
};
