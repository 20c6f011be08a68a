import type { FightRunner, SeededJob } from "./fight-runner";
import type { Localizer } from "./i18n";
import { SimError } from "./sim-error";
import type { FightSummary } from "./stats";

/**
 * A one-against-one simulator as the shared parts run it (the rulesets
 * whose simulators run duels: Sharene, Lunos, the reach, holds and
 * firearms rules, Hand to Hand). Each ruleset says how a job becomes its
 * duel's setup (fighters, policies built once, its round or melee limit,
 * its options) and how one duel runs from a seed; the runner, the
 * Encounter odds and the terminal commands are then the same for all.
 * Pure: no Foundry, no Node.
 */

/** What every duel job holds, whatever the ruleset adds (its limit, its options). */
export interface DuelJob<Fighter> extends SeededJob {
  readonly fighters: readonly [Fighter, Fighter];
  /** Policy ids of the two sides (the ruleset's sim/policies.ts); "default" when absent. */
  readonly policies?: readonly [string, string];
}

export interface DuelKit<Job extends SeededJob, Setup, Result extends { readonly summary: FightSummary }> {
  /** The duel's setup for the job, built once for all its fights (its policies among it). */
  setup(job: Job): Setup;
  /** One duel from a seed: the same result for the same seed; `record` keeps its log. */
  run(setup: Setup, seed: number, record: boolean): Result;
}

/** The shared runner's view of a duel kit: the setup once per job, then fights without their logs. */
export function duelFightRunner<
  Job extends SeededJob,
  Setup,
  Result extends { readonly summary: FightSummary },
>(kit: DuelKit<Job, Setup, Result>): FightRunner<Job> {
  return Object.freeze({
    prepare(job: Job) {
      const setup = kit.setup(job);
      return (seed: number) => kit.run(setup, seed, false).summary;
    },
  });
}

/** The two sides' policies from the job's ids, "default" where it names none. */
export function duelPolicies<Policy>(
  ids: readonly [string, string] | undefined,
  create: (id: string) => Policy,
): readonly [Policy, Policy] {
  return [create(ids?.[0] ?? "default"), create(ids?.[1] ?? "default")];
}

/** A duel simulator's policies by id: the list, one made by id, and `--policy` read. */
export interface DuelPolicyBook<Policy> {
  policyIds(): string[];
  /** A fresh policy; an unknown id is refused with a SimError naming the known ones. */
  createPolicy(id: string): Policy;
  /** `--policy`: one id for both sides, or two separated by a comma (side A's first). */
  parsePolicies(text: string | true | undefined): readonly [string, string];
}

export function duelPolicyBook<Policy>(
  factories: Readonly<Record<string, () => Policy>>,
): DuelPolicyBook<Policy> {
  const policyIds = () => Object.keys(factories);
  const createPolicy = (id: string): Policy => {
    const factory = Object.hasOwn(factories, id) ? factories[id] : undefined;
    if (!factory)
      throw new SimError("invalid-argument", `unknown policy "${id}" (known: ${policyIds().join(", ")})`);
    return factory();
  };
  const parsePolicies = (text: string | true | undefined): readonly [string, string] => {
    if (text === undefined) return ["default", "default"];
    const ids = typeof text === "string" ? text.split(",").map((id) => id.trim()) : [];
    if (ids.length < 1 || ids.length > 2 || ids.some((id) => id === ""))
      throw new SimError(
        "invalid-argument",
        `--policy takes one policy id, or two separated by a comma, got ${String(text)}`,
      );
    for (const id of ids) createPolicy(id);
    return [ids[0]!, ids[1] ?? ids[0]!];
  };
  return Object.freeze({ policyIds, createPolicy, parsePolicies });
}

/** How a duel's closing line names its ruleset's words. */
export interface DuelEndWords {
  /** Its line for a fight that ran out of rounds, and for a draw (keys of lang/en.json). */
  readonly unfinished: string;
  readonly draw: string;
  /** Its family of winner lines, one per end of the loser: `<winner>.<end>`. */
  readonly winner: string;
  /** The placeholder its lines count the fight in ("rounds", or Hand to Hand's "melees"). */
  readonly count: string;
  /** A key of its own for the loser's end, when the ruleset has one (a hold), else the end's key. */
  readonly winnerKey?: (loser: 0 | 1) => string | null;
}

/**
 * The line that closes a duel's log: unfinished, a draw, or who won and how
 * the loser ended. The same three cases for every duel simulator; the words
 * are the ruleset's.
 */
export function duelEndLine(
  summary: FightSummary,
  names: readonly [string, string],
  i18n: Localizer,
  words: DuelEndWords,
): string {
  const { count } = words;
  if (summary.unfinished) return i18n.format(words.unfinished, { [count]: summary.rounds });
  if (summary.winner === null) return i18n.format(words.draw, { [count]: summary.rounds });
  const loser = summary.winner === 0 ? 1 : 0;
  const key = words.winnerKey?.(loser) ?? `${words.winner}.${summary.ends[loser]}`;
  return i18n.format(key, { winner: names[summary.winner], loser: names[loser], [count]: summary.rounds });
}

/** A duel's log words: its closing line's, its title's key, and how it writes one round (or melee). */
export interface DuelLogWords<Round> extends DuelEndWords {
  /** Its title line, formatted with the two names (`a`, `b`) and the `seed`. */
  readonly title: string;
  /** The lines of one round of its log, with the fighters' names by id. */
  round(round: Round, names: ReadonlyMap<string, string>): readonly string[];
}

/**
 * A duel's log as every duel simulator writes it: the title, each round's
 * lines in the ruleset's words, and the closing line (duelEndLine).
 * `ids` are the fighters' ids in the order of `result.names`.
 */
export function duelLog<Round>(
  result: {
    readonly names: readonly [string, string];
    readonly summary: FightSummary;
    readonly log?: readonly Round[] | null;
  },
  ids: readonly [string, string],
  i18n: Localizer,
  seed: number,
  words: DuelLogWords<Round>,
): string[] {
  const [a, b] = result.names;
  const names = new Map([
    [ids[0], a],
    [ids[1], b],
  ]);
  const lines = [i18n.format(words.title, { a, b, seed })];
  for (const round of result.log ?? []) lines.push(...words.round(round, names));
  lines.push(duelEndLine(result.summary, result.names, i18n, words));
  return lines;
}

/**
 * A duel's limit (`given`, else the simulator's `fallback`), checked as
 * every duel simulator checks it with its two fighters: a whole number of
 * at least one round (`unit`: Hand to Hand's "melee"), and two fighters
 * told apart by their ids. Refused with a SimError.
 */
export function duelLimit(
  fighters: readonly [{ readonly id: string }, { readonly id: string }],
  given: number | undefined,
  fallback: number,
  unit = "round",
): number {
  const limit = given ?? fallback;
  if (!Number.isInteger(limit) || limit < 1)
    throw new SimError("invalid-argument", `the ${unit} limit must be a whole number ≥ 1, got ${limit}`);
  if (fighters[0].id === fighters[1].id)
    throw new SimError("invalid-argument", `both fighters have the id "${fighters[0].id}"`);
  return limit;
}
