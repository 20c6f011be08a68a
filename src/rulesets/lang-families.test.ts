import { describe, expect, it } from "vitest";
import { END_STATES } from "../sim/stats";
import { literalsOf, simWinnerFamily } from "./lang-families";

describe("literalsOf: ids a source file's type or list holds", () => {
  it("reads a type's union of string literals", () => {
    expect(literalsOf("src/rules/lunos/pool.ts", "PoolOutcome")).toEqual(["normal", "disaster", "dramatic"]);
  });

  it("reads a constant list of strings up to its end", () => {
    expect(literalsOf("src/sim/stats.ts", "END_STATES")).toEqual([...END_STATES]);
  });

  it("refuses a name the file does not declare, rather than giving no ids", () => {
    expect(() => literalsOf("src/sim/stats.ts", "NO_SUCH_LIST")).toThrow(
      "NO_SUCH_LIST not found in src/sim/stats.ts",
    );
  });
});

describe("simWinnerFamily: the simulator's winner line of a ruleset", () => {
  it("is under the ruleset's prefix, one key per way the loser ended, and not complete", () => {
    const family = simWinnerFamily("LUNOS");
    expect(family.pattern).toBe("LUNOS.Sim.Winner.{id}");
    expect(family.ids?.()).toEqual(END_STATES);
    expect(family.complete).toBeUndefined();
  });
});
