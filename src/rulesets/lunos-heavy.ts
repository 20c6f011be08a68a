/**
 * Lunos's heavy part: what its worlds need once someone plays, not to
 * start (docs/rulesets.md, "Its heavy part"). Loaded by its definition's
 * `loadHeavy` (./lunos/heavy.ts) and nothing else. Its timed statuses
 * (the dying and choke clocks) register as their core module loads.
 */
export { lunosActorSheetContext } from "./lunos/apps/sheets/actor-context";
export { lunosItemSheetContext } from "./lunos/apps/sheets/item-context";
export { lunosActorData, lunosItemData } from "./lunos/apps/sheets/sheet-data";
export { applyWorldLunosRules, readWorldLunosRules, setLunosRules } from "./lunos/config/rules-apply";
export { lunosFighterOf } from "./lunos/data/fighter";
export { lunosSimulator } from "./lunos/simulator";
