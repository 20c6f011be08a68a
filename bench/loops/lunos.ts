import { SeededDice } from "../../src/rules/kernel/dice";
import { LUNOS_DEFAULTS } from "../../src/rules/lunos/config";
import {
  beginAttacks,
  declare,
  type FightView,
  resolveAttack,
  rollAttack,
  startFight,
  startRound,
  type TargetSpend,
} from "../../src/rules/lunos/round-engine";
import { findSampleFighter } from "../../src/rulesets/lunos/sim/roster";

/*
 * The exchanges row of bench/lunos.bench.ts, shared with the steady-state
 * run (bench/steady.ts): set up once, then `count` exchanges with the
 * dice given.
 */
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

export const EXCHANGE_NAME = "attack roll against a defense, maneuvers none, damage into health levels";

export function exchanges(dice: SeededDice, count: number): void {
  for (let i = 0; i < count; i += 1) {
    const rolled = rollAttack(ready, first, view, dice, R);
    resolveAttack(rolled, rolled.pending!.targets[0]!.hit ? spendDamage : [], view, R);
  }
}
