import { describe, expect, it } from "vitest";
import { type DuelLogWords, duelLimit, duelLog } from "./duel-kit";
import type { Localizer } from "./i18n";
import { SimError } from "./sim-error";
import type { FightSummary } from "./stats";

/** Writes each key with its data, so a line shows which key and which values the log chose. */
const i18n: Localizer = {
  localize: (key) => key,
  format: (key, data) => `${key} ${JSON.stringify(data)}`,
  has: () => true,
};

interface ToyRound {
  readonly n: number;
  readonly hits: readonly string[];
}

const words: DuelLogWords<ToyRound> = {
  title: "TOY.Title",
  round: (round, names) => [`round ${round.n}`, ...round.hits.map((id) => `  hit by ${names.get(id)}`)],
  unfinished: "TOY.Unfinished",
  draw: "TOY.Draw",
  winner: "TOY.Winner",
  count: "rounds",
};

const won: FightSummary = { winner: 1, rounds: 2, ends: ["unconscious", "standing"], unfinished: false };

describe("duelLog: a duel simulator's log", () => {
  it("opens with the title, writes each round in the ruleset's words with names by id, closes with the end", () => {
    const lines = duelLog(
      {
        names: ["Arden", "Cole"],
        summary: won,
        log: [
          { n: 1, hits: ["c"] },
          { n: 2, hits: ["a", "c"] },
        ],
      },
      ["a", "c"],
      i18n,
      7,
      words,
    );
    expect(lines).toEqual([
      'TOY.Title {"a":"Arden","b":"Cole","seed":7}',
      "round 1",
      "  hit by Cole",
      "round 2",
      "  hit by Arden",
      "  hit by Cole",
      'TOY.Winner.unconscious {"winner":"Cole","loser":"Arden","rounds":2}',
    ]);
  });

  it("writes only the title and the end when the fight kept no log", () => {
    const unfinished: FightSummary = {
      winner: null,
      rounds: 50,
      ends: ["standing", "standing"],
      unfinished: true,
    };
    expect(
      duelLog({ names: ["Arden", "Cole"], summary: unfinished, log: null }, ["a", "c"], i18n, 1, words),
    ).toEqual(['TOY.Title {"a":"Arden","b":"Cole","seed":1}', 'TOY.Unfinished {"rounds":50}']);
  });
});

describe("duelLimit: a duel's limit and fighters, checked alike by every duel simulator", () => {
  const two = [{ id: "arden" }, { id: "cole" }] as const;

  it("is the limit given, else the simulator's own", () => {
    expect(duelLimit(two, 7, 50)).toBe(7);
    expect(duelLimit(two, undefined, 50)).toBe(50);
  });

  it.each([0, -1, 2.5, Number.NaN])("refuses a limit of %s, in the simulator's unit", (limit) => {
    expect(() => duelLimit(two, limit, 50)).toThrow(SimError);
    expect(() => duelLimit(two, limit, 50, "melee")).toThrow(
      `the melee limit must be a whole number ≥ 1, got ${limit}`,
    );
  });

  it("refuses two fighters with one id", () => {
    expect(() => duelLimit([{ id: "wolf" }, { id: "wolf" }], 10, 50)).toThrow(
      'both fighters have the id "wolf"',
    );
  });
});
