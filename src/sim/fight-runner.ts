import { fightSeed } from "./seed";
import { SimError } from "./sim-error";
import { addFight, emptyTally, type FightSummary, mergeTally, type OddsTally } from "./stats";

/**
 * The simulator's seam between the shared runner and a ruleset. The shared
 * part (seeding, counting, chunking, the report, the CLI's pool) knows a
 * fight only as "a job, a seed, a summary"; each ruleset brings the fight
 * itself: how its fighters are read, who decides what they do (its policy)
 * and how its round runs. FANGS's is src/sim/fangs-simulator.ts.
 */

/** What every job carries, whatever its ruleset: the run's seed. */
export interface SeededJob {
  readonly seed: number;
}

/** One ruleset's fights, as the shared runner asks for them. */
export interface FightRunner<Job extends SeededJob> {
  /**
   * Readies the job once (reads its fighters, builds its policies) and
   * returns its fight: one fight from a seed, the same summary for the same
   * seed, whoever runs it and in which order.
   */
  prepare(job: Job): (seed: number) => FightSummary;
}

/**
 * Tokens as the Encounter odds tool hands them over (the selected ones, or
 * those given). The actor is Foundry's; the simulator stays free of Foundry
 * types, so each ruleset's window reads it as its own documents.
 */
export type OddsTokenLike = {
  readonly actor: { readonly name?: string | null; readonly system?: unknown } | null;
  readonly name?: string;
  readonly disposition?: number;
};

/** What a ruleset's `simulator.load()` gives (src/rulesets/registry.ts). */
export interface RulesetSimulator<Job extends SeededJob = never> {
  /** The ruleset it simulates. */
  readonly rulesetId: string;
  readonly runner: FightRunner<Job>;
  /** Opens its Encounter odds window for these tokens; without it the tool says the ruleset has none. */
  openOdds?(tokens?: readonly OddsTokenLike[], options?: { readonly encounter?: string }): Promise<unknown>;
}

/** Runs fights `from` (inclusive) to `to` (exclusive) of the job: fight i with the dice of `fightSeed(job.seed, i)`. */
export function runRange<Job extends SeededJob>(
  runner: FightRunner<Job>,
  job: Job,
  from: number,
  to: number,
): OddsTally {
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from) {
    throw new SimError("invalid-runs", `a range of fights needs 0 ≤ from ≤ to, got ${from}…${to}`);
  }
  const tally = emptyTally();
  const fight = runner.prepare(job);
  for (let i = from; i < to; i += 1) addFight(tally, fight(fightSeed(job.seed, i)));
  return tally;
}

/** Splits `runs` fights into ranges of at most `size`. */
export function chunkRanges(runs: number, size: number): [number, number][] {
  const ranges: [number, number][] = [];
  for (let from = 0; from < runs; from += size) ranges.push([from, Math.min(runs, from + size)]);
  return ranges;
}

export interface ChunkedOptions {
  readonly chunkSize?: number;
  /** Called after each chunk with the fights done so far. */
  readonly onProgress?: (done: number, runs: number) => void;
  /** Lets the page breathe between chunks (default: a zero-delay timer). */
  readonly yieldToUi?: () => Promise<void>;
  readonly signal?: { readonly aborted: boolean };
}

/**
 * The whole run in one thread, a chunk at a time with a pause between
 * chunks: in the browser the UI stays responsive while it runs.
 * Resolves with null when `signal` was aborted.
 */
export async function runChunked<Job extends SeededJob>(
  runner: FightRunner<Job>,
  job: Job,
  runs: number,
  options: ChunkedOptions = {},
): Promise<OddsTally | null> {
  if (!Number.isInteger(runs) || runs <= 0)
    throw new SimError("invalid-runs", `runs must be a whole number ≥ 1, got ${runs}`);
  const pause = options.yieldToUi ?? (() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  const tally = emptyTally();
  for (const [from, to] of chunkRanges(runs, options.chunkSize ?? 250)) {
    if (options.signal?.aborted) return null;
    mergeTally(tally, runRange(runner, job, from, to));
    options.onProgress?.(to, runs);
    await pause();
  }
  return tally;
}

/** Names as the report shows them for a duel, whose fighters are its sides. */
export function duelJobNames(job: {
  readonly fighters: readonly [{ readonly name: string }, { readonly name: string }];
}): {
  readonly fighters: { readonly name: string; readonly side: 0 | 1 }[];
  readonly sides: readonly [string, string];
} {
  const [a, b] = job.fighters;
  return {
    fighters: [
      { name: a.name, side: 0 },
      { name: b.name, side: 1 },
    ],
    sides: [a.name, b.name],
  };
}
