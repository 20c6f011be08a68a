import type { DiceSource } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import { type Fraction, H2H_DEFAULTS, type H2hRules } from "./config";
import {
  armorSplit,
  halfBonus,
  multipliedDamage,
  pulledDamage,
  rollMoveDice,
  shareOf,
  WHOLE,
  ZERO,
} from "./damage";
import { validateH2hFighter } from "./fighter";
import type { MoveData } from "./moves";
import { beatsStrike, type D20Roll, strikeLands } from "./strike";
import {
  ACTIONS,
  type ActionId,
  DEFENSES,
  type DefenseId,
  type H2hBonuses,
  type H2hFighter,
  type H2hOut,
  type H2hWeapon,
  MODIFIERS,
  MOVE_IDS,
  type ModifierId,
  type MoveId,
  type PullPunch,
  RANGES,
  type Range,
  REDUCTIONS,
  type ReductionId,
} from "./types";

/**
 * The Hand to Hand melee round as plain data and one transition, `act`.
 * A melee is spent exchange by exchange until every attack is used
 * ("go back to step one and proceed until all attacks have been used"):
 * each exchange rolls initiative (or reads who lost it), the winner
 * declares, strikes, the other defends, damage and its reduction follow.
 * People's choices are inputs (`H2hInput`); `expecting` says whose choice
 * is awaited and of what kind; everything the rules decide is derived here.
 * A choice not made in time is the input `timedOut` (the table's clock,
 * `attackSeconds` and `defenseSeconds`, H2H-ATK-1, H2H-DEF-1). Each call
 * answers a new melee and the events of the step (none kept when `record`
 * is false); nothing handed in is changed.
 */

export const H2H_REFUSALS = Object.freeze([
  "MeleeOver",
  "UnknownFighter",
  "SameFighter",
  "OutOfFight",
  "NoAttacksLeft",
  "ExchangeUnderway",
  "NoExchange",
  "WrongStage",
  "NotTheirChoice",
  "UnknownMove",
  "UnknownModifier",
  "ModifierNotAllowed",
  "OutOfRange",
  "NoWeapon",
  "Held",
  "Holding",
  "NotHolding",
  "NotHeld",
  "PowerPrepared",
  "PassNotAllowed",
  "UnknownAction",
  "UnknownDefense",
  "DefenseNotAllowed",
  "UnknownReduction",
  "BadPull",
  "BadAnnouncement",
  "FreeCounter",
] as const);
export type H2hRefusal = (typeof H2H_REFUSALS)[number];

function refuse(reason: H2hRefusal, message: string, details: Record<string, unknown> = {}): never {
  throw new RulesError("round-refused", `Hand to Hand: ${message}`, { reason, ...details });
}

/** The melee's refusal, for the modules beside it: a `round-refused` RulesError with its reason. */
export const refuseRound = refuse;

/** One fighter in the melee: the sheet, and what changes in the fight. */
export interface H2hFighterState {
  readonly id: string;
  readonly sheet: H2hFighter;
  readonly hp: number;
  readonly attacksLeft: number;
  /** Attacks lost beyond those left: taken from the next melee. */
  readonly owedAttacks: number;
  /** Loses the next available initiative. */
  readonly loseInitiative: boolean;
  /** Has the next initiative: the counter after a pass (H2H-INI-2). */
  readonly initiativeNext: boolean;
  /** +`passStrikeBonus` on the next strike (H2H-INI-2). */
  readonly passStrike: boolean;
  /** Melees left with half combat bonuses after a saved knock-out (H2H-TRM-6), this one included. */
  readonly stunMelees: number;
  readonly out: H2hOut | null;
  /** How long it is out for, when the rules say (knock-out minutes, coma days). */
  readonly outFor: { readonly amount: number; readonly unit: "minutes" | "days" } | null;
  readonly weapon: H2hWeapon | null;
  readonly holding: { readonly victim: string; readonly move: MoveId } | null;
  readonly heldBy: string | null;
  /** Prepared a Power Attack: its next attack is the strike, and it cannot defend till then. */
  readonly preparingPower: boolean;
}

export interface InitiativeRoll {
  readonly natural: number;
  readonly total: number;
}

/** What the attacker declared, as the strike carries it. */
export interface StrikeDeclaration {
  readonly move: MoveId;
  readonly modifiers: readonly ModifierId[];
  readonly pull: PullPunch | null;
  readonly knockout: boolean;
  readonly deathBlow: boolean;
}

export interface StrikeRecord extends D20Roll {
  readonly by: string;
  readonly target: string;
  readonly declaration: StrikeDeclaration;
  /** No roll was needed (a Flip/Throw or Slam from a Bear Hug). */
  readonly automatic: boolean;
}

export type ExchangeStage = "tie" | "declare" | "catchOne" | "catchFlinch" | "defend" | "reduce";

/** One side of a tie's strike: what it declared, and what the declaration costs (H2H-INI-1). */
export interface SimultaneousSlot {
  readonly by: string;
  readonly declaration: StrikeDeclaration | null;
  /** The strike's penalty (range, Dash, a wild attack), as checked when declared. */
  readonly penalty?: number;
  /** The range the declaration steps to (an action, a Dash, a Jump); absent when it stays. */
  readonly range?: Range;
  readonly action?: ActionId;
  /** A Flip/Throw or Slam from the declarer's Bear Hug: no roll, unless rolled for a natural 20. */
  readonly fromHug?: "noRoll" | "roll";
}

export interface H2hExchange {
  readonly pair: readonly [string, string];
  readonly stage: ExchangeStage;
  readonly initiative: readonly [InitiativeRoll | null, InitiativeRoll | null];
  readonly attacker: string | null;
  readonly defender: string | null;
  /** A tie nobody broke: both declare, both strike at once (H2H-INI-1). */
  readonly simultaneous: readonly SimultaneousSlot[] | null;
  readonly passedBy: string | null;
  /** Won the tie's roll to defend: defends at `tieDefendPenalty`. */
  readonly tieDefender: string | null;
  /** The strike costs no attack (a counter to a caught natural 1 or flinch). */
  readonly free: boolean;
  /** The defender cannot defend: a caught flinch's counter. */
  readonly undefended: boolean;
  /** The strike may not be reduced (a sneak attack). */
  readonly unseen: boolean;
  readonly strike: StrikeRecord | null;
  /** Set at the defend stage, read by the reduce stage. */
  readonly share: Fraction | null;
}

export interface H2hMelee {
  readonly melee: number;
  /** Exchanges begun this melee. */
  readonly exchange: number;
  readonly fighters: readonly H2hFighterState[];
  /** The range of each pair, by `pairKey`. */
  readonly ranges: Readonly<Record<string, Range>>;
  /** Initiative totals of the melee, when it is rolled once a melee. */
  readonly meleeInitiative: Readonly<Record<string, number>>;
  readonly current: H2hExchange | null;
  /** Every attack of the melee is spent. */
  readonly over: boolean;
}

/** What a blow or a roll does beyond damage, as the events name it. */
export const H2H_EFFECTS = [
  "loseAttacks",
  "loseInitiative",
  "balance",
  "falls",
  "pushed",
  "held",
  "released",
  "brokeFree",
  "disarmed",
  "weaponTaken",
  "stunned",
  "knockedOut",
  "coma",
  "comaSaved",
  "down",
  "dead",
] as const;
export type H2hEffectId = (typeof H2H_EFFECTS)[number];

/** Why a fighter has the initiative of an exchange. */
export const INITIATIVE_REASONS = ["roll", "lost", "pass", "only"] as const;
export type InitiativeReason = (typeof INITIATIVE_REASONS)[number];

/** Where a fighter's damage came from. */
export const DAMAGE_CAUSES = ["strike", "armor", "hold", "parry", "counter"] as const;
export type DamageCause = (typeof DAMAGE_CAUSES)[number];

export type H2hEvent =
  | {
      readonly kind: "initiative";
      readonly ids: readonly [string, string];
      readonly rolls: readonly [InitiativeRoll | null, InitiativeRoll | null];
      readonly actor: string | null;
      readonly why: InitiativeReason;
    }
  | { readonly kind: "tieDefend"; readonly by: string; readonly roll: InitiativeRoll; readonly made: boolean }
  | { readonly kind: "flinch"; readonly by: readonly string[] }
  | { readonly kind: "pass"; readonly by: string }
  | { readonly kind: "prepare"; readonly by: string }
  | { readonly kind: "actions"; readonly by: string; readonly actions: readonly ActionId[] }
  | {
      readonly kind: "strike";
      readonly by: string;
      readonly target: string;
      readonly move: MoveId;
      readonly modifiers: readonly ModifierId[];
      readonly natural: number;
      readonly total: number;
    }
  | {
      readonly kind: "catch";
      readonly by: string;
      readonly what: "natural1" | "flinch";
      readonly natural: number;
      readonly total: number;
      readonly against: number;
      readonly made: boolean;
    }
  | {
      readonly kind: "defense";
      readonly by: string;
      readonly defense: DefenseId | "none" | "timedOut";
      readonly natural: number;
      readonly total: number;
      readonly made: boolean;
    }
  | {
      readonly kind: "reduction";
      readonly by: string;
      readonly reduction: ReductionId;
      readonly natural: number;
      readonly total: number;
      readonly made: boolean;
    }
  | { readonly kind: "miss"; readonly by: string; readonly target: string }
  | {
      readonly kind: "damage";
      readonly to: string;
      readonly from: string;
      readonly amount: number;
      readonly hp: number;
      readonly cause: DamageCause;
    }
  | {
      readonly kind: "effect";
      readonly to: string;
      readonly what: H2hEffectId;
      readonly amount: number;
    }
  | {
      readonly kind: "breakFree";
      readonly by: string;
      readonly natural: number;
      readonly total: number;
      readonly against: number;
      readonly made: boolean;
    };

export type H2hInput =
  | { readonly type: "exchange"; readonly a: string; readonly b: string }
  | { readonly type: "tie"; readonly defend: readonly string[] }
  | {
      readonly type: "attack";
      readonly by: string;
      readonly move: MoveId;
      readonly modifiers?: readonly ModifierId[];
      /** An action taken with the attack, which makes it a wild attack (H2H-TRM-2). */
      readonly action?: ActionId;
      readonly pull?: PullPunch;
      /** Announced knock-out attack (H2H-TRM-6) or death blow (H2H-TRM-4). */
      readonly knockout?: boolean;
      readonly deathBlow?: boolean;
      /** The defender cannot see it coming (H2H-TRM-8). */
      readonly unseen?: boolean;
      /** From a Bear Hug a Flip/Throw or Slam needs no roll; roll anyway, for a natural 20. */
      readonly rollForCritical?: boolean;
    }
  | { readonly type: "actions"; readonly by: string; readonly actions: readonly ActionId[] }
  | { readonly type: "pass"; readonly by: string }
  | { readonly type: "timedOut"; readonly by: string }
  | { readonly type: "squeeze"; readonly by: string }
  | { readonly type: "release"; readonly by: string }
  | { readonly type: "breakFree"; readonly by: string }
  | { readonly type: "catch"; readonly by: string; readonly attempt: boolean }
  | {
      readonly type: "defend";
      readonly by: string;
      readonly defense: DefenseId;
      /** The counter's move (simultaneous, combos) or the Auto Hold's hold (or "slam"). */
      readonly move?: MoveId;
      /** Power Parry with an arm or a leg. */
      readonly limb?: "arm" | "leg";
    }
  | { readonly type: "noDefense"; readonly by: string }
  | { readonly type: "reduce"; readonly by: string; readonly reduction: ReductionId | null };

export interface ActResult {
  readonly melee: H2hMelee;
  readonly events: readonly H2hEvent[];
}

/* -------------------------------------------- */
/*  Reading the melee                           */
/* -------------------------------------------- */

const PAIR_KEYS = new Map<string, Map<string, string>>();
let lastA = "";
let lastB = "";
let lastKey = "|";

/** The key of a pair's range: the two ids in order. */
export function pairKey(a: string, b: string): string {
  // Made once a pair: every strike reads its pair's range, and a string
  // built anew each time costs its making and its hashing. A duel asks
  // for one pair over and over: the last is kept at hand.
  if ((a === lastA && b === lastB) || (a === lastB && b === lastA)) return lastKey;
  let row = PAIR_KEYS.get(a);
  if (row === undefined) {
    row = new Map();
    if (PAIR_KEYS.size < 10_000) PAIR_KEYS.set(a, row);
  }
  let key = row.get(b);
  if (key === undefined) {
    key = a < b ? `${a}|${b}` : `${b}|${a}`;
    if (row.size < 10_000) row.set(b, key);
  }
  lastA = a;
  lastB = b;
  lastKey = key;
  return key;
}

export function rangeOf(melee: H2hMelee, a: string, b: string): Range {
  return melee.ranges[pairKey(a, b)] ?? "fighting";
}

export function fighterState(melee: H2hMelee, id: string): H2hFighterState {
  const fs = melee.fighters;
  for (let i = 0; i < fs.length; i += 1) if (fs[i]!.id === id) return fs[i]!;
  return refuse("UnknownFighter", `no fighter "${id}" in this melee`, { id });
}

export function inFight(f: H2hFighterState): boolean {
  return f.out === null;
}

/** A combat bonus as it stands: halved while stunned (H2H-TRM-6). */
export function bonusOf(f: H2hFighterState, key: keyof H2hBonuses, rules: H2hRules): number {
  const b = f.sheet.bonuses[key];
  return f.stunMelees > 0 ? halfBonus(b, rules) : b;
}

/* -------------------------------------------- */
/*  Building the next melee                     */
/* -------------------------------------------- */

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function copyFighter(f: H2hFighterState): Mutable<H2hFighterState> {
  return {
    id: f.id,
    sheet: f.sheet,
    hp: f.hp,
    attacksLeft: f.attacksLeft,
    owedAttacks: f.owedAttacks,
    loseInitiative: f.loseInitiative,
    initiativeNext: f.initiativeNext,
    passStrike: f.passStrike,
    stunMelees: f.stunMelees,
    out: f.out,
    outFor: f.outFor,
    weapon: f.weapon,
    holding: f.holding,
    heldBy: f.heldBy,
    preparingPower: f.preparingPower,
  };
}

const NO_EVENTS: readonly H2hEvent[] = Object.freeze([]);

class Draft {
  /** The step's events; null when the caller keeps none (a simulated fight without a log). */
  events: H2hEvent[] | null = null;
  /** The melee's fighters until the step changes one; then a copy the next melee takes. */
  fighters: readonly H2hFighterState[] = [];
  /** The fighters were copied this step: a record not the melee's is then this step's own copy. */
  private copied = false;
  ranges: Record<string, Range> | null = null;
  melee!: H2hMelee;
  rules: H2hRules = H2H_DEFAULTS;
  dice!: DiceSource;
  /** Readies the one draft for a step: `act` runs one step at a time and never within another. */
  reset(melee: H2hMelee, rules: H2hRules, dice: DiceSource, record: boolean): this {
    this.melee = melee;
    this.rules = rules;
    this.dice = dice;
    this.events = record ? [] : null;
    this.fighters = melee.fighters;
    this.copied = false;
    this.ranges = null;
    return this;
  }
  get(id: string): H2hFighterState {
    const fs = this.fighters;
    for (let i = 0; i < fs.length; i += 1) if (fs[i]!.id === id) return fs[i]!;
    return refuse("UnknownFighter", `no fighter "${id}" in this melee`, { id });
  }
  /**
   * A fighter's record to change. It is copied once per step (with a fixed
   * shape: the engine runs many steps a fight) and then changed in place,
   * so the melee handed in is never touched.
   */
  own(id: string): Mutable<H2hFighterState> {
    const fs = this.fighters;
    for (let i = 0; i < fs.length; i += 1)
      if (fs[i]!.id === id) {
        if (this.copied && fs[i] !== this.melee.fighters[i]) return fs[i] as Mutable<H2hFighterState>;
        if (!this.copied) {
          // A duel's two in a literal: cheaper than slice for the common case.
          this.fighters = fs.length === 2 ? [fs[0]!, fs[1]!] : fs.slice();
          this.copied = true;
        }
        const mine = copyFighter(fs[i]!);
        (this.fighters as H2hFighterState[])[i] = mine;
        return mine;
      }
    return refuse("UnknownFighter", `no fighter "${id}" in this melee`, { id });
  }
  set(id: string, change: Partial<H2hFighterState>): H2hFighterState {
    return Object.assign(this.own(id), change);
  }
  range(a: string, b: string): Range {
    return (this.ranges ?? this.melee.ranges)[pairKey(a, b)] ?? "fighting";
  }
  setRange(a: string, b: string, range: Range): void {
    const key = pairKey(a, b);
    if (((this.ranges ?? this.melee.ranges)[key] ?? "fighting") === range) return;
    if (this.ranges === null) this.ranges = { ...this.melee.ranges };
    this.ranges[key] = range;
  }
  d20(): number {
    return this.dice.roll(20);
  }
  /** Spends attacks; those beyond what is left are owed to the next melee. */
  spend(id: string, n: number): void {
    if (n <= 0) return;
    const f = this.own(id);
    const taken = Math.min(f.attacksLeft, n);
    f.attacksLeft -= taken;
    f.owedAttacks += n - taken;
  }
  finish(
    current: H2hExchange | null,
    exchange = this.melee.exchange,
    meleeInitiative = this.melee.meleeInitiative,
  ): ActResult {
    let over = false;
    const fs = this.fighters;
    if (current === null) {
      over = true;
      let standing = 0;
      for (let i = 0; i < fs.length; i += 1) {
        const f = fs[i]!;
        if (f.out !== null) continue;
        standing += 1;
        if (f.attacksLeft > 0) over = false;
      }
      if (standing < 2) over = true;
    }
    const m = this.melee;
    const melee: H2hMelee = {
      melee: m.melee,
      exchange,
      fighters: fs,
      ranges: this.ranges ?? m.ranges,
      meleeInitiative,
      current,
      over,
    };
    return { melee, events: this.events ?? NO_EVENTS };
  }
}

const DRAFT = new Draft();

/** A sheet the caller may still change is copied, so the melee plays the figures it checked. */
function frozenSheet(s: H2hFighter): H2hFighter {
  if (Object.isFrozen(s) && Object.isFrozen(s.bonuses) && (s.weapon === null || Object.isFrozen(s.weapon)))
    return s;
  return Object.freeze({
    ...s,
    bonuses: Object.freeze({ ...s.bonuses }),
    weapon: s.weapon === null ? null : Object.freeze({ ...s.weapon }),
  });
}

function freshState(sheet: H2hFighter): H2hFighterState {
  return {
    id: sheet.id,
    sheet,
    hp: sheet.hitPoints,
    attacksLeft: sheet.attacksPerMelee,
    owedAttacks: 0,
    loseInitiative: false,
    initiativeNext: false,
    passStrike: false,
    stunMelees: 0,
    out: null,
    outFor: null,
    weapon: sheet.weapon,
    holding: null,
    heldBy: null,
    preparingPower: false,
  };
}

/**
 * A new melee round (H2H-TRM-7): every fighter's attacks per melee again,
 * less those owed; a stun counts down; a lost initiative, a hold and a
 * prepared Power Attack carry over. The first melee reads the sheets, all
 * pairs at `range` (fighting range unless given).
 */
export function startMelee(
  previous: H2hMelee | null,
  sheets: readonly H2hFighter[] = [],
  range: Range = "fighting",
): H2hMelee {
  if (!RANGES.includes(range)) refuse("OutOfRange", `"${String(range)}" is not a combat range`, { range });
  if (previous === null) {
    const ids = new Set<string>();
    for (const s of sheets) {
      // The engine is where a sheet is read: one given as data (not through
      // makeH2hFighter) is checked here, or a NaN or negative figure plays.
      validateH2hFighter(s);
      if (ids.has(s.id)) refuse("SameFighter", `two fighters have the id "${s.id}"`, { id: s.id });
      ids.add(s.id);
    }
    const ranges: Record<string, Range> = {};
    for (let i = 0; i < sheets.length; i += 1)
      for (let j = i + 1; j < sheets.length; j += 1) ranges[pairKey(sheets[i]!.id, sheets[j]!.id)] = range;
    return {
      melee: 1,
      exchange: 0,
      fighters: sheets.map((s) => freshState(frozenSheet(s))),
      ranges,
      meleeInitiative: {},
      current: null,
      over: false,
    };
  }
  const fighters = previous.fighters.map((f) => {
    const attacks = f.sheet.attacksPerMelee - f.owedAttacks;
    return {
      ...f,
      attacksLeft: Math.max(attacks, 0),
      owedAttacks: attacks < 0 ? -attacks : 0,
      stunMelees: f.stunMelees > 0 ? f.stunMelees - 1 : 0,
    };
  });
  return {
    ...previous,
    melee: previous.melee + 1,
    exchange: 0,
    fighters,
    meleeInitiative: {},
    current: null,
    over: false,
  };
}

/* -------------------------------------------- */
/*  What is awaited                             */
/* -------------------------------------------- */

export interface Awaited {
  /** Who must answer (several: each of a tie, or both declaring a simultaneous strike). */
  readonly who: readonly string[];
  readonly kinds: readonly H2hInput["type"][];
}

const DECLARE_KINDS: readonly H2hInput["type"][] = Object.freeze([
  "attack",
  "actions",
  "pass",
  "timedOut",
  "squeeze",
  "release",
  "breakFree",
]);

const CATCH_KINDS: readonly H2hInput["type"][] = Object.freeze(["catch"]);
const DEFEND_KINDS: readonly H2hInput["type"][] = Object.freeze(["defend", "noDefense", "timedOut"]);
const REDUCE_KINDS: readonly H2hInput["type"][] = Object.freeze(["reduce"]);
const AWAITED = new Map<string, Awaited>();

/** One fighter's awaited choice, made once: a simulated fight asks it at every step. */
function awaiting(id: string, stage: string, kinds: readonly H2hInput["type"][]): Awaited {
  const key = `${stage}:${id}`;
  let found = AWAITED.get(key);
  if (found === undefined) {
    found = Object.freeze({ who: Object.freeze([id]), kinds });
    if (AWAITED.size < 10_000) AWAITED.set(key, found);
  }
  return found;
}

/** Whose choice the melee waits for, and of which kinds; none when the melee is over. */
export function expecting(melee: H2hMelee): Awaited {
  const c = melee.current;
  if (c === null) return melee.over ? { who: [], kinds: [] } : { who: [], kinds: ["exchange"] };
  switch (c.stage) {
    case "tie":
      return { who: c.pair, kinds: ["tie"] };
    case "declare":
      if (c.simultaneous !== null)
        return {
          who: c.simultaneous.filter((s) => s.declaration === null).map((s) => s.by),
          kinds: ["attack", "timedOut"],
        };
      return awaiting(c.attacker!, "declare", DECLARE_KINDS);
    case "catchOne":
    case "catchFlinch":
      return awaiting(c.defender!, "catch", CATCH_KINDS);
    case "defend":
      return awaiting(c.defender!, "defend", DEFEND_KINDS);
    case "reduce":
      return awaiting(c.defender!, "reduce", REDUCE_KINDS);
  }
}

/** The fighters in the fight. */
function standingCount(melee: H2hMelee): number {
  let n = 0;
  for (const f of melee.fighters) if (f.out === null) n += 1;
  return n;
}

/**
 * The defenses the defender of the current strike may choose (H2H-DEF-2 …
 * H2H-DEF-4, H2H-TRM-12): none against a strike it cannot see or while it
 * prepares a Power Attack; a Sweep cannot be parried; a Disarm is met by a
 * parry or a dodge only; a simultaneous attack or a combo needs an attack
 * left; against a Back Kick the only simultaneous attack is a Sweep.
 */
export function defenseOptions(melee: H2hMelee, rules: H2hRules = H2H_DEFAULTS): DefenseId[] {
  const options: DefenseId[] = [];
  const c = melee.current;
  if (c === null || c.stage !== "defend" || c.strike === null) return options;
  const d = fighterState(melee, c.defender!);
  for (const id of DEFENSES) if (defenseOpen(melee, rules, d, id)) options.push(id);
  return options;
}

/** Whether `defenseOptions` lists `id`, asked of one defense: `defend` checks the one chosen without the list. */
function defenseOpen(melee: H2hMelee, rules: H2hRules, d: H2hFighterState, id: DefenseId): boolean {
  const c = melee.current!;
  if (c.strike === null) return false;
  if (d.preparingPower || c.undefended || c.unseen || d.heldBy !== null) return false;
  const move = rules.moves[c.strike.declaration.move];
  if (d.holding !== null) {
    // A holder's limbs are on its hold: it neither dodges nor counters with
    // another move. A Bear Hug's holder struck by its victim may still make
    // its Flip/Throw or Slam instead of defending (H2H-TRM-12), and with
    // `bearHugWithLegs` its arms are free to parry.
    const hug = d.holding.move === "bearHug" && d.holding.victim === c.strike.by;
    if (!hug) return false;
    // A Disarm is met by a parry or a dodge only (H2H-MOV-3): the parry of free arms.
    if (move.disarm) return rules.bearHugWithLegs && id === "parry";
    if (id === "simultaneous") return d.attacksLeft > 0 && !move.noSimultaneous;
    if (!rules.bearHugWithLegs || move.unparryable) return false;
    return id === "parry" || id === "powerParry";
  }
  if (move.disarm) return id === "parry" || id === "dodge";
  const parries = id === "parry" || id === "powerParry" || id === "comboParry";
  if (parries && move.unparryable) return false;
  const attacks = id === "simultaneous" || id === "comboParry" || id === "comboDodge";
  if (attacks && d.attacksLeft <= 0) return false;
  // Auto-Disarm takes a weapon: against bare hands it has nothing to take.
  if (id === "autoDisarm" && fighterState(melee, c.strike.by).weapon === null) return false;
  return true;
}

/* -------------------------------------------- */
/*  The transition                              */
/* -------------------------------------------- */

const MOVE_SET: ReadonlySet<string> = new Set(MOVE_IDS);
let lastKnownMove = "";

/**
 * Whether a short list (a strike's modifications, a move's ranges) holds
 * `x`: a plain loop, which the engine inlines, where `includes` is a call
 * each time, and most lists asked are empty.
 */
function has<T>(list: readonly T[], x: T): boolean {
  for (let i = 0; i < list.length; i += 1) if (list[i] === x) return true;
  return false;
}
const NO_MODIFIERS: readonly ModifierId[] = Object.freeze([]);

function isModifier(m: unknown): m is ModifierId {
  return (MODIFIERS as readonly unknown[]).includes(m);
}

const NO_ROLLS: readonly [null, null] = Object.freeze([null, null]);

function emptyExchange(pair: readonly [string, string]): Mutable<H2hExchange> {
  return {
    pair,
    stage: "declare",
    initiative: NO_ROLLS,
    attacker: null,
    defender: null,
    simultaneous: null,
    passedBy: null,
    tieDefender: null,
    free: false,
    undefended: false,
    unseen: false,
    strike: null,
    share: null,
  };
}

/** An exchange with some fields changed: a copy of fixed shape, as the engine makes several a step. */
function changed(c: H2hExchange, change: Partial<H2hExchange>): H2hExchange {
  return Object.assign(copyExchange(c), change);
}

/** The exchange moved on to `stage`: the hot path's one copy, with no object of changes to merge. */
function atStage(c: H2hExchange, stage: ExchangeStage): H2hExchange {
  const copy = copyExchange(c);
  copy.stage = stage;
  return copy;
}

function copyExchange(c: H2hExchange): Mutable<H2hExchange> {
  return {
    pair: c.pair,
    stage: c.stage,
    initiative: c.initiative,
    attacker: c.attacker,
    defender: c.defender,
    simultaneous: c.simultaneous,
    passedBy: c.passedBy,
    tieDefender: c.tieDefender,
    free: c.free,
    undefended: c.undefended,
    unseen: c.unseen,
    strike: c.strike,
    share: c.share,
  };
}

function strikeOf(
  roll: D20Roll,
  by: string,
  target: string,
  declaration: StrikeDeclaration,
  automatic: boolean,
): StrikeRecord {
  return { natural: roll.natural, total: roll.total, by, target, declaration, automatic };
}

function other(c: H2hExchange, id: string): string {
  return c.pair[0] === id ? c.pair[1] : c.pair[0];
}

function requireStage(melee: H2hMelee, stage: ExchangeStage): H2hExchange {
  const c = melee.current;
  if (c === null) return refuse("NoExchange", "no exchange is underway", {});
  if (c.stage !== stage)
    return refuse("WrongStage", `the exchange waits for ${c.stage}, not ${stage}`, { stage: c.stage });
  return c;
}

function requireChooser(who: string | null, by: string): void {
  if (who !== by) refuse("NotTheirChoice", `it is not ${by}'s choice now`, { by, who });
}

/**
 * Makes one choice of the melee and answers the melee after it, with the
 * events the rules produced (rolls, damage, effects) in order.
 */
export function act(
  melee: H2hMelee,
  input: H2hInput,
  dice: DiceSource,
  rules: H2hRules = H2H_DEFAULTS,
  record = true,
): ActResult {
  if (melee.over) refuse("MeleeOver", "every attack of this melee is spent: start the next melee", {});
  const draft = DRAFT.reset(melee, rules, dice, record);
  switch (input.type) {
    case "exchange":
      return beginExchange(draft, input.a, input.b);
    case "tie":
      return breakTie(draft, input.defend);
    case "attack":
      return declareAttack(draft, input);
    case "actions":
      return takeActions(draft, input.by, input.actions);
    case "pass":
      return pass(draft, input.by);
    case "timedOut":
      return timedOut(draft, input.by);
    case "squeeze":
      return squeeze(draft, input.by);
    case "release":
      return release(draft, input.by);
    case "breakFree":
      return breakFree(draft, input.by);
    case "catch":
      return tryCatch(draft, input.by, input.attempt);
    case "defend":
      return defend(draft, input);
    case "noDefense":
      return noDefense(draft, input.by);
    case "reduce":
      return reduce(draft, input.by, input.reduction);
    default:
      return refuse("WrongStage", `unknown input ${JSON.stringify(input)}`, {});
  }
}

/* Step Two: initiative (H2H-INI-1, H2H-INI-2) */

function rollInitiative(draft: Draft, f: H2hFighterState): InitiativeRoll {
  const natural = draft.d20();
  return { natural, total: natural + bonusOf(f, "initiative", draft.rules) };
}

function beginExchange(draft: Draft, a: string, b: string): ActResult {
  const m = draft.melee;
  if (m.current !== null) refuse("ExchangeUnderway", "an exchange is underway", {});
  if (a === b) refuse("SameFighter", `${a} cannot fight itself`, { id: a });
  const fa = draft.get(a);
  const fb = draft.get(b);
  if (fa.out !== null) refuse("OutOfFight", `${a} is out of the fight`, { id: a });
  if (fb.out !== null) refuse("OutOfFight", `${b} is out of the fight`, { id: b });
  if (fa.attacksLeft <= 0 && fb.attacksLeft <= 0)
    refuse("NoAttacksLeft", `neither ${a} nor ${b} has an attack left this melee`, { a, b });
  const pair = [a, b] as const;
  const exchange = m.exchange + 1;
  let actor: string | null;
  let why: InitiativeReason = "roll";
  let rolls: readonly [InitiativeRoll | null, InitiativeRoll | null] = NO_ROLLS;
  let meleeInitiative = m.meleeInitiative;
  if (fb.attacksLeft <= 0 || fa.attacksLeft <= 0) {
    actor = fb.attacksLeft <= 0 ? a : b;
    why = "only";
  } else if (fa.initiativeNext !== fb.initiativeNext) {
    actor = fa.initiativeNext ? a : b;
    draft.set(actor, { initiativeNext: false });
    why = "pass";
  } else if (fa.loseInitiative !== fb.loseInitiative) {
    const loser = fa.loseInitiative ? a : b;
    draft.set(loser, { loseInitiative: false });
    actor = loser === a ? b : a;
    why = "lost";
  } else {
    // Both lost it, or both hold a pass's counter: neither is ahead, so the dice decide.
    if (fa.loseInitiative || fa.initiativeNext)
      draft.set(a, { loseInitiative: false, initiativeNext: false });
    if (fb.loseInitiative || fb.initiativeNext)
      draft.set(b, { loseInitiative: false, initiativeNext: false });
    let ra: InitiativeRoll;
    let rb: InitiativeRoll;
    if (draft.rules.initiativeEvery === "melee" && a in meleeInitiative && b in meleeInitiative) {
      ra = { natural: 0, total: meleeInitiative[a]! };
      rb = { natural: 0, total: meleeInitiative[b]! };
    } else {
      // The bonuses and the stun are read; the initiative flags just cleared are not.
      ra = rollInitiative(draft, fa);
      rb = rollInitiative(draft, fb);
      if (draft.rules.initiativeEvery === "melee")
        meleeInitiative = { ...meleeInitiative, [a]: ra.total, [b]: rb.total };
    }
    rolls = [ra, rb];
    actor = ra.total > rb.total ? a : rb.total > ra.total ? b : null;
  }
  draft.events?.push({ kind: "initiative", ids: pair, rolls, actor, why });
  const next = emptyExchange(pair);
  next.initiative = rolls;
  if (actor === null) next.stage = "tie";
  else {
    next.attacker = actor;
    next.defender = actor === a ? b : a;
  }
  return draft.finish(next, exchange, meleeInitiative);
}

/**
 * H2H-INI-1, a tie: those who want to defend roll initiative again and must
 * beat the highest initiative. No one made it: both strike at once. One
 * made it: it defends at −4 and forfeits its attack. Both: both wasted an
 * attack, a flinch.
 */
function breakTie(draft: Draft, defend: readonly string[]): ActResult {
  const c = requireStage(draft.melee, "tie");
  for (const id of defend) {
    if (!c.pair.includes(id)) refuse("NotTheirChoice", `${id} is not in this tie`, { id });
    // The roll buys "a chance to defend": one who could not defend (preparing
    // a Power Attack, holding, held) would pay an attack for nothing.
    const f = draft.get(id);
    const armsFree = f.holding?.move === "bearHug" && draft.rules.bearHugWithLegs;
    if (f.preparingPower || (f.holding !== null && !armsFree) || f.heldBy !== null)
      refuse("NotTheirChoice", `${id} cannot defend now, so does not roll to`, { id });
  }
  const highest = Math.max(c.initiative[0]!.total, c.initiative[1]!.total);
  const made: string[] = [];
  for (const id of c.pair) {
    if (!defend.includes(id)) continue;
    const roll = rollInitiative(draft, draft.get(id));
    const ok = roll.total > highest;
    draft.events?.push({ kind: "tieDefend", by: id, roll, made: ok });
    if (ok) made.push(id);
  }
  if (made.length === 2) {
    draft.spend(c.pair[0], 1);
    draft.spend(c.pair[1], 1);
    draft.events?.push({ kind: "flinch", by: c.pair });
    return draft.finish(null);
  }
  if (made.length === 1) {
    const defender = made[0]!;
    draft.spend(defender, 1);
    return draft.finish({
      ...c,
      stage: "declare",
      attacker: other(c, defender),
      defender,
      tieDefender: defender,
    });
  }
  return draft.finish({
    ...c,
    stage: "declare",
    simultaneous: c.pair.map((by) => ({ by, declaration: null })),
  });
}

/* Step Three: the attack (H2H-ATK-1) */

interface CheckedAttack {
  readonly declaration: StrikeDeclaration;
  readonly data: MoveData;
  readonly penalty: number;
  readonly range: Range;
}

/** The declared attack checked against the moves list, the range and the holds; the range it is made at. */
function checkAttack(
  draft: Draft,
  by: string,
  target: string,
  input: Extract<H2hInput, { type: "attack" }>,
): CheckedAttack {
  const rules = draft.rules;
  if (input.move !== lastKnownMove) {
    if (!MOVE_SET.has(input.move))
      refuse("UnknownMove", `"${String(input.move)}" is not a move of the list`, { move: input.move });
    // A fight declares the same move again and again: the last one found is known.
    lastKnownMove = input.move;
  }
  const data = rules.moves[input.move];
  const modifiers = input.modifiers ?? NO_MODIFIERS;
  for (let i = 0; i < modifiers.length; i += 1) {
    const mod = modifiers[i]!;
    if (!isModifier(mod))
      refuse("UnknownModifier", `"${String(mod)}" is not an attack modification`, { mod });
    if (!has(data.modifiers, mod))
      refuse("ModifierNotAllowed", `${input.move} cannot be made with ${mod}`, { move: input.move, mod });
  }
  if (input.action !== undefined && !ACTIONS.includes(input.action))
    refuse("UnknownAction", `"${String(input.action)}" is not an action`, { action: input.action });
  if (input.knockout && input.deathBlow)
    refuse("BadAnnouncement", "an attack is a knock-out or a death blow, not both", {});
  const f = draft.get(by);
  if (input.knockout && !f.sheet.knockOut)
    refuse("BadAnnouncement", `${by} has no knock-out attack to announce`, { by });
  if (input.deathBlow && !f.sheet.deathBlow)
    refuse("BadAnnouncement", `${by} has no death blow to announce`, { by });
  const pull = input.pull ?? null;
  if (pull !== null) {
    const ok =
      pull === "one" ||
      pull === "quarter" ||
      pull === "half" ||
      (typeof pull === "object" && Number.isInteger(pull.points) && pull.points >= 0 && f.sheet.martialArt);
    if (!ok) refuse("BadPull", `${by} cannot pull a punch to ${JSON.stringify(pull)}`, { pull });
  }
  if (data.weapon && f.weapon === null) refuse("NoWeapon", `${by} holds no weapon`, { by });
  if (f.heldBy !== null && !(f.heldBy === target && draft.get(target).holding?.move === "bearHug"))
    refuse("Held", `${by} is held and can only try to break free`, { by });
  if (f.holding !== null) {
    const fromHug = f.holding.move === "bearHug" && (input.move === "flipThrow" || input.move === "slam");
    if (!fromHug || f.holding.victim !== target)
      refuse(
        "Holding",
        `${by} holds ${f.holding.victim}: squeeze, let go, or throw or slam from a Bear Hug`,
        { by },
      );
  }
  // An action taken with the attack comes first: a step in or out (H2H-TRM-2).
  let range = draft.range(by, target);
  if (input.action === "approach" && range !== "grappling")
    range = range === "long" ? "fighting" : "grappling";
  if (input.action === "withdraw" && range !== "long") range = range === "grappling" ? "fighting" : "long";
  // Dash moves one range in without an attack; a Jump is made from long range and lands at fighting range (H2H-MOD-1).
  if (has(modifiers, "dash") && range !== "grappling") range = range === "long" ? "fighting" : "grappling";
  if (has(modifiers, "jump") && range === "long") range = "fighting";
  let penalty = 0;
  if (!has(data.ranges, range)) {
    if (has(data.penalizedRanges, range)) penalty += rules.grappleFromFightingPenalty;
    else if (!(f.holding !== null))
      refuse("OutOfRange", `${input.move} cannot be made at ${range} range`, { range });
  }
  if (has(modifiers, "dash")) penalty += rules.dashStrikePenalty;
  if (input.action !== undefined) penalty += rules.wildAttackPenalty;
  return {
    declaration: {
      move: input.move,
      modifiers,
      pull,
      knockout: input.knockout === true,
      deathBlow: input.deathBlow === true,
    },
    data,
    penalty,
    range,
  };
}

function strikeRoll(
  draft: Draft,
  by: string,
  data: MoveData,
  penalty: number,
  f: H2hFighterState = draft.get(by),
  withPass = true,
): D20Roll {
  const natural = draft.d20();
  // A Disarm rolls with disarm bonuses, not strike ones, but still takes the
  // penalty of how it is made (a wild attack's, a combo's −3).
  if (data.disarm) return { natural, total: natural + bonusOf(f, "disarm", draft.rules) + penalty };
  const pass = withPass && f.passStrike ? draft.rules.passStrikeBonus : 0;
  const grapple =
    data.family === "grapple" || data.family === "hold" ? bonusOf(f, "grapple", draft.rules) : 0;
  return { natural, total: natural + bonusOf(f, "strike", draft.rules) + grapple + pass + penalty };
}

function declareAttack(draft: Draft, input: Extract<H2hInput, { type: "attack" }>): ActResult {
  const c = requireStage(draft.melee, "declare");
  const by = input.by;
  if (c.simultaneous !== null) return declareSimultaneous(draft, c, input);
  requireChooser(c.attacker, by);
  const target = c.defender!;
  const f = draft.get(by);
  const checked = checkAttack(draft, by, target, input);
  const { declaration, data } = checked;
  const power = has(declaration.modifiers, "power");
  if (f.preparingPower && !power)
    refuse("PowerPrepared", `${by} prepared a Power Attack: its next attack is that strike`, { by });
  if (power && !f.preparingPower) {
    // The counter a catch gives is an attack struck now ("the defender may attack"), not a preparation.
    if (c.free)
      refuse("FreeCounter", `${by}'s counter is a strike: no Power Attack is prepared in it`, { by });
    // H2H-MOD-1: the first of the Power Attack's two attacks prepares it; the fighter is open till the strike.
    draft.spend(by, 1);
    draft.set(by, { preparingPower: true });
    draft.events?.push({ kind: "prepare", by });
    return draft.finish(null);
  }
  draft.setRange(by, target, checked.range);
  if (input.action !== undefined) draft.events?.push({ kind: "actions", by, actions: [input.action] });
  if (!c.free) draft.spend(by, 1);
  const spin = has(declaration.modifiers, "spin");
  const jump = has(declaration.modifiers, "jump");
  const fromHug = f.holding !== null;
  let roll: D20Roll;
  if (fromHug && !input.rollForCritical) roll = { natural: 0, total: 0 };
  else roll = strikeRoll(draft, by, data, checked.penalty, draft.get(by));
  const mine = draft.own(by);
  mine.preparingPower = false;
  mine.passStrike = false;
  mine.loseInitiative = mine.loseInitiative || spin || jump;
  if (spin) draft.spend(by, 1);
  const strike = strikeOf(roll, by, target, declaration, fromHug);
  draft.events?.push({
    kind: "strike",
    by,
    target,
    move: declaration.move,
    modifiers: declaration.modifiers,
    natural: roll.natural,
    total: roll.total,
  });
  if (fromHug) {
    // H2H-MOV-4: from a Bear Hug a Flip/Throw or Slam needs no roll and ends the hug.
    endHold(draft, by);
    landStrike(draft, strike, WHOLE, "strike");
    return draft.finish(null);
  }
  const next = copyExchange(c);
  next.strike = strike;
  next.unseen = input.unseen === true;
  if (data.disarm) {
    if (roll.natural !== 20 && roll.total < draft.rules.disarmTarget) {
      draft.events?.push({ kind: "miss", by, target });
      return draft.finish(null);
    }
    next.stage = "defend";
    return draft.finish(next);
  }
  const d = draft.get(target);
  if (roll.natural === 1) {
    draft.events?.push({ kind: "miss", by, target });
    // H2H-MOD-1: one preparing a Power Attack "cannot do anything", so it catches nothing.
    if (d.preparingPower) return draft.finish(null);
    next.stage = "catchOne";
    return draft.finish(next);
  }
  if (next.unseen || next.undefended || d.preparingPower || d.heldBy !== null) {
    if (!strikeLands(roll, null, draft.rules)) {
      draft.events?.push({ kind: "miss", by, target });
      return draft.finish(null);
    }
    landStrike(draft, strike, WHOLE, "strike");
    return draft.finish(null);
  }
  next.stage = "defend";
  return draft.finish(next);
}

/** H2H-INI-1: both strike at the same time; each needs a strike over four, neither defends. */
function declareSimultaneous(
  draft: Draft,
  c: H2hExchange,
  input: Extract<H2hInput, { type: "attack" }> | null,
  flinchBy?: string,
): ActResult {
  const by = input?.by ?? flinchBy!;
  const slots = c.simultaneous!;
  const slot = slots.find((s) => s.by === by);
  if (!slot || slot.declaration !== null) refuse("NotTheirChoice", `${by} has no strike to declare`, { by });
  let mine: SimultaneousSlot = { by, declaration: FLINCHED };
  if (input !== null) {
    const checked = checkAttack(draft, by, other(c, by), input);
    const f = draft.get(by);
    // H2H-MOD-1: a prepared Power Attack's next attack is its strike, in a
    // tie as anywhere; a tie's strike is struck now, so none is prepared in it.
    const power = has(checked.declaration.modifiers, "power");
    if (f.preparingPower && !power)
      refuse("PowerPrepared", `${by} prepared a Power Attack: its next attack is that strike`, { by });
    if (power && !f.preparingPower)
      refuse("ModifierNotAllowed", "a strike at the same time prepares no Power Attack", { by });
    // Only a step (an action, a Dash, a Jump) moves the pair: the other's
    // strike, declared from where they stood, must not undo it.
    const moved = checked.range !== draft.range(by, other(c, by));
    mine = {
      by,
      declaration: checked.declaration,
      penalty: checked.penalty,
      ...(moved ? { range: checked.range } : {}),
      ...(input.action !== undefined ? { action: input.action } : {}),
      ...(f.holding !== null ? { fromHug: input.rollForCritical ? "roll" : "noRoll" } : {}),
    };
  }
  const filled = slots.map((s) => (s.by === by ? mine : s));
  if (filled.some((s) => s.declaration === null)) return draft.finish(changed(c, { simultaneous: filled }));
  const strikes: StrikeRecord[] = [];
  for (const s of filled) {
    draft.spend(s.by, 1);
    if (s.declaration === FLINCHED) {
      draft.events?.push({ kind: "flinch", by: [s.by] });
      continue;
    }
    const target = other(c, s.by);
    const data = draft.rules.moves[s.declaration!.move];
    // A tie's strike is still the strike declared: its range step, its
    // penalty and the cost of a Spin or a Jump, as in any exchange.
    if (s.range !== undefined) draft.setRange(s.by, target, s.range);
    if (s.action !== undefined) draft.events?.push({ kind: "actions", by: s.by, actions: [s.action] });
    // H2H-MOV-4: a Flip/Throw or Slam from a Bear Hug needs no roll and ends the hug, in a tie too.
    const roll =
      s.fromHug === "noRoll" ? { natural: 0, total: 0 } : strikeRoll(draft, s.by, data, s.penalty ?? 0);
    if (s.fromHug !== undefined) endHold(draft, s.by);
    const mods = s.declaration!.modifiers;
    const spin = has(mods, "spin");
    const striker = draft.own(s.by);
    striker.passStrike = false;
    striker.preparingPower = false;
    striker.loseInitiative = striker.loseInitiative || spin || has(mods, "jump");
    if (spin) draft.spend(s.by, 1);
    const strike = strikeOf(roll, s.by, target, s.declaration!, s.fromHug !== undefined);
    draft.events?.push({
      kind: "strike",
      by: s.by,
      target,
      move: strike.declaration.move,
      modifiers: strike.declaration.modifiers,
      natural: roll.natural,
      total: roll.total,
    });
    strikes.push(strike);
  }
  for (const strike of strikes) {
    if (strike.automatic || undefendedLands(strike, draft.rules))
      landStrike(draft, strike, WHOLE, "strike", false, true);
    else draft.events?.push({ kind: "miss", by: strike.by, target: strike.target });
  }
  return draft.finish(null);
}

/**
 * A strike no defense meets (a tie, a simultaneous attack, a combo's
 * counter): over four, or for a Disarm its 16+ (H2H-MOV-3), whichever
 * path it came by.
 */
function undefendedLands(strike: StrikeRecord, rules: H2hRules): boolean {
  if (rules.moves[strike.declaration.move].disarm)
    return strike.natural === 20 || strike.total >= rules.disarmTarget;
  return strikeLands(strike, null, rules);
}

const FLINCHED: StrikeDeclaration = Object.freeze({
  move: "punch",
  modifiers: Object.freeze([]) as readonly ModifierId[],
  pull: null,
  knockout: false,
  deathBlow: false,
});

/**
 * H2H-TRM-5, H2H-ATK-1: the attacker did not choose in time. It forfeits
 * the attack and still rolls to strike, so the defender may try to catch
 * the flinch. H2H-DEF-1: the defender did not choose in time: hit in full,
 * no damage reduction.
 */
function timedOut(draft: Draft, by: string): ActResult {
  const c = draft.melee.current;
  if (c === null) return refuse("NoExchange", "no exchange is underway", {});
  if (c.stage === "declare" && c.simultaneous !== null) return declareSimultaneous(draft, c, null, by);
  if (c.stage === "declare") {
    requireChooser(c.attacker, by);
    if (!c.free) draft.spend(by, 1);
    const f = draft.get(by);
    if (draft.get(c.defender!).preparingPower) {
      // One preparing a Power Attack cannot catch the flinch: nothing to roll for.
      draft.events?.push({ kind: "flinch", by: [by] });
      return draft.finish(null);
    }
    const natural = draft.d20();
    const strike: StrikeRecord = {
      natural,
      total: natural + bonusOf(f, "strike", draft.rules),
      by,
      target: c.defender!,
      declaration: FLINCHED,
      automatic: false,
    };
    draft.events?.push({ kind: "flinch", by: [by] });
    return draft.finish(changed(c, { stage: "catchFlinch", strike }));
  }
  if (c.stage === "defend") {
    requireChooser(c.defender, by);
    draft.events?.push({ kind: "defense", by, defense: "timedOut", natural: 0, total: 0, made: false });
    if (strikeLands(c.strike!, null, draft.rules)) landStrike(draft, c.strike!, WHOLE, "strike");
    else draft.events?.push({ kind: "miss", by: c.strike!.by, target: by });
    return draft.finish(null);
  }
  return refuse("WrongStage", `the exchange waits for ${c.stage}: a time limit does not apply`, {
    stage: c.stage,
  });
}

/** H2H-INI-2: the pass. Both passing is a flinch for both; the first gets no bonus. */
function pass(draft: Draft, by: string): ActResult {
  const c = requireStage(draft.melee, "declare");
  if (c.simultaneous !== null) refuse("PassNotAllowed", "no pass in a strike at the same time", { by });
  requireChooser(c.attacker, by);
  if (!draft.rules.passRule) refuse("PassNotAllowed", "the pass rule is not in use", { by });
  if (draft.get(by).preparingPower || draft.get(by).holding !== null || draft.get(by).heldBy !== null)
    refuse("PassNotAllowed", `${by} cannot pass now`, { by });
  const next = c.defender!;
  draft.events?.push({ kind: "pass", by });
  if (c.passedBy !== null) {
    draft.spend(by, 1);
    draft.spend(next, 1);
    draft.events?.push({ kind: "flinch", by: [c.passedBy, by] });
    return draft.finish(null);
  }
  if (draft.get(next).attacksLeft <= 0 || c.free)
    refuse("PassNotAllowed", `${next} has no attack to take the initiative with`, { by });
  return draft.finish(changed(c, { attacker: next, defender: by, passedBy: by }));
}

/** H2H-TRM-2: an attack spent on one or two actions (a step in or out, anything else). */
function takeActions(draft: Draft, by: string, actions: readonly ActionId[]): ActResult {
  const c = requireStage(draft.melee, "declare");
  if (c.simultaneous !== null) refuse("NotTheirChoice", "a tie's strike is an attack", { by });
  requireChooser(c.attacker, by);
  if (!Array.isArray(actions) || actions.length < 1 || actions.length > 2)
    refuse("UnknownAction", "an attack buys one or two actions", { actions });
  for (const a of actions)
    if (!ACTIONS.includes(a)) refuse("UnknownAction", `"${String(a)}" is not an action`, { a });
  const f = draft.get(by);
  if (f.preparingPower) refuse("PowerPrepared", `${by} prepared a Power Attack`, { by });
  if (f.heldBy !== null) refuse("Held", `${by} is held`, { by });
  if (c.free) refuse("FreeCounter", `${by}'s counter is a strike, not actions`, { by });
  draft.spend(by, 1);
  const target = c.defender!;
  for (const a of actions) {
    const r = draft.range(by, target);
    if (a === "approach" && r !== "grappling")
      draft.setRange(by, target, r === "long" ? "fighting" : "grappling");
    if (a === "withdraw" && r !== "long" && f.holding === null)
      draft.setRange(by, target, r === "grappling" ? "fighting" : "long");
  }
  draft.events?.push({ kind: "actions", by, actions });
  return draft.finish(null);
}

/* Holds (H2H-MOV-4) */

function endHold(draft: Draft, holder: string): void {
  const h = draft.get(holder);
  if (h.holding === null) return;
  const victim = h.holding.victim;
  draft.set(holder, { holding: null });
  draft.set(victim, { heldBy: null });
  draft.events?.push({ kind: "effect", to: victim, what: "released", amount: 0 });
}

function holdDamage(draft: Draft, holder: string, move: MoveId): number {
  const f = draft.get(holder);
  const data = draft.rules.moves[move];
  const rolled = rollMoveDice(data.dice, 0, false, draft.dice);
  const total = rolled + f.sheet.bonuses.damage;
  return Math.max(total, 0);
}

function hurt(draft: Draft, to: string, from: string, amount: number, cause: DamageCause): void {
  if (draft.get(to).out === "dead") return;
  const f = draft.own(to);
  const hp = f.hp - amount;
  f.hp = hp;
  draft.events?.push({ kind: "damage", to, from, amount, hp, cause });
  checkDown(draft, to, f);
}

function checkDown(draft: Draft, id: string, f: H2hFighterState): void {
  const dead = draft.rules.deadAtHp;
  let out: H2hOut | null = f.out;
  if (dead !== null && f.hp <= dead) out = "dead";
  else if (f.hp <= draft.rules.downAtHp && (out === null || out === "unconscious")) out = "down";
  if (out !== f.out) {
    draft.set(id, { out, preparingPower: false });
    draft.events?.push({ kind: "effect", to: id, what: out === "dead" ? "dead" : "down", amount: f.hp });
    leaveHolds(draft, id);
  }
}

function leaveHolds(draft: Draft, id: string): void {
  const f = draft.get(id);
  if (f.holding !== null) endHold(draft, id);
  if (f.heldBy !== null) endHold(draft, f.heldBy);
}

/** The holder spends an attack on its hold: the hold's damage, no roll (Bear Hug: "each squeeze counts as one attack"). */
function squeeze(draft: Draft, by: string): ActResult {
  const c = requireStage(draft.melee, "declare");
  requireChooser(c.attacker, by);
  const f = draft.get(by);
  if (f.holding === null || f.holding.victim !== c.defender)
    refuse("NotHolding", `${by} holds no one in this exchange`, { by });
  if (!c.free) draft.spend(by, 1);
  hurt(draft, f.holding.victim, by, holdDamage(draft, by, f.holding.move), "hold");
  return draft.finish(null);
}

/** The holder lets go; the exchange goes on with its choice. */
function release(draft: Draft, by: string): ActResult {
  const c = requireStage(draft.melee, "declare");
  requireChooser(c.attacker, by);
  if (draft.get(by).holding === null) refuse("NotHolding", `${by} holds no one`, { by });
  endHold(draft, by);
  return draft.finish(c);
}

/**
 * H2H-MOV-4: breaking free. The victim rolls a d20 with its P.P. bonus
 * only and must beat the holder's P.P. + P.S.; a tie breaks free but takes
 * the hold's damage. A Bear Hug reads the holder's P.S. (+ damage bonus),
 * or P.P. + P.S. as the other holds (`bearHugBreak`). A natural 20 always breaks free.
 */
export function breakFreeTarget(holder: H2hFighterState, move: MoveId, rules: H2hRules): number {
  const s = holder.sheet;
  if (rules.moves[move].bearHug && rules.bearHugBreak === "ps") return s.ps + s.bonuses.damage;
  return s.pp + s.ps;
}

function breakFree(draft: Draft, by: string): ActResult {
  const c = requireStage(draft.melee, "declare");
  requireChooser(c.attacker, by);
  const f = draft.get(by);
  if (f.heldBy === null) refuse("NotHeld", `${by} is not held`, { by });
  const holder = draft.get(f.heldBy);
  const move = holder.holding!.move;
  if (!c.free) draft.spend(by, 1);
  const natural = draft.d20();
  const total = natural + bonusOf(f, "pp", draft.rules);
  const against = breakFreeTarget(holder, move, draft.rules);
  const made = natural === 20 || total >= against;
  draft.events?.push({ kind: "breakFree", by, natural, total, against, made });
  if (made) {
    if (natural !== 20 && total === against)
      hurt(draft, by, holder.id, holdDamage(draft, holder.id, move), "hold");
    endHold(draft, holder.id);
    draft.events?.push({ kind: "effect", to: by, what: "brokeFree", amount: 0 });
  }
  return draft.finish(null);
}

/* Catching a natural 1 or a flinch (H2H-TRM-10, H2H-ATK-1) */

function tryCatch(draft: Draft, by: string, attempt: boolean): ActResult {
  const c = draft.melee.current;
  if (c === null || (c.stage !== "catchOne" && c.stage !== "catchFlinch"))
    return refuse("WrongStage", "there is nothing to catch", {});
  requireChooser(c.defender, by);
  const strike = c.strike!;
  const flinch = c.stage === "catchFlinch";
  if (!attempt || draft.get(by).out !== null) return draft.finish(null);
  const d = draft.get(by);
  const natural = draft.d20();
  let total: number;
  let against: number;
  if (flinch) {
    total = natural;
    against = strike.total;
  } else {
    total = natural + bonusOf(d, "initiative", draft.rules);
    // "Their own initiative": this exchange's roll, or the melee's kept
    // total when initiative is rolled once a melee (H2H-INI-1's option).
    const own = c.initiative[c.pair[0] === by ? 0 : 1];
    const kept = draft.rules.initiativeEvery === "melee" ? draft.melee.meleeInitiative[by] : undefined;
    against = own?.total ?? kept ?? draft.rules.catchWithoutInitiative;
  }
  const made = natural !== 1 && (natural === 20 || total > against);
  draft.events?.push({
    kind: "catch",
    by,
    what: flinch ? "flinch" : "natural1",
    natural,
    total,
    against,
    made,
  });
  if (!made) return draft.finish(null);
  return draft.finish({
    ...emptyExchange(c.pair),
    initiative: c.initiative,
    attacker: by,
    defender: strike.by,
    free: true,
    undefended: flinch,
  });
}

/* Step Four: the defense (H2H-DEF-1 … H2H-DEF-4, H2H-TRM-12) */

function defenseRoll(
  draft: Draft,
  c: H2hExchange,
  by: string,
  key: keyof H2hBonuses,
  penalty: number,
  d: H2hFighterState,
): D20Roll {
  const natural = draft.d20();
  let total = natural + bonusOf(d, key, draft.rules) + penalty;
  if (c.passedBy === by) total += draft.rules.passDefenseBonus;
  if (c.tieDefender === by) total += draft.rules.tieDefendPenalty;
  return { natural, total };
}

function defend(draft: Draft, input: Extract<H2hInput, { type: "defend" }>): ActResult {
  const c = requireStage(draft.melee, "defend");
  const by = input.by;
  requireChooser(c.defender, by);
  const rules = draft.rules;
  if (!has(DEFENSES as readonly string[], input.defense))
    refuse("UnknownDefense", `"${String(input.defense)}" is not a defense`, { defense: input.defense });
  const d = draft.get(by);
  if (!defenseOpen(draft.melee, rules, d, input.defense))
    refuse("DefenseNotAllowed", `${by} cannot ${input.defense} this strike`, { defense: input.defense });
  const strike = c.strike!;
  const attacker = strike.by;
  const data = rules.moves[strike.declaration.move];
  const defense = input.defense;
  // Every choice the defense carries is checked before a die is rolled.
  const counters = defense === "simultaneous" || defense === "comboParry" || defense === "comboDodge";
  const counterMove = input.move ?? "punch";
  if (defense === "simultaneous" && data.noSimultaneous && counterMove !== "sweep")
    refuse("DefenseNotAllowed", "a Back Kick meets no simultaneous attack but a Sweep", {
      move: counterMove,
    });
  const counter = counters
    ? checkAttack(draft, by, attacker, { type: "attack", by, move: counterMove })
    : null;
  const holdMove = input.move ?? "armHold";
  if (
    defense === "autoHold" &&
    (!MOVE_SET.has(holdMove) || (!rules.moves[holdMove].hold && holdMove !== "slam"))
  )
    refuse("DefenseNotAllowed", "an Auto Hold ends in a hold or a Slam", { move: holdMove });

  if (data.disarm) {
    // H2H-MOV-3: the wielder must roll higher than the disarmer's roll, P.P. bonus only.
    const roll = defenseRoll(draft, c, by, "pp", 0, d);
    const made = beatsStrike(strike, roll, false);
    draft.events?.push({ kind: "defense", by, defense, natural: roll.natural, total: roll.total, made });
    payDefense(draft, c, by, d, defense);
    if (!made) disarm(draft, attacker, by, strike.natural === 20);
    return draft.finish(null);
  }

  if (defense === "simultaneous") {
    // H2H-TRM-12: no defense, a strike over four; both take full damage. A Back Kick only meets a Sweep.
    const move = counterMove;
    draft.spend(by, 1);
    // A Bear Hug's holder throws or slams its victim from the hug: no roll, and the hug ends (H2H-MOV-4).
    const fromHug = d.holding !== null;
    const roll = fromHug ? NO_ROLL : strikeRoll(draft, by, counter!.data, counter!.penalty);
    if (fromHug) endHold(draft, by);
    draft.events?.push({
      kind: "defense",
      by,
      defense,
      natural: roll.natural,
      total: roll.total,
      made: true,
    });
    const mine = strikeOf(roll, by, attacker, counter!.declaration, fromHug);
    draft.events?.push({
      kind: "strike",
      by,
      target: attacker,
      move,
      modifiers: [],
      natural: roll.natural,
      total: roll.total,
    });
    const theirs = undefendedLands(strike, rules);
    const ours = fromHug || undefendedLands(mine, rules);
    if (theirs) landStrike(draft, strike, WHOLE, "strike", false, true);
    else draft.events?.push({ kind: "miss", by: attacker, target: by });
    if (ours) landStrike(draft, mine, WHOLE, "counter", false, true);
    else draft.events?.push({ kind: "miss", by, target: attacker });
    return draft.finish(null);
  }

  let key: keyof H2hBonuses = "parry";
  let penalty = 0;
  let tieWins = rules.tieGoesTo === "defender";
  switch (defense) {
    case "dodge":
    case "comboDodge":
      key = "dodge";
      break;
    case "autoDisarm":
      key = "disarm";
      tieWins = false;
      break;
    case "autoFlip":
    case "autoHold":
      key = "grapple";
      tieWins = false;
      break;
  }
  if (defense === "comboParry" || defense === "comboDodge") penalty += rules.comboPenalty;
  if (defense === "powerParry") penalty += rules.powerParryPenalty;
  if (defense === "autoFlip" || defense === "autoHold") {
    // H2H-RNG-1: the grapple it ends in is made from fighting range at −2, as any grapple.
    const grapple = rules.moves[defense === "autoFlip" ? "flipThrow" : holdMove];
    const range = draft.range(by, attacker);
    if (!has(grapple.ranges, range) && has(grapple.penalizedRanges, range))
      penalty += rules.grappleFromFightingPenalty;
  }
  const parries = defense === "parry" || defense === "powerParry" || defense === "comboParry";
  if (parries && data.weapon && d.weapon === null) penalty += rules.barehandedParryPenalty;
  const roll = defenseRoll(draft, c, by, key, penalty, d);
  const defended = beatsStrike(strike, roll, tieWins);
  draft.events?.push({
    kind: "defense",
    by,
    defense,
    natural: roll.natural,
    total: roll.total,
    made: defended,
  });
  payDefense(draft, c, by, d, defense);

  // A combo strikes back at once, at −3, met like a simultaneous attack (H2H-DEF-4).
  if (defense === "comboParry" || defense === "comboDodge") {
    const move = counterMove;
    // The pass's +3 waits for the next attack (H2H-INI-2): this strike is part of the defense.
    const cr = strikeRoll(
      draft,
      by,
      counter!.data,
      counter!.penalty + rules.comboPenalty,
      draft.get(by),
      false,
    );
    const mine = strikeOf(cr, by, attacker, counter!.declaration, false);
    draft.events?.push({
      kind: "strike",
      by,
      target: attacker,
      move,
      modifiers: [],
      natural: cr.natural,
      total: cr.total,
    });
    // Parry and strike are one motion: the blow it meets lands whatever this one does.
    if (undefendedLands(mine, rules)) landStrike(draft, mine, WHOLE, "counter", false, true);
    else draft.events?.push({ kind: "miss", by, target: attacker });
  }

  if (defended) {
    if (defense === "powerParry") {
      // H2H-DEF-4: "–3 to strike and parry": the parrying limb strikes too, met as a
      // counter is (over four), for its dice plus the P.S. bonus (H2H-DMG-1).
      const leg = input.limb === "leg";
      // The limb's own strike: the strike bonus, not what the moves list says of a punch or a
      // kick, and not the pass's +3, which waits for the next attack (H2H-INI-2).
      const natural = draft.d20();
      const pr = {
        natural,
        total: natural + bonusOf(draft.get(by), "strike", rules) + rules.powerParryPenalty,
      };
      const blow = strikeOf(pr, by, attacker, leg ? POWER_PARRY_LEG : POWER_PARRY_ARM, false);
      // Damage only (landed as a parried blow is): a punch's or a kick's effects are not the parry's.
      if (undefendedLands(blow, rules))
        landStrike(
          draft,
          blow,
          WHOLE,
          "parry",
          true,
          true,
          leg ? rules.powerParryDamage.leg : rules.powerParryDamage.arm,
        );
      else draft.events?.push({ kind: "miss", by, target: attacker });
    }
    if (defense === "autoDisarm" && draft.get(attacker).weapon !== null)
      disarm(draft, by, attacker, roll.natural === 20);
    if (defense === "autoFlip") {
      const flip = counterGrapple(draft, by, attacker, "flipThrow", roll);
      landStrike(draft, flip, WHOLE, "counter");
    }
    if (defense === "autoHold") {
      landStrike(draft, counterGrapple(draft, by, attacker, holdMove, roll), WHOLE, "counter");
    }
    // Parried, a Round/Shin Kick, a Spin or a Power Attack still deals ¼ (H2H-MOV-2, H2H-MOD-1).
    const mods = strike.declaration.modifiers;
    if (
      parries &&
      (data.parriedShare || has(mods, "spin") || has(mods, "power")) &&
      strikeLands(strike, null, rules)
    )
      landStrike(draft, strike, rules.parriedShare, "strike", true, true);
    return draft.finish(null);
  }
  if (!strikeLands(strike, null, rules)) {
    draft.events?.push({ kind: "miss", by: attacker, target: by });
    return draft.finish(null);
  }
  return draft.finish(atStage(c, "reduce"));
}

function counterGrapple(
  _draft: Draft,
  by: string,
  target: string,
  move: MoveId,
  roll: D20Roll,
): StrikeRecord {
  return {
    natural: roll.natural,
    total: roll.total,
    by,
    target,
    // Rolled (over the strike), so it meets an AR as any rolled strike does.
    automatic: false,
    declaration: { move, modifiers: [], pull: null, knockout: false, deathBlow: false },
  };
}

const NO_ROLL: D20Roll = Object.freeze({ natural: 0, total: 0 });

const POWER_PARRY_ARM: StrikeDeclaration = Object.freeze({
  move: "punch",
  modifiers: Object.freeze([]) as readonly ModifierId[],
  pull: null,
  knockout: false,
  deathBlow: false,
});
const POWER_PARRY_LEG: StrikeDeclaration = Object.freeze({ ...POWER_PARRY_ARM, move: "kick" });

/** What a defense costs (H2H-DEF-2, H2H-DEF-4): the next initiative, an attack. */
function payDefense(draft: Draft, c: H2hExchange, by: string, d: H2hFighterState, defense: DefenseId): void {
  const sheet = d.sheet;
  let loses = false;
  if (defense === "dodge") {
    loses = !sheet.autoDodge;
    if (draft.rules.dodgeCostsAttackInMelee && standingCount(draft.melee) > 2) draft.spend(by, 1);
  }
  if (defense === "parry" || defense === "powerParry") loses = !sheet.autoParry;
  if (defense === "comboParry" || defense === "comboDodge") draft.spend(by, 1);
  // A pass's defender counters with the next initiative (H2H-INI-2): its defense costs none.
  if (c.passedBy === by) {
    if (draft.get(by).out === null) {
      const mine = draft.own(by);
      mine.initiativeNext = true;
      mine.passStrike = true;
    }
  } else if (loses && !d.loseInitiative) draft.own(by).loseInitiative = true;
}

function noDefense(draft: Draft, by: string): ActResult {
  const c = requireStage(draft.melee, "defend");
  requireChooser(c.defender, by);
  draft.events?.push({ kind: "defense", by, defense: "none", natural: 0, total: 0, made: false });
  const strike = c.strike!;
  if (strike.declaration.move === "disarm") {
    disarm(draft, strike.by, by, strike.natural === 20);
    return draft.finish(null);
  }
  if (!strikeLands(strike, null, draft.rules)) {
    draft.events?.push({ kind: "miss", by: strike.by, target: by });
    return draft.finish(null);
  }
  return draft.finish(atStage(c, "reduce"));
}

/* Step Six: damage reduction (H2H-DMG-2) */

function reduce(draft: Draft, by: string, reduction: ReductionId | null): ActResult {
  const c = requireStage(draft.melee, "reduce");
  requireChooser(c.defender, by);
  const strike = c.strike!;
  // Only a Combo's counter can have struck the attacker since its strike,
  // and the two were at once: the blow lands whatever the counter did.
  if (reduction === null) {
    landStrike(draft, strike, WHOLE, "strike", false, true);
    return draft.finish(null);
  }
  if (!REDUCTIONS.includes(reduction))
    refuse("UnknownReduction", `"${String(reduction)}" is not a damage reduction`, { reduction });
  const rules = draft.rules;
  const d = draft.get(by);
  const natural = draft.d20();
  const total = natural + bonusOf(d, reduction === "roll" ? "roll" : "breakfall", rules);
  const made = beatsStrike(strike, { natural, total }, false);
  draft.events?.push({ kind: "reduction", by, reduction, natural, total, made });
  const crescent = rules.moves[strike.declaration.move].crescent;
  let share: Fraction;
  if (reduction === "roll") share = made ? (crescent ? rules.crescentShare.roll : rules.rollShare) : WHOLE;
  else
    share = made
      ? crescent
        ? rules.crescentShare.breakfall
        : rules.breakfallShare.made
      : rules.breakfallShare.failed;
  landStrike(draft, strike, share, "strike", false, true);
  return draft.finish(null);
}

/* Step Five: damage, and what a blow does beyond it */

/** H2H-MOV-3, H2H-DEF-3: the weapon leaves its wielder; on a natural 20 it is in the disarmer's hand. */
function disarm(draft: Draft, disarmer: string, wielder: string, take: boolean): void {
  const weapon = draft.get(wielder).weapon;
  if (weapon === null) return;
  draft.set(wielder, { weapon: null });
  draft.events?.push({ kind: "effect", to: wielder, what: "disarmed", amount: 0 });
  if (take && draft.get(disarmer).weapon === null) {
    draft.set(disarmer, { weapon });
    draft.events?.push({ kind: "effect", to: disarmer, what: "weaponTaken", amount: 0 });
  }
}

/** The damage a landed strike deals before any share: dice, P.S. bonus, multipliers (H2H-DMG-1, H2H-TRM-3). */
function strikeDamage(
  draft: Draft,
  strike: StrikeRecord,
  dice: string | undefined,
  a: H2hFighterState,
): number {
  const rules = draft.rules;
  const data = rules.moves[strike.declaration.move];
  const mods = strike.declaration.modifiers;
  const source = dice ?? (data.weapon ? (a.weapon?.damage ?? "0") : data.dice);
  const natural = rollMoveDice(
    source,
    has(mods, "dash") ? rules.dashExtraDice : 0,
    has(mods, "jump"),
    draft.dice,
  );
  // H2H-TRM-3, stacked one by one as stackMultipliers does, with no list made.
  const m = rules.multipliers;
  const add = rules.multiplierStacking === "add";
  let multiplier = 1;
  if (strike.natural === 20) multiplier = add ? multiplier + (m.critical - 1) : multiplier * m.critical;
  if (has(mods, "spin")) multiplier = add ? multiplier + (m.spin - 1) : multiplier * m.spin;
  if (has(mods, "power")) multiplier = add ? multiplier + (m.power - 1) : multiplier * m.power;
  if (strike.declaration.deathBlow)
    multiplier = add ? multiplier + (m.deathBlow - 1) : multiplier * m.deathBlow;
  lastNaturalDamage = natural;
  return multipliedDamage(natural, a.sheet.bonuses.damage, multiplier, rules);
}

/** The dice's sum of the last `strikeDamage` (the Front Kick's "natural roll"): read at once, no object made. */
let lastNaturalDamage = 0;

/**
 * A strike that landed: its damage (times `share`, from a parry or a
 * reduction), the Armor Rating's split, a pull punch, then what the move
 * does: the fall and the lost initiative or attacks, the Front Kick's
 * push, a hold taken, a disarm, the knock-out and the death blow.
 */
function landStrike(
  draft: Draft,
  strike: StrikeRecord,
  share: Fraction,
  cause: "strike" | "counter" | "parry",
  parried = false,
  atOnce = false,
  dice?: string,
): void {
  const rules = draft.rules;
  const by = strike.by;
  const to = strike.target;
  const a = draft.get(by);
  const v = draft.get(to);
  // Blows struck at the same time (a tie, a simultaneous attack) all land
  // in full: one that killed its victim first does not unthrow the other.
  if ((a.out === "dead" && !atOnce) || v.out === "dead") return;
  const data = rules.moves[strike.declaration.move];
  if (data.disarm && dice === undefined) {
    disarm(draft, by, to, strike.natural === 20);
    return;
  }
  const full = strikeDamage(draft, strike, dice, a);
  const natural = lastNaturalDamage;
  // H2H-TRM-1: the armor splits the blow as it lands (after a parry's or a
  // reduction's share, and a pull), between the victim and the attacker.
  let victimSplit = WHOLE;
  let attackerSplit = ZERO;
  if (v.sheet.ar > 0 && !strike.automatic) {
    const split = armorSplit(strike.natural, bonusOf(a, "pp", rules), v.sheet.ar, rules);
    victimSplit = split.victim;
    if (!data.weapon) attackerSplit = split.attacker;
  }
  let amount: number;
  let back: number;
  const pull = strike.declaration.pull;
  if (pull === null) {
    // Shares kept exact and rounded once (docs/rules/h2h.md, "Damage").
    amount = shareOf(full, share.num * victimSplit.num, share.den * victimSplit.den, rules);
    back = shareOf(full, share.num * attackerSplit.num, share.den * attackerSplit.den, rules);
  } else {
    const over = a.sheet.martialArt ? rules.pullPunchOver.martialArt : rules.pullPunchOver.handToHand;
    const made = draft.d20() > over;
    const blow = pulledDamage(
      shareOf(full, share.num, share.den, rules),
      pull,
      made,
      a.sheet.martialArt,
      rules,
    );
    amount = shareOf(blow, victimSplit.num, victimSplit.den, rules);
    back = shareOf(blow, attackerSplit.num, attackerSplit.den, rules);
  }
  hurt(draft, to, by, amount, cause);
  // A Bear Hug's victim, arms free, strikes its holder to break free (H2H-MOV-4): a blow that lands does it.
  const hug = draft.get(to).holding;
  if (hug !== null && hug.victim === by && hug.move === "bearHug") {
    endHold(draft, to);
    draft.events?.push({ kind: "effect", to: by, what: "brokeFree", amount: 0 });
  }
  if (back > 0) hurt(draft, by, by, back, "armor");
  if (parried) return;
  const victim = draft.get(to);
  if (victim.out !== null) return;
  const effect = data.effect;
  if (effect !== null) {
    let lose = effect.loseAttacks;
    if (effect.balanceSaves) {
      const balance = draft.d20();
      const kept = balance >= victim.sheet.balance;
      draft.events?.push({ kind: "effect", to, what: "balance", amount: balance });
      if (kept) lose = 0;
    }
    if (effect.falls) draft.events?.push({ kind: "effect", to, what: "falls", amount: 0 });
    if (lose > 0) {
      draft.spend(to, lose);
      draft.events?.push({ kind: "effect", to, what: "loseAttacks", amount: lose });
    }
    if (effect.loseInitiative) loseInitiative(draft, to);
  }
  if (has(strike.declaration.modifiers, "power")) loseInitiative(draft, to);
  if (data.pushOver !== null && natural > data.pushOver && draft.range(by, to) === "grappling") {
    draft.setRange(by, to, "fighting");
    draft.events?.push({ kind: "effect", to, what: "pushed", amount: natural });
  }
  // A holder the armor's share put out of the fight holds no one.
  if (data.hold) {
    const holder = draft.get(by);
    if (holder.out === null && holder.holding === null && victim.heldBy === null) {
      draft.set(by, { holding: { victim: to, move: strike.declaration.move } });
      draft.set(to, { heldBy: by });
      draft.setRange(by, to, "grappling");
      draft.events?.push({ kind: "effect", to, what: "held", amount: 0 });
    }
  }
  if (strike.declaration.knockout) knockOut(draft, to);
  if (strike.declaration.deathBlow) deathBlow(draft, to);
}

function loseInitiative(draft: Draft, id: string): void {
  const f = draft.get(id);
  if (f.loseInitiative) return;
  const mine = draft.own(id);
  mine.loseInitiative = true;
  mine.initiativeNext = false;
  draft.events?.push({ kind: "effect", to: id, what: "loseInitiative", amount: 0 });
}

/** H2H-TRM-6: save vs knock-out, 14 with the P.E. bonus. */
function knockOut(draft: Draft, id: string): void {
  const rules = draft.rules;
  const f = draft.get(id);
  const natural = draft.d20();
  if (natural + f.sheet.bonuses.pe >= rules.koSave) {
    const melees = rollMoveDice(rules.koStunMelees, 0, false, draft.dice);
    draft.spend(id, rules.koStunLostAttacks);
    // The melee of the blow is counted only when the option says so; else the stun runs its rest, then 1D4 whole melees.
    const lasts = rules.koStunCountsThisMelee ? melees : melees + 1;
    draft.set(id, { stunMelees: Math.max(f.stunMelees, lasts) });
    draft.events?.push({ kind: "effect", to: id, what: "stunned", amount: melees });
    return;
  }
  const minutes = rollMoveDice(rules.koUnconsciousMinutes, 0, false, draft.dice);
  draft.set(id, { out: "unconscious", outFor: { amount: minutes, unit: "minutes" }, preparingPower: false });
  draft.events?.push({ kind: "effect", to: id, what: "knockedOut", amount: minutes });
  leaveHolds(draft, id);
}

/** H2H-TRM-4: the death blow's coma roll, d100 with the save vs coma bonus; over the chance saves. */
function deathBlow(draft: Draft, id: string): void {
  const rules = draft.rules;
  const f = draft.get(id);
  const roll = draft.dice.roll(100) + f.sheet.bonuses.coma;
  if (roll > rules.comaChance) {
    draft.events?.push({ kind: "effect", to: id, what: "comaSaved", amount: roll });
    return;
  }
  const days = rollMoveDice(rules.comaDays, 0, false, draft.dice);
  draft.set(id, { out: "coma", outFor: { amount: days, unit: "days" }, preparingPower: false });
  draft.events?.push({ kind: "effect", to: id, what: "coma", amount: days });
  leaveHolds(draft, id);
}
