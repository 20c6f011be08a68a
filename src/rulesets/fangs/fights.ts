import type { FangsOptions } from "../../rules/fangs";
import { type ChunkedOptions, type FightRunner, runChunked, runRange } from "../../sim/fight-runner";
import type { OddsTally } from "../../sim/stats";
import { fighterNames, runDuel, runFight } from "./sim/duel";
import type { FighterSheet } from "./sim/fighter";
import { createPolicy } from "./sim/policies";

/*
 * FANGS's fights for the shared runner (src/sim/fight-runner.ts): its job,
 * its runner, and the job's names for the report. Pure (no Foundry, no
 * Node), so the terminal commands (src/sim/node/) and Encounter odds both
 * run it; the ruleset's definition gives it through `simulator.load()`
 * (./simulator.ts) and the commands through ./terminal.ts.
 */

/**
 * Many fights between the same two fighters. Fight i always uses the dice of
 * `fightSeed(seed, i)`, so a range of fights gives the same tally wherever it
 * runs (a worker thread, a browser chunk, one loop): only counts are merged.
 */
interface JobCommon {
  readonly seed: number;
  /** Policy ids of the two sides (see policies.ts); "default" when absent. */
  readonly policies?: readonly [string, string];
  readonly maxRounds?: number;
  readonly startDistance?: number;
  readonly options?: FangsOptions;
}

/** A duel (`fighters`) or a fight between sides of several fighters (`sides`). */
export type OddsJob =
  | (JobCommon & { readonly fighters: readonly [FighterSheet, FighterSheet] })
  | (JobCommon & { readonly sides: readonly [readonly FighterSheet[], readonly FighterSheet[]] });

/** The job's fighters, side by side (a duel's are one a side). */
export function jobSides(job: OddsJob): readonly [readonly FighterSheet[], readonly FighterSheet[]] {
  return "sides" in job ? job.sides : [[job.fighters[0]], [job.fighters[1]]];
}

/** Names as the report shows them: per fighter (numbered when met twice) and per side (joined by ", "). */
export function jobNames(job: OddsJob): {
  readonly fighters: { readonly name: string; readonly side: 0 | 1 }[];
  readonly sides: readonly [string, string];
} {
  const [a, b] = jobSides(job);
  const names = fighterNames([...a, ...b]);
  const fighters = names.map((name, i) => ({ name, side: (i < a.length ? 0 : 1) as 0 | 1 }));
  // A duel keeps each fighter's own name as its side's (no numbering), as the report always showed it.
  if (a.length === 1 && b.length === 1) return { fighters, sides: [a[0]!.name, b[0]!.name] };
  return { fighters, sides: [names.slice(0, a.length).join(", "), names.slice(a.length).join(", ")] };
}

/**
 * FANGS's fights: a duel when each side has one fighter, a group fight
 * otherwise, each fighter with its side's policy (policies.ts).
 */
export const fangsFightRunner: FightRunner<OddsJob> = {
  prepare(job) {
    const common = { maxRounds: job.maxRounds, startDistance: job.startDistance, options: job.options };
    const [a, b] = jobSides(job);
    if (a.length === 1 && b.length === 1) {
      const policies = [
        createPolicy(job.policies?.[0] ?? "default"),
        createPolicy(job.policies?.[1] ?? "default"),
      ] as const;
      const setup = { ...common, fighters: [a[0]!, b[0]!] as const, policies };
      return (seed) => runDuel(setup, seed);
    }
    const policies = [
      a.map(() => createPolicy(job.policies?.[0] ?? "default")),
      b.map(() => createPolicy(job.policies?.[1] ?? "default")),
    ] as const;
    const setup = { ...common, sides: [a, b] as const, policies };
    return (seed) => runFight(setup, seed);
  },
};

/** Runs fights `from` (inclusive) to `to` (exclusive) of a FANGS job (the shared runner, fight-runner.ts). */
export function runFightRange(job: OddsJob, from: number, to: number): OddsTally {
  return runRange(fangsFightRunner, job, from, to);
}

/** A FANGS job run a chunk at a time (fight-runner.ts's `runChunked`). */
export function runOddsChunked(
  job: OddsJob,
  runs: number,
  options: ChunkedOptions = {},
): Promise<OddsTally | null> {
  return runChunked(fangsFightRunner, job, runs, options);
}
