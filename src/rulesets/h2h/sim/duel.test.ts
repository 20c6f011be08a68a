import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateH2hFighter } from "../../../rules/h2h/fighter";
import { runRange } from "../../../sim/fight-runner";
import { END_STATES } from "../../../sim/stats";
import { h2hFightRunner } from "../fights";
import { runH2hDuel } from "./duel";
import { createPolicy, parsePolicies, policyIds } from "./policies";
import { findSampleFighter, H2H_SAMPLE_FIGHTERS } from "./roster";

const KIRA = findSampleFighter("kira");
const BROCK = findSampleFighter("Brock");
const duel = (policies: [string, string] = ["default", "default"], maxMelees?: number) => ({
  fighters: [KIRA, BROCK] as const,
  policies: [createPolicy(policies[0]), createPolicy(policies[1])] as const,
  maxMelees,
});

describe("a simulated Hand to Hand duel", () => {
  it("the same seed plays the same fight; it ends with one fighter out, or at the melee limit", () => {
    const a = runH2hDuel(duel(), 42, true);
    expect(runH2hDuel(duel(), 42, true)).toEqual(a);
    expect(a.summary.rounds).toBeGreaterThan(0);
    const out = a.summary.ends.filter((e) => e !== "standing").length;
    expect(out > 0 || a.summary.unfinished).toBe(true);
  });

  it("H2H-INI-1: each exchange's strike comes from the fighter the initiative named", () => {
    const { log } = runH2hDuel(duel(), 11, true);
    let checked = 0;
    for (const melee of log!) {
      const events = melee.events;
      for (let i = 0; i + 1 < events.length; i += 1) {
        const e = events[i]!;
        const next = events[i + 1]!;
        if (e.kind === "initiative" && e.actor !== null && next.kind === "strike") {
          expect(next.by).toBe(e.actor);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("H2H-DMG-1: the hit points left are the sheet's less every damage the log shows", () => {
    const result = runH2hDuel(duel(["brawler", "wrestler"]), 5, true);
    const taken: Record<string, number> = { kira: 0, brock: 0 };
    for (const melee of result.log!)
      for (const e of melee.events) if (e.kind === "damage") taken[e.to]! += e.amount;
    expect(result.hitPoints).toEqual([KIRA.hitPoints - taken.kira!, BROCK.hitPoints - taken.brock!]);
  });

  it("each policy plays: the brawler prepares Power Attacks, the wrestler grapples, the cautious passes", () => {
    const kinds = (policy: string) =>
      runH2hDuel(duel([policy, "default"]), 3, true)
        .log!.flatMap((m) => m.events)
        .filter((e) => "by" in e && e.by === "kira");
    expect(kinds("brawler").some((e) => e.kind === "prepare")).toBe(true);
    expect(
      kinds("wrestler").some((e) => e.kind === "strike" && ["slam", "flipThrow", "bearHug"].includes(e.move)),
    ).toBe(true);
    expect(kinds("cautious").some((e) => e.kind === "pass")).toBe(true);
  });

  it("never refused, never NaN, never past the melee limit, the winner standing (properties)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.constantFrom(...H2H_SAMPLE_FIGHTERS),
        fc.constantFrom(...H2H_SAMPLE_FIGHTERS),
        fc.constantFrom(...policyIds()),
        fc.constantFrom(...policyIds()),
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom("fighting" as const, "long" as const, "grappling" as const),
        (seed, a, b, pa, pb, maxMelees, range) => {
          const second = a.id === b.id ? { ...b, id: `${b.id}2` } : b;
          const result = runH2hDuel(
            { fighters: [a, second], policies: [createPolicy(pa), createPolicy(pb)], maxMelees, range },
            seed,
          );
          const { summary } = result;
          expect(summary.rounds).toBeLessThanOrEqual(maxMelees);
          for (const hp of result.hitPoints) expect(Number.isInteger(hp)).toBe(true);
          for (const end of summary.ends) expect(END_STATES).toContain(end);
          if (summary.winner !== null) expect(summary.ends[summary.winner]).toBe("standing");
          expect(result.hitPoints[0]).toBeLessThanOrEqual(a.hitPoints);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("the shared runner runs its fights: fight i always with the same dice", () => {
    const job = { seed: 9, fighters: [KIRA, BROCK] as const };
    const all = runRange(h2hFightRunner, job, 0, 200);
    const halves = [runRange(h2hFightRunner, job, 0, 120), runRange(h2hFightRunner, job, 120, 200)];
    expect(all.fights).toBe(200);
    expect(halves[0]!.sides[0].wins + halves[1]!.sides[0].wins).toBe(all.sides[0].wins);
    expect(all.sides[0].wins + all.sides[1].wins + all.draws + all.unfinished).toBe(200);
  });

  it("refuses an unknown policy or fighter, and a malformed sheet, with a clear message", () => {
    expect(() => createPolicy("berserk")).toThrow(/unknown policy "berserk"/);
    expect(() => parsePolicies("a,b,c")).toThrow(/--policy/);
    expect(() => findSampleFighter("zed")).toThrow(/Known fighters: Kira, Brock, Mara, Tarn/);
    expect(() => validateH2hFighter({ ...KIRA, hitPoints: 0 })).toThrow(/hitPoints/);
    expect(() => runH2hDuel({ ...duel(), maxMelees: 0 }, 1)).toThrow(/melee limit/);
    expect(() => runH2hDuel({ ...duel(), fighters: [KIRA, KIRA] }, 1)).toThrow(/both fighters/);
    for (const f of H2H_SAMPLE_FIGHTERS) expect(validateH2hFighter(f)).toBe(f);
  });
});
