import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LUNOS_DEFAULTS } from "../../../rules/lunos/config";
import { moveFeet } from "../../../rules/lunos/equipment";
import { validateFighter } from "../../../rules/lunos/fighter";
import { healthLevels } from "../../../rules/lunos/health";
import { runRange } from "../../../sim/fight-runner";
import { SimError } from "../../../sim/sim-error";
import { END_STATES } from "../../../sim/stats";
import { lunosFightRunner } from "../fights";
import { runDuel } from "./duel";
import { createPolicy, parsePolicies, policyIds } from "./policies";
import { findSampleFighter, LUNOS_SAMPLE_FIGHTERS } from "./roster";

const KELL = findSampleFighter("kell");
const OREN = findSampleFighter("Oren");
const duel = (policies: [string, string] = ["default", "default"], b = OREN, maxRounds?: number) => ({
  fighters: [KELL, b] as const,
  policies: [createPolicy(policies[0]), createPolicy(policies[1])] as const,
  maxRounds,
});

describe("a simulated Lunos duel", () => {
  it("the same seed plays the same fight; it ends with one fighter out, or at the round limit", () => {
    const a = runDuel(duel(), 42, true);
    expect(runDuel(duel(), 42, true)).toEqual(a);
    expect(runDuel(duel(), 42).summary).toEqual(a.summary);
    expect(a.summary.rounds).toBeGreaterThan(0);
    const out = a.summary.ends.filter((e) => e !== "standing").length;
    expect(out > 0 || a.summary.unfinished).toBe(true);
    expect(a.log).toHaveLength(a.summary.rounds);
  });

  it("LUN-ACT-5: a Move covers the fighter's feet (20 + 2 per Athletics dot) and brings it to blows that round", () => {
    // 29 feet apart: Kell (Athletics 2: 24 feet) and Oren close the gap to the next space in round 1, and strike.
    const far = runDuel({ ...duel(), startFeet: 29 }, 3, true);
    const first = far.log![0]!;
    // Each closes what is left but the next space (24 feet), as far as its own Move reaches.
    expect(first.moved).toEqual([KELL, OREN].map((f) => Math.min(moveFeet(f, LUNOS_DEFAULTS), 24)));
    expect(first.moved.some((feet) => feet > 0)).toBe(true);
    expect(first.attacks.length).toBeGreaterThan(0);
    // Too far to close in one Move each: no blow in round 1.
    const farther = runDuel({ ...duel(), startFeet: 200 }, 3, true);
    expect(farther.log![0]!.attacks).toEqual([]);
  });

  it("LUN-RND-2: each round's attacks come in initiative order, most successes first", () => {
    let checked = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { log } = runDuel(duel(), seed, true);
      for (const round of log!) {
        const [ia, ib] = round.initiative;
        const first = round.attacks[0];
        if (!first || ia === ib) continue;
        // Reflexes 3 (Kell) against 2 (Oren) breaks no tie here: successes alone order them.
        expect(first.attackerId).toBe(ia! > ib! ? "kell" : "oren");
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("LUN-RND-1: no fighter ever acts past its actions: two a round, three with a lunge, one after it", () => {
    let lunges = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const { log } = runDuel(duel(["aggressive", "grappler"], findSampleFighter("mara")), seed, true);
      for (const [r, round] of log!.entries())
        for (const i of [0, 1]) {
          const used = round.actions[i]!.reduce(
            (n, k) => n + (k === "powerAttack" || k === "fullDefense" ? 2 : 1),
            0,
          );
          const after = r > 0 && log![r - 1]!.lunged[i];
          expect(used).toBeLessThanOrEqual(after ? 1 : round.lunged[i] ? 3 : 2);
          if (round.lunged[i]) lunges += 1;
          if (round.lunged[i]) expect(after).toBe(false);
        }
    }
    expect(lunges).toBeGreaterThan(0);
  });

  it("every policy plays every pairing of the samples to an end the rules allow", () => {
    for (const policy of policyIds())
      for (const a of LUNOS_SAMPLE_FIGHTERS)
        for (const b of LUNOS_SAMPLE_FIGHTERS) {
          if (a.id === b.id) continue;
          const r = runDuel(
            { fighters: [a, b], policies: [createPolicy(policy), createPolicy("default")], maxRounds: 60 },
            7,
            true,
          );
          for (const e of r.summary.ends) expect(END_STATES).toContain(e);
          for (const [i, f] of [a, b].entries()) {
            expect(r.levelsLeft[i]).toBeGreaterThanOrEqual(0);
            expect(r.levelsLeft[i]).toBeLessThanOrEqual(healthLevels(f.abilities.body, LUNOS_DEFAULTS));
          }
        }
  });

  it("the grappler grapples and the grapple's attacks use the checks", () => {
    let grappleAttacks = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      // Kell's Agility 4 + Brawl 2 against Oren's parry, slowed by his rigid hide.
      const { log } = runDuel(duel(["grappler", "default"]), seed, true);
      for (const round of log!) for (const e of round.attacks) if (e.grapple) grappleAttacks += 1;
    }
    expect(grappleAttacks).toBeGreaterThan(0);
  });

  it("never gives NaN, a negative count, or a winner that is out; the runner's summary is the duel's", () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.constantFrom(...policyIds()),
        fc.constantFrom(...LUNOS_SAMPLE_FIGHTERS.map((f) => f.id)),
        (seed, policy, other) => {
          const b = findSampleFighter(other);
          const fighters = [KELL, b.id === KELL.id ? { ...b, id: "kell2" } : b] as const;
          const r = runDuel({ fighters, policies: [createPolicy(policy), createPolicy("default")] }, seed);
          expect(Number.isInteger(r.summary.rounds) && r.summary.rounds >= 1).toBe(true);
          if (r.summary.winner !== null) expect(r.summary.ends[r.summary.winner]).toBe("standing");
          for (const n of r.levelsLeft) expect(Number.isInteger(n) && n >= 0).toBe(true);
        },
      ),
      { numRuns: 50 },
    );
    const job = { seed: 9, fighters: [KELL, OREN] as const };
    const tally = runRange(lunosFightRunner, job, 0, 40);
    expect(tally.fights).toBe(40);
  });

  it("refuses an unknown policy or fighter, a bad round limit, and the same id on both sides", () => {
    expect(() => createPolicy("berserk")).toThrow(SimError);
    expect(parsePolicies("aggressive,grappler")).toEqual(["aggressive", "grappler"]);
    expect(parsePolicies(undefined)).toEqual(["default", "default"]);
    expect(() => parsePolicies("a,b,c")).toThrow(SimError);
    expect(() => findSampleFighter("zed")).toThrow(SimError);
    expect(() => runDuel(duel(undefined, OREN, 0), 1)).toThrow(SimError);
    expect(() => runDuel({ ...duel(), fighters: [KELL, KELL] }, 1)).toThrow(SimError);
  });

  it("its sample fighters are valid sheets, each a different fighter", () => {
    for (const f of LUNOS_SAMPLE_FIGHTERS) expect(validateFighter(f)).toBe(f);
    expect(new Set(LUNOS_SAMPLE_FIGHTERS.map((f) => f.weapon?.size)).size).toBe(4);
  });
});
