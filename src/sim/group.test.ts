import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { jobNames, type OddsJob, runFightRange } from "../rulesets/fangs/fights";
import {
  type FightRecorder,
  type FightResult,
  runDuel,
  runFight,
  traceFight,
} from "../rulesets/fangs/sim/duel";
import type { FighterSheet } from "../rulesets/fangs/sim/fighter";
import { formatDuelLog } from "../rulesets/fangs/sim/format";
import { loadRoster } from "../rulesets/fangs/sim/packs";
import {
  createDefaultPolicy,
  defaultTarget,
  type FighterView,
  type Policy,
  type TargetOption,
} from "../rulesets/fangs/sim/policy";
import { findFighter } from "../rulesets/fangs/sim/roster";
import { createLocalizer } from "./i18n";
import { chunkRanges } from "./odds";
import { oddsReport } from "./report";
import { emptyTally, mergeTally } from "./stats";

const root = resolve(__dirname, "../..");
const roster = loadRoster(root);
const fighter = (name: string): FighterSheet => findFighter(roster, name);
const lang = JSON.parse(readFileSync(resolve(root, "lang/en.json"), "utf8"));
const sideOf = (result: FightResult, index: number): 0 | 1 => (result.sides![0].includes(index) ? 0 : 1);

describe("a fight between sides", () => {
  it("with one fighter a side is the duel, event for event", () => {
    for (const [a, b] of [
      ["Gru", "Troll"],
      ["Pirate Jenny", "Troll-Martian"],
      ["Giant Octopus", "Gru"],
      ["Troll", "Troll"],
    ] as const) {
      for (const seed of [1, 2, 3]) {
        const duel = runDuel({ fighters: [fighter(a), fighter(b)] }, seed, true);
        const fight = runFight({ sides: [[fighter(a)], [fighter(b)]] }, seed, true);
        expect(JSON.stringify(fight)).toBe(JSON.stringify(duel));
      }
    }
  });

  it("is the same fight for the same seed, and a side loses when all its fighters are out", () => {
    const setup = { sides: [[fighter("Gru"), fighter("Dagmar")], [fighter("Troll")]] as const };
    for (let seed = 1; seed <= 25; seed += 1) {
      const result = runFight(setup, seed, true);
      expect(runFight(setup, seed, true)).toEqual(result);
      expect(result.names).toEqual(["Gru", "Dagmar the Deadly", "Troll"]);
      expect(result.sides).toEqual([[0, 1], [2]]);
      expect(result.ends).toHaveLength(3);
      if (result.winner !== null) {
        const loser = result.winner === 0 ? 1 : 0;
        for (const i of result.sides![loser]) expect(result.ends[i]).not.toBe("standing");
        expect(result.sides![result.winner].some((i) => result.ends[i] === "standing")).toBe(true);
        expect(result.sideEnds![result.winner]).toBe("standing");
      }
    }
  });

  it("has every blow struck at an enemy, and numbers a fighter met twice", () => {
    const setup = {
      sides: [
        [fighter("Troll"), fighter("Troll")],
        [fighter("Gru"), fighter("Dagmar")],
      ] as const,
    };
    let exchanges = 0;
    for (let seed = 1; seed <= 10; seed += 1) {
      const result = runFight(setup, seed, true);
      expect(result.names).toEqual(["Troll (1)", "Troll (2)", "Gru", "Dagmar the Deadly"]);
      for (const e of result.events!) {
        if (e.type === "exchange" && e.source !== "fumble") {
          exchanges += 1;
          expect(sideOf(result, e.attacker)).not.toBe(sideOf(result, e.defender));
        }
        if (e.type === "maneuver") expect(sideOf(result, e.target!)).not.toBe(sideOf(result, e.side));
      }
      const log = formatDuelLog(result, createLocalizer(lang), seed);
      expect(log[0]).toContain("Troll (1), Troll (2) against Gru, Dagmar the Deadly");
      expect(log.join("\n")).toMatch(/Target: (Gru|Dagmar the Deadly|Troll \([12]\))\./);
      if (result.winner !== null) expect(log.join("\n")).toMatch(/ win in round \d+\./);
    }
    expect(exchanges).toBeGreaterThan(50);
  });

  it("NC-DEF-5, NC-DEF-2: a lone fighter beset by three spends the parries the rules core allows a round, no more", () => {
    // The Troll's Great Club is used alone: it parries twice a round, and defenses.ts says so each time.
    // A parry is spent only against an attack that succeeded (NC-DEF-2): the ones rolled, as the log shows them.
    const spent = new Map<number, number>();
    let round = 0;
    let refusedAfterTwo = 0;
    const base = createDefaultPolicy();
    const spy: Policy = {
      ...base,
      id: "spy",
      chooseDefense(q) {
        if ((spent.get(round) ?? 0) >= 2) {
          expect(q.allowed).not.toContain("weaponParry");
          refusedAfterTwo += 1;
        }
        return base.chooseDefense(q);
      },
    };
    const troll = 3;
    const recorder: FightRecorder = {
      die: () => undefined,
      turn: () => undefined,
      exchanged: () => undefined,
      event(e) {
        if (e.type === "round") round = e.round;
        if (e.type === "exchange" && e.defender === troll && e.resolution.defense?.choice === "weaponParry")
          spent.set(round, (spent.get(round) ?? 0) + 1);
      },
    };
    for (let seed = 1; seed <= 20; seed += 1) {
      spent.clear();
      traceFight(
        {
          sides: [[fighter("Gru"), fighter("Dagmar"), fighter("Fast Eddy")], [fighter("Troll")]],
          policies: [[base, createDefaultPolicy(), createDefaultPolicy()], [spy]],
          startDistance: 0,
        },
        seed,
        recorder,
      );
      for (const n of spent.values()) expect(n).toBeLessThanOrEqual(2);
    }
    expect(refusedAfterTwo).toBeGreaterThan(0);
  });

  it("refuses an empty side and too many fighters", () => {
    expect(() => runFight({ sides: [[], [fighter("Troll")]] }, 1)).toThrowError(/at least one fighter/);
    const many = Array.from({ length: 13 }, () => fighter("Gru"));
    expect(() => runFight({ sides: [many, [fighter("Troll")]] }, 1)).toThrowError(/at most 12/);
  });

  it("asks a policy's chooseTarget only among the candidates, and refuses another answer", () => {
    const seen: number[][] = [];
    const picky: Policy = {
      ...createDefaultPolicy(),
      chooseTarget(q) {
        seen.push(q.candidates.map((c) => c.fighter));
        return q.candidates.at(-1)!.fighter;
      },
    };
    runFight(
      {
        sides: [[fighter("Gru")], [fighter("Troll"), fighter("Cave Bear")]],
        policies: [[picky], [createDefaultPolicy(), createDefaultPolicy()]],
      },
      4,
    );
    expect(seen.length).toBeGreaterThan(0);
    for (const ids of seen) for (const id of ids) expect([1, 2]).toContain(id);
    const cheat: Policy = { ...createDefaultPolicy(), chooseTarget: () => 0 };
    expect(() =>
      runFight(
        {
          sides: [[fighter("Gru")], [fighter("Troll"), fighter("Cave Bear")]],
          policies: [[cheat], [createDefaultPolicy(), createDefaultPolicy()]],
        },
        4,
      ),
    ).toThrowError(/chose the target 0/);
  });

  it("in which every fighter flees in the same round is a draw, every fighter marked fled", () => {
    const base = createDefaultPolicy();
    const runner: Policy = {
      ...base,
      id: "runner",
      chooseManeuver: (q) => q.options.find((o) => o.maneuver === "run") ?? base.chooseManeuver(q),
    };
    for (let seed = 0; seed < 5; seed += 1) {
      const result = runFight(
        {
          sides: [[fighter("Gru"), fighter("Dagmar")], [fighter("Troll")]],
          policies: [[runner, runner], [runner]],
        },
        seed,
        true,
      );
      expect(result.winner).toBeNull();
      expect(result.unfinished).toBe(false);
      expect(result.ends).toEqual(["fled", "fled", "fled"]);
      expect(result.sideEnds).toEqual(["fled", "fled"]);
      const log = formatDuelLog(result, createLocalizer(lang), seed);
      expect(log).toContain(`Both have fled in round ${result.rounds}: a draw.`);
    }
  });
});

describe("the default target", () => {
  const view = (hp: number): FighterView => ({
    sheet: fighter("Troll"),
    stunPoints: 40,
    hitPoints: hp,
    engaged: false,
    grappled: false,
    holding: false,
    weapons: [],
  });
  const option = (fighter: number, o: Partial<TargetOption>): TargetOption => ({
    fighter,
    view: view(20),
    distance: 5,
    engaged: false,
    current: false,
    ...o,
  });
  it("is an engaged enemy first, the most hurt among them", () => {
    const q = (candidates: TargetOption[]) => defaultTarget({ round: 1, self: view(20), candidates });
    expect(q([option(1, {}), option(2, { engaged: true, distance: 0 })])).toBe(2);
    expect(
      q([
        option(1, { engaged: true, distance: 0 }),
        option(2, { engaged: true, distance: 0, view: view(5) }),
      ]),
    ).toBe(2);
    // Free: the nearest, then the most hurt, then last round's target.
    expect(q([option(1, { distance: 8, view: view(2) }), option(2, { distance: 3 })])).toBe(2);
    expect(q([option(1, {}), option(2, { view: view(4) })])).toBe(2);
    expect(q([option(1, {}), option(2, { current: true })])).toBe(2);
  });
});

describe("odds between sides", () => {
  const job: OddsJob = { sides: [[fighter("Gru"), fighter("Dagmar")], [fighter("Troll")]], seed: 9 };

  it("count the same whatever the split into ranges, per side and per fighter", () => {
    const whole = runFightRange(job, 0, 120);
    for (const size of [1, 13, 119]) {
      const merged = emptyTally();
      for (const [from, to] of chunkRanges(120, size).reverse())
        mergeTally(merged, runFightRange(job, from, to));
      expect(merged).toEqual(whole);
    }
    expect(whole.sides[0].wins + whole.sides[1].wins + whole.draws + whole.unfinished).toBe(120);
    expect(whole.fighters).toHaveLength(3);
    for (const ends of whole.fighters) expect(Object.values(ends).reduce((a, b) => a + b)).toBe(120);
  });

  it("report each side's chance and each fighter's ends", () => {
    const names = jobNames(job);
    expect(names.sides).toEqual(["Gru, Dagmar the Deadly", "Troll"]);
    const report = oddsReport(runFightRange(job, 0, 60), names.sides, 9, names.fighters);
    expect(report.fighters?.map((f) => [f.name, f.side])).toEqual([
      ["Gru", 0],
      ["Dagmar the Deadly", 0],
      ["Troll", 1],
    ]);
    expect(report.sides[0].win.low).toBeLessThanOrEqual(report.sides[0].win.p);
    // A duel's report has no per-fighter part: its JSON is as it was.
    const duel: OddsJob = { fighters: [fighter("Gru"), fighter("Troll")], seed: 9 };
    const duelNames = jobNames(duel);
    expect(
      oddsReport(runFightRange(duel, 0, 10), duelNames.sides, 9, duelNames.fighters).fighters,
    ).toBeUndefined();
  });
});
