import type { FangsOptions } from "../rules/fangs";
import { fighterNames, runDuel, runFight } from "./duel";
import type { FighterSheet } from "./fighter";
import { createPolicy } from "./policies";
import { fightSeed } from "./seed";
import { SimError } from "./sim-error";
import { addFight, emptyTally, mergeTally, type OddsTally } from "./stats";

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

/** Runs fights `from` (inclusive) to `to` (exclusive) of the job. */
export function runFightRange(job: OddsJob, from: number, to: number): OddsTally {
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from) {
    throw new SimError("invalid-runs", `a range of fights needs 0 ≤ from ≤ to, got ${from}…${to}`);
  }
  const tally = emptyTally();
  const common = { maxRounds: job.maxRounds, startDistance: job.startDistance, options: job.options };
  const [a, b] = jobSides(job);
  if (a.length === 1 && b.length === 1) {
    const policies = [
      createPolicy(job.policies?.[0] ?? "default"),
      createPolicy(job.policies?.[1] ?? "default"),
    ] as const;
    const setup = { ...common, fighters: [a[0]!, b[0]!] as const, policies };
    for (let i = from; i < to; i += 1) addFight(tally, runDuel(setup, fightSeed(job.seed, i)));
    return tally;
  }
  const policies = [
    a.map(() => createPolicy(job.policies?.[0] ?? "default")),
    b.map(() => createPolicy(job.policies?.[1] ?? "default")),
  ] as const;
  const setup = { ...common, sides: [a, b] as const, policies };
  for (let i = from; i < to; i += 1) addFight(tally, runFight(setup, fightSeed(job.seed, i)));
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
export async function runOddsChunked(
  job: OddsJob,
  runs: number,
  options: ChunkedOptions = {},
): Promise<OddsTally | null> {
  if (!Number.isInteger(runs) || runs <= 0)
    throw new SimError("invalid-runs", `runs must be a whole number ≥ 1, got ${runs}`);
  const pause = options.yieldToUi ?? (() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  const tally = emptyTally();
  for (const [from, to] of chunkRanges(runs, options.chunkSize ?? 250)) {
    if (options.signal?.aborted) return null;
    mergeTally(tally, runFightRange(job, from, to));
    options.onProgress?.(to, runs);
    await pause();
  }
  return tally;
}
