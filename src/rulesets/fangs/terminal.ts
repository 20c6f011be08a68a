import { parseCount } from "../../sim/args";
import { SimError } from "../../sim/sim-error";
import type { RulesetTerminal } from "../../sim/terminal";
import { fangsFightRunner, jobNames, jobSides, type OddsJob } from "./fights";
import { MAX_SIDE_FIGHTERS, runDuel, runFight } from "./sim/duel";
import { formatDuelLog } from "./sim/format";
import { loadRoster, resolveSides } from "./sim/packs";
import { createPolicy, parsePolicies } from "./sim/policies";

/**
 * FANGS's part of the terminal commands (src/sim/terminal.ts): its pack
 * reader (the sample characters and creatures of packs/, or an Actor's JSON
 * file), its options (policies, starting distance, round limit) and its
 * fight log. Node-only (it reads files); the commands find it by its
 * path and its export `terminal` (src/sim/node/rulesets.ts).
 */
export const fangsTerminal: RulesetTerminal<OddsJob> = Object.freeze({
  rulesetId: "fangs",
  runner: fangsFightRunner,
  options: ["policy", "distance", "max-rounds"],
  usage: `[--policy ID|ID,ID] [--distance PACES] [--max-rounds N]
A side is one fighter or several separated by commas (Gru,Dagmar; quote a name holding a comma).
A fighter is a sample character or creature of the pack sources (by name) or a JSON file holding one Actor.
--policy stubborn,default gives side A's fighters one policy and side B's another.`,
  roster: (root: string) => loadRoster(root).map((entry) => ({ name: entry.name, type: entry.type })),
  job(
    sides: readonly [string, string],
    options: ReadonlyMap<string, string | true>,
    seed: number,
    root: string,
  ) {
    const read = resolveSides(sides[0], sides[1], root);
    for (const side of read) {
      if (side.length > MAX_SIDE_FIGHTERS)
        throw new SimError("invalid-argument", `a side may field at most ${MAX_SIDE_FIGHTERS} fighters`);
    }
    const duel = read[0].length === 1 && read[1].length === 1;
    return {
      ...(duel ? { fighters: [read[0][0]!, read[1][0]!] as const } : { sides: read }),
      seed,
      policies: parsePolicies(options.get("policy")),
      startDistance: parseCount("distance", options.get("distance"), 10, 1000),
      maxRounds: parseCount("max-rounds", options.get("max-rounds"), 100, 10_000),
    };
  },
  names: jobNames,
  fight(job: OddsJob, seed: number) {
    const [a, b] = jobSides(job);
    const ids = job.policies ?? ["default", "default"];
    const common = { startDistance: job.startDistance, maxRounds: job.maxRounds, options: job.options };
    const result =
      a.length === 1 && b.length === 1
        ? runDuel(
            {
              ...common,
              fighters: [a[0]!, b[0]!],
              policies: [createPolicy(ids[0]), createPolicy(ids[1])],
            },
            seed,
            true,
          )
        : runFight(
            {
              ...common,
              sides: [a, b],
              policies: [a.map(() => createPolicy(ids[0])), b.map(() => createPolicy(ids[1]))],
            },
            seed,
            true,
          );
    // The fight's own `names` already say who fought (told apart when two share a name).
    return { json: { seed, ...result }, lines: (i18n) => formatDuelLog(result, i18n, seed) };
  },
} satisfies RulesetTerminal<OddsJob>);

/** The name the terminal commands look for in `src/rulesets/<id>/terminal.ts`. */
export const terminal = fangsTerminal;
