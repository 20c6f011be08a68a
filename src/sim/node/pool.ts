import { Worker } from "node:worker_threads";
import { chunkRanges, runRange, type SeededJob } from "../fight-runner";
import { emptyTally, mergeTally, type OddsTally } from "../stats";
import type { RulesetTerminal } from "../terminal";

/**
 * Spreads a run of one ruleset's fights over worker threads: ranges of fights go to whichever worker
 * is free, and the whole counts they send back are added up. Fight i is
 * seeded by (seed, i), so the tally is the same for any number of workers or
 * chunk size (test: src/sim/node/odds-cli.test.ts).
 */
export interface PoolOptions {
  readonly workers: number;
  readonly chunkSize: number;
  readonly workerUrl: URL;
  readonly onProgress?: (done: number) => void;
}

export async function runOddsPool<Job extends SeededJob>(
  ruleset: Pick<RulesetTerminal<Job>, "rulesetId" | "runner">,
  job: Job,
  runs: number,
  options: PoolOptions,
): Promise<OddsTally> {
  const ranges = chunkRanges(runs, options.chunkSize);
  const tally = emptyTally();
  let done = 0;
  if (options.workers <= 1 || ranges.length === 1) {
    for (const [from, to] of ranges) {
      mergeTally(tally, runRange(ruleset.runner, job, from, to));
      done += to - from;
      options.onProgress?.(done);
    }
    return tally;
  }
  let next = 0;
  const count = Math.min(options.workers, ranges.length);
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve, reject) => {
          // A larger young generation: each fight leaves many short-lived objects, and fewer scavenges pay off.
          const worker = new Worker(options.workerUrl, {
            // Each worker loads the same ruleset's runner (src/sim/node/rulesets.ts).
            workerData: { rulesetId: ruleset.rulesetId, job },
            resourceLimits: { maxYoungGenerationSizeMb: 48 },
          });
          const feed = (): void => {
            const range = ranges[next++];
            worker.postMessage(range ? { from: range[0], to: range[1] } : null);
          };
          worker.on("message", (reply: { from: number; to: number; tally: OddsTally }) => {
            mergeTally(tally, reply.tally);
            done += reply.to - reply.from;
            options.onProgress?.(done);
            feed();
          });
          worker.on("error", reject);
          worker.on("exit", (code) =>
            code === 0 ? resolve() : reject(new Error(`a worker stopped with code ${code}`)),
          );
          feed();
        }),
    ),
  );
  return tally;
}
