import { bench, describe } from "vitest";
import { SeededDice } from "../src/rules/kernel/dice";
import { attack, beginActions, startFight, startRound } from "../src/rules/rhf/round-engine";
import { runDuel } from "../src/rulesets/rhf/sim/duel";
import { createPolicy } from "../src/rulesets/rhf/sim/policies";
import { findSampleFighter } from "../src/rulesets/rhf/sim/roster";
import { fightSeed } from "../src/sim/seed";

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
// Vika (Quickness 16) acts first; at close range her knife strikes.
const met = startFight([vika, anselm]);
const ready = beginActions(startRound({ ...met, ranges: met.ranges.map(() => "close" as const) }));
const blow = { kind: "strike", targetId: anselm.id } as const;

describe("RHF exchanges, 1,000 per sample (× 1,000 for exchanges/s)", () => {
  const dice = new SeededDice(7);
  bench(
    "a knife blow, the dodge, the injury and autokill",
    () => {
      for (let i = 0; i < 1000; i += 1) attack(ready, vika.id, blow, "dodge", dice);
    },
    WARM_UP,
  );
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
