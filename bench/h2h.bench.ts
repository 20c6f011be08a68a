import { bench, describe } from "vitest";
import { SeededDice } from "../src/rules/kernel/dice";
import { runH2hDuel } from "../src/rulesets/h2h/sim/duel";
import { createPolicy } from "../src/rulesets/h2h/sim/policies";
import { findSampleFighter } from "../src/rulesets/h2h/sim/roster";
import { fightSeed } from "../src/sim/seed";
import { EXCHANGE_NAME, exchanges } from "./loops/h2h";

/*
 * Hand to Hand on one core. Full exchanges: from a fresh melee, the
 * initiative, a strike, a parry and the damage with its reduction, each a
 * call of the melee engine's act() with seeded dice; the melee is not kept,
 * so every exchange starts from the same state and every outcome keeps
 * coming up (a tie, a natural 1 or a missed strike ends an exchange early:
 * the loop answers whatever the engine awaits). 1,000 per sample: × 1,000
 * for exchanges/s. Complete duels: runH2hDuel with the default policies
 * and no log, 100 per sample: × 100 for duels/s. Warmed up as
 * bench/sim.bench.ts.
 */

const WARM_UP = { warmupIterations: 30, warmupTime: 1000, time: 1000 };
const kira = findSampleFighter("Kira");
const brock = findSampleFighter("Brock");

describe("Hand to Hand exchanges, 1,000 per sample (× 1,000 for exchanges/s)", () => {
  const dice = new SeededDice(7);
  bench(EXCHANGE_NAME, () => exchanges(dice, 1000), WARM_UP);
});

describe("Hand to Hand duels, 100 per sample (× 100 for duels/s)", () => {
  const setup = {
    fighters: [kira, brock] as const,
    policies: [createPolicy("default"), createPolicy("default")] as const,
  };
  let n = 0;
  bench(
    "Kira vs Brock (a martial artist against a brawler)",
    () => {
      for (let i = 0; i < 100; i += 1) runH2hDuel(setup, fightSeed(1, n++));
    },
    WARM_UP,
  );
});
