import type { RhfOptions } from "../../rules/rhf/config";
import type { RhfFighter } from "../../rules/rhf/types";
import { type DuelJob, type DuelKit, duelFightRunner, duelPolicies } from "../../sim/duel-kit";
import { type DuelResult, type DuelSetup, runDuel } from "./sim/duel";
import { createPolicy } from "./sim/policies";

/*
 * The reach, holds and firearms fights for the shared runner
 * (src/sim/fight-runner.ts): its job and its runner. Pure (no Foundry, no
 * Node), so the terminal commands and, once the ruleset has its
 * definition, Encounter odds both run it.
 */

/** Many duels between the same two fighters; fight i has the dice of `fightSeed(seed, i)`. */
export interface RhfJob extends DuelJob<RhfFighter> {
  /** The most rounds a fight lasts; the simulator's default when absent. */
  readonly maxRounds?: number;
  readonly options?: RhfOptions;
}

export const rhfDuels: DuelKit<RhfJob, DuelSetup, DuelResult> = Object.freeze({
  setup: (job: RhfJob): DuelSetup => ({
    fighters: job.fighters,
    policies: duelPolicies(job.policies, createPolicy),
    maxRounds: job.maxRounds,
    options: job.options,
  }),
  run: runDuel,
});

export const rhfFightRunner = duelFightRunner(rhfDuels);
