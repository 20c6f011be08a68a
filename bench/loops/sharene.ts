import { SeededDice } from "../../src/rules/kernel/dice";
import {
  beginActions,
  declareAction,
  declareStyle,
  type FightView,
  resolveAttack,
  rollInitiative,
  startRound,
} from "../../src/rules/sharene/round-engine";
import type { ShareneCondition } from "../../src/rules/sharene/types";
import { findSampleFighter } from "../../src/rulesets/sharene/sim/roster";

/*
 * The exchanges row of bench/sharene.bench.ts, shared with the steady-state
 * run (bench/steady.ts): set up once, then `count` exchanges with the
 * dice given.
 */
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

export const EXCHANGE_NAME = "attack and parry, damage and consequences";

export function exchanges(dice: SeededDice, count: number): void {
  for (let i = 0; i < count; i += 1) resolveAttack(ready, { attackerId: first }, "parry", view, dice);
}
