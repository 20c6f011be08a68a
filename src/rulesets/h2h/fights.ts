import type { H2hOptions } from "../../rules/h2h/config";
import type { H2hFighter } from "../../rules/h2h/types";
import type { FightRunner } from "../../sim/fight-runner";
import { runH2hDuel } from "./sim/duel";
import { createPolicy } from "./sim/policies";

/*
 * Hand to Hand's fights for the shared runner (src/sim/fight-runner.ts):
 * its job and its runner. Pure (no Foundry, no Node), so the terminal
 * commands and, once the ruleset has its definition, Encounter odds both
 * run it.
 */

/** Many duels between the same two fighters; fight i has the dice of `fightSeed(seed, i)`. */
export interface H2hJob {
  readonly seed: number;
  readonly fighters: readonly [H2hFighter, H2hFighter];
  /** Policy ids of the two sides (sim/policies.ts); "default" when absent. */
  readonly policies?: readonly [string, string];
  readonly maxMelees?: number;
  readonly options?: H2hOptions;
}

export const h2hFightRunner: FightRunner<H2hJob> = {
  prepare(job) {
    const setup = {
      fighters: job.fighters,
      policies: [
        createPolicy(job.policies?.[0] ?? "default"),
        createPolicy(job.policies?.[1] ?? "default"),
      ] as const,
      maxMelees: job.maxMelees,
      options: job.options,
    };
    return (seed) => runH2hDuel(setup, seed).summary;
  },
};
