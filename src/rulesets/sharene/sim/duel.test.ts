import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EN_LANG as lang } from "../../../../test/support/system-files";
import { validateFighter } from "../../../rules/sharene/fighter";
import { runRange } from "../../../sim/fight-runner";
import { createLocalizer } from "../../../sim/i18n";
import { END_STATES } from "../../../sim/stats";
import { shareneFightRunner } from "../fights";
import { runDuel } from "./duel";
import { formatDuelLog } from "./format";
import { createPolicy, parsePolicies, policyIds } from "./policies";
import { findSampleFighter, SHARENE_SAMPLE_FIGHTERS } from "./roster";

const ARDEN = findSampleFighter("arden");
const DORN = findSampleFighter("Dorn");
const duel = (policies: [string, string] = ["default", "default"], maxRounds?: number) => ({
  fighters: [ARDEN, DORN] as const,
  policies: [createPolicy(policies[0]), createPolicy(policies[1])] as const,
  maxRounds,
});

describe("a simulated Sharene duel", () => {
  it("the same seed plays the same fight; it ends with one fighter out, or at the round limit", () => {
    const a = runDuel(duel(), 42, true);
    expect(runDuel(duel(), 42, true)).toEqual(a);
    expect(a.summary.rounds).toBeGreaterThan(0);
    const out = a.summary.ends.filter((e) => e !== "standing").length;
    expect(out > 0 || a.summary.unfinished).toBe(true);
  });

  it("SHA-INI-1: each round's attacks come in the order rolled, the higher initiative first", () => {
    const { log } = runDuel(duel(["steady", "steady"]), 7, true);
    let checked = 0;
    for (const round of log!) {
      const first = round.exchanges.find((e) => !e.riposte);
      const [ia, ib] = round.initiative;
      // A fighter whose attack a critical failure cost does not open the round.
      if (!first || round.lostAttack.some(Boolean)) continue;
      // A tie goes to the higher AGI: Arden's 15 over Dorn's 10.
      expect(first.attackerId).toBe(ia! >= ib! ? "arden" : "dorn");
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("SHA-STY-5: a riposting fighter never attacks but to answer", () => {
    const { log } = runDuel(duel(["riposte", "steady"]), 3, true);
    for (const round of log!)
      for (const e of round.exchanges) if (e.attackerId === "arden") expect(e.riposte).toBe(true);
  });

  it("SHA-DMG-3: the life points left are the full ones less every blow that got through", () => {
    const result = runDuel(duel(), 11, true);
    const taken = { arden: 0, dorn: 0 } as Record<string, number>;
    for (const round of result.log!)
      for (const e of round.exchanges) if (e.damage) taken[e.defenderId]! += e.damage.damage;
    expect(result.lifePoints).toEqual([ARDEN.lifePoints - taken.arden!, DORN.lifePoints - taken.dorn!]);
  });

  it("two riposters never strike: the fight stops at the round limit, unfinished", () => {
    const result = runDuel(duel(["riposte", "riposte"], 5), 1);
    expect(result.summary).toEqual({
      winner: null,
      rounds: 5,
      ends: ["standing", "standing"],
      unfinished: true,
    });
  });

  it("never NaN, never past the round limit, the winner standing (properties)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.constantFrom(...SHARENE_SAMPLE_FIGHTERS),
        fc.constantFrom(...SHARENE_SAMPLE_FIGHTERS),
        fc.constantFrom(...policyIds()),
        fc.constantFrom(...policyIds()),
        fc.integer({ min: 1, max: 40 }),
        (seed, a, b, pa, pb, maxRounds) => {
          const second = a.id === b.id ? { ...b, id: `${b.id}2` } : b;
          const result = runDuel(
            { fighters: [a, second], policies: [createPolicy(pa), createPolicy(pb)], maxRounds },
            seed,
          );
          const { summary } = result;
          expect(summary.rounds).toBeLessThanOrEqual(maxRounds);
          for (const lp of result.lifePoints) expect(Number.isInteger(lp)).toBe(true);
          for (const end of summary.ends) expect(END_STATES).toContain(end);
          if (summary.winner !== null) expect(summary.ends[summary.winner]).toBe("standing");
          expect(result.lifePoints[0]).toBeLessThanOrEqual(a.lifePoints);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("the shared runner runs its fights: fight i always with the same dice", () => {
    const job = { seed: 9, fighters: [ARDEN, DORN] as const };
    const all = runRange(shareneFightRunner, job, 0, 200);
    const halves = [runRange(shareneFightRunner, job, 0, 120), runRange(shareneFightRunner, job, 120, 200)];
    expect(all.fights).toBe(200);
    expect(halves[0]!.sides[0].wins + halves[1]!.sides[0].wins).toBe(all.sides[0].wins);
    expect(all.sides[0].wins + all.sides[1].wins + all.draws + all.unfinished).toBe(200);
  });

  it("refuses an unknown policy or fighter, and a malformed sheet, with a clear message", () => {
    expect(() => createPolicy("berserk")).toThrow(/unknown policy "berserk"/);
    expect(() => parsePolicies("a,b,c")).toThrow(/--policy/);
    expect(() => findSampleFighter("zed")).toThrow(/Known fighters: Arden, Brisk, Corra, Dorn/);
    expect(() => validateFighter({ ...ARDEN, lifePoints: 0 })).toThrow(/lifePoints/);
    expect(() => validateFighter({ ...ARDEN, damageBonus: "1d" })).toThrow(/dice formula/);
    expect(() =>
      validateFighter({
        ...ARDEN,
        weapon: { ...ARDEN.weapon, mainBlow: "slash", damage: { thrust: "1d6" } },
      }),
    ).toThrow(/main blow/);
    for (const f of SHARENE_SAMPLE_FIGHTERS) expect(validateFighter(f)).toBe(f);
  });
});

describe("the duel's log in words", () => {
  it("names a fighter out of the fight instead of a style it never declared", () => {
    const played = runDuel(duel(), 3, true);
    const [first, ...rest] = played.log!;
    const result = { ...played, log: [{ ...first!, styles: [null, "attackParry" as const] }, ...rest] };
    const i18n = createLocalizer(lang);
    const line = formatDuelLog(result, [ARDEN.id, DORN.id], i18n, 3)[1]!;
    expect(line).toContain(lang["SHARENE.Style.none"]);
    expect(line).not.toContain("SHARENE.");
  });
});
