import { drawnThrough } from "../../../combat/drawn-through";
import { askRoundAction } from "../../../combat/round-ask";
import type { CombatActionDefinition, RoundPointer, TableRuleset } from "../../../combat/table-ruleset";
import type { TokenPalette, TrackerRowPart } from "../../../combat/tracker-parts";
import { loadRuleset } from "../../../on-demand";
import type { LunosAction, LunosPlan } from "../../../rules/lunos/round-engine";
import { LUNOS_PHASE_IDS, type LunosPhaseId, lunosRuleset } from "../../../rules/lunos/ruleset";
import {
  ACTION_KINDS,
  type ActionKind,
  ATTACK_SKILLS,
  MANEUVERS,
  OTHER_TASKS,
} from "../../../rules/lunos/types";
import { LUNOS_RECORDS, type LunosRoundPlan, shownRecordOf } from "./record";

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
 * ./fight-read.ts); here is only what start-up needs: the pointer, the
 * declaration's data check, the records, and the row part and palette,
 * which draw through the heavy part once it has loaded (a world playing
 * Lunos starts loading it on `ready`; until then a row shows the shared
 * cells only, and is drawn again when it lands).
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

const isPlain = (value: unknown): value is Loose =>
  value !== null && typeof value === "object" && !Array.isArray(value);

type Check = (value: unknown) => boolean;
const isId: Check = (v) => typeof v === "string" && ID.test(v);
/** Whom an action names: one to eight fighters (more than any combat a table runs). */
const ids: Check = (v) => Array.isArray(v) && v.length > 0 && v.length <= 8 && v.every(isId);
const flag: Check = (v) => typeof v === "boolean";
const among =
  (list: readonly string[]): Check =>
  (v) =>
    list.includes(v as string);
const ATTACK: Readonly<Record<string, Check>> = {
  targets: ids,
  skill: among(ATTACK_SKILLS),
  declared: (v) => v === null || among(MANEUVERS)(v),
  forgoDamage: flag,
};
const DEFEND: Readonly<Record<string, Check>> = { against: ids };

/** The fields of each action kind (LUN-ACT-*), each with its check. */
const FIELDS: Readonly<Record<ActionKind, Readonly<Record<string, Check>>>> = {
  attack: ATTACK,
  powerAttack: ATTACK,
  flurry: { ...ATTACK, against: ids },
  defense: DEFEND,
  parry: DEFEND,
  fullDefense: DEFEND,
  move: { feet: (v) => typeof v === "number" && v >= 0 && v <= 1000 },
  other: { task: among(OTHER_TASKS), target: isId },
  magic: { healing: flag },
};
/** The fields a request may leave out; every other is asked for. */
const OPTIONAL = new Set(["skill", "declared", "forgoDamage", "target", "healing"]);

/** One action of a declaration, checked field by field; null when anything is off. */
function parseAction(value: unknown): LunosAction | null {
  if (!isPlain(value) || !ACTION_KINDS.includes(value.kind as ActionKind)) return null;
  const fields = FIELDS[value.kind as ActionKind];
  if (Object.keys(value).some((key) => key !== "kind" && !Object.hasOwn(fields, key))) return null;
  for (const [key, check] of Object.entries(fields)) {
    const v = value[key];
    if (v === undefined ? !OPTIONAL.has(key) : !check(v)) return null;
  }
  return { ...value } as unknown as LunosAction;
}

const only = (x: Loose, keys: readonly string[]) => Object.keys(x).every((k) => keys.includes(k));

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
 * what the tracker shows of it (the GM's record as stored, null before
 * one), and its declaration asked as the row does (through the active GM
 * for a player). Answers whether it was declared; a refusal is told.
 */
export function lunosCombatantRound(combatant: Combatant.Implementation) {
  return {
    get state() {
      return shownRecordOf(combatant);
    },
    declare: async (plan: { actions: readonly unknown[]; lunge?: boolean; standByRoll?: boolean }) => {
      const combat = combatant.combat as Combat.Implementation | null;
      return combat && combatant.id ? askRoundAction(combat, "declare", [combatant.id], plan) : false;
    },
  };
}

const TEMPLATES = "systems/fangs/templates/lunos";
export const LUNOS_ROW_TEMPLATE = `${TEMPLATES}/round-row.hbs`;
export const LUNOS_SUMMARY_TEMPLATE = `${TEMPLATES}/round-note.hbs`;
export const LUNOS_MENU_TEMPLATE = `${TEMPLATES}/round-menu.hbs`;

const drawn = () => drawnThrough("lunos");

/** Its row part (../tracker-row.ts, in the heavy part): until that loads, the shared cells only. */
export const lunosTrackerRow = Object.freeze<TrackerRowPart<unknown, unknown>>({
  template: LUNOS_ROW_TEMPLATE,
  read: (combatant: Combatant.Implementation, viewer: { isGM: boolean; owner: boolean }) =>
    drawn()?.readLunosRow(combatant, viewer) ?? { outOfAction: combatant.isDefeated, data: null },
  view: (data: unknown, row, localize) => {
    const heavy = drawn();
    return data !== null && heavy ? heavy.lunosRowView(data as never, row, localize) : { cells: null };
  },
  summary: (cells, round, localize) => drawn()?.lunosSummary(cells as never, round, localize) ?? null,
  words: Object.freeze({ outOfAction: "LUNOS.Combat.Badge.OutOfAction" }),
  // The declaration's menu, or a threat's strike: Lunos's heavy part.
  click: async (click) => (await loadRuleset("lunos")).lunosRowClick(click),
});

/** Its Token HUD palette (../token-palette.ts, in the heavy part): the usual plans in the declarations. */
export const lunosRoundPalette = Object.freeze<TokenPalette>({
  labelKey: "LUNOS.Combat.Palette.Label",
  icon: "fa-solid fa-hand-fist",
  entries: (combatant: Combatant.Implementation, _viewer: unknown, localize) =>
    drawn()?.lunosPaletteEntries(combatant, localize) ?? [],
  // What a click asks (the targets read from the user's targets): Lunos's heavy part.
  choose: async (combatant: Combatant.Implementation, id: string, ask) =>
    (await loadRuleset("lunos")).chooseLunosPalette(combatant, id, ask),
});

export const lunosTable: TableRuleset<LunosTableState, LunosRoundPlan> = Object.freeze({
  id: lunosRuleset.id,
  rules: lunosRuleset,
  loadPlanner: async () => (await loadRuleset("lunos")).lunosRoundPlanner,
  readState: (combat: unknown) => ({ combat: combat as Combat.Implementation }),
  roundPointer: lunosRoundPointer,
  // The dice a plan calls for (the defense rolls; the round's start, again after a roll that did not finish).
  // Then a threat that ended takes its status off its fighter.
  afterPlan: async (combat: Combat.Implementation, plan: LunosRoundPlan) => {
    const heavy = await loadRuleset("lunos");
    if (plan.roll !== undefined && !plan.newRound) await heavy.rollLunosDice(combat, plan.roll);
    await heavy.endLapsedThreats(combat);
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
