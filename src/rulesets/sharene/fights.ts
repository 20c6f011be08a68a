import type { ShareneOptions } from "../../rules/sharene/config";
import type { ShareneFighter } from "../../rules/sharene/types";
import type { FightRunner } from "../../sim/fight-runner";
import { runDuel } from "./sim/duel";
import { createPolicy } from "./sim/policies";

/*
 * Sharene's fights for the shared runner (src/sim/fight-runner.ts): its
 * job and its runner. Pure (no Foundry, no Node), so the terminal commands
 * and, once the ruleset has its definition, Encounter odds both run it.
 */

/** Many duels between the same two fighters; fight i has the dice of `fightSeed(seed, i)`. */
export interface ShareneJob {
  readonly seed: number;
  readonly fighters: readonly [ShareneFighter, ShareneFighter];
  /** Policy ids of the two sides (sim/policies.ts); "default" when absent. */
  readonly policies?: readonly [string, string];
  readonly maxRounds?: number;
  readonly options?: ShareneOptions;
}

export const shareneFightRunner: FightRunner<ShareneJob> = {
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
