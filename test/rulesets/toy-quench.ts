import type { RulesetQuenchBatch } from "../../src/quench/batch";

/**
 * The toy's Quench batch (its definition's `quenchBatches`): one suite that
 * records that it ran, listed by the unchanged shared register
 * (src/quench/register.ts) in toy-quench.test.ts.
 */

export const toyQuenchLog = { loads: 0, runs: 0 };

export const TOY_QUENCH_BATCHES: readonly RulesetQuenchBatch[] = [
  {
    key: "fangs.toyDuel",
    labelKey: "TOY.Ruleset",
    batch: ({ describe, it, assert }) => {
      describe("the toy's duel", () => {
        it("runs", () => {
          toyQuenchLog.runs += 1;
          assert.isTrue(true);
        });
      });
    },
  },
];

export async function toyQuenchBatches(): Promise<readonly RulesetQuenchBatch[]> {
  toyQuenchLog.loads += 1;
  return TOY_QUENCH_BATCHES;
}
