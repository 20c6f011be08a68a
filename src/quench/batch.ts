/**
 * What a FANGS scenario batch needs of its test runner, typed narrowly so
 * two runners can hand it in: Quench in a live world (its batch context:
 * mocha's describe/it/hooks and chai's assert; github.com/Ethaks/FVTT-Quench,
 * README "Register a test batch") and vitest on the project's stand-in
 * (test/quench/). Only the part of chai's `assert` the batches use is named,
 * so both runners' `assert` fit.
 *
 * A batch never reaches for a runner's globals: everything comes from the
 * context, and every document it makes comes from its stage (see `Stage`).
 */

/** mocha's `this` in a suite or a hook: a live world's round trips outlast mocha's default 2 s. */
export interface RunnerThis {
  timeout(ms: number): unknown;
}

type Body = (this: RunnerThis) => void | Promise<void>;

export interface BatchAssert {
  (value: unknown, message?: string): void;
  ok(value: unknown, message?: string): void;
  isTrue(value: unknown, message?: string): void;
  isFalse(value: unknown, message?: string): void;
  equal(actual: unknown, expected: unknown, message?: string): void;
  strictEqual(actual: unknown, expected: unknown, message?: string): void;
  notStrictEqual(actual: unknown, expected: unknown, message?: string): void;
  deepEqual(actual: unknown, expected: unknown, message?: string): void;
  isNull(value: unknown, message?: string): void;
  isEmpty(value: object | string, message?: string): void;
}

export interface BatchContext {
  describe(title: string, body: (this: RunnerThis) => void): unknown;
  it(title: string, body: Body): unknown;
  before(body: Body): unknown;
  after(body: Body): unknown;
  beforeEach(body: Body): unknown;
  afterEach(body: Body): unknown;
  assert: BatchAssert;
}

/** A batch's registration function, as Quench calls it (once per run) and the vitest adapter does. */
export type BatchFunction = (context: BatchContext) => void;

/**
 * Where a batch's documents come from: a live world (the stage in the batch's
 * own file, through Foundry's API) or the stand-in (test/quench/stages.ts).
 * `setUp` makes a fresh table before the batch; `tearDown` deletes what it made.
 */
export interface Stage<T> {
  setUp(): Promise<T>;
  tearDown(): Promise<void>;
}

/** The part of Quench's API the system uses. */
/** A ruleset's batch (its definition's `quenchBatches`): its key, the lang key of its name, the batch. */
export interface RulesetQuenchBatch {
  readonly key: `${string}.${string}`;
  readonly labelKey: string;
  readonly batch: BatchFunction;
}

export interface QuenchLike {
  registerBatch(
    key: `${string}.${string}`,
    fn: BatchFunction,
    options?: { displayName?: string; preSelected?: boolean },
  ): void;
}

declare module "fvtt-types/configuration" {
  namespace Hooks {
    interface HookConfig {
      /** Fired by the Quench module in its `setup` hook, with the runner to register batches with. */
      quenchReady: (quench: QuenchLike) => void;
    }
  }
}

/** Long enough for a live world's server round trips; the stand-in never comes near it. */
export const LIVE_TIMEOUT_MS = 60_000;
