import { FoundryDice } from "../chat/foundry-random-dice";
import { initiativeMode, rulesOptions } from "../config/settings";
import { loadRuleset } from "../on-demand";
import type { CombatPlan, PlanOptions, PlanState } from "../rules/fangs/round-engine";
import { fangsRuleset } from "../rules/fangs/ruleset";
import type { ManeuverId } from "../rules/fangs/types";
import { tableRefusal } from "./combat-refusal";
import { combatSystem, initiativeModeFromSetting, planState } from "./snapshot";
import { registerTableRuleset, type TablePlanner, type TableRuleset } from "./table-ruleset";
import { roundStartManeuvers } from "./turns";

/**
 * FANGS at the table: the rules core's round engine
 * (src/rules/fangs/round-engine.ts, in FANGS's heavy part, src/on-demand.ts),
 * driven with the snapshot of src/combat/snapshot.ts; its
 * chat notes, the `stunned` a passed lost action leaves, the new round's
 * token markers, impale damage (where the engine stops for it) and the
 * dying's loss, and its
 * two round actions, hold and break hold (NC-RND-4 … -6).
 */

export interface FangsTableState {
  readonly state: PlanState;
  readonly options: PlanOptions;
}

/** The world's initiative mode and Foundry's dice, as the planner takes them. */
export function fangsPlanOptions(): PlanOptions {
  return { initiativeMode: initiativeModeFromSetting(initiativeMode()), dice: new FoundryDice() };
}

/** What the FANGS Combat does after a plan besides the update (its methods, reached structurally). */
interface FangsRoundMarkers {
  clearRoundMarkers(declared?: ReadonlyMap<string, ManeuverId>): Promise<void>;
  impaleRound(): Promise<void>;
  dyingRound(): Promise<void>;
  applyPlan(plan: CombatPlan): Promise<unknown>;
}

/** CORE-CON-1: the engine says whose lost action passed; the `stunned` that cost it comes off. */
async function clearStunned(combat: Combat.Implementation, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const actor = combat.combatants.get(id)?.actor;
    if (actor?.statuses?.has("stunned")) await actor.toggleStatusEffect("stunned", { active: false });
  }
}

/** The engine's refusals in the tracker's words (a CombatRefusal). */
function refusing<A extends unknown[]>(plan: (...args: A) => CombatPlan): (...args: A) => CombatPlan {
  return (...args) => {
    try {
      return plan(...args);
    } catch (error) {
      throw tableRefusal(error);
    }
  };
}

async function loadFangsPlanner(): Promise<TablePlanner<FangsTableState, CombatPlan>> {
  const engine = await loadRuleset("fangs");
  const p = {
    planStart: engine.planStart,
    planNextTurn: engine.planNextTurn,
    planNextRound: engine.planNextRound,
    planPreviousTurn: refusing(engine.planPreviousTurn),
    planLeave: engine.planLeave,
    planHold: refusing(engine.planHold),
    planBreakHold: refusing(engine.planBreakHold),
  };
  return {
    start: ({ state, options }) => p.planStart(state, options),
    nextTurn: ({ state, options }) => p.planNextTurn(state, options),
    nextRound: ({ state, options }) => p.planNextRound(state, options),
    previousTurn: ({ state }) => p.planPreviousTurn(state),
    leave: ({ state, options }, before) => p.planLeave(state, before, options),
    actions: {
      hold: ({ state, options }, ids) => p.planHold(state, ids[0] ?? "", options),
      breakHold: ({ state, options }, ids) => p.planBreakHold(state, ids, options),
    },
  };
}

export const fangsTable: TableRuleset<FangsTableState, CombatPlan> = Object.freeze({
  id: fangsRuleset.id,
  rules: fangsRuleset,
  loadPlanner: loadFangsPlanner,
  readState: (combat: unknown) => ({
    state: planState(combat, rulesOptions()?.shieldBashAttack),
    options: fangsPlanOptions(),
  }),
  roundPointer: combatSystem,
  async afterPlan(combat: Combat.Implementation, plan: CombatPlan): Promise<void> {
    const { postNotes } = await loadRuleset("fangs");
    await postNotes(combat, plan);
    await clearStunned(combat, plan.stunnedCleared);
    if (!plan.newRound) return;
    const markers = combat as unknown as FangsRoundMarkers;
    await markers.clearRoundMarkers(roundStartManeuvers(plan));
    // CORE-CON-3: those dying as the round begins lose their HP (docs/rules/fangs.md, "The dying's loss").
    await markers.dyingRound();
    if (!plan.impaleDamageDue) return;
    // NC-DMG-13 where the engine stopped for it: before the Initiative order is drawn, then the first turn.
    await markers.impaleRound();
    const { planOpenRound } = await loadRuleset("fangs");
    await markers.applyPlan(planOpenRound(planState(combat, rulesOptions()?.shieldBashAttack)));
  },
  actions: Object.freeze(["hold", "breakHold"]),
});

registerTableRuleset(fangsTable);
