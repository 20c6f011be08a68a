import { describe, expect, it } from "vitest";
import { H2H_CLAUSE_INDEX } from "../h2h/ruleset";
import { LUNOS_CLAUSE_INDEX, LUNOS_PHASE_IDS, LUNOS_PHASES } from "../lunos/ruleset";
import { RHF_CLAUSE_INDEX, RHF_PHASE_IDS, RHF_PHASES } from "../rhf/ruleset";
import { SHARENE_CLAUSE_INDEX, SHARENE_PHASE_IDS, SHARENE_PHASES } from "../sharene/ruleset";
import { OTHER_RULESETS_CLAUSES, otherRulesetsClauseIndex, phasesWithOneOfTurns } from "./ruleset";

describe("otherRulesetsClauseIndex: a ruleset's section of the combined clause index", () => {
  it("names the combined index and the one prefix, and cannot be changed afterwards", () => {
    const index = otherRulesetsClauseIndex("LUN");
    expect(index).toEqual({ path: "docs/rules/texts/other-rulesets-clauses.md", prefixes: ["LUN"] });
    expect(Object.isFrozen(index)).toBe(true);
    expect(Object.isFrozen(index.prefixes)).toBe(true);
  });

  it("is each core's own index, by its own prefix", () => {
    expect(
      [SHARENE_CLAUSE_INDEX, LUNOS_CLAUSE_INDEX, RHF_CLAUSE_INDEX, H2H_CLAUSE_INDEX].map((index) => [
        index.path,
        ...index.prefixes,
      ]),
    ).toEqual([
      [OTHER_RULESETS_CLAUSES, "SHA"],
      [OTHER_RULESETS_CLAUSES, "LUN"],
      [OTHER_RULESETS_CLAUSES, "RHF"],
      [OTHER_RULESETS_CLAUSES, "H2H"],
    ]);
  });
});

describe("phasesWithOneOfTurns: a round of phases where one takes turns", () => {
  it("lists the phases in the labels' order with their keys, only the one named taking turns, frozen", () => {
    const phases = phasesWithOneOfTurns(
      { plan: "X.Plan", strike: "X.Strike", recover: "X.Recover" },
      "strike",
    );
    expect(phases).toEqual([
      { id: "plan", labelKey: "X.Plan", takesTurns: false },
      { id: "strike", labelKey: "X.Strike", takesTurns: true },
      { id: "recover", labelKey: "X.Recover", takesTurns: false },
    ]);
    expect(Object.isFrozen(phases)).toBe(true);
    expect(phases.every((phase) => Object.isFrozen(phase))).toBe(true);
  });

  it("gives Sharene's, Lunos's and RHF's phases in their ids' order, the last taking turns", () => {
    for (const [phases, ids] of [
      [SHARENE_PHASES, SHARENE_PHASE_IDS],
      [LUNOS_PHASES, LUNOS_PHASE_IDS],
      [RHF_PHASES, RHF_PHASE_IDS],
    ] as const) {
      expect(phases.map((phase) => phase.id)).toEqual(ids);
      expect(phases.map((phase) => phase.takesTurns)).toEqual(ids.map((_, i) => i === ids.length - 1));
    }
  });
});
