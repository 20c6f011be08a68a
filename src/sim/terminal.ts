import type { FightRunner, SeededJob } from "./fight-runner";
import type { Localizer } from "./i18n";

/**
 * A ruleset's part of the terminal commands (`npm run duel`, `npm run odds`,
 * src/sim/node/): its runner, its pack reader and its own options. The
 * shared commands parse the common options (runs, seed, workers, chunk,
 * json, time), spread the fights over the worker pool and print the shared
 * report; everything about a fighter is the ruleset's.
 */
export interface RulesetTerminal<Job extends SeededJob = SeededJob> {
  readonly rulesetId: string;
  /** The same runner its definition's `simulator.load()` gives (src/rulesets/registry.ts). */
  readonly runner: FightRunner<Job>;
  /** Its own options taking a value (`--policy ID`), beyond the shared ones. */
  readonly options: readonly string[];
  /** Its options and what a side is, for the usage text. */
  readonly usage: string;
  /** The fighters its packs hold, for `--list`. */
  roster(root: string): readonly { readonly name: string; readonly type: string }[];
  /**
   * The job for two sides as the command line names them (its pack reader:
   * names, files), its own options and the seed. Refuses with a SimError.
   */
  job(
    sides: readonly [string, string],
    options: ReadonlyMap<string, string | true>,
    seed: number,
    root: string,
  ): Job;
  /** Names as the report shows them: per fighter and per side. */
  names(job: Job): {
    readonly fighters: { readonly name: string; readonly side: 0 | 1 }[];
    readonly sides: readonly [string, string];
  };
  /** One fight recorded round by round (`npm run duel`): its JSON and its lines. */
  fight(job: Job, seed: number): { readonly json: object; lines(i18n: Localizer): string[] };
}
