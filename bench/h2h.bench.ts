import { bench, describe } from "vitest";
import { act, type H2hInput, startMelee } from "../src/rules/h2h/melee";
import { SeededDice } from "../src/rules/kernel/dice";
import { runH2hDuel } from "../src/rulesets/h2h/sim/duel";
import { createPolicy } from "../src/rulesets/h2h/sim/policies";
import { findSampleFighter } from "../src/rulesets/h2h/sim/roster";
import { fightSeed } from "../src/sim/seed";

/*
 * Hand to Hand on one core. Full exchanges: from a fresh melee, the
 * initiative, a strike, a parry and the damage with its reduction, each a
 * call of the melee engine's act() with seeded dice; the melee is not kept,
 * so every exchange starts from the same state and every outcome keeps
 * coming up (a tie, a natural 1 or a missed strike ends an exchange early:
 * the loop answers whatever the engine awaits). 1,000 per sample: × 1,000
 * for exchanges/s. Complete duels: runH2hDuel with the default policies
 * and no log, 100 per sample: × 100 for duels/s. Warmed up as
 * bench/sim.bench.ts.
 */

const WARM_UP = { warmupIterations: 30, warmupTime: 1000, time: 1000 };
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

describe("Hand to Hand exchanges, 1,000 per sample (× 1,000 for exchanges/s)", () => {
  const dice = new SeededDice(7);
  bench(
    "initiative, strike, parry, damage and reduction",
    () => {
      for (let i = 0; i < 1000; i += 1) {
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
    },
    WARM_UP,
  );
});

describe("Hand to Hand duels, 100 per sample (× 100 for duels/s)", () => {
  const setup = {
    fighters: [kira, brock] as const,
    policies: [createPolicy("default"), createPolicy("default")] as const,
  };
  let n = 0;
  bench(
    "Kira vs Brock (a martial artist against a brawler)",
    () => {
      for (let i = 0; i < 100; i += 1) runH2hDuel(setup, fightSeed(1, n++));
    },
    WARM_UP,
  );
});
