/**
 * Lunos's heavy part: what its worlds need once someone plays, not to
 * start (docs/rulesets.md, "Its heavy part"). Loaded by its definition's
 * `loadHeavy` (./lunos/heavy.ts) and nothing else. Its timed statuses
 * (the dying and choke clocks) register as their core module loads; its
 * attack card's own effect kinds come here (`effectKinds`, registered by
 * `loadRuleset` as the part loads), with the card's steps, drawing and
 * attack workflow, and its round's planner, dice, tracker menu and palette
 * choice, with the fight's access the card reads and writes through.
 */
import { caughtWeaponAttachment, caughtWeaponKind } from "./lunos/chat/caught-weapon";
import { chokeAttachment, chokeKind } from "./lunos/chat/choke-clock";
import { pushAttachment, pushKind } from "./lunos/chat/push";

/** A caught weapon moved to its catcher, a choke's clock as long as the victim's Body gives, a token pushed. */
export const effectKinds = [caughtWeaponKind, chokeKind, pushKind];
export const effectAttachments = [caughtWeaponAttachment, chokeAttachment, pushAttachment];

export { onLunosAttackQuery, startLunosAttack } from "./lunos/apps/attack/start-attack";
export { onLunosStrikeQuery, strikeLunosThreat } from "./lunos/apps/attack/strike-threat";
export { lunosActorSheetContext } from "./lunos/apps/sheets/actor-context";
export { lunosItemSheetContext } from "./lunos/apps/sheets/item-context";
export { declareFromSheet, lunosSheetRound } from "./lunos/apps/sheets/round-panel";
export { lunosActorData, lunosItemData } from "./lunos/apps/sheets/sheet-data";
export { postLunosAttack, postLunosStrike, runLunosStep } from "./lunos/chat/attack-flow";
export { drawLunosAttack, loadLunosAttackTemplate } from "./lunos/chat/attack-render";
export { fightAccessOf, type LunosFightAccess, restoreLunosRound } from "./lunos/combat/fight-access";
export { readLunosTable } from "./lunos/combat/fight-read";
export { chooseLunosPalette } from "./lunos/combat/palette-choice";
export { rollLunosDice } from "./lunos/combat/round-dice";
export { lunosRowClick } from "./lunos/combat/round-menu";
export { lunosRoundPlanner } from "./lunos/combat/round-planner";
export { endLapsedThreats } from "./lunos/combat/threat-status";
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
