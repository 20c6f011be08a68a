import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { FangsOptions } from "../../../rules/fangs/config";
import { createLocalizer } from "../../../sim/i18n";
import { type DuelEvent, runDuel } from "./duel";
import type { FighterSheet } from "./fighter";
import { formatDuelLog } from "./format";
import { loadRoster } from "./packs";
import { findFighter } from "./roster";

/**
 * The optional modules from the reach, holds and firearms rules on the
 * simulator, which plays FANGS through the same rules core as the table:
 * off, every fight is the fight it was; on, the module's rule shows in it.
 */

const root = resolve(__dirname, "../../../..");
const roster = loadRoster(root);
const fighter = (name: string): FighterSheet => findFighter(roster, name);
const pairs = [
  ["Gru", "Troll"],
  ["Dagmar", "Fast Eddy"],
] as const;

/** A side's maneuver attacks: the round of each and its modifier. */
function attacks(events: readonly DuelEvent[], side: number): { round: number; modifiers: number }[] {
  const made: { round: number; modifiers: number }[] = [];
  let round = 0;
  for (const e of events) {
    if (e.type === "round") round = e.round;
    if (e.type === "exchange" && e.attacker === side && e.source === "maneuver")
      made.push({ round, modifiers: e.modifiers });
  }
  return made;
}

describe("the multiple attacks module in the simulator", () => {
  it("off, every duel is the same, whole result and events, as with the default rules", () => {
    const off: FangsOptions = { multipleAttacksModule: false };
    for (const [a, b] of pairs) {
      for (let seed = 0; seed < 4; seed += 1) {
        const fighters = [fighter(a), fighter(b)] as const;
        expect(runDuel({ fighters, options: off }, seed, true)).toEqual(runDuel({ fighters }, seed, true));
      }
    }
  });

  it("RHF-MAT-1 (FANGS module): on, a fighter of AG 5 attacks every other round free; the round right after a free one costs −5 and does not restart the count", () => {
    const gru = fighter("Gru");
    const slow: FighterSheet = { ...gru, characteristics: { ...gru.characteristics, ag: 5 } };
    const on: FangsOptions = { multipleAttacksModule: true };
    let offRounds = 0;
    let freeAfterOff = 0;
    for (let seed = 0; seed < 6; seed += 1) {
      const fighters = [slow, fighter("Troll")] as const;
      const plain = attacks(runDuel({ fighters, maxRounds: 12 }, seed, true).events!, 0);
      const moduled = attacks(runDuel({ fighters, options: on, maxRounds: 12 }, seed, true).events!, 0);
      // Off, no attack of Gru's carries a modifier; on, exactly those right after a free one do
      // (the RHF core's reading: an off round's attack at −5 is no free attack, review finding 2).
      expect(plain.every((a) => a.modifiers === 0)).toBe(true);
      let lastFree = 0;
      for (const [i, a] of moduled.entries()) {
        const offRound = lastFree > 0 && lastFree === a.round - 1;
        expect(a.modifiers, `seed ${seed} round ${a.round}`).toBe(offRound ? -5 : 0);
        if (offRound) offRounds += 1;
        else {
          if (i > 0 && moduled[i - 1]!.round === a.round - 1) freeAfterOff += 1;
          lastFree = a.round;
        }
      }
    }
    expect(offRounds).toBeGreaterThan(0);
    expect(freeAfterOff).toBeGreaterThan(0);
  });

  it("RHF-MAT-2 (FANGS module): on, a slow fighter whose skill cannot carry −5 declares no attack the round after each, and is never refused one", () => {
    const gru = fighter("Gru");
    const weak: FighterSheet = {
      ...gru,
      characteristics: { ...gru.characteristics, ag: 5 },
      weapons: gru.weapons.map((w) => ({ ...w, skill: { natural: 5, bought: 0, total: 5 } })),
    };
    let gaps = 0;
    let offRounds = 0;
    for (let seed = 0; seed < 10; seed += 1) {
      const result = runDuel(
        { fighters: [weak, fighter("Troll")], options: { multipleAttacksModule: true }, maxRounds: 12 },
        seed,
        true,
      );
      const rounds = attacks(result.events!, 0).map((a) => a.round);
      for (let i = 1; i < rounds.length; i += 1) {
        expect(rounds[i]! - rounds[i - 1]!).toBeGreaterThan(1);
        gaps += 1;
      }
      let round = 0;
      for (const e of result.events!) {
        if (e.type === "round") round = e.round;
        // The maneuver picker asks the module too (review finding 5): no attack chosen to be refused.
        if (e.type === "attackRefused" && e.side === 0) expect(e.reasonKey).not.toMatch(/Quickness/);
        if (e.type === "maneuver" && e.side === 0 && rounds.includes(round - 1)) {
          expect(e.maneuver).not.toMatch(/^(attack|allOutAttack|charge)$/);
          offRounds += 1;
        }
      }
    }
    expect(gaps).toBeGreaterThan(0);
    expect(offRounds).toBeGreaterThan(0);
  });
});

describe("the reach module in the simulator", () => {
  it("off, every duel is the same, whole result and events, as with the default rules", () => {
    const off: FangsOptions = { reachModule: false };
    for (let seed = 0; seed < 4; seed += 1) {
      const fighters = [fighter("Cultist"), fighter("Gru")] as const;
      expect(runDuel({ fighters, options: off }, seed, true)).toEqual(runDuel({ fighters }, seed, true));
    }
  });

  it("RHF-RNG-1, RHF-RNG-3 (FANGS module): on, a knife fighter advances on a broadsword, which withdraws; each strikes only at its own range", () => {
    const own: Record<string, string> = {
      Knife: "close",
      Broadsword: "medium",
      Fist: "close",
      Kick: "close",
    };
    const made = { advance: 0, withdraw: 0 };
    let struck = 0;
    for (let seed = 0; seed < 6; seed += 1) {
      const result = runDuel(
        { fighters: [fighter("Cultist"), fighter("Gru")], options: { reachModule: true }, maxRounds: 15 },
        seed,
        true,
      );
      // They engage at the broadsword's medium range; each made maneuver moves it.
      let range = "medium";
      for (const e of result.events!) {
        if (e.type === "round" && e.distance > 0) range = "medium";
        if (e.type === "rangeManeuver") {
          expect(e.maneuver).toBe(e.side === 0 ? "advance" : "withdraw");
          if (e.success) made[e.maneuver] += 1;
          range = e.range;
        }
        if (e.type === "exchange" && own[e.weapon] !== undefined) {
          expect(own[e.weapon], `seed ${seed}: ${e.weapon} at ${range}`).toBe(range);
          struck += 1;
        }
      }
    }
    expect(made.advance).toBeGreaterThan(0);
    expect(made.withdraw).toBeGreaterThan(0);
    expect(struck).toBeGreaterThan(0);
  });

  it("RHF-RNG-3 (FANGS module): the duel log tells each advance and withdraw in the system's words", () => {
    const lang = JSON.parse(readFileSync(resolve(root, "lang/en.json"), "utf8"));
    const result = runDuel(
      { fighters: [fighter("Cultist"), fighter("Gru")], options: { reachModule: true }, maxRounds: 15 },
      1,
      true,
    );
    const lines = formatDuelLog(result, createLocalizer(lang), 1).join("\n");
    expect(lines).toMatch(/Cultist tries to advance \(Hard\): d20 \d+, total -?\d+, (made|missed)/);
    expect(lines).not.toMatch(/FANGS\.(Reach|Sim)\./);
  });
});

describe("the holds module in the simulator", () => {
  const fighters = () => [fighter("Giant Octopus"), fighter("Bandit")] as const;

  it("off, every duel is the same, whole result and events, as with the default rules", () => {
    for (let seed = 0; seed < 4; seed += 1) {
      const off = runDuel({ fighters: fighters(), options: { controlPointsModule: false } }, seed, true);
      expect(off).toEqual(runDuel({ fighters: fighters() }, seed, true));
    }
  });

  it("RHF-HLD-1, RHF-HLD-2 (FANGS module): on, a hold gains ceil(ST/3) a round; once past the victim's ST, the victim neither acts nor breaks free", () => {
    const [octopus, bandit] = fighters();
    const gain = Math.ceil(octopus.characteristics.st / 3);
    let immobilizedRounds = 0;
    for (let seed = 0; seed < 12; seed += 1) {
      const result = runDuel(
        { fighters: fighters(), options: { controlPointsModule: true }, maxRounds: 20 },
        seed,
        true,
      );
      let round = 0;
      let last = 0;
      let immobile = false;
      for (const e of result.events!) {
        if (e.type === "round") {
          round = e.round;
          immobile = false;
        }
        if (e.type === "holdControl") {
          // Each round held adds the same gain; the round of the grapple counted one already.
          expect(e.controlPoints % gain).toBe(0);
          expect(e.controlPoints).toBeGreaterThan(last);
          expect(e.immobilized).toBe(e.controlPoints > bandit.characteristics.st);
          last = e.controlPoints;
          immobile = e.immobilized;
          if (immobile) immobilizedRounds += 1;
        }
        if (e.type === "breakFree" && e.freed) last = 0;
        if (immobile) {
          // The immobilized bandit declares nothing, tries no break-free and strikes no blow.
          expect(e.type === "maneuver" && e.side === 1, `round ${round}`).toBe(false);
          expect(e.type === "breakFree" && e.side === 1).toBe(false);
          expect(e.type === "exchange" && e.attacker === 1).toBe(false);
          if (e.type === "exchange" && e.defender === 1) expect(e.resolution.defense).toBeNull();
        }
      }
    }
    expect(immobilizedRounds).toBeGreaterThan(0);
  });
});
