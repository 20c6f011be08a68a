import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { type DuelEvent, runFight } from "../rulesets/fangs/sim/duel";
import type { FighterSheet } from "../rulesets/fangs/sim/fighter";
import { formatDuelLog } from "../rulesets/fangs/sim/format";
import { loadRoster } from "../rulesets/fangs/sim/packs";
import { createDefaultPolicy, type Policy } from "../rulesets/fangs/sim/policy";
import { findFighter } from "../rulesets/fangs/sim/roster";
import { createLocalizer } from "./i18n";

const root = resolve(__dirname, "../..");
const roster = loadRoster(root);
const fighter = (name: string): FighterSheet => findFighter(roster, name);
const lang = JSON.parse(readFileSync(resolve(root, "lang/en.json"), "utf8"));

/** A copy of a sample fighter under another name, with some fields changed. */
function variant(name: string, base: string, change: Partial<FighterSheet>): FighterSheet {
  return { ...fighter(base), id: name, name, ...change };
}

/** The same fighter with its missile weapon's range set to `range` paces. */
function withBowRange(sheet: FighterSheet, range: number): FighterSheet {
  return { ...sheet, weapons: sheet.weapons.map((w) => (w.kind === "missile" ? { ...w, range } : w)) };
}

const jenny = fighter("Pirate Jenny");
const crossbow = jenny.weapons.find((w) => w.kind === "missile")!;

/*
 * Side 0: a quick, sure shot (fighter 0: AG 18, range 60) and a slower
 * archer whose crossbow carries 12 paces (fighter 1, AG 14). Side 1: a
 * weakling with 1 HP left and no armour (fighter 2), which both archers
 * pick as the most hurt, and a runner (fighter 3) that runs every round,
 * so from the first movement on it stands 10 + Run paces away, out of the
 * slow archer's range. When the quick shot fells the weakling first, the
 * slow archer's target has fallen before its turn: it may take the runner
 * as its new target, but may not shoot it.
 */
const quick = variant("Quick Shot", "Pirate Jenny", {
  characteristics: { ...jenny.characteristics, ag: 18 },
  weapons: jenny.weapons.map((w) =>
    w.kind === "missile" ? { ...w, skill: { natural: w.skill.natural, bought: 90, total: 95 } } : w,
  ),
});
const slow = withBowRange(variant("Short Bow", "Pirate Jenny", {}), 12);
const weakling = variant("Weakling", "Pirate Jenny", { hitPoints: 1, armorProtection: 0 });
const runner = variant("Runner", "Pirate Jenny", {});
const alwaysRun: Policy = {
  ...createDefaultPolicy(),
  id: "runner",
  chooseManeuver(q) {
    return q.options.find((o) => o.maneuver === "run") ?? createDefaultPolicy().chooseManeuver(q);
  },
};
const SHORT = 1;
const RUNNER = 3;

function fight(seed: number) {
  return runFight(
    {
      sides: [
        [quick, slow],
        [weakling, runner],
      ],
      policies: [
        [createDefaultPolicy(), createDefaultPolicy()],
        [createDefaultPolicy(), alwaysRun],
      ],
    },
    seed,
    true,
  );
}

/** Round 1's events, up to the next round line. */
function roundOne(events: readonly DuelEvent[]): DuelEvent[] {
  const start = events.findIndex((e) => e.type === "round");
  const next = events.findIndex((e, i) => i > start && e.type === "round");
  return events.slice(start, next < 0 ? undefined : next);
}

describe("a missile attack after the target fell (runFight)", () => {
  it("NC-ATK-4: an archer whose target fell shoots a new target only when the shot is legal: a runner beyond the weapon's range is refused", () => {
    expect(crossbow.range).toBeGreaterThan(12);
    let retargeted = 0;
    for (let seed = 1; seed <= 30; seed += 1) {
      const result = fight(seed);
      const events = result.events!;
      // The runner is out of the short bow's range from round 1's movement on: never shot with it.
      for (const e of events) {
        if (e.type === "exchange" && e.attacker === SHORT) expect(e.defender).not.toBe(RUNNER);
      }
      const first = roundOne(events);
      const declared = first.find((e) => e.type === "maneuver" && e.side === SHORT);
      expect(declared).toMatchObject({ maneuver: "attack", weapon: crossbow.name, target: 2 });
      const ran = first.find((e) => e.type === "move" && e.side === RUNNER);
      expect(ran).toMatchObject({ maneuver: "run" });
      // The weakling fell in round 1 and the short bow never shot it: it fell before the short bow's turn.
      const status = first.find((e) => e.type === "status");
      const fellFirst =
        status?.type === "status" &&
        status.fighters[2]!.state !== "standing" &&
        !first.some((e) => e.type === "exchange" && e.attacker === SHORT && e.defender === 2);
      if (!fellFirst) continue;
      retargeted += 1;
      const refused = first.find((e) => e.type === "attackRefused" && e.side === SHORT);
      expect(refused).toMatchObject({ weapon: crossbow.name, reasonKey: "FANGS.Sim.OutOfRange" });
      const log = formatDuelLog(result, createLocalizer(lang), seed).join("\n");
      expect(log).toContain(`Short Bow cannot attack with ${crossbow.name}: ${lang["FANGS.Sim.OutOfRange"]}`);
    }
    // The situation arose: the test proves something.
    expect(retargeted).toBeGreaterThan(3);
  });

  it("NC-ATK-4: the new target is asked for among the enemies the shot may strike, not one beyond range", () => {
    // Side 1: the weakling, one who stands and dodges (fighter 3, in range), the runner (fighter 4).
    const stander = variant("Stander", "Pirate Jenny", {});
    const dodge: Policy = {
      ...createDefaultPolicy(),
      id: "dodge",
      chooseManeuver: (q) => q.options.find((o) => o.maneuver === "dodgeMissile") ?? q.options[0]!,
    };
    // The weakling while it stands, else the last candidate it is offered: the runner, whenever offered.
    const last: Policy = {
      ...createDefaultPolicy(),
      id: "last",
      chooseTarget(q) {
        const ids = q.candidates.map((t) => t.fighter);
        return ids.includes(2) ? 2 : ids.at(-1)!;
      },
    };
    let retargeted = 0;
    for (let seed = 1; seed <= 30; seed += 1) {
      const result = runFight(
        {
          sides: [
            [quick, slow],
            [weakling, stander, runner],
          ],
          policies: [
            [createDefaultPolicy(), last],
            [createDefaultPolicy(), dodge, alwaysRun],
          ],
        },
        seed,
        true,
      );
      const events = result.events!;
      for (const e of events) {
        if (e.type === "exchange" && e.attacker === SHORT) expect(e.defender).not.toBe(4);
      }
      const first = roundOne(events);
      const status = first.find((e) => e.type === "status");
      const fellFirst =
        status?.type === "status" &&
        status.fighters[2]!.state !== "standing" &&
        !first.some((e) => e.type === "exchange" && e.attacker === SHORT && e.defender === 2);
      if (!fellFirst) continue;
      retargeted += 1;
      // Its one legal target needs no asking: the short bow shoots the stander.
      expect(first.some((e) => e.type === "exchange" && e.attacker === SHORT && e.defender === 3)).toBe(true);
      expect(first.some((e) => e.type === "attackRefused" && e.side === SHORT)).toBe(false);
    }
    expect(retargeted).toBeGreaterThan(3);
  });
});
