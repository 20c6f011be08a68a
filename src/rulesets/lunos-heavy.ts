/**
 * Lunos's heavy part: what its worlds need once someone plays, not to
 * start (docs/rulesets.md, "Its heavy part"). Loaded by its definition's
 * `loadHeavy` (./lunos/heavy.ts) and nothing else. Its timed statuses
 * (the dying and choke clocks) register as their core module loads. Its
 * round's planner, dice, tracker menu and palette choice, and the fight's
 * access the attack card writes through, are here too.
 */
export { lunosActorSheetContext } from "./lunos/apps/sheets/actor-context";
export { lunosItemSheetContext } from "./lunos/apps/sheets/item-context";
export { declareFromSheet, lunosSheetRound } from "./lunos/apps/sheets/round-panel";
export { lunosActorData, lunosItemData } from "./lunos/apps/sheets/sheet-data";
export { fightAccessOf, type LunosFightAccess, restoreLunosRound } from "./lunos/combat/fight-access";
export { readLunosTable } from "./lunos/combat/fight-read";
export { chooseLunosPalette } from "./lunos/combat/palette-choice";
export { rollLunosDice } from "./lunos/combat/round-dice";
export { openLunosRoundMenu } from "./lunos/combat/round-menu";
export { lunosRoundPlanner } from "./lunos/combat/round-planner";
export {
  applyWorldLunosRules,
  lunosOptionsWindow,
  readWorldLunosRules,
  setLunosRules,
} from "./lunos/config/rules-apply";
export { lunosFighterOf } from "./lunos/data/fighter";
export { lunosSimulator } from "./lunos/simulator";
export { lunosPaletteEntries } from "./lunos/token-palette";
export { lunosOutOfFight, lunosRowView, lunosSummary, readLunosRow } from "./lunos/tracker-row";
