import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { jobSides, type OddsJob, runFightRange } from "../rulesets/fangs/fights";
import { runDuel, runFight } from "../rulesets/fangs/sim/duel";
import { loadRoster } from "../rulesets/fangs/sim/packs";
import { findFighter } from "../rulesets/fangs/sim/roster";
import { fightSeed } from "./seed";

/*
 * The fights of the speed benchmarks (bench/sim.bench.ts), pinned: the odds
 * of the first 100 fights of seed 1 and a digest of five recorded fights.
 * Work on the simulator's or the round engine's speed must leave them exactly
 * as they are; a change of a rule or of a policy changes them on purpose, and
 * then the figures below are updated with it.
 */

const roster = loadRoster(resolve(__dirname, "../.."));
const side = (names: string) => names.split(",").map((name) => findFighter(roster, name));

/** FNV-1a over the text: a short, stable digest of a whole event log. */
function digest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/** The tally's whole counts in one line: each side's wins and ends, draws, unfinished, rounds. */
function summary(job: OddsJob): string {
  const t = runFightRange(job, 0, 100);
  const ends = (e: Record<string, number>) => `${e.dead}/${e.dying}/${e.unconscious}/${e.fled}/${e.standing}`;
  return [
    `wins ${t.sides[0].wins}-${t.sides[1].wins}`,
    `ends ${ends(t.sides[0].ends)} ${ends(t.sides[1].ends)}`,
    `draws ${t.draws}`,
    `unfinished ${t.unfinished}`,
    `rounds ${t.roundsTotal}`,
  ].join(", ");
}

function logs(job: OddsJob): string {
  const [a, b] = jobSides(job);
  const duel = a.length === 1 && b.length === 1;
  let text = "";
  for (let i = 0; i < 5; i += 1) {
    const seed = fightSeed(1, i);
    const result = duel
      ? runDuel({ fighters: [a[0]!, b[0]!] }, seed, true)
      : runFight({ sides: [a, b] }, seed, true);
    text += JSON.stringify(result);
  }
  return digest(text);
}

const PINNED: readonly { a: string; b: string; summary: string; logs: string }[] = [
  {
    a: "Gru",
    b: "Troll",
    summary: "wins 25-73, ends 0/10/21/44/25 0/3/3/21/73, draws 2, unfinished 0, rounds 1940",
    logs: "d8237f8e",
  },
  {
    a: "Dagmar",
    b: "Fast Eddy",
    summary: "wins 96-2, ends 0/0/0/4/96 0/56/8/34/2, draws 2, unfinished 0, rounds 884",
    logs: "b69be055",
  },
  {
    a: "Pirate Jenny",
    b: "Troll-Martian",
    summary: "wins 8-92, ends 61/23/4/4/8 0/2/0/6/92, draws 0, unfinished 0, rounds 611",
    logs: "97595fba",
  },
  {
    a: "Giant Octopus",
    b: "Gru",
    summary: "wins 16-82, ends 0/55/0/29/16 0/2/7/9/82, draws 2, unfinished 0, rounds 1599",
    logs: "e617bb28",
  },
  {
    a: "Gru,Dagmar",
    b: "Troll,Cave Bear",
    summary: "wins 71-29, ends 0/4/8/17/71 0/2/19/50/29, draws 0, unfinished 0, rounds 1746",
    logs: "08211620",
  },
];

describe("seeded fights stay the same fights", () => {
  for (const pinned of PINNED) {
    it(`${pinned.a} against ${pinned.b}: the odds of 100 fights and five whole logs`, () => {
      const [a, b] = [side(pinned.a), side(pinned.b)];
      const job: OddsJob =
        a.length === 1 && b.length === 1 ? { fighters: [a[0]!, b[0]!], seed: 1 } : { sides: [a, b], seed: 1 };
      expect({ summary: summary(job), logs: logs(job) }).toEqual({
        summary: pinned.summary,
        logs: pinned.logs,
      });
    });
  }
});
