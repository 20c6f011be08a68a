import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROUND_REFUSAL_REASONS } from "../rules/fangs/round-engine";
import { RulesError } from "../rules/kernel/errors";
import { CombatRefusal, tableRefusal } from "./combat-refusal";

const en = JSON.parse(readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8")) as Record<
  string,
  unknown
>;

function langHas(key: string): boolean {
  return typeof en[key] === "string";
}

describe("the round engine's refusals at the table", () => {
  it("every reason the engine gives has the tracker's message", () => {
    for (const reason of ROUND_REFUSAL_REASONS) {
      const refusal = tableRefusal(new RulesError("round-refused", reason, { reason, name: "Eddy" }));
      expect(refusal).toBeInstanceOf(CombatRefusal);
      expect((refusal as CombatRefusal).data).toEqual({ name: "Eddy" });
      expect(langHas((refusal as CombatRefusal).key), (refusal as CombatRefusal).key).toBe(true);
    }
  });

  it("NC-RND-7: a maneuver that may not be held is refused in the rules' own words", () => {
    const error = new RulesError("round-refused", "x", {
      reason: "CannotHold",
      name: "Eddy",
      reasonKey: "FANGS.Rules.Hold.Refusal.WholeRound",
    });
    expect((tableRefusal(error) as CombatRefusal).key).toBe("FANGS.Rules.Hold.Refusal.WholeRound");
  });

  it("any other error passes through unchanged", () => {
    const other = new RulesError("invalid-value", "x");
    expect(tableRefusal(other)).toBe(other);
  });
});
