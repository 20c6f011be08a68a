/**
 * FANGS's heavy part: what a world that plays FANGS needs once play starts
 * but Foundry does not need to start: the attack workflow, the exchange
 * card's steps, the turn planner and its snapshot of the Combat, the
 * round's notes, the effect applier, NC-DMG-13's impale damage, the rules
 * options window, the GM's damage tool, placing an
 * encounter, Encounter odds with the simulator behind it, and the sheets'
 * context builders (a sheet's `_prepareContext` awaits them; the classes,
 * their actions and the checks they roll stay at start-up). One chunk,
 * imported by the definition's `loadHeavy` (./fangs/heavy.ts) and loaded
 * through `loadRuleset("fangs")` (src/on-demand.ts) when such a world is
 * ready or on first use, whichever comes first. The GM's side of the
 * authority, which every ruleset's cards and rounds share, is not here
 * (src/table-authority.ts). Start-up code
 * reaches these only through that loader (test/build/dist.test.ts).
 */

export {
  applyGmDamage,
  handleGmDamageUndo,
  openGmDamageNow,
  runGmDamageUndo,
} from "../apps/gm-damage/damage-tool";
export { applyEffects, revertDeltas } from "../effects/apply-effects";
export { impaledRoundDamage } from "../rules/fangs/impale";
export {
  planBreakHold,
  planHold,
  planLeave,
  planNextRound,
  planNextTurn,
  planOpenRound,
  planPreviousTurn,
  planStart,
} from "../rules/fangs/round-engine";
export { aimWith } from "./fangs/apps/attack/aim";
export { askRangeManeuver, partIfApart, performRangeManeuver } from "./fangs/apps/attack/range-maneuver";
export {
  handleStartAttack,
  startAttack,
  takeFreeAttack,
} from "./fangs/apps/attack/start-attack";
export { openEncounterOddsNow } from "./fangs/apps/encounter-odds/open";
export { RulesOptionsMenu } from "./fangs/apps/settings/rules-menu-app";
export { actorSheetContext } from "./fangs/apps/sheets/actor-context";
export { gmSkills, itemSheetContext } from "./fangs/apps/sheets/item-context";
export { runStep } from "./fangs/chat/exchange-flow";
export { escapeHtml, postNotes } from "./fangs/combat/notes";
export { planState } from "./fangs/combat/plan-state";
export { fangsGmDamageEffects } from "./fangs/gm-damage-effects";
export { fangsSimulator } from "./fangs/simulator";

import { FANGS_EFFECT_KINDS } from "../rules/fangs/effect-kinds";
import { stuckWeaponAttachment } from "./fangs/stuck-weapon-effect";

/** FANGS's effect kinds and its stuck weapon, registered by the loader as this part loads (RulesetEffects). */
export const effectKinds = FANGS_EFFECT_KINDS;
export const effectAttachments = [stuckWeaponAttachment];
