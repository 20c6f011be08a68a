import { resolve } from "node:path";
import { bench, describe } from "vitest";
import { runDuel, runFight } from "../src/rulesets/fangs/sim/duel";
import type { FighterSheet } from "../src/rulesets/fangs/sim/fighter";
import { loadRoster } from "../src/rulesets/fangs/sim/packs";
import { findFighter } from "../src/rulesets/fangs/sim/roster";
import { fightSeed } from "../src/sim/seed";

/*
 * Complete simulated duels per second on one core: runDuel from the first
 * round to the last, with the default policy and no event log (as the odds
 * runner calls it). Each sample runs 100 duels so the harness's own timing
 * is spread thin: multiply `hz` by 100. A fight's code is compiled by the JIT
 * over its first thousand or so fights, so 3,000 fights are run before the
 * samples are taken (WARM_UP): the figure is the fights' speed, not the
 * compiler's. The whole-machine figure (worker threads on both cores) comes
 * from `npm run odds -- … --time`.
 * Exchanges per second are bench/exchange.bench.ts's (rules core).
 */

const roster = loadRoster(resolve(__dirname, ".."));
const WARM_UP = { warmupIterations: 30, warmupTime: 1000, time: 1000 };
const fighter = (name: string): FighterSheet => findFighter(roster, name);
const pairs: [string, readonly [FighterSheet, FighterSheet]][] = [
  ["Gru vs Troll (long: retreats and chases)", [fighter("Gru"), fighter("Troll")]],
  ["Dagmar vs Fast Eddy (two blades against a dodger)", [fighter("Dagmar"), fighter("Fast Eddy")]],
  ["Pirate Jenny vs Troll-Martian (missiles)", [fighter("Pirate Jenny"), fighter("Troll-Martian")]],
  ["Giant Octopus vs Gru (grapple)", [fighter("Giant Octopus"), fighter("Gru")]],
];

describe("complete duels, 100 per sample (× 100 for duels/s)", () => {
  for (const [label, fighters] of pairs) {
    let n = 0;
    bench(
      label,
      () => {
        for (let i = 0; i < 100; i += 1) runDuel({ fighters }, fightSeed(1, n++));
      },
      WARM_UP,
    );
  }
});

/*
 * A fight between sides (src/rulesets/fangs/sim/duel.ts, runFight): two against two, each
 * fighter choosing its target every round. Same harness: × 100 for fights/s.
 */
describe("complete group fights, 100 per sample (× 100 for fights/s)", () => {
  const sides = [
    [fighter("Gru"), fighter("Dagmar")],
    [fighter("Troll"), fighter("Cave Bear")],
  ] as const;
  let n = 0;
  bench(
    "Gru, Dagmar vs Troll, Cave Bear (2 vs 2)",
    () => {
      for (let i = 0; i < 100; i += 1) runFight({ sides }, fightSeed(1, n++));
    },
    WARM_UP,
  );
});
