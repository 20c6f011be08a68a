import { describe, expect, it } from "vitest";
import { fightSeed } from "./seed";
import { addFight, binRounds, emptyTally, type FightSummary, mergeTally, wilsonInterval } from "./stats";

describe("odds statistics", () => {
  it("gives the textbook Wilson interval (81 of 263: 0.2553 to 0.3662)", () => {
    const { p, low, high } = wilsonInterval(81, 263);
    expect(p).toBeCloseTo(0.308, 3);
    expect(low).toBeCloseTo(0.2553, 3);
    expect(high).toBeCloseTo(0.3662, 3);
  });

  it("keeps the Wilson interval inside [0, 1] at 0 and n successes", () => {
    const none = wilsonInterval(0, 50);
    const all = wilsonInterval(50, 50);
    expect(none.low).toBe(0);
    expect(none.high).toBeGreaterThan(0.05);
    expect(all.high).toBe(1);
    expect(all.low).toBeLessThan(0.95);
  });

  it("refuses an impossible proportion", () => {
    expect(() => wilsonInterval(3, 2)).toThrowError(RangeError);
    expect(() => wilsonInterval(0, 0)).toThrowError(RangeError);
  });

  it("merges tallies exactly whatever the split", () => {
    const fights: FightSummary[] = Array.from({ length: 200 }, (_, i) => ({
      winner: i % 7 === 0 ? null : ((fightSeed(3, i) % 2) as 0 | 1),
      rounds: 1 + (fightSeed(5, i) % 30),
      ends: [i % 3 === 0 ? "dead" : "standing", i % 5 === 0 ? "dying" : "unconscious"],
      unfinished: i % 14 === 0,
    }));
    const whole = emptyTally();
    for (const f of fights) addFight(whole, f);
    const parts = [emptyTally(), emptyTally(), emptyTally()];
    fights.forEach((f, i) => {
      addFight(parts[(i * 7) % 3]!, f);
    });
    const merged = mergeTally(mergeTally(mergeTally(emptyTally(), parts[2]!), parts[0]!), parts[1]!);
    expect(merged).toEqual(whole);
  });

  it("bins rounds into at most the bins asked for, keeping every fight", () => {
    const rounds = [
      0, 5, 9, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2,
    ];
    const bins = binRounds(rounds, 12);
    expect(bins.length).toBeLessThanOrEqual(12);
    expect(bins[0]!.from).toBe(1);
    expect(bins.at(-1)!.to).toBe(30);
    expect(bins.reduce((s, b) => s + b.count, 0)).toBe(20);
  });

  it("gives each fight its own seed from (seed, index)", () => {
    const seeds = new Set(Array.from({ length: 10_000 }, (_, i) => fightSeed(1, i)));
    expect(seeds.size).toBe(10_000);
    expect(fightSeed(1, 0)).not.toBe(fightSeed(2, 0));
    expect(fightSeed(7, 42)).toBe(fightSeed(7, 42));
  });
});
