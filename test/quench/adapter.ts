import { afterAll, afterEach, assert, beforeAll, beforeEach, describe, it } from "vitest";
import type { BatchContext, BatchFunction, RunnerThis } from "../../src/quench/batch";

/**
 * Runs a Quench batch (src/quench/) under vitest: mocha's describe/it and
 * before/after hooks are vitest's, and chai's `assert` is vitest's own
 * (vitest ships chai). A batch sets mocha's timeout for a live world's round
 * trips through `this.timeout`; the stand-in needs none, so it is ignored.
 */
const runner: RunnerThis = { timeout: () => runner };

export const vitestContext: BatchContext = {
  describe: (title, body) => describe(title, () => body.call(runner)),
  it: (title, body) => it(title, () => body.call(runner)),
  before: (body) => beforeAll(() => body.call(runner)),
  after: (body) => afterAll(() => body.call(runner)),
  beforeEach: (body) => beforeEach(() => body.call(runner)),
  afterEach: (body) => afterEach(() => body.call(runner)),
  assert,
};

/** Registers the batch's suites with vitest, as Quench does with mocha. */
export function runBatch(batch: BatchFunction): void {
  batch(vitestContext);
}
