/**
 * Sharene's heavy part: what its worlds need once someone plays, not to
 * start (docs/rulesets.md, "Its heavy part"). Loaded by its definition's
 * `loadHeavy` (./sharene/heavy.ts) and nothing else. Its effect kind comes
 * here too (`effectKinds`, registered by `loadRuleset` as the part loads),
 * with its timed statuses (registered as its core's effect kinds load), and
 * its round's planner, initiative roll and tracker menu, and its exchange
 * card's steps, drawing and attack workflow.
 */
import { SHARENE_EFFECT_KINDS } from "../rules/sharene/effect-kinds";

export const effectKinds = SHARENE_EFFECT_KINDS;
export { onShareneAttackQuery, startShareneAttack } from "./sharene/apps/attack/start-attack";
export { shareneActorSheetContext } from "./sharene/apps/sheets/actor-context";
export { shareneItemSheetContext } from "./sharene/apps/sheets/item-context";
export { shareneSheetRound } from "./sharene/apps/sheets/round-panel";
export { shareneActorData, shareneItemData } from "./sharene/apps/sheets/sheet-data";
export { postShareneExchange, runShareneStep } from "./sharene/chat/exchange-flow";
export { drawShareneExchange, loadShareneExchangeTemplate } from "./sharene/chat/exchange-render";
export { rollShareneInitiative } from "./sharene/combat/initiative";
export { choosePaletteAction } from "./sharene/combat/palette-choice";
export { openShareneRoundMenu } from "./sharene/combat/round-menu-open";
export { shareneRoundPlanner } from "./sharene/combat/round-planner";
export { restoreForgedRound, seedRoundRecord } from "./sharene/combat/round-record";
export { openStyleDialog } from "./sharene/combat/style-dialog";
export {
  applyWorldShareneRules,
  readWorldShareneRules,
  setShareneRules,
  shareneOptionsWindow,
} from "./sharene/config/rules-apply";
export { shareneSimulator } from "./sharene/simulator";
export { shareneRoundPalette } from "./sharene/token-palette";
export { readShareneRow, shareneRowView, shareneSummary } from "./sharene/tracker-row";
