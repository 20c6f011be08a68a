import { bench, describe } from "vitest";
import { SeededDice } from "../src/rules/kernel/dice";
import { runDuel } from "../src/rulesets/sharene/sim/duel";
import { createPolicy } from "../src/rulesets/sharene/sim/policies";
import { findSampleFighter } from "../src/rulesets/sharene/sim/roster";
import { fightSeed } from "../src/sim/seed";
import { EXCHANGE_NAME, exchanges } from "./loops/sharene";

/*
 * Sharene on one core. Full exchanges: the round engine's resolveAttack,
 * which derives the attack's and the defense's DNs from the round, rolls
 * both, and for a blow that gets through the blow, location, damage, limb
 * and END check, with seeded dice; the round and the fighters stay as they
 * are, so every outcome keeps coming up. 1,000 per sample: × 1,000 for
 * exchanges/s. Complete duels: runDuel with the default policies and no
 * log, 100 per sample: × 100 for duels/s. Warmed up as bench/sim.bench.ts.
 */

const WARM_UP = { warmupIterations: 30, warmupTime: 1000, time: 1000 };
const arden = findSampleFighter("Arden");

describe("Sharene exchanges, 1,000 per sample (× 1,000 for exchanges/s)", () => {
  const dice = new SeededDice(7);
  bench(EXCHANGE_NAME, () => exchanges(dice, 1000), WARM_UP);
});

describe("Sharene duels, 100 per sample (× 100 for duels/s)", () => {
  const setup = {
    fighters: [arden, findSampleFighter("Dorn")] as const,
    policies: [createPolicy("default"), createPolicy("default")] as const,
  };
  let n = 0;
  bench(
    "Arden vs Dorn (a rapier against armor)",
    () => {
      for (let i = 0; i < 100; i += 1) runDuel(setup, fightSeed(1, n++));
    },
    WARM_UP,
  );
});
