import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { DefenseChoice } from "../rules/fangs/types";
import { runDuel } from "../rulesets/fangs/sim/duel";
import type { FighterSheet } from "../rulesets/fangs/sim/fighter";
import { loadRoster } from "../rulesets/fangs/sim/packs";
import { createDefaultPolicy, type Policy } from "../rulesets/fangs/sim/policy";
import { findFighter } from "../rulesets/fangs/sim/roster";

/**
 * The readings a GM may switch reach the simulator through its `options`
 * (the world's rules options), as they reach the table: here the Melee
 * Dodge against missiles (NC-MAN-11, NC-DEF-3), asked of the rules core
 * through the simulator's own cached question.
 */

const roster = loadRoster(resolve(__dirname, "../.."));
const fighter = (name: string): FighterSheet => findFighter(roster, name);
// The same sheets for every duel: the simulator keeps the rules core's answers per sheet.
const jenny = fighter("Pirate Jenny");
const gru = fighter("Gru");

/** Gru always Melee Dodges and notes what the rules core lets him do against each missile. */
function meleeDodger(seen: DefenseChoice[][]): Policy {
  const base = createDefaultPolicy();
  return {
    ...base,
    id: "meleeDodger",
    chooseManeuver(q) {
      return q.options.find((o) => o.maneuver === "dodgeMelee") ?? base.chooseManeuver(q);
    },
    chooseDefense(q) {
      if (q.attack.kind === "missile") seen.push([...q.allowed]);
      return base.chooseDefense(q);
    },
  };
}

function missileDefenses(options?: { meleeDodgeScope: "melee" | "all" }): DefenseChoice[][] {
  const seen: DefenseChoice[][] = [];
  for (let seed = 1; seed <= 5; seed += 1) {
    runDuel(
      {
        fighters: [jenny, gru],
        policies: [createDefaultPolicy(), meleeDodger(seen)],
        maxRounds: 4,
        ...(options ? { options } : {}),
      },
      seed,
    );
  }
  return seen;
}

describe("NC-MAN-11, NC-DEF-3: the simulator's Melee Dodger shot at", () => {
  it("NC-MAN-11, NC-DEF-3: by default Gru on Melee Dodge may not dodge Jenny's bolts", () => {
    const seen = missileDefenses();
    expect(seen.length).toBeGreaterThan(0);
    for (const allowed of seen) expect(allowed).not.toContain("dodge");
  });

  it('NC-MAN-11, NC-DEF-3: with meleeDodgeScope "all" he may, after the same sheets were asked under the default', () => {
    missileDefenses();
    const seen = missileDefenses({ meleeDodgeScope: "all" });
    expect(seen.length).toBeGreaterThan(0);
    for (const allowed of seen) expect(allowed).toContain("dodge");
  });
});
