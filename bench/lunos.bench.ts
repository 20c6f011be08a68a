import { bench, describe } from "vitest";
import { SeededDice } from "../src/rules/kernel/dice";
import { runDuel } from "../src/rulesets/lunos/sim/duel";
import { createPolicy } from "../src/rulesets/lunos/sim/policies";
import { findSampleFighter } from "../src/rulesets/lunos/sim/roster";
import { fightSeed } from "../src/sim/seed";
import { EXCHANGE_NAME, exchanges } from "./loops/lunos";

/*
 * Lunos on one core. Full exchanges: the round engine's rollAttack (the
 * attack pool from the sheet, wounds, armor and reach, the roll with its
 * luck die, each target's difficulty from its defense roll) and
 * resolveAttack (the maneuvers checked and applied, damage split and
 * taken off the health levels), with seeded dice; the round stays as it
 * is, so every outcome keeps coming up. 1,000 per sample: × 1,000 for
 * exchanges/s. Complete duels: runDuel with the default policies and no
 * log, 100 per sample: × 100 for duels/s. Warmed up as bench/sim.bench.ts.
 */

const WARM_UP = { warmupIterations: 30, warmupTime: 1000, time: 1000 };
const kell = findSampleFighter("Kell");

describe("Lunos exchanges, 1,000 per sample (× 1,000 for exchanges/s)", () => {
  const dice = new SeededDice(7);
  bench(EXCHANGE_NAME, () => exchanges(dice, 1000), WARM_UP);
});

describe("Lunos duels, 100 per sample (× 100 for duels/s)", () => {
  const setup = {
    fighters: [kell, findSampleFighter("Mara")] as const,
    policies: [createPolicy("default"), createPolicy("default")] as const,
  };
  let n = 0;
  bench(
    "Kell vs Mara (a longsword against a quick dagger)",
    () => {
      for (let i = 0; i < 100; i += 1) runDuel(setup, fightSeed(1, n++));
    },
    WARM_UP,
  );
});
