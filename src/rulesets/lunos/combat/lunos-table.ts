import { askRoundAction } from "../../../combat/round-ask";
import type { CombatActionDefinition, RoundPointer, TableRuleset } from "../../../combat/table-ruleset";
import { loadRuleset } from "../../../on-demand";
import type { LunosAction, LunosPlan } from "../../../rules/lunos/round-engine";
import { LUNOS_PHASE_IDS, type LunosPhaseId, lunosRuleset } from "../../../rules/lunos/ruleset";
import {
  ACTION_KINDS,
  ATTACK_SKILLS,
  type AttackSkill,
  MANEUVERS,
  type Maneuver,
  OTHER_TASKS,
  type OtherTask,
} from "../../../rules/lunos/types";
import { lunosRoundPalette } from "../token-palette";
import { lunosTrackerRow } from "../tracker-row";
import { LUNOS_RECORDS, type LunosRoundPlan, shownRound } from "./record";

/**
 * Lunos at the table: its round engine (src/rules/lunos/round-engine.ts)
 * driven through the shared Combat. A round opens with the engine's
 * `startRound` (actions, a lunge's debt, grapple checks, timers, and
 * initiative from Reflexes, its dice real Rolls); everyone declares the
 * round's actions knowing the order ("declare"); the GM's Next turn closes
 * the declarations and rolls every defense once (`beginAttacks`); then the
 * slots come in initiative order, ties at once ("attack"), each attack the
 * attack card's, Next turn ending the slot (`endSlot`); after the last a
 * new round opens. The planner, the dice and the GM's reading of the
 * fight are the heavy part's (./round-planner.ts, ./round-dice.ts,
 * ./fight-read.ts); here is only what start-up needs.
 */

type Loose = Record<string, unknown>;

/** What the planner reads: the Combat itself, read by the heavy part as it plans. */
export interface LunosTableState {
  readonly combat: Combat.Implementation;
}

const isPhase = (value: unknown): value is LunosPhaseId => LUNOS_PHASE_IDS.includes(value as LunosPhaseId);

/** The stored phase and order, shape-checked; a phase of another ruleset reads as the declarations. */
export function lunosRoundPointer(combat: unknown): RoundPointer & { phase: LunosPhaseId } {
  const system = ((combat as Loose | null)?.system ?? {}) as Loose;
  const order = Array.isArray(system.order)
    ? system.order.filter((id): id is string => typeof id === "string" && id !== "")
    : [];
  return { phase: isPhase(system.phase) ? system.phase : "declare", order };
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** More than any round allows (two actions, three with a lunge): a longer list is not a plan. */
const MOST_ACTIONS = 4;
const MOST_TARGETS = 8;
const MOST_FEET = 1000;

const isPlain = (value: unknown): value is Loose =>
  value !== null && typeof value === "object" && !Array.isArray(value);

function idList(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > MOST_TARGETS) return null;
  return value.every((id) => typeof id === "string" && ID.test(id)) ? [...(value as string[])] : null;
}

const only = (x: Loose, keys: readonly string[]) => Object.keys(x).every((k) => keys.includes(k));

/** One action of a declaration, checked field by field; null when anything is off. */
function parseAction(value: unknown): LunosAction | null {
  if (!isPlain(value) || !ACTION_KINDS.includes(value.kind as never)) return null;
  const kind = value.kind as LunosAction["kind"];
  if (kind === "attack" || kind === "powerAttack" || kind === "flurry") {
    const keys = [
      "kind",
      "targets",
      "skill",
      "declared",
      "forgoDamage",
      ...(kind === "flurry" ? ["against"] : []),
    ];
    if (!only(value, keys)) return null;
    const targets = idList(value.targets);
    if (targets === null) return null;
    if (value.skill !== undefined && !ATTACK_SKILLS.includes(value.skill as AttackSkill)) return null;
    const declared = value.declared ?? null;
    if (declared !== null && !MANEUVERS.includes(declared as Maneuver)) return null;
    if (value.forgoDamage !== undefined && typeof value.forgoDamage !== "boolean") return null;
    const attack = {
      targets,
      ...(value.skill !== undefined ? { skill: value.skill as AttackSkill } : {}),
      declared: declared as Maneuver | null,
      forgoDamage: value.forgoDamage === true,
    };
    if (kind !== "flurry") return { kind, ...attack };
    const against = idList(value.against);
    return against === null ? null : { kind, against, ...attack };
  }
  if (kind === "defense" || kind === "parry" || kind === "fullDefense") {
    if (!only(value, ["kind", "against"])) return null;
    const against = idList(value.against);
    return against === null ? null : { kind, against };
  }
  if (kind === "move") {
    const feet = value.feet;
    if (!only(value, ["kind", "feet"]) || typeof feet !== "number") return null;
    return Number.isFinite(feet) && feet >= 0 && feet <= MOST_FEET ? { kind, feet } : null;
  }
  if (kind === "other") {
    if (!only(value, ["kind", "task", "target"]) || !OTHER_TASKS.includes(value.task as OtherTask))
      return null;
    const target = value.target ?? null;
    if (target !== null && (typeof target !== "string" || !ID.test(target))) return null;
    return { kind, task: value.task as OtherTask, ...(target !== null ? { target } : {}) };
  }
  if (!only(value, ["kind", "healing"])) return null;
  if (value.healing !== undefined && typeof value.healing !== "boolean") return null;
  return { kind: "magic", healing: value.healing === true };
}

/** A declaration's plan (LUN-RND-1): its actions, a lunge, a roll to stand; null when anything is off (the engine checks the rest). */
export function parsePlan(data: unknown): LunosPlan | null {
  if (!isPlain(data) || !only(data, ["actions", "lunge", "standByRoll"])) return null;
  if (!Array.isArray(data.actions) || data.actions.length > MOST_ACTIONS) return null;
  if (data.lunge !== undefined && typeof data.lunge !== "boolean") return null;
  if (data.standByRoll !== undefined && typeof data.standByRoll !== "boolean") return null;
  const actions: LunosAction[] = [];
  for (const a of data.actions) {
    const action = parseAction(a);
    if (action === null) return null;
    actions.push(action);
  }
  return { actions, lunge: data.lunge === true, standByRoll: data.standByRoll === true };
}

/** A requested declaration: for one combatant, its plan checked. */
export function parseDeclare(data: unknown, combatantIds: readonly string[]): LunosPlan | null {
  return combatantIds.length === 1 ? parsePlan(data) : null;
}

/**
 * Its round action, planned by the engine through the heavy planner: a
 * player's declaration for a combatant it owns goes through the active GM,
 * which checks the data here, then the round's rules (`declare`) there.
 */
export const LUNOS_ACTIONS: Readonly<Record<string, CombatActionDefinition>> = Object.freeze({
  declare: { parse: parseDeclare },
});

/**
 * A Lunos combatant's round for macros and modules (`combatant.round`):
 * what the tracker shows of it, and its declaration asked as the row does
 * (through the active GM for a player). Answers whether it was declared; a
 * refusal is told.
 */
export function lunosCombatantRound(combatant: Combatant.Implementation) {
  return {
    get state() {
      return shownRound(combatant);
    },
    declare: async (plan: { actions: readonly unknown[]; lunge?: boolean; standByRoll?: boolean }) => {
      const combat = combatant.combat as Combat.Implementation | null;
      return combat && combatant.id ? askRoundAction(combat, "declare", [combatant.id], plan) : false;
    },
  };
}

export const lunosTable: TableRuleset<LunosTableState, LunosRoundPlan> = Object.freeze({
  id: lunosRuleset.id,
  rules: lunosRuleset,
  loadPlanner: async () => (await loadRuleset("lunos")).lunosRoundPlanner,
  readState: (combat: unknown) => ({ combat: combat as Combat.Implementation }),
  roundPointer: lunosRoundPointer,
  // The dice a plan calls for (the defense rolls; the round's start, again after a roll that did not finish).
  afterPlan: async (combat: Combat.Implementation, plan: LunosRoundPlan) => {
    if (plan.roll !== undefined && !plan.newRound)
      await (await loadRuleset("lunos")).rollLunosDice(combat, plan.roll);
  },
  // A new round's start: grapple checks, timers and initiative, rolled as real Rolls.
  roundStart: async (combat: Combat.Implementation, plan: LunosRoundPlan) => {
    if (plan.roll === "round") await (await loadRuleset("lunos")).rollLunosDice(combat, "round");
  },
  combatantRound: lunosCombatantRound,
  actions: LUNOS_ACTIONS,
  records: LUNOS_RECORDS,
  row: lunosTrackerRow,
  palette: lunosRoundPalette,
});
