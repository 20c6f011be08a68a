import { act, type H2hInput, startMelee } from "../../src/rules/h2h/melee";
import type { SeededDice } from "../../src/rules/kernel/dice";
import { findSampleFighter } from "../../src/rulesets/h2h/sim/roster";

/*
 * The exchanges row of bench/h2h.bench.ts, shared with the steady-state
 * run (bench/steady.ts): set up once, then `count` exchanges with the
 * dice given.
 */
const kira = findSampleFighter("Kira");
const brock = findSampleFighter("Brock");
const fresh = startMelee(null, [kira, brock]);

const BEGIN: H2hInput = { type: "exchange", a: kira.id, b: brock.id };
const TIE: H2hInput = { type: "tie", defend: [] };
const STRIKE = (by: string): H2hInput => ({ type: "attack", by, move: "kick" });
const STRIKES = { kira: STRIKE("kira"), brock: STRIKE("brock") } as Record<string, H2hInput>;
const PARRY = (by: string): H2hInput => ({ type: "defend", by, defense: "parry" });
const PARRIES = { kira: PARRY("kira"), brock: PARRY("brock") } as Record<string, H2hInput>;
const ROLL = (by: string): H2hInput => ({ type: "reduce", by, reduction: "roll" });
const ROLLS = { kira: ROLL("kira"), brock: ROLL("brock") } as Record<string, H2hInput>;
const NO_CATCH = (by: string): H2hInput => ({ type: "catch", by, attempt: false });
const CATCHES = { kira: NO_CATCH("kira"), brock: NO_CATCH("brock") } as Record<string, H2hInput>;

export const EXCHANGE_NAME = "initiative, strike, parry, damage and reduction";

export function exchanges(dice: SeededDice, count: number): void {
  for (let i = 0; i < count; i += 1) {
    let m = act(fresh, BEGIN, dice).melee;
    while (m.current !== null) {
      const c = m.current;
      const who =
        c.stage === "defend" || c.stage === "reduce" || c.stage.startsWith("catch")
          ? c.defender!
          : c.attacker;
      const input =
        c.stage === "tie"
          ? TIE
          : c.stage === "declare"
            ? STRIKES[who ?? c.simultaneous!.find((s) => s.declaration === null)!.by]!
            : c.stage === "defend"
              ? PARRIES[who!]!
              : c.stage === "reduce"
                ? ROLLS[who!]!
                : CATCHES[who!]!;
      m = act(m, input, dice).melee;
    }
  }
}
