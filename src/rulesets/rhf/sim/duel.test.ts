import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RHF_DEFAULTS } from "../../../rules/rhf/config";
import { validateFighter } from "../../../rules/rhf/fighter";
import { weaponRange } from "../../../rules/rhf/reach";
import { runRange } from "../../../sim/fight-runner";
import { fightSeed } from "../../../sim/seed";
import { SimError } from "../../../sim/sim-error";
import { rhfFightRunner } from "../fights";
import { type DuelResult, runDuel } from "./duel";
import { bestAttackCount, createPolicy, parsePolicies, policyIds } from "./policies";
import { findSampleFighter, RHF_SAMPLE_FIGHTERS } from "./roster";

const duel = (
  a: string,
  b: string,
  policies: [string, string] = ["default", "default"],
  maxRounds?: number,
) => ({
  fighters: [findSampleFighter(a), findSampleFighter(b)] as const,
  policies: [createPolicy(policies[0]), createPolicy(policies[1])] as const,
  maxRounds,
});

/** Every blow of a recorded duel with the range it was struck at. */
function blowsWithRange(result: DuelResult) {
  const out: { attacker: string; kind: string; range: string }[] = [];
  for (const round of result.log!) {
    let range = round.range;
    for (const e of round.events) {
      if (e.kind === "maneuver") range = e.range;
      if (e.kind === "exchange") out.push({ attacker: e.exchange.attackerId, kind: e.exchange.kind, range });
    }
  }
  return out;
}

describe("the sample fighters", () => {
  it("are sound sheets: a spearman, a knife fighter, a wrestler and a gunman", () => {
    for (const f of RHF_SAMPLE_FIGHTERS) expect(validateFighter(f)).toBe(f);
    expect(RHF_SAMPLE_FIGHTERS.map((f) => f.weapon.kind)).toEqual(["spear", "knife", "unarmed", "revolver"]);
    expect(findSampleFighter("  vI ka").id).toBe("vika");
    expect(() => findSampleFighter("zed")).toThrow(SimError);
    expect(() => findSampleFighter("")).toThrow(SimError);
  });
});

describe("a simulated duel", () => {
  it("the same seed plays the same fight; it ends with one fighter out, or at the round limit", () => {
    const a = runDuel(duel("Anselm", "Vika"), 42, true);
    expect(runDuel(duel("Anselm", "Vika"), 42, true)).toEqual(a);
    expect(a.log).toHaveLength(a.summary.rounds);
    const out = a.summary.ends.filter((e) => e !== "standing").length;
    expect(out > 0 || a.summary.unfinished).toBe(true);
    expect(runDuel(duel("Anselm", "Vika"), 42).summary).toEqual(a.summary);
  });

  it("RHF-RNG-1: every blow of a simulated duel is struck at its weapon's range", () => {
    let blows = 0;
    for (const [a, b] of [
      ["Anselm", "Vika"],
      ["Vika", "Bruno"],
      ["Anselm", "Bruno"],
    ] as const)
      for (let seed = 1; seed <= 20; seed += 1) {
        const result = runDuel(duel(a, b), seed, true);
        const kinds = new Map(RHF_SAMPLE_FIGHTERS.map((f) => [f.id, f.weapon.kind]));
        for (const blow of blowsWithRange(result))
          if (blow.kind === "strike") {
            expect(blow.range).toBe(weaponRange(kinds.get(blow.attacker)!));
            blows += 1;
          }
      }
    expect(blows).toBeGreaterThan(100);
  });

  it("RHF-MAT-1: the quicker fighter acts first in every round (Vika, Quickness 16, before Anselm, 11)", () => {
    const result = runDuel(duel("Anselm", "Vika"), 5, true);
    for (const round of result.log!) {
      const first = round.events[0];
      if (!first) continue;
      expect(first.kind === "exchange" ? first.exchange.attackerId : "id" in first ? first.id : null).toBe(
        "vika",
      );
    }
  });

  it("RHF-HLD-2: a wrestler wins some duels by a hold, the loser immobilized and counted out but alive", () => {
    let byHold = 0;
    for (let seed = 1; seed <= 40; seed += 1) {
      const r = runDuel(duel("Bruno", "Anselm"), seed);
      if (r.conditions[1] === "immobilized") {
        byHold += 1;
        expect(r.summary).toMatchObject({ winner: 0, ends: ["standing", "unconscious"] });
      }
    }
    expect(byHold).toBeGreaterThan(0);
  });

  it("RHF-AIM-1: the marksman aims two rounds before Joe's first shot, and the shot carries the bonus made", () => {
    const result = runDuel(duel("Joe", "Anselm", ["marksman", "default"]), 8, true);
    const joe = result.log!.flatMap((r) =>
      r.events.filter((e) => e.kind !== "maneuver" && ("id" in e ? e.id : e.exchange.attackerId) === "joe"),
    );
    expect(joe.slice(0, 2).map((e) => e.kind)).toEqual(["aim", "aim"]);
    const bonus = joe.slice(0, 2).reduce((sum, e) => sum + (e.kind === "aim" ? e.bonus : 0), 0);
    const shot = joe[2]!;
    expect(shot.kind === "exchange" && shot.exchange.aimBonus).toBe(bonus === 0 ? 0 : bonus);
  });

  it("a gunman reloads when empty and never fires more than his rate in a round", () => {
    let reloads = 0;
    // Two poor shots, so the fight lasts past a load.
    const joe = findSampleFighter("Joe");
    const poor = { ...joe, skills: { ...joe.skills, weapon: 5 } };
    const setup = {
      fighters: [poor, { ...poor, id: "joe2" }] as const,
      policies: [createPolicy("default"), createPolicy("default")] as const,
    };
    for (let seed = 1; seed <= 30; seed += 1) {
      const result = runDuel(setup, seed, true);
      for (const round of result.log!) {
        const shots = new Map<string, number>();
        for (const e of round.events) {
          if (e.kind === "reload") reloads += 1;
          if (e.kind === "exchange")
            shots.set(
              e.exchange.attackerId,
              (shots.get(e.exchange.attackerId) ?? 0) + e.exchange.rolls.length,
            );
        }
        for (const n of shots.values()) expect(n).toBeLessThanOrEqual(5);
      }
    }
    expect(reloads).toBeGreaterThan(0);
  });

  it("refuses a round limit that is no whole number and two fighters with one id", () => {
    expect(() => runDuel(duel("Anselm", "Vika", undefined, 0), 1)).toThrow(SimError);
    expect(() => runDuel(duel("Anselm", "Anselm"), 1)).toThrow(/both fighters/);
  });

  it("the runner's fights are runDuel's, fight i with the seed's i-th dice", () => {
    const job = { seed: 9, fighters: duel("Vika", "Bruno").fighters };
    const tally = runRange(rhfFightRunner, job, 0, 50);
    expect(tally.fights).toBe(50);
    const wins = [0, 0];
    for (let i = 0; i < 50; i += 1) {
      const w = runDuel(duel("Vika", "Bruno"), fightSeed(9, i)).summary.winner;
      if (w !== null) wins[w]! += 1;
    }
    expect(tally.sides.map((s) => s.wins)).toEqual(wins);
  });

  it("keeps every count whole and never negative, whatever the pair, the policies and the seed", () => {
    const ids = policyIds();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom(...ids),
        fc.constantFrom(...ids),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (ai, bi, pa, pb, seed) => {
          const a = RHF_SAMPLE_FIGHTERS[ai]!;
          const b = { ...RHF_SAMPLE_FIGHTERS[bi]!, id: "other" };
          const r = runDuel(
            { fighters: [a, b], policies: [createPolicy(pa), createPolicy(pb)], maxRounds: 30 },
            seed,
          );
          for (const w of r.wounds) expect(Number.isInteger(w) && w >= 0).toBe(true);
          expect(r.summary.rounds).toBeGreaterThan(0);
          expect(r.summary.rounds).toBeLessThanOrEqual(30);
          if (r.summary.winner !== null) expect(r.summary.ends[r.summary.winner]).toBe("standing");
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe("policies", () => {
  it("choose the number of blows that lands the most hits: skill 15 two, skill 9 one", () => {
    expect(bestAttackCount(15, 1, 3, RHF_DEFAULTS)).toBe(2);
    expect(bestAttackCount(9, 1, 2, RHF_DEFAULTS)).toBe(1);
    expect(bestAttackCount(15, 3, 5, RHF_DEFAULTS)).toBe(3);
    // Three free blows at 15 land 2.25 on average; a fourth at 10 each lands 2.
  });

  it("are known by id; --policy takes one or two", () => {
    expect(policyIds()).toEqual(["default", "marksman", "guarded", "feinter"]);
    expect(parsePolicies(undefined)).toEqual(["default", "default"]);
    expect(parsePolicies("guarded")).toEqual(["guarded", "guarded"]);
    expect(parsePolicies("marksman, feinter")).toEqual(["marksman", "feinter"]);
    expect(() => parsePolicies("a,b,c")).toThrow(SimError);
    expect(() => parsePolicies("reckless")).toThrow(/unknown policy/);
    expect(() => parsePolicies(true)).toThrow(SimError);
  });
});
