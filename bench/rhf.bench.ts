import { bench, describe } from "vitest";
import { SeededDice } from "../src/rules/kernel/dice";
import { runDuel } from "../src/rulesets/rhf/sim/duel";
import { createPolicy } from "../src/rulesets/rhf/sim/policies";
import { findSampleFighter } from "../src/rulesets/rhf/sim/roster";
import { fightSeed } from "../src/sim/seed";
import { EXCHANGE_NAME, exchanges } from "./loops/rhf";

/*
 * The reach, holds and firearms core on one core. Full exchanges: the
 * round engine's attack, which reads the turn, the allowance and its
 * penalty, rolls the blow, its location, the dodge (a spear cannot parry
 * close in), the injury roll and autokill, and lands the wounds, with
 * seeded dice; the fight stays as it is, so every outcome keeps coming up.
 * 1,000 per sample: × 1,000 for exchanges/s. Complete duels: runDuel with
 * the default policies and no log, 100 per sample: × 100 for duels/s.
 * Warmed up as bench/sim.bench.ts.
 */

const WARM_UP = { warmupIterations: 30, warmupTime: 1000, time: 1000 };
const anselm = findSampleFighter("Anselm");
const vika = findSampleFighter("Vika");

describe("RHF exchanges, 1,000 per sample (× 1,000 for exchanges/s)", () => {
  const dice = new SeededDice(7);
  bench(EXCHANGE_NAME, () => exchanges(dice, 1000), WARM_UP);
});

describe("RHF duels, 100 per sample (× 100 for duels/s)", () => {
  const setup = {
    fighters: [anselm, vika] as const,
    policies: [createPolicy("default"), createPolicy("default")] as const,
  };
  let n = 0;
  bench(
    "Anselm vs Vika (a spear against a knife)",
    () => {
      for (let i = 0; i < 100; i += 1) runDuel(setup, fightSeed(1, n++));
    },
    WARM_UP,
  );
});
