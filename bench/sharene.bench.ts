import { bench, describe } from "vitest";
import { SeededDice } from "../src/rules/kernel/dice";
import {
  beginActions,
  declareAction,
  declareStyle,
  type FightView,
  resolveAttack,
  rollInitiative,
  startRound,
} from "../src/rules/sharene/round-engine";
import type { ShareneCondition } from "../src/rules/sharene/types";
import { runDuel } from "../src/rulesets/sharene/sim/duel";
import { createPolicy } from "../src/rulesets/sharene/sim/policies";
import { findSampleFighter } from "../src/rulesets/sharene/sim/roster";
import { fightSeed } from "../src/sim/seed";

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
const brisk = findSampleFighter("Brisk");
const conditions = new Map<string, ShareneCondition>(
  [arden, brisk].map((f) => [f.id, { lifePoints: f.lifePoints, wounds: {}, statuses: new Set<string>() }]),
);
const view: FightView = {
  sheet: (id) => (id === arden.id ? arden : brisk),
  condition: (id) => conditions.get(id)!,
};
let round = startRound(null, [
  { id: arden.id, outOfAction: false },
  { id: brisk.id, outOfAction: false },
]);
round = declareAction(round, arden.id, { target: brisk.id, action: "melee" });
round = declareAction(round, brisk.id, { target: arden.id, action: "melee" });
round = rollInitiative(round, view, new SeededDice(3));
round = declareStyle(round, arden.id, { style: "attackParry" }, view);
round = declareStyle(round, brisk.id, { style: "attackParry" }, view);
const ready = beginActions(round);
const first = typeof ready.slots[0] === "string" ? ready.slots[0] : ready.slots[0]![0]!;

describe("Sharene exchanges, 1,000 per sample (× 1,000 for exchanges/s)", () => {
  const dice = new SeededDice(7);
  bench(
    "attack and parry, damage and consequences",
    () => {
      for (let i = 0; i < 1000; i += 1) resolveAttack(ready, { attackerId: first }, "parry", view, dice);
    },
    WARM_UP,
  );
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
