import { FoundryDice } from "../../../chat/foundry-random-dice";
import { CombatRefusal, tableRefusal } from "../../../combat/combat-refusal";
import type {
  CombatActionDefinition,
  TablePlanner,
  TableRecords,
  TableRuleset,
} from "../../../combat/table-ruleset";
import { loadRuleset } from "../../../on-demand";
import { isReadying } from "../../../rules/fangs/defense-usage";
import type { CombatPlan, PlanOptions, PlanState } from "../../../rules/fangs/round-engine";
import { fangsRuleset } from "../../../rules/fangs/ruleset";
import { initiativeMode, rulesOptions } from "../config/settings";
import { type FangsCombatantRound, fangsRound } from "./combatant-round";
import { FANGS_PAIRS } from "./pairs";
import type { planState } from "./plan-state";
import { recordsAfter, restoreForgedRound, seedRoundRecord } from "./record";
import { combatSystem, initiativeModeFromSetting } from "./snapshot";

/**
 * FANGS at the table: the rules core's round engine
 * (src/rules/fangs/round-engine.ts, in FANGS's heavy part, src/on-demand.ts),
 * driven with the snapshot of src/rulesets/fangs/combat/plan-state.ts; its
 * chat notes, the `stunned` a passed lost action leaves, the new round's
 * start (./round-start.ts: token markers, the dying's loss, impale damage
 * where the engine stops for it), and its round actions: hold and break
 * hold (NC-RND-4 … -6), declare and clear a maneuver.
 */

export interface FangsTableState {
  readonly state: PlanState;
  readonly options: PlanOptions;
}

/** The world's initiative mode and Foundry's dice, as the planner takes them. */
export function fangsPlanOptions(): PlanOptions {
  return { initiativeMode: initiativeModeFromSetting(initiativeMode()), dice: new FoundryDice() };
}

/** CORE-CON-1: the engine says whose lost action passed; the `stunned` that cost it comes off. */
async function clearStunned(combat: Combat.Implementation, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const actor = combat.combatants.get(id)?.actor;
    if (actor?.statuses?.has("stunned")) await actor.toggleStatusEffect("stunned", { active: false });
  }
}

/** The round's start runs on the GM's client once a fight is on: loaded then, kept out of the start-up set. */
const roundStartPart = () => import("./round-start");

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

/**
 * The snapshot the planner works on (./plan-state.ts, in FANGS's heavy
 * part), kept once the planner is loaded: the Combat reads its state only
 * after `loadPlanner` has resolved (src/documents/combat.ts), in the same
 * turn of its write queue, so the snapshot stays as synchronous as it was.
 */
let readPlanState: typeof planState | null = null;

async function loadFangsPlanner(): Promise<TablePlanner<FangsTableState, CombatPlan>> {
  const engine = await loadRuleset("fangs");
  readPlanState = engine.planState;
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

/** The named combatant's round (./combatant-round.ts), for FANGS's declare and clear. */
function declarer(combat: Combat.Implementation, ids: readonly string[]): FangsCombatantRound | undefined {
  const combatant = combat.combatants.get(ids[0] ?? "");
  return combatant ? fangsRound(combatant) : undefined;
}

/** A declaration's data: the maneuver, the weapon kind it attacks with, the hand Draw Weapon readies. */
export interface DeclareData {
  readonly id: string;
  readonly attackKind: string | null;
  /** Draw Weapon: which hand's item is being drawn or readied (NC-MAN-20); absent or null: not said. */
  readonly readying?: string | null;
}

/** A requested declaration, checked field by field; null when anything is off. */
export function parseDeclareData(data: unknown, combatantIds: readonly string[]): DeclareData | null {
  const m = data as Record<string, unknown> | null | undefined;
  if (!m || typeof m !== "object" || typeof m.id !== "string" || !/^[A-Za-z]{1,32}$/.test(m.id)) return null;
  if (m.attackKind !== null && !["melee", "thrown", "missile"].includes(m.attackKind as string)) return null;
  if (combatantIds.length !== 1) return null;
  const readying = m.readying ?? null;
  if (readying !== null && !isReadying(readying)) return null;
  return { id: m.id, attackKind: m.attackKind as string | null, readying };
}

/** An advance or withdraw's data (the reach module): the other combatant of the pair. */
export interface RangeManeuverData {
  readonly with: string;
}

/** A requested advance or withdraw, checked: one combatant making it, another it is made against. */
export function parseRangeManeuverData(
  data: unknown,
  combatantIds: readonly string[],
): RangeManeuverData | null {
  const m = data as Record<string, unknown> | null | undefined;
  if (!m || typeof m !== "object" || Object.keys(m).length !== 1) return null;
  if (typeof m.with !== "string" || !/^[A-Za-z0-9]{1,64}$/.test(m.with)) return null;
  if (combatantIds.length !== 1 || combatantIds[0] === m.with) return null;
  return { with: m.with };
}

/** The data helper's "holding" status follows the hold, when it is registered. */
async function markHolding(combat: Combat.Implementation, ids: readonly string[], active: boolean) {
  if (!CONFIG.statusEffects.some((s) => s.id === "holding")) return;
  for (const id of ids) {
    const combatant = combat.combatants.get(id);
    const held = (combatant?.system as { held?: boolean } | undefined)?.held === true;
    if (combatant?.actor && held === active) await combatant.actor.toggleStatusEffect("holding", { active });
  }
}

/**
 * FANGS's round actions: hold and break a hold (NC-RND-4 … -6), planned by
 * the engine; declare and take back a maneuver (NC-RND-3), written on the
 * combatant under the declarer's own limits (a player's request: not a GM's);
 * break free of a hold the holds module keeps, on the held one's own turn.
 */
export const FANGS_ACTIONS: Readonly<Record<string, CombatActionDefinition>> = Object.freeze({
  hold: { afterPlan: (combat, ids) => markHolding(combat, ids, true) },
  breakHold: { afterPlan: (combat, ids) => markHolding(combat, ids, false) },
  declare: {
    parse: parseDeclareData,
    async perform(combat, ids, data) {
      const combatant = declarer(combat, ids);
      const maneuver = data as DeclareData | undefined;
      if (!combatant || !maneuver) return new CombatRefusal("FANGS.Combat.Refusal.UnknownCombatant");
      const refusal = await combatant.writeDeclaration(
        { maneuver: maneuver.id, attackKind: maneuver.attackKind, readying: maneuver.readying ?? null },
        false,
      );
      return refusal ? new CombatRefusal(refusal, { name: combatant.combatant.name ?? "" }) : null;
    },
  },
  // The holds module (RHF-HLD-3): the held fighter, on its own turn, tries to break free (./break-free.ts).
  breakFree: {
    owner: "current",
    perform: async (combat, ids) => (await import("./break-free")).breakFreeAction(combat, ids),
  },
  clear: {
    async perform(combat, ids) {
      const combatant = declarer(combat, ids);
      if (!combatant) return new CombatRefusal("FANGS.Combat.Refusal.UnknownCombatant");
      // A player's request: taking a maneuver back keeps to the window for declaring one.
      const closed = combatant.declareWindowRefusal(false);
      if (closed) return new CombatRefusal(closed, { name: combatant.combatant.name ?? "" });
      await combatant.eraseDeclaration();
      return null;
    },
  },
  // The reach module's advance or withdraw (RHF-RNG-3): rolled and kept by the GM, in FANGS's heavy part.
  rangeManeuver: {
    parse: parseRangeManeuverData,
    async perform(combat, ids, data) {
      const { performRangeManeuver } = await loadRuleset("fangs");
      return performRangeManeuver(combat, ids, (data as RangeManeuverData).with);
    },
  },
});

/** FANGS's players may write their combatants: the GM reads its copy on the Combat (src/rulesets/fangs/combat/record.ts). */
const FANGS_RECORDS: TableRecords = Object.freeze<TableRecords>({
  after: (combatants, changes) => ({ records: recordsAfter(combatants, changes) }),
  onCreate: seedRoundRecord,
  onUpdate: restoreForgedRound,
});

export const fangsTable: TableRuleset<FangsTableState, CombatPlan> = Object.freeze({
  id: fangsRuleset.id,
  rules: fangsRuleset,
  loadPlanner: loadFangsPlanner,
  readState(combat: unknown): FangsTableState {
    if (!readPlanState) throw new Error("FANGS | the round's state is read once the planner is loaded");
    return { state: readPlanState(combat, rulesOptions()?.shieldBashAttack), options: fangsPlanOptions() };
  },
  roundPointer: combatSystem,
  async afterPlan(combat: Combat.Implementation, plan: CombatPlan): Promise<void> {
    const { postNotes } = await loadRuleset("fangs");
    await postNotes(combat, plan);
    await clearStunned(combat, plan.stunnedCleared);
  },
  // Markers off, the dying's loss (CORE-CON-3), impale damage (NC-DMG-13): ./round-start.ts.
  roundStart: async (combat: Combat.Implementation, plan: CombatPlan) =>
    (await roundStartPart()).fangsRoundStart(combat, plan),
  leaving: async (combatants: readonly Combatant.Implementation[]) =>
    (await roundStartPart()).clearLeavingMarkers(combatants),
  combatantRound: fangsRound,
  actions: FANGS_ACTIONS,
  records: FANGS_RECORDS,
  // Between two fighters: the holds module's hold and the reach module's range (./pairs.ts).
  pairs: FANGS_PAIRS,
});
