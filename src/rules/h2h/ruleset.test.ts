import { describe, expect, it } from "vitest";
import { H2H_CLAUSE_INDEX, H2H_PHASES, h2hRuleset, h2hTurnOrder } from "./ruleset";

const c = (id: string, orderValue: number, outOfAction = false) => ({
  id,
  orderValue,
  outOfAction,
  facts: null,
});

describe("Hand to Hand as a ruleset", () => {
  it("H2H-INI-1: the highest initiative first; a tie acts at the same time, as one slot", () => {
    expect(h2hTurnOrder("melee", [c("a", 12), c("b", 17), c("c", 12), c("d", 20, true)])).toEqual([
      "b",
      ["a", "c"],
    ]);
    expect(h2hTurnOrder("other", [c("a", 1)])).toEqual([]);
    expect(h2hRuleset).toMatchObject({ id: "h2h", phases: H2H_PHASES });
    expect(H2H_CLAUSE_INDEX.prefixes).toEqual(["H2H"]);
  });
});
