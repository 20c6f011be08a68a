import { describe, expect, it } from "vitest";
import { RHF_CLAUSE_INDEX, RHF_PHASES, rhfRuleset, rhfTurnOrder } from "./ruleset";

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

  it("orders the action phase by Quickness, then weapon skill, then as given, without those out of action", () => {
    const c = (id: string, q: number, skill: number, outOfAction = false) => ({
      id,
      orderValue: q,
      outOfAction,
      facts: { weaponSkill: skill },
    });
    expect(rhfTurnOrder("action", [c("a", 10, 12), c("b", 10, 12), c("c", 11, 3), c("d", 10, 14)])).toEqual([
      "c",
      "d",
      "a",
      "b",
    ]);
    expect(rhfTurnOrder("action", [c("a", 10, 12), c("b", 15, 12, true)])).toEqual(["a"]);
    expect(rhfTurnOrder("focus", [c("a", 10, 12)])).toEqual([]);
  });
});
