import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { type OddsJob, runFightRange, runOddsChunked } from "../rulesets/fangs/fights";
import { loadRoster } from "../rulesets/fangs/sim/packs";
import { findFighter } from "../rulesets/fangs/sim/roster";
import { chunkRanges } from "./odds";
import { emptyTally, mergeTally } from "./stats";

const roster = loadRoster(resolve(__dirname, "../.."));
const job: OddsJob = { fighters: [findFighter(roster, "Gru"), findFighter(roster, "Troll")], seed: 11 };

describe("odds over many fights", () => {
  it("count the same whatever the split into ranges", () => {
    const whole = runFightRange(job, 0, 240);
    for (const size of [1, 7, 60, 239]) {
      const merged = emptyTally();
      // Merged in reverse, as workers may finish in any order.
      for (const [from, to] of chunkRanges(240, size).reverse())
        mergeTally(merged, runFightRange(job, from, to));
      expect(merged).toEqual(whole);
    }
    expect(whole.fights).toBe(240);
    expect(whole.sides[0].wins + whole.sides[1].wins + whole.draws + whole.unfinished).toBe(240);
  });

  it("run in chunks with progress and a pause between chunks, as the browser does", async () => {
    const progress: number[] = [];
    let pauses = 0;
    const tally = await runOddsChunked(job, 240, {
      chunkSize: 100,
      onProgress: (done) => progress.push(done),
      yieldToUi: async () => {
        pauses += 1;
      },
    });
    expect(tally).toEqual(runFightRange(job, 0, 240));
    expect(progress).toEqual([100, 200, 240]);
    expect(pauses).toBe(3);
  });

  it("stop when aborted", async () => {
    const signal = { aborted: false };
    const tally = await runOddsChunked(job, 1000, {
      chunkSize: 10,
      signal,
      yieldToUi: async () => {
        signal.aborted = true;
      },
    });
    expect(tally).toBeNull();
  });

  it("refuse a number of fights that is not a whole number ≥ 1", async () => {
    await expect(runOddsChunked(job, 0)).rejects.toThrowError(/runs must be a whole number ≥ 1/);
    expect(() => runFightRange(job, 5, 2)).toThrowError(/0 ≤ from ≤ to/);
  });
});
