import { drawnThrough } from "../../../combat/drawn-through";
import { askRoundAction } from "../../../combat/round-ask";
import type {
  CombatActionDefinition,
  RoundPointer,
  TableRuleset,
  TurnPlan,
} from "../../../combat/table-ruleset";
import type { TokenPalette, TrackerRowPart } from "../../../combat/tracker-parts";
import { loadRuleset } from "../../../on-demand";
import { SHARENE_PHASE_IDS, type SharenePhaseId, shareneRuleset } from "../../../rules/sharene/ruleset";
import { ACTION_KINDS, CALLED_EFFECTS, type CalledShot, STYLES } from "../../../rules/sharene/types";
import { SHARENE_RECORDS, shownRound } from "./record";

/**
 * Sharene at the table: its round engine (src/rules/sharene/round-engine.ts)
 * driven through the shared Combat. Everyone declares an action and whom
 * it attacks (the "declare" phase), initiative is rolled for all as real
 * Rolls when the GM moves on, everyone chooses a style knowing the order
 * ("style"), then the turns come in that order, ties acting at once
 * ("action"); after the last turn a new round begins. What a plan does is
 * the heavy part's (./round-planner.ts, ./initiative.ts); here is only
 * what start-up needs: the pointer, the actions' data checks, the records,
 * the row part and the palette.
 */

type Loose = Record<string, unknown>;

/** A Sharene plan: the shared pointer and changes, and whether initiative is rolled after it. */
export interface ShareneRoundPlan extends TurnPlan {
  /** Initiative is to be rolled now (the declarations are closed): the GM's client rolls it after the update. */
  readonly rollInitiative?: boolean;
}

/** What the planner reads: the Combat itself, read by the heavy part as it plans (one synchronous read). */
export interface ShareneTableState {
  readonly combat: Combat.Implementation;
}

const isPhase = (value: unknown): value is SharenePhaseId =>
  SHARENE_PHASE_IDS.includes(value as SharenePhaseId);

/** The stored phase and order, shape-checked; a phase of another ruleset reads as the declarations. */
export function shareneRoundPointer(combat: unknown): RoundPointer & { phase: SharenePhaseId } {
  const system = (((combat as Loose | null)?.system ?? {}) as Loose) ?? {};
  const order = Array.isArray(system.order)
    ? system.order.filter((id): id is string => typeof id === "string" && id !== "")
    : [];
  return { phase: isPhase(system.phase) ? system.phase : "declare", order };
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A declaration's data: the action (SHA-INI-1's kind) and whom it attacks, or null for no one. */
export interface DeclareData {
  readonly action: (typeof ACTION_KINDS)[number];
  readonly target: string | null;
}

/** A requested declaration, checked field by field; null when anything is off. */
export function parseDeclare(data: unknown, combatantIds: readonly string[]): DeclareData | null {
  const d = data as Loose | null | undefined;
  if (combatantIds.length !== 1 || !d || typeof d !== "object") return null;
  if (Object.keys(d).some((k) => k !== "action" && k !== "target")) return null;
  if (!ACTION_KINDS.includes(d.action as DeclareData["action"])) return null;
  const target = d.target ?? null;
  if (target !== null && (typeof target !== "string" || !ID.test(target))) return null;
  return { action: d.action as DeclareData["action"], target };
}

/** A style's data (SHA-STY-*): the style, and the split parry, stated blow and called shot it may carry. */
export interface StyleData {
  readonly style: (typeof STYLES)[number];
  /** Absent: the fighter's as declared before (none with a Full Attack); 0, none. */
  readonly split?: number;
  /** Absent: the one declared before; null, none. */
  readonly statedBlow?: "slash" | "thrust" | null;
  readonly called?: CalledShot | null;
}

function parseCalled(value: unknown): CalledShot | null | undefined {
  if (value === null || value === undefined) return null;
  const c = value as Loose;
  if (typeof c !== "object") return undefined;
  if (
    c.kind === "location" &&
    Object.keys(c).length === 2 &&
    typeof c.location === "string" &&
    /^[A-Za-z]{1,32}$/.test(c.location)
  )
    return { kind: "location", location: c.location };
  if (c.kind === "effect" && Object.keys(c).length === 2 && CALLED_EFFECTS.includes(c.effect as never))
    return { kind: "effect", effect: c.effect as (typeof CALLED_EFFECTS)[number] };
  return undefined;
}

/** A requested style, checked field by field; null when anything is off (the engine checks the rest). */
export function parseStyle(data: unknown, combatantIds: readonly string[]): StyleData | null {
  const d = data as Loose | null | undefined;
  if (combatantIds.length !== 1 || !d || typeof d !== "object") return null;
  if (Object.keys(d).some((k) => !["style", "split", "statedBlow", "called"].includes(k))) return null;
  if (!STYLES.includes(d.style as StyleData["style"])) return null;
  const split = d.split;
  if (
    split !== undefined &&
    (typeof split !== "number" || !Number.isInteger(split) || split < 0 || split > 10)
  )
    return null;
  const statedBlow = d.statedBlow;
  if (statedBlow !== undefined && statedBlow !== null && statedBlow !== "slash" && statedBlow !== "thrust")
    return null;
  const called = d.called === undefined ? undefined : parseCalled(d.called);
  if (d.called !== undefined && called === undefined) return null;
  // What the request leaves out is kept from the fighter's earlier choice (a click naming only the style).
  return {
    style: d.style as StyleData["style"],
    ...(split !== undefined ? { split } : {}),
    ...(statedBlow !== undefined ? { statedBlow: statedBlow as StyleData["statedBlow"] } : {}),
    ...(called !== undefined ? { called } : {}),
  };
}

/**
 * Its round actions, planned by the engine through the heavy planner
 * (`declareAction`, `declareStyle`): a player's request for a combatant it
 * owns goes through the active GM, which checks the data here, then the
 * round's rules there.
 */
export const SHARENE_ACTIONS: Readonly<Record<string, CombatActionDefinition>> = Object.freeze({
  declare: { parse: parseDeclare },
  style: { parse: parseStyle },
});

/**
 * A Sharene combatant's round for macros and modules (`combatant.round`):
 * what the tracker shows of it, and its declaration and style asked as the
 * row does (through the active GM for a player). Each answers whether it
 * was done; a refusal is told.
 */
export function shareneCombatantRound(combatant: Combatant.Implementation) {
  const ask = async (action: string, data: unknown): Promise<boolean> => {
    const combat = combatant.combat as Combat.Implementation | null;
    return combat && combatant.id ? askRoundAction(combat, action, [combatant.id], data) : false;
  };
  return {
    get state() {
      return shownRound(combatant);
    },
    declare: (action: string, target: string | null = null) => ask("declare", { action, target }),
    chooseStyle: (style: string, more: Partial<Omit<StyleData, "style">> = {}) =>
      ask("style", { style, ...more }),
  };
}

const TEMPLATES = "systems/fangs/templates/sharene";
export const SHARENE_ROW_TEMPLATE = `${TEMPLATES}/round-row.hbs`;
export const SHARENE_SUMMARY_TEMPLATE = `${TEMPLATES}/round-note.hbs`;
export const SHARENE_MENU_TEMPLATE = `${TEMPLATES}/round-menu.hbs`;

const drawn = () => drawnThrough("sharene");

/**
 * Its row part as start-up registers it: the row's reading and drawing are
 * the heavy part's (../tracker-row.ts `shareneTrackerRow`); until that
 * loads, the shared cells only.
 */
export const shareneTableRow = Object.freeze<TrackerRowPart<unknown, unknown>>({
  template: SHARENE_ROW_TEMPLATE,
  read: (combatant: Combatant.Implementation, viewer: { isGM: boolean; owner: boolean }) =>
    drawn()?.readShareneRow(combatant, viewer) ?? { outOfAction: combatant.isDefeated, data: null },
  view: (data: unknown, row, localize) => {
    const heavy = drawn();
    return data !== null && heavy ? heavy.shareneRowView(data as never, row, localize) : { cells: null };
  },
  summary: (cells, round, localize) => drawn()?.shareneSummary(cells as never, round, localize) ?? null,
  words: Object.freeze({ outOfAction: "SHARENE.Combat.Badge.OutOfAction" }),
  // The menu of the phase (the declaration's or the style's): Sharene's heavy part.
  click: async (click) => (await loadRuleset("sharene")).openShareneRoundMenu(click),
});

/** Its Token HUD palette as start-up registers it: the entries are the heavy part's (../token-palette.ts). */
export const shareneTablePalette = Object.freeze<TokenPalette>({
  labelKey: "SHARENE.Combat.Palette.Label",
  icon: "fa-solid fa-hand-fist",
  entries: (combatant, viewer, localize) =>
    drawn()?.shareneRoundPalette.entries(combatant, viewer, localize) ?? [],
  // What a click asks (the target read from the user's targets): Sharene's heavy part.
  choose: async (combatant, id, ask) =>
    (await loadRuleset("sharene")).choosePaletteAction(combatant, id, ask),
});

export const shareneTable: TableRuleset<ShareneTableState, ShareneRoundPlan> = Object.freeze({
  id: shareneRuleset.id,
  rules: shareneRuleset,
  loadPlanner: async () => (await loadRuleset("sharene")).shareneRoundPlanner,
  readState: (combat: unknown) => ({ combat: combat as Combat.Implementation }),
  roundPointer: shareneRoundPointer,
  afterPlan: async (combat: Combat.Implementation, plan: ShareneRoundPlan) => {
    if (plan.rollInitiative) await (await loadRuleset("sharene")).rollShareneInitiative(combat);
  },
  combatantRound: shareneCombatantRound,
  actions: SHARENE_ACTIONS,
  records: SHARENE_RECORDS,
  row: shareneTableRow,
  palette: shareneTablePalette,
});
