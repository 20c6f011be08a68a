/**
 * Sharene's heavy part: what its worlds need once someone plays, not to
 * start (docs/rulesets.md, "Its heavy part"). Loaded by its definition's
 * `loadHeavy` (./sharene/heavy.ts) and nothing else.
 */
export { shareneActorSheetContext } from "./sharene/apps/sheets/actor-context";
export { shareneItemSheetContext } from "./sharene/apps/sheets/item-context";
export { shareneSimulator } from "./sharene/simulator";
