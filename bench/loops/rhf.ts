import type { SeededDice } from "../../src/rules/kernel/dice";
import { attack, beginActions, startFight, startRound } from "../../src/rules/rhf/round-engine";
import { findSampleFighter } from "../../src/rulesets/rhf/sim/roster";

/*
 * The exchanges row of bench/rhf.bench.ts, shared with the steady-state
 * run (bench/steady.ts): set up once, then `count` exchanges with the
 * dice given.
 */
const anselm = findSampleFighter("Anselm");
const vika = findSampleFighter("Vika");
// Vika (Quickness 16) acts first; at close range her knife strikes.
const met = startFight([vika, anselm]);
const ready = beginActions(startRound({ ...met, ranges: met.ranges.map(() => "close" as const) }));
const blow = { kind: "strike", targetId: anselm.id } as const;

export const EXCHANGE_NAME = "a knife blow, the dodge, the injury and autokill";

export function exchanges(dice: SeededDice, count: number): void {
  for (let i = 0; i < count; i += 1) attack(ready, vika.id, blow, "dodge", dice);
}
