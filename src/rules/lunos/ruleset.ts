/**
 * Lunos's clause index (the LUN section of the combined index), which
 * test/meta/clause-coverage.test.ts holds its tests to. The ruleset's
 * definition gives it as its `clauseIndex` once it exists (with the
 * Foundry side, to come); until then the coverage test reads it from here.
 */
export const LUNOS_CLAUSE_INDEX = Object.freeze({
  path: "docs/rules/texts/other-rulesets-clauses.md",
  prefixes: Object.freeze(["LUN"]),
});
