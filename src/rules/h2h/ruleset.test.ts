import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { h2hFighter } from "../../../test/support/h2h-fixtures";
import { ScriptedDice } from "../kernel/dice";
import { act, startMelee } from "./melee";
import { H2H_CLAUSE_INDEX, H2H_PHASES, h2hRuleset, h2hTurnOrder } from "./ruleset";

const c = (id: string, orderValue: number, outOfAction = false) => ({
  id,
  orderValue,
  outOfAction,
  facts: null,
});

/*
 * H2H-INI-1 itself is proven on the melee engine (melee.test.ts, "initiative
 * (step two)"), which the simulator runs. The kernel's turn order is what a
 * table will show; these tests hold it to the engine's choice.
 */
describe("Hand to Hand as a ruleset", () => {
  it("orders the highest initiative first; a tie acts at the same time, as one slot", () => {
    expect(h2hTurnOrder("melee", [c("a", 12), c("b", 17), c("c", 12), c("d", 20, true)])).toEqual([
      "b",
      ["a", "c"],
    ]);
    expect(h2hTurnOrder("other", [c("a", 1)])).toEqual([]);
    expect(h2hRuleset).toMatchObject({ id: "h2h", phases: H2H_PHASES });
    expect(H2H_CLAUSE_INDEX.prefixes).toEqual(["H2H"]);
  });

  it("puts first the fighter the melee engine gives the initiative, or both as one slot on a tie", () => {
    const sheets = [
      h2hFighter("al", { bonuses: { initiative: 2 } }),
      h2hFighter("bo", { bonuses: { initiative: -1 } }),
    ];
    const fresh = startMelee(null, sheets);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 }), (x, y) => {
        const r = act(fresh, { type: "exchange", a: "al", b: "bo" }, new ScriptedDice([x, y]));
        const order = h2hTurnOrder("melee", [c("al", x + 2), c("bo", y - 1)]);
        const actor = r.melee.current!.attacker;
        expect(actor === null ? order : order[0]).toEqual(actor === null ? [["al", "bo"]] : actor);
      }),
      { numRuns: 200 },
    );
  });
});
