import type { DiceSource } from "../kernel/dice";
import { RulesError, requireInteger } from "../kernel/errors";
import { attackAllowance, checkAttackCount, maxAttacks, multipleAttackPenalty, skillAllows } from "./attacks";
import { hardTarget, type RhfCheck, rollCheck } from "./check";
import { type RhfRules, resolveRhfOptions, weaponRow } from "./config";
import { validateFighter } from "./fighter";
import {
  aimRoundsAllowed,
  burstRollCount,
  checkAreaFire,
  hitsOn,
  recoilPenalty,
  recoilStrength,
  rollAim,
} from "./firearms";
import { controlPointsPerRound, isImmobilized } from "./holds";
import { type Injury, locationOf, rollInjury } from "./injury";
import { orderWithRollOff } from "./order";
import { canParryAt, canStrikeAt, maneuverToward, rangeIndex, weaponRange } from "./reach";
import {
  type Condition,
  type Location,
  RANGES,
  type Range,
  type RangeManeuver,
  type RhfFighter,
} from "./types";

/**
 * The round as a pure engine: a fight's state and its transitions, each
 * a function from a state to a new one; people's decisions (which
 * maneuver, how many attacks, which action, which defense) are inputs.
 * A round: startRound (allowances, holds' control points, the order by
 * Quickness), each fighter's concentrated defense (declareFocus), then
 * beginActions and each fighter's turn in order: at most one range
 * maneuver, the attacks it declared, or a whole round of aiming or
 * reloading; endTurn passes on. An action the round does not allow is a
 * RulesError "round-refused" with a `reason` of ROUND_REFUSALS.
 */

export const ROUND_REFUSALS = [
  "WrongPhase",
  "NotYourTurn",
  "OutOfFight",
  "UnknownFighter",
  "ManeuverUsed",
  "ManeuverNotNeeded",
  "ManyFighters",
  "Held",
  "Holding",
  "Busy",
  "AlreadyAttacking",
  "TooManyAttacks",
  "SkillTooLow",
  "NoAttackLeft",
  "OutOfReach",
  "NotHeld",
  "BreakTried",
  "Immobilized",
  "NoFirearm",
  "NoAutofire",
  "NoAmmunition",
  "RateOfFire",
  "AimDone",
  "BadTarget",
  "NoDefense",
  "Full",
] as const;
export type RoundRefusal = (typeof ROUND_REFUSALS)[number];

function refuse(reason: RoundRefusal, message: string, details: Record<string, unknown> = {}): never {
  throw new RulesError("round-refused", message, { reason, ...details });
}

/** A feint's penalty waiting for the victim's next defense against the feinter (RHF-FNT-1). */
export interface PendingFeint {
  readonly by: string;
  readonly penalty: number;
  /** The last round it may be used. */
  readonly untilRound: number;
}

export interface RhfFighterState {
  readonly id: string;
  readonly wounds: number;
  readonly condition: Condition;
  /**
   * The last round it made an attack of its allowance (0: not yet), for one
   * attack every other round: an additional attack at −5 in a round with no
   * allowance is not its free attack, so it does not push the next one back.
   */
  readonly lastFreeAttackRound: number;
  readonly allowance: number;
  /** Attacks declared this round (null: none yet). */
  readonly declared: number | null;
  readonly attacksMade: number;
  readonly maneuvers: number;
  /** Shots fired this round, all firings together (recoil counts them). */
  readonly shots: number;
  /** A whole-round action taken this round. */
  readonly busy: "aim" | "reload" | null;
  readonly aimRounds: number;
  readonly aimBonus: number;
  readonly ammo: number;
  readonly focus: Location | null;
  /** Feints waiting on its defense, one a feinter (a new one by the same feinter replaces its last). */
  readonly feints: readonly PendingFeint[];
  readonly heldBy: string | null;
  readonly holding: string | null;
  /** On a held fighter: the holder's control points over it. */
  readonly controlPoints: number;
  /** It has tried to break free this round (one try a round, not an attack). */
  readonly breakTried: boolean;
}

export type RhfPhase = "focus" | "action" | "over";

export interface RhfFight {
  readonly round: number;
  /**
   * The range between each pair of fighters (RHF-RNG-1: a range is between
   * two), by their places in `fighters`: between i and j it is
   * `ranges[i * n + j]`, and the same at `ranges[j * n + i]` (n fighters;
   * the diagonal is unused). Read it with rangeBetween.
   */
  readonly ranges: readonly Range[];
  readonly phase: RhfPhase;
  readonly order: readonly string[];
  readonly turn: number;
  readonly sheets: readonly RhfFighter[];
  readonly fighters: readonly RhfFighterState[];
}

export type RhfAction =
  | { readonly kind: "strike"; readonly targetId: string; readonly pull?: boolean; readonly feint?: number }
  | { readonly kind: "hold"; readonly targetId: string }
  | { readonly kind: "breakFree" }
  | { readonly kind: "shoot"; readonly targetId: string; readonly shots: number }
  | { readonly kind: "burst"; readonly targetId: string }
  | { readonly kind: "areaFire"; readonly targetIds: readonly string[]; readonly spread: number };
export type RhfActionKind = RhfAction["kind"];
export const ACTION_KINDS = ["strike", "hold", "breakFree", "shoot", "burst", "areaFire"] as const;

function isActionKind(kind: unknown): kind is RhfActionKind {
  switch (kind) {
    case "strike":
    case "hold":
    case "breakFree":
    case "shoot":
    case "burst":
    case "areaFire":
      return true;
    default:
      return false;
  }
}

export type RhfDefense = "parry" | "dodge";
export const DEFENSES = ["parry", "dodge"] as const;

export const OUTCOMES = ["missed", "defended", "hit", "feinted", "held", "broke", "heldFast"] as const;
export type RhfOutcome = (typeof OUTCOMES)[number];

/** One roll of an action at one target, and what came of it. */
export interface RhfRoll {
  readonly targetId: string;
  readonly check: RhfCheck;
  readonly location: Location | null;
  readonly defense: { readonly kind: RhfDefense; readonly check: RhfCheck } | null;
  /** The d6 of a burst's or area fire's made roll. */
  readonly hitsDie: number | null;
  readonly injuries: readonly Injury[];
}

export interface RhfExchange {
  readonly round: number;
  readonly attackerId: string;
  readonly kind: RhfActionKind;
  /** The multiple attack penalty on its rolls. */
  readonly penalty: number;
  readonly feint: number;
  readonly pulled: boolean;
  readonly aimBonus: number;
  readonly rolls: readonly RhfRoll[];
  readonly outcome: RhfOutcome;
}

export interface ManeuverResult {
  readonly fight: RhfFight;
  readonly maneuver: RangeManeuver;
  /** The fighter it advanced on or withdrew from: only their range changes. */
  readonly opponentId: string;
  readonly check: RhfCheck;
  /** The range between the two after the roll. */
  readonly range: Range;
}

/* -------------------------------------------- */
/*  Reading the fight                           */
/* -------------------------------------------- */

const OUT: ReadonlySet<Condition> = new Set(["immobilized", "unconscious", "dying", "dead"]);
const WORSE: Readonly<Record<Condition, number>> = {
  standing: 0,
  immobilized: 1,
  unconscious: 2,
  dying: 3,
  dead: 4,
};

/** Out of the fight: immobilized, unconscious, dying or dead. */
export function isOut(state: RhfFighterState): boolean {
  return OUT.has(state.condition);
}

function indexOf(fight: RhfFight, id: string): number {
  const fighters = fight.fighters;
  for (let i = 0; i < fighters.length; i += 1) if (fighters[i]!.id === id) return i;
  return refuse("UnknownFighter", `no fighter "${id}" in this fight`, { id });
}

export function fighterState(fight: RhfFight, id: string): RhfFighterState {
  return fight.fighters[indexOf(fight, id)]!;
}

export function fighterSheet(fight: RhfFight, id: string): RhfFighter {
  return fight.sheets[indexOf(fight, id)]!;
}

function pairRange(fight: RhfFight, i: number, j: number): Range {
  return fight.ranges[i * fight.fighters.length + j]!;
}

/** RHF-RNG-1: the range between two fighters of the fight. */
export function rangeBetween(fight: RhfFight, aId: string, bId: string): Range {
  const a = indexOf(fight, aId);
  const b = indexOf(fight, bId);
  if (a === b) throw new RulesError("invalid-value", `"${aId}" is one fighter, not a pair`, { id: aId });
  return pairRange(fight, a, b);
}

/** Whose turn it is, or null outside the action phase. */
export function acting(fight: RhfFight): string | null {
  return fight.phase === "action" ? (fight.order[fight.turn] ?? null) : null;
}

type Editable = { -readonly [K in keyof RhfFighterState]: RhfFighterState[K] };

/** A fighter's state copied field by field: every copy has one shape, which keeps the hot path fast. */
function copyState(f: RhfFighterState): Editable {
  return {
    id: f.id,
    wounds: f.wounds,
    condition: f.condition,
    lastFreeAttackRound: f.lastFreeAttackRound,
    allowance: f.allowance,
    declared: f.declared,
    attacksMade: f.attacksMade,
    maneuvers: f.maneuvers,
    shots: f.shots,
    busy: f.busy,
    aimRounds: f.aimRounds,
    aimBonus: f.aimBonus,
    ammo: f.ammo,
    focus: f.focus,
    feints: f.feints,
    heldBy: f.heldBy,
    holding: f.holding,
    controlPoints: f.controlPoints,
    breakTried: f.breakTried,
  };
}

/** The fight with these fighters' states, built field by field. */
function withStates(fight: RhfFight, fighters: readonly RhfFighterState[]): RhfFight {
  return {
    round: fight.round,
    ranges: fight.ranges,
    phase: fight.phase,
    order: fight.order,
    turn: fight.turn,
    sheets: fight.sheets,
    fighters,
  };
}

/**
 * A transition at work: the fighters as they stand now, each the fight's
 * own object until it is first edited, then a copy of it that the
 * transition writes to; the fight given is never changed.
 */
interface Working {
  readonly fight: RhfFight;
  readonly fighters: RhfFighterState[];
}

function working(fight: RhfFight): Working {
  return { fight, fighters: fight.fighters.slice() };
}

function current(w: Working, i: number): RhfFighterState {
  return w.fighters[i]!;
}

function edit(w: Working, i: number): Editable {
  const f = w.fighters[i]!;
  if (f !== w.fight.fighters[i]) return f as Editable;
  const copy = copyState(f);
  w.fighters[i] = copy;
  return copy;
}

function finish(w: Working): RhfFight {
  return withStates(w.fight, w.fighters);
}

function withFighter(fight: RhfFight, i: number, change: Partial<RhfFighterState>): RhfFight {
  const w = working(fight);
  Object.assign(edit(w, i), change);
  return finish(w);
}

/* -------------------------------------------- */
/*  The fight and its rounds                    */
/* -------------------------------------------- */

/**
 * A fight between fighters (sheets checked once here). Each pair meets at
 * the longer of the ranges its two weapons strike at, a firearm counted as
 * the longest: whoever wields the longer weapon keeps the shorter off, and
 * the shorter must advance (docs/rules/rhf.md, "The three ranges").
 */
export function startFight(sheets: readonly RhfFighter[], options?: Partial<RhfRules>): RhfFight {
  const rules = resolveRhfOptions(options);
  if (sheets.length < 2) throw new RulesError("invalid-value", "a fight needs two fighters or more");
  const ids = new Set<string>();
  const reach: number[] = [];
  for (const sheet of sheets) {
    validateFighter(sheet, rules);
    if (ids.has(sheet.id)) throw new RulesError("invalid-value", `two fighters have the id "${sheet.id}"`);
    ids.add(sheet.id);
    reach.push(sheet.weapon.firearm ? RANGES.length - 1 : rangeIndex(weaponRange(sheet.weapon.kind, rules)));
  }
  const ranges: Range[] = [];
  for (const i of reach) for (const j of reach) ranges.push(RANGES[Math.max(i, j)]!);
  return {
    round: 0,
    ranges,
    phase: "over",
    order: [],
    turn: 0,
    sheets,
    fighters: sheets.map((s) => ({
      id: s.id,
      wounds: 0,
      condition: "standing",
      lastFreeAttackRound: 0,
      allowance: 0,
      declared: null,
      attacksMade: 0,
      maneuvers: 0,
      shots: 0,
      busy: null,
      aimRounds: 0,
      aimBonus: 0,
      ammo: s.weapon.firearm?.magazine ?? 0,
      focus: null,
      feints: [],
      heldBy: null,
      holding: null,
      controlPoints: 0,
      breakTried: false,
    })),
  };
}

/**
 * The next round: each fighter's allowance by Quickness (RHF-MAT-1), the
 * control points of every hold still held (RHF-HLD-1, RHF-HLD-2), feints
 * past their time dropped, concentrated defenses cleared; the order is by
 * Quickness, then weapon skill, then a d20 roll-off among those still
 * equal (the higher first, rolled again while equal), so the order the
 * fighters were given in never decides. `dice` is needed only for a tie.
 */
export function startRound(fight: RhfFight, options?: Partial<RhfRules>, dice?: DiceSource): RhfFight {
  const rules = resolveRhfOptions(options);
  if (fight.phase !== "over") refuse("WrongPhase", `round ${fight.round} is not over`);
  const round = fight.round + 1;
  const fighters = fight.fighters.map((f, i): RhfFighterState => {
    const sheet = fight.sheets[i]!;
    let controlPoints = f.controlPoints;
    let condition = f.condition;
    if (f.heldBy !== null && (condition === "standing" || condition === "immobilized")) {
      const holder = fight.sheets[indexOf(fight, f.heldBy)]!;
      controlPoints += controlPointsPerRound(holder.strength, rules);
      if (isImmobilized(controlPoints, sheet.strength)) condition = "immobilized";
    }
    const out = OUT.has(condition) && !(condition === "immobilized" && rules.immobilizedMayBreak);
    return {
      ...f,
      condition,
      controlPoints,
      allowance: out ? 0 : attackAllowance(sheet.quickness, round, f.lastFreeAttackRound, rules),
      declared: null,
      attacksMade: 0,
      maneuvers: 0,
      shots: 0,
      busy: null,
      breakTried: false,
      focus: null,
      feints: f.feints.some((x) => x.untilRound < round)
        ? f.feints.filter((x) => x.untilRound >= round)
        : f.feints,
    };
  });
  // A holder immobilized in turn by another lets its own victim go (RHF-HLD-2: no longer any action).
  const w = working({ ...fight, fighters });
  for (let i = 0; i < fighters.length; i += 1)
    if (fighters[i]!.condition === "immobilized" && fighters[i]!.holding !== null) letGo(w, i);
  for (let i = 0; i < fighters.length; i += 1) fighters[i] = w.fighters[i]!;
  const acts: number[] = [];
  for (let i = 0; i < fighters.length; i += 1) {
    const f = fighters[i]!;
    if (!OUT.has(f.condition) || (f.condition === "immobilized" && rules.immobilizedMayBreak)) acts.push(i);
  }
  const ahead = (x: number, y: number): number => {
    const p = fight.sheets[x]!;
    const q = fight.sheets[y]!;
    return q.quickness - p.quickness || q.skills.weapon - p.skills.weapon;
  };
  const slots = orderWithRollOff(acts, ahead, (i) => fighters[i]!.id, dice, rules.rollOffDie, "refuse");
  const order = slots.map((slot) => fighters[slot[0]!]!.id);
  return { ...fight, round, phase: "focus", order, turn: 0, fighters };
}

/** RHF-DFA-1: the area a fighter concentrates its defense on this round (null: none). */
export function declareFocus(
  fight: RhfFight,
  id: string,
  focus: Location | null,
  options?: Partial<RhfRules>,
): RhfFight {
  const rules = resolveRhfOptions(options);
  if (fight.phase !== "focus") refuse("WrongPhase", "a concentrated defense is chosen before the actions");
  if (focus !== null && !Object.hasOwn(rules.focus, focus))
    throw new RulesError("invalid-value", `"${String(focus)}" is not an area to defend`, { focus });
  return withFighter(fight, indexOf(fight, id), { focus });
}

export function beginActions(fight: RhfFight): RhfFight {
  if (fight.phase !== "focus") refuse("WrongPhase", "the actions begin after the concentrated defenses");
  return { ...fight, phase: fight.order.length > 0 ? "action" : "over", turn: 0 };
}

/**
 * Passes the turn on, past fighters now out (an immobilized one too, unless
 * the rules let it try to break free); after the last, the round is over.
 */
export function endTurn(fight: RhfFight, options?: Partial<RhfRules>): RhfFight {
  const rules = resolveRhfOptions(options);
  if (fight.phase !== "action") refuse("WrongPhase", "no turn to end");
  let turn = fight.turn + 1;
  while (turn < fight.order.length) {
    const f = fight.fighters[indexOf(fight, fight.order[turn]!)]!;
    if (!OUT.has(f.condition) || (f.condition === "immobilized" && rules.immobilizedMayBreak)) break;
    turn += 1;
  }
  return turn >= fight.order.length ? { ...fight, phase: "over", turn } : { ...fight, turn };
}

/* -------------------------------------------- */
/*  What a turn may do                          */
/* -------------------------------------------- */

/** A range maneuver open toward one opponent (RHF-RNG-3). */
export interface OpenManeuver {
  readonly opponentId: string;
  readonly maneuver: RangeManeuver;
}

export interface TurnOptions {
  /**
   * The range maneuver open now toward its one opponent (RHF-RNG-3), null
   * when none is, or when several opponents stand (then see `maneuvers`).
   */
  readonly maneuver: RangeManeuver | null;
  /** Every range maneuver open now, one an opponent whose range is not its weapon's. */
  readonly maneuvers: readonly OpenManeuver[];
  /** Some opponent stands at its weapon's range (and may be struck). */
  readonly strike: boolean;
  readonly hold: boolean;
  readonly breakFree: boolean;
  readonly shoot: boolean;
  readonly burst: boolean;
  readonly aim: boolean;
  readonly reload: boolean;
  readonly release: boolean;
  readonly allowance: number;
  /** The most attacks it may declare (or has declared). */
  readonly maxAttacks: number;
  /** Attacks it may still make this round. */
  readonly attacksLeft: number;
  /** The target number of a Hard roll for the maneuver (its weapon skill). */
  readonly maneuverTarget: number;
}

function requireTurn(fight: RhfFight, id: string): number {
  if (fight.phase !== "action") refuse("WrongPhase", "not in the action phase");
  if (acting(fight) !== id) refuse("NotYourTurn", `it is not ${id}'s turn`, { id });
  const i = indexOf(fight, id);
  const f = fight.fighters[i]!;
  if (f.condition === "immobilized") return i;
  if (OUT.has(f.condition)) refuse("OutOfFight", `${id} is out of the fight`, { id });
  return i;
}

/** A fighter an action may aim at: one still standing, or immobilized by a hold. */
function targetable(f: RhfFighterState): boolean {
  return f.condition === "standing" || f.condition === "immobilized";
}

/** What the acting fighter may do now. */
export function turnOptions(fight: RhfFight, id: string, options?: Partial<RhfRules>): TurnOptions {
  const rules = resolveRhfOptions(options);
  const i = requireTurn(fight, id);
  const f = fight.fighters[i]!;
  const sheet = fight.sheets[i]!;
  const gun = sheet.weapon.firearm;
  const immobilized = f.condition === "immobilized";
  const free = f.busy === null && !immobilized;
  const idle = free && f.attacksMade === 0 && f.maneuvers === 0;
  const most = f.declared ?? maxAttacks(sheet.skills.weapon, f.allowance, rules);
  const left = Math.max(0, most - f.attacksMade);
  const penalty = multipleAttackPenalty(f.declared ?? 1, f.allowance, rules);
  const canAttack = free && f.holding === null && left > 0;
  const mayManeuver =
    free && f.heldBy === null && f.holding === null && f.maneuvers < rules.rangeManeuversPerRound;
  const maneuvers: OpenManeuver[] = [];
  let opponents = 0;
  let inReach = false;
  let inHoldRange = false;
  for (let j = 0; j < fight.fighters.length; j += 1) {
    const other = fight.fighters[j]!;
    if (j === i || !targetable(other)) continue;
    opponents += 1;
    const range = pairRange(fight, i, j);
    // Held, it strikes only its holder (attack refuses any other).
    if ((f.heldBy === null || f.heldBy === other.id) && canStrikeAt(sheet.weapon.kind, range, rules))
      inReach = true;
    if (range === rules.holdRange && other.heldBy === null) inHoldRange = true;
    const toward = mayManeuver ? maneuverToward(sheet.weapon.kind, range, rules) : null;
    if (toward !== null) maneuvers.push({ opponentId: other.id, maneuver: toward });
  }
  return {
    maneuver: opponents === 1 ? (maneuvers[0]?.maneuver ?? null) : null,
    maneuvers,
    strike: canAttack && inReach && skillAllows(sheet.skills.weapon, penalty, rules),
    hold: canAttack && f.heldBy === null && inHoldRange && skillAllows(sheet.skills.unarmed, penalty, rules),
    breakFree:
      f.heldBy !== null && (!immobilized || rules.immobilizedMayBreak) && f.busy === null && !f.breakTried,
    shoot: canAttack && gun !== undefined && f.ammo > 0 && f.shots < gun.rateOfFire && f.heldBy === null,
    burst:
      canAttack &&
      gun?.autofire === true &&
      f.ammo > 0 &&
      f.shots + Math.min(rules.burstShots, f.ammo) <= gun.rateOfFire &&
      f.heldBy === null,
    aim:
      idle &&
      gun !== undefined &&
      f.heldBy === null &&
      f.holding === null &&
      f.aimRounds < aimRoundsAllowed(sheet.familiar, rules),
    reload: idle && gun !== undefined && f.heldBy === null && f.holding === null && f.ammo < gun.magazine,
    release: f.holding !== null,
    allowance: f.allowance,
    maxAttacks: most,
    attacksLeft: left,
    maneuverTarget: hardTarget(sheet.skills.weapon, rules),
  };
}

/* -------------------------------------------- */
/*  Range maneuvers (RHF-RNG-3)                 */
/* -------------------------------------------- */

/**
 * An advance or a withdraw on one opponent: a Hard roll under the
 * fighter's weapon skill; made, the range between the two becomes its
 * weapon's, and every other pair's stays as it was. One a round; not an
 * attack, so it neither uses the allowance nor adds a penalty.
 * `opponentId` may be left out while one opponent stands; with several
 * it names the one.
 */
export function rangeManeuver(
  fight: RhfFight,
  id: string,
  maneuver: RangeManeuver,
  dice: DiceSource,
  options?: Partial<RhfRules>,
  opponentId?: string,
): ManeuverResult {
  const rules = resolveRhfOptions(options);
  const i = requireTurn(fight, id);
  const f = fight.fighters[i]!;
  const sheet = fight.sheets[i]!;
  if (maneuver !== "advance" && maneuver !== "withdraw")
    throw new RulesError(
      "unknown-maneuver",
      `"${String(maneuver)}" is not a range maneuver (advance, withdraw)`,
    );
  if (f.condition === "immobilized") refuse("Immobilized", `${id} is immobilized`);
  if (f.busy !== null) refuse("Busy", `${id} spends the round on ${f.busy}`);
  if (f.heldBy !== null) refuse("Held", `${id} is held`);
  if (f.holding !== null) refuse("Holding", `${id} is holding`);
  if (f.maneuvers >= rules.rangeManeuversPerRound)
    refuse("ManeuverUsed", `${id} has made its range maneuver this round`);
  const o = opponentId === undefined ? soleOpponent(fight, i) : indexOf(fight, opponentId);
  if (o === i) refuse("BadTarget", "a fighter does not advance on itself");
  const opponent = fight.fighters[o]!;
  if (!targetable(opponent)) refuse("BadTarget", `${opponent.id} is out of the fight`);
  const now = pairRange(fight, i, o);
  const needed = maneuverToward(sheet.weapon.kind, now, rules);
  if (needed !== maneuver)
    refuse(
      "ManeuverNotNeeded",
      `${id} cannot ${maneuver} on ${opponent.id} at ${now} with a ${sheet.weapon.kind}`,
      { needed },
    );
  const check = rollCheck(hardTarget(sheet.skills.weapon, rules), dice);
  const range = check.success ? weaponRange(sheet.weapon.kind, rules) : now;
  let moved = fight;
  if (range !== now) {
    const n = fight.fighters.length;
    const ranges = fight.ranges.slice();
    ranges[i * n + o] = range;
    ranges[o * n + i] = range;
    moved = { ...fight, ranges };
  }
  const next = withFighter(moved, i, { maneuvers: f.maneuvers + 1, aimRounds: 0, aimBonus: 0 });
  return { fight: next, maneuver, opponentId: opponent.id, check, range };
}

/**
 * The one other fighter still standing (or immobilized); with several, the
 * caller must name one; with none, -1 when `noneOk`, else refused.
 */
function soleOpponent(fight: RhfFight, i: number, noneOk = false): number {
  let found = -1;
  for (let j = 0; j < fight.fighters.length; j += 1) {
    if (j === i || !targetable(fight.fighters[j]!)) continue;
    if (found >= 0) refuse("ManyFighters", "several opponents stand: name the one meant");
    found = j;
  }
  if (found < 0 && !noneOk) refuse("BadTarget", "no opponent stands");
  return found;
}

/* -------------------------------------------- */
/*  Attacks                                     */
/* -------------------------------------------- */

/** RHF-MAT-2: how many attacks the fighter makes this round, before its first. */
export function declareAttacks(
  fight: RhfFight,
  id: string,
  attacks: number,
  options?: Partial<RhfRules>,
): RhfFight {
  const rules = resolveRhfOptions(options);
  const i = requireTurn(fight, id);
  const f = fight.fighters[i]!;
  if (f.declared !== null || f.attacksMade > 0) refuse("AlreadyAttacking", `${id} has declared its attacks`);
  if (f.busy !== null) refuse("Busy", `${id} spends the round on ${f.busy}`);
  requireInteger(attacks, "a number of attacks", 1, 100);
  // The best skill it may attack with here: each attack is then held to the skill it rolls.
  const sheet = fight.sheets[i]!;
  let atHoldRange = false;
  for (let j = 0; j < fight.fighters.length; j += 1)
    if (j !== i && targetable(fight.fighters[j]!) && pairRange(fight, i, j) === rules.holdRange)
      atHoldRange = true;
  const skill = atHoldRange ? Math.max(sheet.skills.weapon, sheet.skills.unarmed) : sheet.skills.weapon;
  checkAttackCount(attacks, skill, f.allowance, rules);
  return withFighter(fight, i, { declared: attacks });
}

/**
 * The defenses open to `defenderId` against this action (RHF-RNG-2): a
 * parry with a weapon that parries at this range, a dodge always; none
 * for an immobilized fighter; a held one may not dodge unless
 * `heldMayDodge`; shots are not
 * parried, and dodged only when `dodgeShots`.
 */
export function defenseOptions(
  fight: RhfFight,
  defenderId: string,
  kind: RhfActionKind,
  options?: Partial<RhfRules>,
  attackerId?: string,
): RhfDefense[] {
  const rules = resolveRhfOptions(options);
  const i = indexOf(fight, defenderId);
  if (attackerId === defenderId) refuse("BadTarget", "a fighter does not defend against itself");
  if (OUT.has(fight.fighters[i]!.condition) || kind === "breakFree") return [];
  const by = attackerId ?? acting(fight);
  const a = by !== null && by !== defenderId ? indexOf(fight, by) : soleOpponent(fight, i, true);
  if (a < 0) return [];
  const out: RhfDefense[] = [];
  for (const defense of DEFENSES) if (defenseOpen(fight, i, a, kind, defense, rules)) out.push(defense);
  return out;
}

/**
 * Whether fighter `i` may answer this kind of action by fighter `a` with
 * this defense (defenseOptions' rule); a parry reads the range between the two.
 */
function defenseOpen(
  fight: RhfFight,
  i: number,
  a: number,
  kind: RhfActionKind,
  defense: RhfDefense,
  rules: RhfRules,
): boolean {
  const f = fight.fighters[i]!;
  if (OUT.has(f.condition) || kind === "breakFree") return false;
  const fire = kind === "shoot" || kind === "burst" || kind === "areaFire";
  if (defense === "parry")
    return (
      !fire && f.holding === null && canParryAt(fight.sheets[i]!.weapon.kind, pairRange(fight, i, a), rules)
    );
  return (f.heldBy === null || rules.heldMayDodge) && (!fire || rules.dodgeShots);
}

export interface AttackResult {
  readonly fight: RhfFight;
  readonly exchange: RhfExchange;
}

/** How much worse a condition is than another: a blow only ever worsens it. */
function worst(a: Condition, b: Condition): Condition {
  return WORSE[b] > WORSE[a] ? b : a;
}

/** Lands one injury: wound points, and the worst condition it brings; a hold ends when either side is down. */
function land(w: Working, i: number, injury: Injury, rules: RhfRules): void {
  const f = edit(w, i);
  f.wounds += injury.woundPoints;
  let condition = f.condition;
  if (f.wounds >= rules.woundLimit) condition = worst(condition, "unconscious");
  if (injury.dying) condition = worst(condition, "dying");
  if (injury.killed) condition = worst(condition, "dead");
  f.condition = condition;
  if (condition !== "standing" && condition !== "immobilized") releaseAround(w, i);
}

/** The fighter stops holding: its victim is free, and no longer immobilized. */
function letGo(w: Working, i: number): void {
  const held = current(w, i).holding;
  if (held === null) return;
  const victim = edit(w, indexOf(w.fight, held));
  victim.heldBy = null;
  victim.controlPoints = 0;
  if (victim.condition === "immobilized") victim.condition = "standing";
  edit(w, i).holding = null;
}

/** A fighter out of the fight lets go, and is let go. */
function releaseAround(w: Working, i: number): void {
  letGo(w, i);
  const holder = current(w, i).heldBy;
  if (holder !== null) {
    edit(w, indexOf(w.fight, holder)).holding = null;
    const f = edit(w, i);
    f.heldBy = null;
    f.controlPoints = 0;
  }
}

function requireTarget(w: Working, attacker: number, targetId: string): number {
  const t = indexOf(w.fight, targetId);
  if (t === attacker) refuse("BadTarget", "a fighter does not attack itself");
  const target = current(w, t);
  if (target.condition !== "standing" && target.condition !== "immobilized")
    refuse("BadTarget", `${targetId} is out of the fight`);
  return t;
}

/** The defense roll's target: the skill, the concentrated defense, and a waiting feint's penalty. */
function defend(
  w: Working,
  t: number,
  attackerId: string,
  defense: RhfDefense,
  location: Location | null,
  extraPenalty: number,
  dice: DiceSource,
  rules: RhfRules,
): RhfCheck {
  const f = current(w, t);
  const sheet = w.fight.sheets[t]!;
  let target = defense === "parry" ? sheet.skills.weapon : sheet.skills.dodge;
  if (f.focus !== null && location !== null && (defense === "parry" || rules.focusAffectsDodge)) {
    const m = rules.focus[f.focus];
    target += f.focus === location ? m.there : m.elsewhere;
  }
  target -= extraPenalty;
  const feints = f.feints;
  for (let k = 0; k < feints.length; k += 1) {
    const waiting = feints[k]!;
    if (waiting.by !== attackerId || waiting.untilRound < w.fight.round) continue;
    target -= waiting.penalty;
    edit(w, t).feints = feints.filter((x) => x !== waiting);
    break;
  }
  return rollCheck(target, dice);
}

/**
 * One hit roll and what follows: a made roll finds its location; the
 * defender, when it chose an open defense, rolls; a hit not defended is
 * injured (`hits` times, each its own location but the first).
 */
function resolveRoll(
  w: Working,
  attackerId: string,
  t: number,
  target: number,
  defense: RhfDefense | null,
  defensePenalty: number,
  injuryModifier: number,
  pulled: boolean,
  hitsTable: "single" | "burst" | "area",
  dice: DiceSource,
  rules: RhfRules,
): RhfRoll {
  const targetId = w.fight.fighters[t]!.id;
  const check = rollCheck(target, dice);
  if (!check.success) return { targetId, check, location: null, defense: null, hitsDie: null, injuries: [] };
  const locationDie = dice.roll(20);
  const location = locationOf(locationDie, rules);
  let defended: RhfRoll["defense"] = null;
  if (defense !== null && !OUT.has(current(w, t).condition)) {
    const d = defend(w, t, attackerId, defense, location, defensePenalty, dice, rules);
    defended = { kind: defense, check: d };
    if (d.success) return { targetId, check, location, defense: defended, hitsDie: null, injuries: [] };
  }
  let hits = 1;
  let hitsDie: number | null = null;
  if (hitsTable !== "single") {
    hitsDie = dice.roll(6);
    hits = hitsOn(hitsDie, hitsTable === "burst" ? rules.burstHits : rules.areaHits);
  }
  const npc = w.fight.sheets[t]!.npc;
  const injuries: Injury[] = [];
  for (let h = 0; h < hits; h += 1) {
    const injury =
      h === 0
        ? rollInjury(injuryModifier, pulled, npc, dice, rules, location, locationDie)
        : rollInjury(injuryModifier, pulled, npc, dice, rules);
    injuries.push(injury);
    land(w, t, injury, rules);
  }
  return { targetId, check, location, defense: defended, hitsDie, injuries };
}

function outcomeOf(rolls: readonly RhfRoll[]): RhfOutcome {
  let defended = false;
  for (const r of rolls) {
    if (r.injuries.length > 0) return "hit";
    if (r.defense?.check.success) defended = true;
  }
  return defended ? "defended" : "missed";
}

/**
 * One attack of the acting fighter (RHF-MAT-2 counts it): a blow (a feint
 * or a pulled swing, RHF-FNT-1, RHF-PUL-1), a hold or an attempt to break
 * one (RHF-HLD-1 … RHF-HLD-3), shots, a burst or area fire (RHF-REC-1 …
 * RHF-AIM-1). `defense` is the target's choice among defenseOptions, or
 * null to take it; it is asked before the dice, as at the table, and used
 * only if the attack roll is made. Area fire at several targets takes a
 * list, each target's own choice in the order of `targetIds` (RHF-AUT-2:
 * "For each target, do a skill roll"). Without a declaration the fighter
 * declares one attack.
 */
export function attack(
  fight: RhfFight,
  attackerId: string,
  action: RhfAction,
  defense: RhfDefense | null | readonly (RhfDefense | null)[],
  dice: DiceSource,
  options?: Partial<RhfRules>,
): AttackResult {
  const rules = resolveRhfOptions(options);
  const a = requireTurn(fight, attackerId);
  const f = fight.fighters[a]!;
  const sheet = fight.sheets[a]!;
  const kind = action?.kind;
  if (!isActionKind(kind))
    throw new RulesError(
      "unknown-maneuver",
      `"${String(kind)}" is not an action (${ACTION_KINDS.join(", ")})`,
    );
  if (f.busy !== null) refuse("Busy", `${attackerId} spends the round on ${f.busy}`);
  if (f.condition === "immobilized" && !(kind === "breakFree" && rules.immobilizedMayBreak))
    refuse("Immobilized", `${attackerId} is immobilized`);
  if (kind === "breakFree") {
    if (defense !== null) refuse("NoDefense", "breaking free is not defended");
    return breakFree(fight, a, dice);
  }
  if (f.holding !== null) refuse("Holding", `${attackerId} is holding ${f.holding}: release first`);
  const declared = f.declared ?? 1;
  // RHF-MAT-2's limit is on the skill this attack rolls: a hold rolls Unarmed Combat.
  const rolled = kind === "hold" ? sheet.skills.unarmed : sheet.skills.weapon;
  // One attack is always within an allowance of one or more: only a fighter with none needs the skill's leave.
  if (f.declared === null && f.allowance < 1) checkAttackCount(1, rolled, f.allowance, rules);
  const counts = kind === "shoot" && rules.shotsAreAttacks ? action.shots : 1;
  if (f.attacksMade + counts > declared)
    refuse("NoAttackLeft", `${attackerId} has made the ${declared} attack(s) it declared`);
  const penalty = multipleAttackPenalty(declared, f.allowance, rules);
  if (!skillAllows(rolled, penalty, rules))
    refuse(
      "SkillTooLow",
      `${attackerId}'s skill of ${rolled} does not carry the −${penalty} of its attacks`,
      {
        skill: rolled,
        penalty,
      },
    );
  // Each target's defense, checked before any die: one for one target, a list for area fire.
  let single: RhfDefense | null = null;
  let each: readonly (RhfDefense | null)[] | null = null;
  if (Array.isArray(defense)) {
    if (action.kind !== "areaFire" || defense.length !== action.targetIds.length)
      refuse("NoDefense", "a list of defenses answers area fire, one a target in the order named");
    each = defense;
    for (let k = 0; k < defense.length; k += 1)
      if (defense[k] !== null) checkDefense(fight, a, action.targetIds[k]!, kind, defense[k], rules);
  } else if (defense !== null) {
    if (action.kind === "areaFire" && action.targetIds.length !== 1)
      refuse("NoDefense", "area fire at several targets takes a list of defenses, one a target");
    single = defense as RhfDefense;
    checkDefense(
      fight,
      a,
      action.kind === "areaFire" ? action.targetIds[0]! : action.targetId,
      kind,
      single,
      rules,
    );
  }
  const w = working(fight);
  const me = edit(w, a);
  me.declared = declared;
  me.attacksMade = f.attacksMade + counts;
  if (f.allowance > 0) me.lastFreeAttackRound = fight.round;
  const gun = sheet.weapon.firearm;
  const row = weaponRow(sheet.weapon.kind, rules);
  const injuryMod = row.injury;
  const rolls: RhfRoll[] = [];
  let outcome: RhfOutcome;
  let feint = 0;
  let pulled = false;
  let aimBonus = 0;

  switch (action.kind) {
    case "strike": {
      const t = requireTarget(w, a, action.targetId);
      const range = pairRange(fight, a, t);
      if (row.range !== range)
        refuse("OutOfReach", `a ${sheet.weapon.kind} does not strike at ${range}`, { range });
      if (f.heldBy !== null && f.heldBy !== action.targetId)
        refuse("Held", `${attackerId} is held by ${f.heldBy}`);
      feint = action.feint ?? 0;
      requireInteger(feint, "a feint's penalty", 0, 100);
      pulled = action.pull === true;
      const target = sheet.skills.weapon - penalty - feint;
      if (feint > 0 && rules.feintReading === "setup") {
        const check = rollCheck(target, dice);
        rolls.push({
          targetId: action.targetId,
          check,
          location: null,
          defense: null,
          hitsDie: null,
          injuries: [],
        });
        if (check.success) {
          const others = current(w, t).feints.filter((x) => x.by !== attackerId);
          others.push({ by: attackerId, penalty: feint, untilRound: fight.round + rules.feintRounds });
          edit(w, t).feints = others;
        }
        outcome = check.success ? "feinted" : "missed";
        break;
      }
      rolls.push(
        resolveRoll(w, attackerId, t, target, single, feint, injuryMod, pulled, "single", dice, rules),
      );
      outcome = outcomeOf(rolls);
      break;
    }
    case "hold": {
      if (f.heldBy !== null) refuse("Held", `${attackerId} is held`);
      const t = requireTarget(w, a, action.targetId);
      const range = pairRange(fight, a, t);
      if (range !== rules.holdRange)
        refuse("OutOfReach", `a hold is tried at ${rules.holdRange}, not ${range}`, { range });
      const victim = current(w, t);
      if (victim.heldBy !== null) refuse("BadTarget", `${action.targetId} is held already`);
      const check = rollCheck(sheet.skills.unarmed - penalty, dice);
      let defended: RhfRoll["defense"] = null;
      if (check.success && single !== null) {
        const d = defend(w, t, attackerId, single, null, 0, dice, rules);
        defended = { kind: single, check: d };
      }
      const held = check.success && !(defended?.check.success ?? false);
      if (held) {
        const points = rules.holdFirstRoundCounts ? controlPointsPerRound(sheet.strength, rules) : 0;
        const victimSheet = fight.sheets[t]!;
        const immobilized = isImmobilized(points, victimSheet.strength);
        const held = edit(w, t);
        held.heldBy = attackerId;
        held.controlPoints = points;
        if (immobilized) held.condition = "immobilized";
        me.holding = action.targetId;
        // Immobilized, it "can take no longer any action": a hold of its own is let go.
        if (immobilized) letGo(w, t);
      }
      rolls.push({
        targetId: action.targetId,
        check,
        location: null,
        defense: defended,
        hitsDie: null,
        injuries: [],
      });
      outcome = held ? "held" : defended?.check.success ? "defended" : "missed";
      break;
    }
    case "shoot": {
      if (!gun) refuse("NoFirearm", `${attackerId}'s ${sheet.weapon.kind} does not fire`);
      if (f.heldBy !== null) refuse("Held", `${attackerId} is held`);
      requireInteger(action.shots, "a number of shots", 1, 1000);
      if (action.shots > f.ammo)
        refuse("NoAmmunition", `${action.shots} shots, ${f.ammo} left`, { ammo: f.ammo });
      if (f.shots + action.shots > gun.rateOfFire)
        refuse(
          "RateOfFire",
          `${f.shots + action.shots} shots this round, the weapon fires ${gun.rateOfFire}`,
        );
      const t = requireTarget(w, a, action.targetId);
      const strength = recoilStrength(sheet.strength, gun.grip, rules);
      aimBonus = f.aimBonus;
      // The firer stops when the target drops: the shots not fired are neither spent nor counted for recoil.
      let fired = 0;
      while (fired < action.shots) {
        const down = current(w, t).condition;
        if (down !== "standing" && down !== "immobilized") break;
        fired += 1;
        const target =
          sheet.skills.weapon -
          penalty +
          recoilPenalty(f.shots + fired, strength, gun.recoil) +
          (fired === 1 ? aimBonus : 0);
        rolls.push(resolveRoll(w, attackerId, t, target, single, 0, injuryMod, false, "single", dice, rules));
      }
      me.shots = f.shots + fired;
      me.ammo = f.ammo - fired;
      outcome = outcomeOf(rolls);
      break;
    }
    case "burst":
    case "areaFire": {
      if (!gun) refuse("NoFirearm", `${attackerId}'s ${sheet.weapon.kind} does not fire`);
      if (!gun.autofire) refuse("NoAutofire", `${attackerId}'s ${sheet.weapon.kind} has no autofire`);
      if (f.heldBy !== null) refuse("Held", `${attackerId} is held`);
      if (f.ammo === 0) refuse("NoAmmunition", `${attackerId} has no rounds left`);
      const shots = Math.min(rules.burstShots, f.ammo);
      if (f.shots + shots > gun.rateOfFire)
        refuse("RateOfFire", `${f.shots + shots} shots this round, the weapon fires ${gun.rateOfFire}`);
      aimBonus = f.aimBonus;
      const target = sheet.skills.weapon - penalty + aimBonus;
      if (action.kind === "burst") {
        const t = requireTarget(w, a, action.targetId);
        const count = burstRollCount(shots, rules);
        for (let r = 0; r < count; r += 1)
          rolls.push(
            resolveRoll(w, attackerId, t, target, single, 0, injuryMod, false, "burst", dice, rules),
          );
      } else {
        checkAreaFire(action.targetIds.length, action.spread, rules);
        const seen = new Set<string>();
        const targets = action.targetIds.map((id) => {
          if (seen.has(id)) refuse("BadTarget", `${id} is named twice`);
          seen.add(id);
          return requireTarget(w, a, id);
        });
        for (let k = 0; k < targets.length; k += 1) {
          const answer = each === null ? single : each[k]!;
          rolls.push(
            resolveRoll(w, attackerId, targets[k]!, target, answer, 0, injuryMod, false, "area", dice, rules),
          );
        }
      }
      me.shots = f.shots + shots;
      me.ammo = f.ammo - shots;
      outcome = outcomeOf(rolls);
      break;
    }
  }
  // Anything but aiming and firing loses the aim; a firing spends it.
  me.aimRounds = 0;
  me.aimBonus = 0;
  return {
    fight: finish(w),
    exchange: { round: fight.round, attackerId, kind, penalty, feint, pulled, aimBonus, rolls, outcome },
  };
}

/** Refuses a defense `defenderId` may not make against this action of fighter `a`. */
function checkDefense(
  fight: RhfFight,
  a: number,
  defenderId: string,
  kind: RhfActionKind,
  defense: unknown,
  rules: RhfRules,
): void {
  const d = indexOf(fight, defenderId);
  if (!(defense === "parry" || defense === "dodge") || !defenseOpen(fight, d, a, kind, defense, rules))
    refuse("NoDefense", `${defenderId} cannot ${String(defense)} this`, {
      open: defenseOptions(fight, defenderId, kind, rules, fight.fighters[a]!.id),
    });
}

/**
 * RHF-HLD-3: "To break a holding you must succeed at an Unarmed combat
 * roll." The text makes it a roll, not an attack: it uses no allowance,
 * takes no multiple attack penalty and adds none; one try a round, so a
 * held fighter cannot roll until it succeeds. Any aim is lost.
 */
function breakFree(fight: RhfFight, a: number, dice: DiceSource): AttackResult {
  const f = fight.fighters[a]!;
  const attackerId = f.id;
  if (f.heldBy === null) refuse("NotHeld", `${attackerId} is not held`);
  if (f.breakTried) refuse("BreakTried", `${attackerId} has tried to break free this round`);
  const w = working(fight);
  const holderId = f.heldBy;
  const check = rollCheck(fight.sheets[a]!.skills.unarmed, dice);
  const me = edit(w, a);
  me.breakTried = true;
  me.aimRounds = 0;
  me.aimBonus = 0;
  if (check.success) {
    me.heldBy = null;
    me.controlPoints = 0;
    me.condition = "standing";
    edit(w, indexOf(fight, holderId)).holding = null;
  }
  const outcome: RhfOutcome = check.success ? "broke" : "heldFast";
  return {
    fight: finish(w),
    exchange: {
      round: fight.round,
      attackerId,
      kind: "breakFree",
      penalty: 0,
      feint: 0,
      pulled: false,
      aimBonus: 0,
      rolls: [{ targetId: holderId, check, location: null, defense: null, hitsDie: null, injuries: [] }],
      outcome,
    },
  };
}

/* -------------------------------------------- */
/*  Whole-round actions and letting go          */
/* -------------------------------------------- */

export interface AimResult {
  readonly fight: RhfFight;
  readonly check: RhfCheck;
  readonly bonus: number;
}

/**
 * RHF-AIM-1: a round of aiming (the whole round): a Spot roll, +5 to hit
 * on a success, kept for the next firing; a second round only for one
 * familiar with the weapon. Anything else it does but aim or fire loses it.
 */
export function aim(fight: RhfFight, id: string, dice: DiceSource, options?: Partial<RhfRules>): AimResult {
  const rules = resolveRhfOptions(options);
  const i = requireTurn(fight, id);
  const f = fight.fighters[i]!;
  const sheet = fight.sheets[i]!;
  if (!sheet.weapon.firearm) refuse("NoFirearm", `${id}'s ${sheet.weapon.kind} is not aimed`);
  if (f.busy !== null || f.attacksMade > 0 || f.maneuvers > 0)
    refuse("Busy", `aiming takes ${id}'s whole round`);
  if (f.heldBy !== null) refuse("Held", `${id} is held`);
  if (f.holding !== null) refuse("Holding", `${id} is holding`);
  const rolled = rollAim(sheet.skills.spot, f.aimRounds, sheet.familiar, dice, rules);
  return {
    fight: withFighter(fight, i, {
      busy: "aim",
      aimRounds: f.aimRounds + 1,
      aimBonus: f.aimBonus + rolled.bonus,
    }),
    check: rolled.check,
    bonus: rolled.bonus,
  };
}

/** Reloading a firearm takes the whole round and loses any aim. */
export function reload(fight: RhfFight, id: string): RhfFight {
  const i = requireTurn(fight, id);
  const f = fight.fighters[i]!;
  const gun = fight.sheets[i]!.weapon.firearm;
  if (!gun) refuse("NoFirearm", `${id}'s weapon is not loaded`);
  if (f.busy !== null || f.attacksMade > 0 || f.maneuvers > 0)
    refuse("Busy", `reloading takes ${id}'s whole round`);
  if (f.heldBy !== null) refuse("Held", `${id} is held`);
  if (f.ammo >= gun.magazine) refuse("Full", `${id}'s weapon is loaded`);
  return withFighter(fight, i, { busy: "reload", ammo: gun.magazine, aimRounds: 0, aimBonus: 0 });
}

/** RHF-HLD-2: the holder stops holding; the victim is free (and no longer immobilized). */
export function releaseHold(fight: RhfFight, id: string): RhfFight {
  const i = requireTurn(fight, id);
  if (fight.fighters[i]!.holding === null) refuse("NotHeld", `${id} holds no one`);
  const w = working(fight);
  releaseAround(w, i);
  return finish(w);
}
