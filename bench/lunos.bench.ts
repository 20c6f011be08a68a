import { bench, describe } from "vitest";
import { SeededDice } from "../src/rules/kernel/dice";
import { LUNOS_DEFAULTS } from "../src/rules/lunos/config";
import {
  beginAttacks,
  declare,
  type FightView,
  resolveAttack,
  rollAttack,
  startFight,
  startRound,
  type TargetSpend,
} from "../src/rules/lunos/round-engine";
import { runDuel } from "../src/rulesets/lunos/sim/duel";
import { createPolicy } from "../src/rulesets/lunos/sim/policies";
import { findSampleFighter } from "../src/rulesets/lunos/sim/roster";
import { fightSeed } from "../src/sim/seed";

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
const R = LUNOS_DEFAULTS;
const kell = findSampleFighter("Kell");
const tass = findSampleFighter("Tass");
const view: FightView = {
  sheet: (id) => (id === kell.id ? kell : tass),
  distance: () => 5,
};
const setupDice = new SeededDice(3);
let round = startRound(startFight([kell.id, tass.id]), view, setupDice, R);
round = declare(
  round,
  kell.id,
  {
    actions: [
      { kind: "attack", targets: [tass.id] },
      { kind: "parry", against: [tass.id] },
    ],
  },
  view,
  R,
);
round = declare(
  round,
  tass.id,
  {
    actions: [
      { kind: "attack", targets: [kell.id] },
      { kind: "defense", against: [kell.id] },
    ],
  },
  view,
  R,
);
const ready = beginAttacks(round, view, setupDice, R);
const first = ready.slots[0]![0]!;
const target = first === kell.id ? tass.id : kell.id;
const spendDamage: TargetSpend[] = [{ target, maneuvers: [] }];

describe("Lunos exchanges, 1,000 per sample (× 1,000 for exchanges/s)", () => {
  const dice = new SeededDice(7);
  bench(
    "attack roll against a defense, maneuvers none, damage into health levels",
    () => {
      for (let i = 0; i < 1000; i += 1) {
        const rolled = rollAttack(ready, first, view, dice, R);
        resolveAttack(rolled, rolled.pending!.targets[0]!.hit ? spendDamage : [], view, R);
      }
    },
    WARM_UP,
  );
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
