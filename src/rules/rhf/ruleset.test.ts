import { describe, expect, it } from "vitest";
import { ScriptedDice } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import type { Ruleset } from "../kernel/ruleset";
import { RHF_CLAUSE_INDEX, RHF_PHASES, type RhfTurnFacts, rhfRuleset, rhfTurnOrder } from "./ruleset";

describe("the RHF core as the kernel's ruleset", () => {
  it("has a guard phase everyone takes at once, then the actions in turn", () => {
    expect(RHF_PHASES.map((p) => [p.id, p.takesTurns])).toEqual([
      ["focus", false],
      ["action", true],
    ]);
    expect(rhfRuleset.phases).toBe(RHF_PHASES);
    expect(RHF_CLAUSE_INDEX).toEqual({
      path: "docs/rules/texts/other-rulesets-clauses.md",
      prefixes: ["RHF"],
    });
  });

  it("orders the action phase by Quickness, then weapon skill, then a d20 roll-off, never as given", () => {
    const c = (id: string, q: number, skill: number, outOfAction = false) => ({
      id,
      orderValue: q,
      outOfAction,
      facts: { weaponSkill: skill },
    });
    const a = c("a", 10, 12);
    const b = c("b", 10, 12);
    // a and b tie: each rolls a d20, the first given the first die. a rolls 4, b rolls 15: b first.
    expect(rhfTurnOrder("action", [a, b, c("c", 11, 3), c("d", 10, 14)], new ScriptedDice([4, 15]))).toEqual([
      "c",
      "d",
      "b",
      "a",
    ]);
    // Given the other way round, with the same dice, the order is the same: the tied roll in the order of their ids.
    expect(rhfTurnOrder("action", [c("d", 10, 14), c("c", 11, 3), b, a], new ScriptedDice([4, 15]))).toEqual([
      "c",
      "d",
      "b",
      "a",
    ]);
    // Equal rolls roll again.
    expect(rhfTurnOrder("action", [a, b], new ScriptedDice([9, 9, 2, 7]))).toEqual(["b", "a"]);
    // Through the kernel's Ruleset, which has no dice: a tie comes back as one slot for the table to roll off.
    const kernel: Ruleset<RhfTurnFacts> = rhfRuleset;
    expect(kernel.turnOrder("action", [a, b, c("c", 11, 3)])).toEqual(["c", ["a", "b"]]);
    expect(kernel.turnOrder("action", [b, c("c", 11, 3), a])).toEqual(["c", ["a", "b"]]);
    // The roll-off die is a rules key: a d6 takes a 6, refuses a 7.
    expect(rhfTurnOrder("action", [a, b], new ScriptedDice([2, 6]), { rollOffDie: 6 })).toEqual(["b", "a"]);
    expect(() => rhfTurnOrder("action", [a, b], new ScriptedDice([7, 1]), { rollOffDie: 6 })).toThrow(
      RulesError,
    );
    expect(rhfTurnOrder("action", [a, c("e", 15, 12, true)])).toEqual(["a"]);
    expect(rhfTurnOrder("focus", [a])).toEqual([]);
  });
});
