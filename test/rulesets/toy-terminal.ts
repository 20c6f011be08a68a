import { SimError } from "../../src/sim/sim-error";
import type { RulesetTerminal } from "../../src/sim/terminal";
import { type ToyJob, type ToySimFighter, toyFightRunner } from "./toy-options-sim";

/**
 * The toy's part of the terminal commands (src/sim/terminal.ts), as a
 * ruleset's own module would give it: its "packs" are two fighters held
 * here, its one option the round limit, its fight log one line.
 */
export const TOY_ROSTER: readonly ToySimFighter[] = [
  { name: "Tin", hp: 7, damage: 2 },
  { name: "Lead", hp: 9, damage: 1 },
];

function fighter(name: string): ToySimFighter {
  const found = TOY_ROSTER.find((f) => f.name.toLowerCase() === name.trim().toLowerCase());
  if (!found)
    throw new SimError(
      "unknown-fighter",
      `no toy fighter "${name}" (known: ${TOY_ROSTER.map((f) => f.name).join(", ")})`,
    );
  return found;
}

export const toyTerminal: RulesetTerminal<ToyJob> = {
  rulesetId: "toy",
  runner: toyFightRunner,
  options: ["max-rounds"],
  usage: "[--max-rounds N]",
  roster: () => TOY_ROSTER.map((f) => ({ name: f.name, type: "toyFighter" })),
  job(sides, options, seed) {
    const limit = options.get("max-rounds");
    return {
      seed,
      fighters: [fighter(sides[0]), fighter(sides[1])],
      ...(typeof limit === "string" ? { maxRounds: Number(limit) } : {}),
    };
  },
  names: (job) => ({
    fighters: job.fighters.map((f, i) => ({ name: f.name, side: i as 0 | 1 })),
    sides: [job.fighters[0].name, job.fighters[1].name],
  }),
  fight(job, seed) {
    const summary = toyFightRunner.prepare(job)(seed);
    return {
      json: { seed, ...summary },
      lines: () => [`${job.fighters[0].name} against ${job.fighters[1].name}`],
    };
  },
};
