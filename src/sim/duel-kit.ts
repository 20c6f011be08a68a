import type { FightRunner, SeededJob } from "./fight-runner";
import type { FightSummary } from "./stats";

/**
 * A one-against-one simulator as the shared parts run it (the rulesets
 * whose simulators run duels: Sharene, Lunos, the reach, holds and
 * firearms rules, Hand to Hand). Each ruleset says how a job becomes its
 * duel's setup (fighters, policies built once, its round or melee limit,
 * its options) and how one duel runs from a seed; the runner, the
 * Encounter odds and the terminal commands are then the same for all.
 * Pure: no Foundry, no Node.
 */

/** What every duel job holds, whatever the ruleset adds (its limit, its options). */
export interface DuelJob<Fighter> extends SeededJob {
  readonly fighters: readonly [Fighter, Fighter];
  /** Policy ids of the two sides (the ruleset's sim/policies.ts); "default" when absent. */
  readonly policies?: readonly [string, string];
}

export interface DuelKit<Job extends SeededJob, Setup, Result extends { readonly summary: FightSummary }> {
  /** The duel's setup for the job, built once for all its fights (its policies among it). */
  setup(job: Job): Setup;
  /** One duel from a seed: the same result for the same seed; `record` keeps its log. */
  run(setup: Setup, seed: number, record: boolean): Result;
}

/** The shared runner's view of a duel kit: the setup once per job, then fights without their logs. */
export function duelFightRunner<
  Job extends SeededJob,
  Setup,
  Result extends { readonly summary: FightSummary },
>(kit: DuelKit<Job, Setup, Result>): FightRunner<Job> {
  return Object.freeze({
    prepare(job: Job) {
      const setup = kit.setup(job);
      return (seed: number) => kit.run(setup, seed, false).summary;
    },
  });
}

/** The two sides' policies from the job's ids, "default" where it names none. */
export function duelPolicies<Policy>(
  ids: readonly [string, string] | undefined,
  create: (id: string) => Policy,
): readonly [Policy, Policy] {
  return [create(ids?.[0] ?? "default"), create(ids?.[1] ?? "default")];
}
