/**
 * The lookup of the world's table ruleset, for the Combat and the tracker.
 * Each ruleset's table is a field of its definition (src/rulesets/registry.ts),
 * registered when src/rulesets/index.ts is imported (the entry file does, and
 * the tests' stand-in setup).
 */
export { activeTableRuleset, getTableRuleset } from "./table-ruleset";
