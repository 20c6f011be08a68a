import { parseCount } from "../args";
import { type DuelJob, type DuelKit, duelFightRunner } from "../duel-kit";
import { duelJobNames } from "../fight-runner";
import type { Localizer } from "../i18n";
import type { FightSummary } from "../stats";
import type { RulesetTerminal } from "../terminal";
import { type DuelSideReader, duelSides, readDuelSide } from "./duel-side";

/**
 * The terminal commands' part (src/sim/terminal.ts) of a ruleset whose
 * simulator runs duels: a side is one fighter (a sample by name or a JSON
 * file of one sheet), the options are the two sides' policies and the
 * ruleset's round or melee limit, and `npm run duel` prints its own fight
 * log. Node-only (it reads files); each such ruleset's terminal.ts is this
 * factory given its parts.
 */
export interface DuelTerminalParts<
  Fighter extends { readonly id: string; readonly name: string },
  Job extends DuelJob<Fighter>,
  Setup,
  Result extends { readonly summary: FightSummary },
> {
  readonly rulesetId: string;
  readonly kit: DuelKit<Job, Setup, Result>;
  /** How a side is read: whose simulator, its samples by name, its sheet check. */
  readonly side: DuelSideReader<Fighter>;
  /** The sample fighters, for `--list`, and the type the list shows them as. */
  readonly samples: readonly { readonly name: string }[];
  readonly sampleType: string;
  readonly policies: {
    /** Its policy ids, for the usage text. */
    readonly ids: readonly string[];
    /** Two ids the usage text gives as its example. */
    readonly example: readonly [string, string];
    parse(text: string | true | undefined): readonly [string, string];
  };
  /** Its limit's option (`max-rounds`) and the job's key for it (`maxRounds`). */
  readonly limit: {
    readonly option: string;
    readonly key: Exclude<keyof Job, keyof DuelJob<Fighter>> & string;
  };
  /** The fight log's lines. */
  format(result: Result, ids: readonly [string, string], i18n: Localizer, seed: number): string[];
}

export function duelTerminal<
  Fighter extends { readonly id: string; readonly name: string },
  Job extends DuelJob<Fighter>,
  Setup,
  Result extends { readonly summary: FightSummary },
>(parts: DuelTerminalParts<Fighter, Job, Setup, Result>): RulesetTerminal<Job> {
  const { kit, limit, policies } = parts;
  return Object.freeze({
    rulesetId: parts.rulesetId,
    runner: duelFightRunner(kit),
    options: ["policy", limit.option],
    usage: `[--policy ID|ID,ID] [--${limit.option} N]
A side is one fighter: a sample fighter by name (--list) or a JSON file holding one fighter's sheet.
--policy ${policies.example.join(",")} gives side A one policy and side B another (${policies.ids.join(", ")}).`,
    roster: () => parts.samples.map((f) => ({ name: f.name, type: parts.sampleType })),
    job(
      sides: readonly [string, string],
      options: ReadonlyMap<string, string | true>,
      seed: number,
      root: string,
    ) {
      const fighters = duelSides(
        readDuelSide(sides[0], root, parts.side),
        readDuelSide(sides[1], root, parts.side),
      );
      // The job's own limit key: each ruleset names its limit in its own words (rounds, melees).
      return {
        fighters,
        seed,
        policies: policies.parse(options.get("policy")),
        [limit.key]: parseCount(limit.option, options.get(limit.option), 100, 10_000),
      } as unknown as Job;
    },
    names: duelJobNames,
    fight(job: Job, seed: number) {
      const result = kit.run(kit.setup(job), seed, true);
      const ids = [job.fighters[0].id, job.fighters[1].id] as const;
      return { json: { seed, ...result }, lines: (i18n: Localizer) => parts.format(result, ids, i18n, seed) };
    },
  });
}
