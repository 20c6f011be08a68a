import type { H2hOptions } from "../../rules/h2h/config";
import type { H2hFighter } from "../../rules/h2h/types";
import { type DuelJob, type DuelKit, duelFightRunner, duelPolicies } from "../../sim/duel-kit";
import { type H2hDuelResult, type H2hDuelSetup, runH2hDuel } from "./sim/duel";
import { createPolicy } from "./sim/policies";

/*
 * Hand to Hand's fights for the shared runner (src/sim/fight-runner.ts):
 * its job and its runner. Pure (no Foundry, no Node), so the terminal
 * commands and, once the ruleset has its definition, Encounter odds both
 * run it.
 */

/** Many duels between the same two fighters; fight i has the dice of `fightSeed(seed, i)`. */
export interface H2hJob extends DuelJob<H2hFighter> {
  /** The most melees a fight lasts; the simulator's default when absent. */
  readonly maxMelees?: number;
  readonly options?: H2hOptions;
}

export const h2hDuels: DuelKit<H2hJob, H2hDuelSetup, H2hDuelResult> = Object.freeze({
  setup: (job: H2hJob): H2hDuelSetup => ({
    fighters: job.fighters,
    policies: duelPolicies(job.policies, createPolicy),
    maxMelees: job.maxMelees,
    options: job.options,
  }),
  run: runH2hDuel,
});

export const h2hFightRunner = duelFightRunner(h2hDuels);
