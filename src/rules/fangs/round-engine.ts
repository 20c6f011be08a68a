import type { DiceSource } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import { freshDefenseUsage } from "./defenses";
import { retryLostManeuver } from "./maneuver-retry";
import { getManeuver } from "./maneuvers";
import {
  awaitsTurn,
  canActFromHold,
  type FangsTurnCandidate,
  type FangsTurnFacts,
  holdBreakContenders,
  holdBreakRolls,
  InitiativeMode,
  type InitiativeScore,
  initiativeScores,
  insertHeldTurn,
  phaseTurnOrder,
  type RollOffResult,
  resolveHoldBreak,
} from "./round";
import { type ManeuverId, PHASE_IDS, type PhaseId, type WeaponKind } from "./types";

/**
 * The FANGS round engine: the state of a round as plain data (each
 * combatant's round facts, the round, the phase, its acting order and whose
 * turn it is) and every transition over it (start, next turn, next round,
 * a step back, a hold, a broken hold, combatants leaving), with the choices
 * people make (declarations, holds) as inputs. Each transition answers the
 * ONE change that moves the round (combatant → phase → round) together with
 * every per-combatant reset, plus the notes a log or the chat carries.
 *
 * Two drivers walk it: the table (src/rulesets/fangs/combat/fangs-table.ts reads the Combat
 * into a PlanState and writes the plan back) and the simulator
 * (src/rulesets/fangs/sim/duel.ts keeps one `RoundWork` for a fight and calls the steps
 * `beginRound` and `advance`, doing its fighters' work at each turn and
 * between phases). Who acts in a phase and in what order is decided in
 * round.ts (phaseTurnOrder, initiativeScores, resolveHoldBreak).
 */

/**
 * Why the engine refuses a round action. A `RulesError` with the code
 * "round-refused" carries it as `details.reason`, the combatant's name as
 * `details.name`, and, for a maneuver that may not be held, the rules'
 * own `details.reasonKey` (canActFromHold).
 */
export const ROUND_REFUSAL_REASONS = Object.freeze([
  "NoRewind",
  "NotStarted",
  "UnknownCombatant",
  "AlreadyHolding",
  "MustAct",
  "OutOfAction",
  "NoTurnToHold",
  "CannotHold",
  "NoHolder",
  "NotHolding",
  "NoDice",
] as const);
export type RoundRefusalReason = (typeof ROUND_REFUSAL_REASONS)[number];

function roundRefusal(reason: RoundRefusalReason, name?: string, reasonKey?: string | null): RulesError {
  const details: Record<string, string> = { reason };
  if (name !== undefined) details.name = name;
  if (reasonKey) details.reasonKey = reasonKey;
  return new RulesError(
    "round-refused",
    `round action refused: ${reason}${name !== undefined ? ` (${name})` : ""}${reasonKey ? `, ${reasonKey}` : ""}`,
    details,
  );
}

export interface PlanCombatant {
  readonly id: string;
  readonly name: string;
  readonly ag: number;
  /** The value the round orders by: AG, or d20 + AG (null before the first round). */
  readonly initiative: number | null;
  readonly initiativeRoll: number | null;
  readonly maneuver: ManeuverId | null;
  readonly attackKind: WeaponKind | null;
  readonly held: boolean;
  /** Broke its hold this round: must act, may not hold again (NC-RND-5). */
  readonly committed: boolean;
  readonly actionLost: boolean;
  readonly outOfAction: boolean;
  readonly engaged: boolean;
  readonly engagedAtRoundStart: boolean;
  /** 1 when a Post-Melee turn is owed this round, else 0 (the attacks module's owedPostMeleeAttack). */
  readonly postMeleeAttacks: number;
  readonly offHandInitiativePenalty: boolean;
  /** NC-MAN-2: the maneuver given up for a dodge this round, declared again when the next begins. */
  readonly lostManeuver: ManeuverId | null;
  /**
   * The main-hand weapon's kind: what a retried attack uses, as a declaration without a kind does.
   * (Both are always present, as the snapshot builds them: every combatant the plan copies keeps one
   * object shape, which keeps a new round for 100 combatants at a quarter of the time.)
   */
  readonly mainWeaponKind: WeaponKind | null;
  /** A weapon stuck in its body: NC-DMG-13's damage is due when a round begins (absent: none). */
  readonly impaled?: boolean;
}

/** A combatant that has not yet acted in the fight: no initiative, no declaration, nothing owed or lost. */
export function freshPlanCombatant(id: string, name: string, ag: number): PlanCombatant {
  return {
    id,
    name,
    ag,
    initiative: null,
    initiativeRoll: null,
    maneuver: null,
    attackKind: null,
    held: false,
    committed: false,
    actionLost: false,
    outOfAction: false,
    engaged: false,
    engagedAtRoundStart: false,
    postMeleeAttacks: 0,
    offHandInitiativePenalty: false,
    lostManeuver: null,
    mainWeaponKind: null,
    impaled: false,
  };
}

export interface PlanState {
  readonly round: number;
  readonly turn: number | null;
  readonly phase: PhaseId;
  readonly order: readonly string[];
  /** In the tracker's current order: ties in the rules core keep it. */
  readonly combatants: readonly PlanCombatant[];
}

export interface PlanOptions {
  readonly initiativeMode: InitiativeMode;
  /** Needed when initiative is rolled or two holders roll off. */
  readonly dice?: DiceSource;
}

/** What one combatant's system data becomes (only the fields that change). */
export interface CombatantChange {
  readonly _id: string;
  initiative?: number;
  system: Record<string, unknown>;
}

export type PlanNoteKind =
  | "skippedOutOfAction"
  | "actionLost"
  | "rollOff"
  | "noOneActs"
  | "roundStart"
  | "initiativeRolled"
  | "maneuverRetried"
  | "maneuverNotRetried";

export interface PlanNote {
  readonly kind: PlanNoteKind;
  readonly combatantId: string | null;
  /** Values of names ending in "Key" are lang keys, shown localised under the name without it. */
  readonly data: Readonly<Record<string, string | number>>;
  /**
   * A note listing several combatants (initiative rolls, a roll-off): `data.result`
   * is its parts joined, and each part names its combatant, so a hidden one's
   * part can be told to the GMs alone.
   */
  readonly parts?: readonly { readonly combatantId: string; readonly text: string }[];
}

export interface CombatPlan {
  readonly round: number;
  readonly turn: number | null;
  readonly phase: PhaseId;
  readonly order: readonly string[];
  readonly combatants: readonly CombatantChange[];
  readonly notes: readonly PlanNote[];
  readonly newRound: boolean;
  readonly phaseChanged: boolean;
  /** The round's initiative when a new round began. */
  readonly initiative: readonly InitiativeScore[] | null;
  readonly rollOff: RollOffResult | null;
  /**
   * CORE-CON-1: the combatants whose lost action passed in this plan; the
   * `stunned` status that cost it is over (docs/rules/fangs.md, "The lost
   * action"). The driver takes the status off.
   */
  readonly stunnedCleared: readonly string[];
  /**
   * NC-DMG-13: a new round began and someone has a weapon stuck in its body.
   * The plan stops before the Initiative phase's order is drawn (turn null):
   * the driver applies the round's impale damage, then asks `planOpenRound`
   * (the simulator: `openRound`) for the first turn, so one the damage drops
   * or stuns is skipped as at any turn (docs/rules/fangs.md, "When a stuck
   * weapon hurts").
   */
  readonly impaleDamageDue: boolean;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A turn candidate the simulator's long-lived work brings up to date in place. */
type LiveCandidate = Omit<Mutable<FangsTurnCandidate>, "facts"> & { facts: Mutable<FangsTurnFacts> };

/* -------------------------------------------- */
/*  Working copy                                */
/* -------------------------------------------- */

/**
 * The round as a transition works on it: the combatants' facts as they stand
 * now, the changes made so far and the notes. The table makes one per
 * transition from a snapshot (`record`: the changes become the plan's
 * update). The simulator keeps one for a whole fight with `record` off: the
 * work then owns the combatant objects it was given and changes them in
 * place, and no change list is kept, so a turn allocates nothing; its driver
 * writes the facts its fighters change (a declaration, a blow that puts one
 * out of the fight) straight into those objects.
 */
export class RoundWork {
  readonly byId: Map<string, PlanCombatant>;
  readonly changes = new Map<string, CombatantChange>();
  readonly notes: PlanNote[] = [];
  /** Combatants whose lost action passed (CORE-CON-1): their `stunned` status is over. */
  readonly stunnedCleared: string[] = [];
  /** The initiative of the round begun last, set before the Initiative phase's order is drawn. */
  scores: readonly InitiativeScore[] = [];

  constructor(
    readonly state: PlanState,
    readonly record = true,
  ) {
    this.byId = new Map(state.combatants.map((c) => [c.id, c]));
  }

  get(id: string): PlanCombatant | undefined {
    return this.byId.get(id);
  }

  /** Records a change and keeps the working copy in step, so later phases read it. */
  set(id: string, system: Partial<Record<keyof PlanCombatant | string, unknown>>, initiative?: number): void {
    const current = this.byId.get(id);
    if (!current) return;
    if (!this.record) {
      Object.assign(current, system);
      if (initiative !== undefined) (current as { initiative: number | null }).initiative = initiative;
      return;
    }
    const change = this.changes.get(id) ?? { _id: id, system: {} };
    Object.assign(change.system, system);
    if (initiative !== undefined) change.initiative = initiative;
    this.changes.set(id, change);
    const next: PlanCombatant = {
      ...current,
      ...system,
      ...(initiative === undefined ? {} : { initiative }),
    };
    this.byId.set(id, next);
  }

  /** A whole new state for one combatant and its change (replacing any change so far). */
  reset(next: PlanCombatant, change: CombatantChange | null): void {
    if (!this.record || change === null) {
      Object.assign(this.byId.get(next.id)!, next);
      return;
    }
    const previous = this.changes.get(next.id);
    if (previous) {
      change.system = { ...previous.system, ...change.system };
    }
    this.changes.set(next.id, change);
    this.byId.set(next.id, next);
  }

  note(kind: PlanNoteKind, combatantId: string | null, data: Record<string, string | number> = {}): void {
    this.notes.push({ kind, combatantId, data });
  }

  /** A note whose `result` lists one part per combatant. */
  listNote(kind: PlanNoteKind, parts: { combatantId: string; text: string }[]): void {
    this.notes.push({
      kind,
      combatantId: null,
      data: { result: parts.map((p) => p.text).join(", ") },
      parts,
    });
  }

  /**
   * The list `candidates` fills for each phase (a work without `record` only): its
   * combatants never change, so it keeps their number; phaseTurnOrder does not keep it.
   */
  readonly candidateList: FangsTurnCandidate[] = [];

  /** Each combatant's turn candidate, kept and brought up to date (a work without `record` only). */
  #candidates: Map<string, LiveCandidate> | null = null;

  candidateOf(c: PlanCombatant): FangsTurnCandidate {
    this.#candidates ??= new Map();
    let k = this.#candidates.get(c.id);
    if (k === undefined) {
      k = turnCandidate(c) as LiveCandidate;
      this.#candidates.set(c.id, k);
      return k;
    }
    k.orderValue = c.initiative ?? c.ag;
    k.outOfAction = c.outOfAction;
    k.facts.maneuver = c.maneuver;
    k.facts.held = c.held;
    k.facts.engaged = c.engaged;
    k.facts.attackKind = c.attackKind;
    k.facts.postMeleeAttacks = c.postMeleeAttacks;
    k.facts.offHandInitiativePenalty = c.offHandInitiativePenalty;
    return k;
  }

  /** AG order reads only the combatants' AG: kept while they and their AG stay the same. */
  #agility: {
    readonly ids: string[];
    readonly ags: number[];
    readonly scores: InitiativeScore[];
    readonly byId: Map<string, InitiativeScore>;
  } | null = null;

  agilityScores(
    combatants: readonly PlanCombatant[],
    round: number,
  ): { scores: InitiativeScore[]; byId: Map<string, InitiativeScore> } {
    const memo = this.#agility;
    if (memo !== null && memo.ids.length === combatants.length) {
      let same = true;
      for (let i = 0; i < combatants.length && same; i++) {
        same = memo.ids[i] === combatants[i]!.id && memo.ags[i] === combatants[i]!.ag;
      }
      if (same) return memo;
    }
    const entries = combatants.map((c) => ({ id: c.id, ag: c.ag }));
    const scores = initiativeScores(entries, { mode: InitiativeMode.Agility, round });
    this.#agility = {
      ids: entries.map((e) => e.id),
      ags: entries.map((e) => e.ag),
      scores,
      byId: new Map(scores.map((x) => [x.id, x])),
    };
    return this.#agility;
  }

  /** Combatants in the tracker's order, as they stand now. */
  current(): readonly PlanCombatant[] {
    // A work without `record` changes the objects it was given in place: they are the current ones.
    if (!this.record) return this.state.combatants;
    return this.state.combatants.map((c) => this.byId.get(c.id) ?? c);
  }
}

/**
 * What a driver does between the engine's steps. The table does all its work
 * on its turns; the simulator moves its fighters once everyone has declared
 * (before the Missile phase's order is drawn, which reads who is engaged) and
 * completes withdrawals after the Melee phase.
 */
export interface RoundDriver {
  /**
   * Before a phase's acting order is drawn (the Initiative phase's too, after
   * the round's resets). The facts the driver changes must be in the work
   * (`RoundWork.set`) when it returns.
   */
  beforePhase?(phase: PhaseId, work: RoundWork): void;
}

/**
 * A combatant as FANGS's turn order reads it: the kernel's part (id, order
 * value, out of the fight) and FANGS's facts (maneuver, hold, engagement,
 * the attacks it makes or is owed).
 */
export function turnCandidate(c: PlanCombatant): FangsTurnCandidate {
  return {
    id: c.id,
    orderValue: c.initiative ?? c.ag,
    outOfAction: c.outOfAction,
    facts: {
      maneuver: c.maneuver,
      held: c.held,
      engaged: c.engaged,
      attackKind: c.attackKind,
      postMeleeAttacks: c.postMeleeAttacks,
      offHandInitiativePenalty: c.offHandInitiativePenalty,
    },
  };
}

const byOrderValue = (a: FangsTurnCandidate, b: FangsTurnCandidate): number => b.orderValue - a.orderValue;

/** Up to this many combatants, candidates are sorted by a plain loop (Array.prototype.sort copies the list). */
const FEW_COMBATANTS = 16;

/** Candidates sorted by the round's initiative, ties in tracker order (the rules core keeps given order). */
function candidates(draft: RoundWork): FangsTurnCandidate[] {
  // Asked as each phase opens: one pass, no intermediate lists; a long-lived work reuses its candidates and the list.
  const combatants = draft.state.combatants;
  const list = draft.record ? [] : draft.candidateList;
  for (let i = 0; i < combatants.length; i++) {
    const c = combatants[i]!;
    const now = draft.byId.get(c.id) ?? c;
    list[i] = draft.record ? turnCandidate(now) : draft.candidateOf(now);
  }
  if (list.length > FEW_COMBATANTS) return list.sort(byOrderValue);
  // Higher first, equal ones in the order given: stable, as Array.prototype.sort.
  for (let i = 1; i < list.length; i++) {
    const x = list[i]!;
    let j = i - 1;
    for (; j >= 0 && list[j]!.orderValue < x.orderValue; j--) list[j + 1] = list[j]!;
    list[j + 1] = x;
  }
  return list;
}

/* -------------------------------------------- */
/*  Walking the pointer                         */
/* -------------------------------------------- */

/** Whose turn it is: `order[turn]` acts in `phase`. */
export interface Position {
  readonly phase: PhaseId;
  readonly order: readonly string[];
  readonly turn: number;
}

/**
 * From `from` in `order`, the next entry that takes its turn; skipped
 * entries leave a note (NC-ATK-2: dropped before its turn; a lost action is
 * spent). Null when the phase has no one left.
 */
function nextInPhase(draft: RoundWork, order: readonly string[], from: number): number | null {
  for (let i = from; i < order.length; i++) {
    const c = draft.get(order[i]!);
    if (!c) continue;
    if (c.outOfAction) {
      draft.note("skippedOutOfAction", c.id, { name: c.name });
      continue;
    }
    // A holder is listed apart and acts when it breaks the hold.
    if (c.held) continue;
    if (c.actionLost) {
      draft.note("actionLost", c.id, { name: c.name });
      draft.set(c.id, { actionLost: false });
      draft.stunnedCleared.push(c.id);
      continue;
    }
    return i;
  }
  return null;
}

/** The first turn at or after (phase, from), moving on through the phases; null when the round is over. */
function settle(
  draft: RoundWork,
  phase: PhaseId,
  order: readonly string[],
  from: number,
  driver?: RoundDriver,
): Position | null {
  let phaseIndex = PHASE_IDS.indexOf(phase);
  let currentOrder = order;
  let start = from;
  for (;;) {
    const turn = nextInPhase(draft, currentOrder, start);
    if (turn !== null) return { phase: PHASE_IDS[phaseIndex]!, order: currentOrder, turn };
    phaseIndex += 1;
    if (phaseIndex >= PHASE_IDS.length) return null;
    driver?.beforePhase?.(PHASE_IDS[phaseIndex]!, draft);
    currentOrder = phaseTurnOrder(PHASE_IDS[phaseIndex]!, candidates(draft));
    start = 0;
  }
}

/** Where a new round stands once begun. */
export interface RoundBegun {
  /** The first turn, or null: nobody acts, or the round waits for its impale damage. */
  readonly position: Position | null;
  readonly scores: InitiativeScore[];
  /** NC-DMG-13: someone has a weapon stuck in its body; apply its damage, then `openRound`. */
  readonly impaleDamageDue: boolean;
}

/**
 * A new round (NC-RND-3): the initiative, each combatant's round facts reset
 * (a maneuver lost to a dodge retried, NC-MAN-2), then the first turn of the
 * Initiative phase, or the first of a later phase when nobody can take one.
 * When a weapon is stuck in someone's body, the round stops before the
 * Initiative order is drawn (`impaleDamageDue`): NC-DMG-13's damage comes
 * first, and `openRound` goes on from there.
 */
export function beginRound(
  draft: RoundWork,
  round: number,
  options: PlanOptions,
  driver?: RoundDriver,
): RoundBegun {
  const combatants = draft.current();
  let scores: InitiativeScore[];
  let score: Map<string, InitiativeScore>;
  if (options.initiativeMode === InitiativeMode.Agility) {
    ({ scores, byId: score } = draft.agilityScores(combatants, round));
  } else {
    // Only "once per combat" keeps last round's rolls.
    const previous: InitiativeScore[] = [];
    if (options.initiativeMode === InitiativeMode.RollOncePerCombat) {
      for (const c of combatants) {
        if (c.initiativeRoll !== null)
          previous.push({ id: c.id, ag: c.ag, roll: c.initiativeRoll, value: c.initiativeRoll + c.ag });
      }
    }
    const entries = combatants.map((c) => ({ id: c.id, ag: c.ag }));
    scores = initiativeScores(entries, { mode: options.initiativeMode, round, previous }, options.dice);
    score = new Map(scores.map((x) => [x.id, x]));
  }
  const retried: PlanNote[] = [];
  for (const c of combatants) {
    const s = score.get(c.id)!;
    // NC-MAN-2: a maneuver lost to a dodge is declared again (the rules core
    // says whether it still may be); the GM may change it as any declaration.
    const retry = retryLostManeuver(c.lostManeuver ?? null, {
      engaged: c.engaged,
      outOfAction: c.outOfAction,
    });
    const maneuver = retry.maneuver;
    const attackKind =
      maneuver !== null && getManeuver(maneuver).attacks > 0 ? (c.mainWeaponKind ?? "melee") : null;
    if (c.lostManeuver && retry.dropped !== "outOfAction") {
      const data = { name: c.name, maneuverKey: getManeuver(c.lostManeuver).labelKey };
      retried.push({
        kind: maneuver !== null ? "maneuverRetried" : "maneuverNotRetried",
        combatantId: c.id,
        data,
      });
    }
    // Everything a round owns starts again at initiative: declarations, holds,
    // defenses and attacks used, and trades ("until the next initiative").
    if (!draft.record) {
      // The simulator's own work: its combatants are changed in place.
      const m = c as Mutable<PlanCombatant>;
      m.initiative = s.value;
      m.initiativeRoll = s.roll;
      m.maneuver = maneuver;
      m.attackKind = attackKind;
      m.held = false;
      m.committed = false;
      m.engagedAtRoundStart = c.engaged;
      m.lostManeuver = null;
      continue;
    }
    // Built as literals (not spreads): this runs for every combatant each round.
    draft.reset(
      {
        ...c,
        initiative: s.value,
        initiativeRoll: s.roll,
        maneuver,
        attackKind,
        held: false,
        committed: false,
        engagedAtRoundStart: c.engaged,
        lostManeuver: null,
      },
      {
        _id: c.id,
        initiative: s.value,
        system: {
          maneuver,
          attackKind,
          held: false,
          committed: false,
          initiativeRoll: s.roll,
          engagedAtRoundStart: c.engaged,
          maneuverPerformed: false,
          lostManeuver: null,
          defenses: freshDefenseUsage(),
          attacks: { made: [], usedRanged: false, usedMelee: false, targets: [] },
          tradeShift: { parry: 0, dodge: 0 },
        },
      },
    );
  }
  draft.note("roundStart", null, { round });
  for (const note of retried) draft.note(note.kind, note.combatantId, { ...note.data });
  const rolled =
    options.initiativeMode === InitiativeMode.Agility ? [] : scores.filter((s) => s.roll !== null);
  if (rolled.length > 0) {
    draft.listNote(
      "initiativeRolled",
      rolled.map((s) => ({
        combatantId: s.id,
        text: `${draft.get(s.id)?.name ?? s.id} ${s.roll}+${s.ag}=${s.value}`,
      })),
    );
  }
  draft.scores = scores;
  driver?.beforePhase?.("initiative", draft);
  for (const c of combatants)
    if (c.impaled === true) return { position: null, scores, impaleDamageDue: true };
  return { position: openRound(draft, driver), scores, impaleDamageDue: false };
}

/**
 * The round's first turn once its start is done (after the impale damage,
 * NC-DMG-13): the Initiative phase's order drawn from the facts as they stand
 * now, then its first turn, or the first of a later phase.
 */
export function openRound(draft: RoundWork, driver?: RoundDriver): Position | null {
  const order = phaseTurnOrder("initiative", candidates(draft));
  return settle(draft, "initiative", order, 0, driver);
}

function finish(
  draft: RoundWork,
  round: number,
  position: Position | null,
  extra: {
    newRound: boolean;
    initiative: InitiativeScore[] | null;
    rollOff?: RollOffResult | null;
    impaleDamageDue?: boolean;
  },
): CombatPlan {
  const impaleDamageDue = extra.impaleDamageDue === true;
  if (position === null && !impaleDamageDue) draft.note("noOneActs", null, { round });
  const phase = position?.phase ?? "initiative";
  return {
    round,
    turn: position?.turn ?? null,
    phase,
    order: position?.order ?? [],
    combatants: [...draft.changes.values()],
    notes: draft.notes,
    newRound: extra.newRound,
    phaseChanged: extra.newRound || phase !== draft.state.phase,
    initiative: extra.initiative,
    rollOff: extra.rollOff ?? null,
    stunnedCleared: draft.stunnedCleared,
    impaleDamageDue,
  };
}

/* -------------------------------------------- */
/*  Public planners                             */
/* -------------------------------------------- */

/** Round 1, Initiative phase: the first combatant in initiative order. */
export function planStart(state: PlanState, options: PlanOptions): CombatPlan {
  const draft = new RoundWork(state);
  const { position, scores, impaleDamageDue } = beginRound(draft, 1, options);
  return finish(draft, 1, position, { newRound: true, initiative: scores, impaleDamageDue });
}

/** A new round straight away (the GM skips the rest of this one). */
export function planNextRound(state: PlanState, options: PlanOptions): CombatPlan {
  const draft = new RoundWork(state);
  const round = Math.max(state.round, 0) + 1;
  const { position, scores, impaleDamageDue } = beginRound(draft, round, options);
  return finish(draft, round, position, { newRound: true, initiative: scores, impaleDamageDue });
}

/**
 * The turn after `at` within the round: the next combatant of the phase, else
 * the first of the next phase with anyone in it; null when the round is over.
 * Marks the maneuver of the turn just taken performed when this was its phase
 * (NC-MAN-2).
 */
export function advance(draft: RoundWork, at: Position, driver?: RoundDriver): Position | null {
  if (draft.record) {
    const ended = draft.get(at.order[at.turn] ?? "");
    if (ended && ended.maneuver !== null && maneuverPhase(ended) === at.phase) {
      draft.set(ended.id, { maneuverPerformed: true });
    }
  }
  return settle(draft, at.phase, at.order, at.turn + 1, driver);
}

/** The next turn: the next combatant of the phase, else the next phase with anyone in it, else a new round. */
export function planNextTurn(state: PlanState, options: PlanOptions): CombatPlan {
  if (state.round < 1) return planStart(state, options);
  const draft = new RoundWork(state);
  // A round stopped at its start (its impale damage, when applying it failed) opens from its Initiative order.
  const atRoundStart = state.turn === null && state.phase === "initiative" && state.order.length === 0;
  const position = atRoundStart
    ? openRound(draft)
    : state.turn === null
      ? settle(draft, state.phase, state.order, 0)
      : advance(draft, { phase: state.phase, order: state.order, turn: state.turn });
  if (position) return finish(draft, state.round, position, { newRound: false, initiative: null });
  const next = beginRound(draft, state.round + 1, options);
  return finish(draft, state.round + 1, next.position, {
    newRound: true,
    initiative: next.scores,
    impaleDamageDue: next.impaleDamageDue,
  });
}

/**
 * The first turn of a round whose start waited for its impale damage
 * (`CombatPlan.impaleDamageDue`, NC-DMG-13): the Initiative order drawn from
 * the combatants as the damage left them.
 */
export function planOpenRound(state: PlanState): CombatPlan {
  const draft = new RoundWork(state);
  return finish(draft, state.round, openRound(draft), { newRound: false, initiative: null });
}

/**
 * The phase whose turn performs the combatant's declared maneuver (NC-MAN-2):
 * an attacking maneuver's missile or melee turn (a Charge is always melee),
 * any other maneuver's Initiative turn, where it moves.
 */
export function maneuverPhase(c: Pick<PlanCombatant, "maneuver" | "attackKind">): PhaseId | null {
  if (c.maneuver === null) return null;
  if (getManeuver(c.maneuver).attacks === 0) return "initiative";
  const ranged = c.attackKind === "missile" || c.attackKind === "thrown";
  return ranged && c.maneuver !== "charge" ? "missile" : "melee";
}

/**
 * One step back within the phase, to the last entry that can take a turn (a
 * holder, a fighter out of the fight or one no longer in the combat took
 * none); the phase before cannot be rebuilt, so that is refused.
 */
export function planPreviousTurn(state: PlanState): CombatPlan {
  const draft = new RoundWork(state);
  let turn = state.turn === null ? -1 : state.turn - 1;
  for (; turn >= 0; turn--) {
    const c = draft.get(state.order[turn] ?? "");
    if (c && awaitsTurn(c)) break;
  }
  if (turn < 0) throw roundRefusal("NoRewind");
  return finish(
    draft,
    state.round,
    { phase: state.phase, order: state.order, turn },
    { newRound: false, initiative: null },
  );
}

/**
 * Combatants left the combat (deleted from it): the phase's order drops them,
 * and the turn stays with the combatant whose turn it was (`before`: where the
 * round stood before they left; Foundry may have moved `turn` meanwhile). When
 * that one left, the turn passes on as a Next turn would.
 */
export function planLeave(
  state: PlanState,
  before: { readonly turn: number | null; readonly order: readonly string[] },
  options: PlanOptions,
): CombatPlan {
  const draft = new RoundWork(state);
  const present = (id: string) => draft.get(id) !== undefined;
  const order = before.order.filter(present);
  const currentId = before.turn === null ? null : (before.order[before.turn] ?? null);
  if (state.round < 1 || before.turn === null) {
    // Nobody's turn to keep: only the order changes.
    return {
      round: state.round,
      turn: before.turn,
      phase: state.phase,
      order,
      combatants: [],
      notes: [],
      newRound: false,
      phaseChanged: false,
      initiative: null,
      rollOff: null,
      stunnedCleared: [],
      impaleDamageDue: false,
    };
  }
  if (currentId !== null && present(currentId)) {
    return finish(
      draft,
      state.round,
      { phase: state.phase, order, turn: order.indexOf(currentId) },
      { newRound: false, initiative: null },
    );
  }
  const from = before.order.slice(0, before.turn).filter(present).length;
  const position = settle(draft, state.phase, order, from);
  if (position) return finish(draft, state.round, position, { newRound: false, initiative: null });
  const next = beginRound(draft, state.round + 1, options);
  return finish(draft, state.round + 1, next.position, {
    newRound: true,
    initiative: next.scores,
    impaleDamageDue: next.impaleDamageDue,
  });
}

function requireStarted(state: PlanState): void {
  if (state.round < 1 || state.turn === null) throw roundRefusal("NotStarted");
}

/**
 * NC-RND-4: a combatant waits to see what slower ones do. Allowed to one
 * still to act in this phase, whose declared maneuver may be held (NC-RND-7).
 * When it is that combatant's turn, the turn passes on in the same update.
 */
export function planHold(state: PlanState, combatantId: string, options: PlanOptions): CombatPlan {
  requireStarted(state);
  const draft = new RoundWork(state);
  const c = draft.get(combatantId);
  if (!c) throw roundRefusal("UnknownCombatant");
  if (c.held) throw roundRefusal("AlreadyHolding", c.name);
  if (c.committed) throw roundRefusal("MustAct", c.name);
  if (c.outOfAction) throw roundRefusal("OutOfAction", c.name);
  const at = state.order.indexOf(combatantId);
  if (at < 0 || at < state.turn!) throw roundRefusal("NoTurnToHold", c.name);
  if (c.maneuver !== null) {
    const verdict = canActFromHold(c.maneuver);
    if (!verdict.allowed) throw roundRefusal("CannotHold", c.name, verdict.reasonKey);
  }
  draft.set(combatantId, { held: true });
  if (at !== state.turn) {
    return finish(
      draft,
      state.round,
      { phase: state.phase, order: state.order, turn: state.turn! },
      { newRound: false, initiative: null },
    );
  }
  const position = settle(draft, state.phase, state.order, at + 1);
  if (position) return finish(draft, state.round, position, { newRound: false, initiative: null });
  const next = beginRound(draft, state.round + 1, options);
  return finish(draft, state.round + 1, next.position, {
    newRound: true,
    initiative: next.scores,
    impaleDamageDue: next.impaleDamageDue,
  });
}

/**
 * NC-RND-4 … -6: holders break their hold and act now, before the combatant
 * whose turn it is. Two or more at once roll d20 + AG (the rules core), and
 * all of them are placed in the order: each must still act.
 */
export function planBreakHold(
  state: PlanState,
  combatantIds: readonly string[],
  options: PlanOptions,
): CombatPlan {
  requireStarted(state);
  const ids = [...new Set(combatantIds)];
  if (ids.length === 0) throw roundRefusal("NoHolder");
  const draft = new RoundWork(state);
  const breakers: PlanCombatant[] = [];
  for (const id of ids) {
    const c = draft.get(id);
    if (!c) throw roundRefusal("UnknownCombatant");
    if (!c.held) throw roundRefusal("NotHolding", c.name);
    if (c.outOfAction) throw roundRefusal("OutOfAction", c.name);
    if (c.maneuver !== null) {
      const verdict = canActFromHold(c.maneuver);
      if (!verdict.allowed) throw roundRefusal("CannotHold", c.name, verdict.reasonKey);
    }
    breakers.push(c);
  }
  const currentId = state.order[state.turn!] ?? null;
  const current = currentId === null ? undefined : draft.get(currentId);
  // A combatant is `committed` once it has broken its hold this round.
  const asBreaker = (c: PlanCombatant) => ({ combatant: c, id: c.id, ag: c.ag, brokeHold: c.committed });
  const sides = holdBreakContenders(breakers.map(asBreaker), current ? asBreaker(current) : null);
  const interrupted = sides.interrupted?.combatant ?? null;
  if (holdBreakRolls(sides) && !options.dice) throw roundRefusal("NoDice");
  const resolved = resolveHoldBreak(sides, options.dice);
  const rollOff: RollOffResult | null = resolved.rollOff;
  const acting = [...resolved.order];
  if (rollOff) {
    draft.listNote(
      "rollOff",
      rollOff.rolls.map((r) => ({
        combatantId: r.id,
        text: `${draft.get(r.id)?.name ?? r.id} ${r.roll}+${r.ag}=${r.total}`,
      })),
    );
  }
  // They act where the current turn stands: before it, or in its place when it is one of them.
  const inRollOff = new Set(acting);
  const anchor = interrupted
    ? (state.order.slice(state.turn! + 1).find((id) => !inRollOff.has(id)) ?? null)
    : currentId;
  let order = [...state.order];
  for (const id of acting) order = insertHeldTurn(order, id, anchor);
  for (const id of acting) draft.set(id, { held: false, committed: true });
  const turn = order.indexOf(acting[0]!);
  return finish(
    draft,
    state.round,
    { phase: state.phase, order, turn },
    { newRound: false, initiative: null, rollOff },
  );
}
