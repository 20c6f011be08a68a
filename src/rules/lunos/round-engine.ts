import type { DiceSource } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import type { LunosRules } from "./config";
import { type DamageDealt, damagePoints, NO_DAMAGE, splitDamage } from "./damage";
import {
  armorDice,
  armorProtection,
  attacksAtRange,
  distanceDice,
  heavyWeaponDice,
  moveFeet,
  usableInGrapple,
  weaponDamage,
  weaponDamageType,
} from "./equipment";
import { validateFighter } from "./fighter";
import {
  allLevelsUsed,
  dyingRounds,
  healthLevels,
  magicWhileDying,
  overcomeByPain,
  woundPenalty,
} from "./health";
import { buyManeuvers, checkDeclaration, freeSuccesses } from "./maneuvers";
import { type PoolRoll, poolAutomatic, poolDice, rollPool } from "./pool";
import { lunosTurnOrder } from "./ruleset";
import {
  ACTION_KINDS,
  ATTACK_SKILLS,
  type AttackSkill,
  type LunosFighter,
  type Maneuver,
  OTHER_TASKS,
  type OtherTask,
} from "./types";

/**
 * The Lunos round as plain data and its transitions. People's choices (the
 * actions of the round and their targets, a lunge, a maneuver declared
 * before the roll, the maneuvers bought after it) are inputs; what the
 * rules decide (actions left, initiative and order, every pool, the
 * difficulty each defense sets, what hits, damage, health, grapples,
 * timers) is derived here. Each transition answers a new fight; nothing is
 * changed in place.
 *
 * A round: `startRound` (actions, grapple checks, timers, initiative),
 * `declare` for each fighter, `beginAttacks` (the defense rolls), then in
 * initiative order `rollAttack` and `resolveAttack` for each who attacks,
 * `endSlot` after each slot. The simulator (src/rulesets/lunos/sim/) walks
 * it a fight at a time; the table will do the same from its Combat.
 */

export const ROUND_REFUSALS = Object.freeze([
  "WrongPhase",
  "UnknownCombatant",
  "OutOfAction",
  "Undeclared",
  "UnknownAction",
  "TooManyActions",
  "SecondAttack",
  "SecondDefense",
  "LungeTwice",
  "FlurryNeedsCombat",
  "BadTarget",
  "OutOfReach",
  "NotTheirTurn",
  "NoAttackDeclared",
  "AlreadyAttacked",
  "NoPendingAttack",
  "AttackPending",
  "CannotActInGrapple",
  "NoMoveInGrapple",
  "NoMoveWhileProne",
  "MinorActionsOnly",
  "NoWeapon",
  "NotGrappling",
  "NoThreat",
  "BadSpend",
  "SkillNotOfWeapon",
  "MoveTooFar",
] as const);
export type RoundRefusal = (typeof ROUND_REFUSALS)[number];

function refuse(reason: RoundRefusal, message: string, details: Record<string, unknown> = {}): never {
  throw new RulesError("round-refused", `Lunos round: ${message}`, { reason, ...details });
}

/** The fighters' sheets, and the feet between two of them (the table measures its grid, the simulator a line). */
export interface FightView {
  sheet(id: string): LunosFighter;
  distance(a: string, b: string): number;
}

/* -------------------------------------------- */
/*  Actions                                     */
/* -------------------------------------------- */

export interface AttackDeclaration {
  readonly targets: readonly string[];
  /**
   * The skill added to Agility: the weapon's own (the default), or Brawl
   * for a bodily blow, struck bare-handed; any other is refused.
   */
  readonly skill?: AttackSkill;
  /** LUN-MNV-2: a maneuver declared before the roll, for a free success. */
  readonly declared?: Maneuver | null;
  readonly forgoDamage?: boolean;
}

export type LunosAction =
  | ({ readonly kind: "attack" | "powerAttack" } & AttackDeclaration)
  | ({ readonly kind: "flurry"; readonly against: readonly string[] } & AttackDeclaration)
  | { readonly kind: "defense" | "parry" | "fullDefense"; readonly against: readonly string[] }
  | { readonly kind: "move"; readonly feet: number }
  | { readonly kind: "other"; readonly task: OtherTask; readonly target?: string }
  | { readonly kind: "magic"; readonly healing?: boolean };

export interface LunosPlan {
  readonly actions: readonly LunosAction[];
  /** LUN-ACT-10: a third action this round, one at −2 dice the next. */
  readonly lunge?: boolean;
  /** A tripped fighter's Agility + Athletics roll to stand without spending an action. */
  readonly standByRoll?: boolean;
}

/** Actions an action kind uses up: Power attack and Full defense take both (LUN-ACT-8, LUN-ACT-9). */
export function actionCost(kind: LunosAction["kind"]): number {
  return kind === "powerAttack" || kind === "fullDefense" ? 2 : 1;
}

/* -------------------------------------------- */
/*  State                                       */
/* -------------------------------------------- */

export interface DefenseRecord {
  readonly kind: "defense" | "parry" | "fullDefense" | "flurry";
  readonly against: readonly string[];
  readonly roll: PoolRoll;
}

export interface FighterState {
  readonly id: string;
  /* Lasting */
  readonly bruising: number;
  readonly wounding: number;
  readonly trauma: number;
  readonly dead: boolean;
  /** Out from the pain (LUN-HLT-2) or a choke. */
  readonly unconscious: boolean;
  /** Rounds since every level was used (LUN-HLT-4); −1 while a level is left. */
  readonly dying: number;
  /** Rounds left of magic cast while dying (LUN-HLT-5); −1 when none. */
  readonly lastMagic: number;
  readonly lastMagicKills: boolean;
  /** Given medical attention while dying: the 5 minutes stop running (LUN-HLT-4). */
  readonly tended: boolean;
  readonly prone: boolean;
  /** Its weapon: in hand, caught by the disarmer, or lying where it was flung. */
  readonly weapon: "held" | "caught" | "lying";
  /* Carried into the next round */
  readonly lunged: boolean;
  readonly stunned: boolean;
  readonly lostActions: number;
  /* This round */
  readonly actions: number;
  /** Dice off every roll this round (the round after a lunge). */
  readonly rollDice: number;
  readonly lungedLast: boolean;
  readonly initiative: PoolRoll | null;
  readonly plan: LunosPlan | null;
  readonly defense: DefenseRecord | null;
  readonly attacked: boolean;
  readonly grappleCheck: PoolRoll | null;
  /** False while it lost this round's grapple check (LUN-GRP-2). */
  readonly mayAct: boolean;
  /** The slot it was put out in this round (−1: not put out): it still strikes in its own slot. */
  readonly outAtSlot: number;
}

export interface Grapple {
  readonly a: string;
  readonly b: string;
  /** LUN-GRP-3: who holds a pin, until the other wins a check. */
  readonly pinnedBy: string | null;
  readonly choke: { readonly by: string; readonly victim: string; readonly rounds: number } | null;
}

/** LUN-MNV-3, Threaten: held from the next round while its maker keeps an action on it. */
export interface Threat {
  readonly by: string;
  readonly target: string;
  readonly margin: number;
  readonly since: number;
}

export interface TargetRoll {
  readonly id: string;
  /** The successes the target's defense counts against this attack (its difficulty is one more). */
  readonly defense: number;
  readonly difficulty: number;
  readonly hit: boolean;
  /** Successes beyond the difficulty (LUN-ACT-2). */
  readonly extra: number;
}

export interface PendingAttack {
  readonly attackerId: string;
  readonly kind: "attack" | "powerAttack" | "flurry";
  readonly roll: PoolRoll;
  readonly targets: readonly TargetRoll[];
  readonly declared: Maneuver | null;
  readonly forgoDamage: boolean;
  readonly free: number;
  /** Whether the weapon is used (held, and allowed in a grapple). */
  readonly armed: boolean;
  readonly grapple: boolean;
}

/** A blow's damage to one target in the current slot (`LunosFight.landed`). */
export interface LandedBlow {
  readonly target: string;
  readonly damage: DamageDealt;
}

/** A Grapple, Pin or Choke bought in the current slot (`LunosFight.holds`). */
export interface SlotHold {
  readonly kind: "grapple" | "pin" | "choke";
  readonly by: string;
  readonly target: string;
  /** The extra successes of the blow that bought it: of two that clash at once, the higher holds. */
  readonly extra: number;
}

export interface LunosFight {
  readonly round: number;
  readonly phase: "declare" | "attack" | "end";
  /** Initiative order (LUN-RND-2): a slot is the ids acting at once. */
  readonly slots: readonly (readonly string[])[];
  readonly slot: number;
  readonly fighters: readonly FighterState[];
  readonly grapples: readonly Grapple[];
  readonly threats: readonly Threat[];
  readonly pending: PendingAttack | null;
  /**
   * The fighters and grapples as the slot began: every blow of a slot is
   * judged against them (LUN-RND-2, a shared slot), so the order in which
   * tied fighters' attacks are entered changes nothing.
   */
  readonly slotStart: { readonly fighters: readonly FighterState[]; readonly grapples: readonly Grapple[] };
  /**
   * The damage the slot's blows have dealt so far. A target's levels are
   * filled again from the slot's start with all of them, in an order the
   * blows themselves give (`blowsAtOnce`, docs/rules/lunos.md, "Blows at
   * once"), so which kinds fill the last levels never follows the order
   * the blows were entered in.
   */
  readonly landed: readonly LandedBlow[];
  /**
   * The grapples, pins and chokes the slot's blows have bought so far:
   * the grapples are worked out again from the slot's start with all of
   * them (docs/rules/lunos.md, "Grapples at once"), never by entry order.
   */
  readonly holds: readonly SlotHold[];
}

function freshFighter(id: string): FighterState {
  return {
    id,
    bruising: 0,
    wounding: 0,
    trauma: 0,
    dead: false,
    unconscious: false,
    dying: -1,
    lastMagic: -1,
    lastMagicKills: false,
    tended: false,
    prone: false,
    weapon: "held",
    lunged: false,
    stunned: false,
    lostActions: 0,
    actions: 0,
    rollDice: 0,
    lungedLast: false,
    initiative: null,
    plan: null,
    defense: null,
    attacked: false,
    grappleCheck: null,
    mayAct: true,
    outAtSlot: -1,
  };
}

/**
 * A fighter's record with the fields an exchange changes replaced, every
 * other field written out: an object spread with overrides is several
 * times slower, and this runs twice an exchange. A field added to
 * FighterState fails to compile here until it is carried.
 */
function fighterAfter(
  f: FighterState,
  attacked: boolean,
  lostActions: number,
  bruising: number,
  wounding: number,
  trauma: number,
  dying: number,
  unconscious: boolean,
): FighterState {
  return {
    id: f.id,
    bruising,
    wounding,
    trauma,
    dead: f.dead,
    unconscious,
    dying,
    lastMagic: f.lastMagic,
    lastMagicKills: f.lastMagicKills,
    tended: f.tended,
    prone: f.prone,
    weapon: f.weapon,
    lunged: f.lunged,
    stunned: f.stunned,
    lostActions,
    actions: f.actions,
    rollDice: f.rollDice,
    lungedLast: f.lungedLast,
    initiative: f.initiative,
    plan: f.plan,
    defense: f.defense,
    attacked,
    grappleCheck: f.grappleCheck,
    mayAct: f.mayAct,
    outAtSlot: f.outAtSlot,
  };
}

/** The fight after an attack roll or its resolution, written out for the same reason as fighterAfter. */
function fightAfter(
  fight: LunosFight,
  fighters: readonly FighterState[],
  grapples: readonly Grapple[],
  threats: readonly Threat[],
  pending: PendingAttack | null,
  landed: readonly LandedBlow[],
  holds: readonly SlotHold[],
): LunosFight {
  return {
    round: fight.round,
    phase: fight.phase,
    slots: fight.slots,
    slot: fight.slot,
    fighters,
    grapples,
    threats,
    pending,
    slotStart: fight.slotStart,
    landed,
    holds,
  };
}

/** A fight before its first round: everyone unhurt. */
export function startFight(ids: readonly string[]): LunosFight {
  if (ids.length < 2 || new Set(ids).size !== ids.length)
    refuse("UnknownCombatant", "a fight needs two or more fighters, each id once", { ids });
  return {
    round: 0,
    phase: "end",
    slots: [],
    slot: 0,
    fighters: ids.map(freshFighter),
    grapples: [],
    threats: [],
    pending: null,
    slotStart: { fighters: [], grapples: [] },
    landed: [],
    holds: [],
  };
}

export function levelsTaken(f: FighterState): number {
  return f.bruising + f.wounding + f.trauma;
}

/** Out of the fight: dead, unconscious, or with every level used (minor actions only). */
export function isOut(f: FighterState): boolean {
  return f.dead || f.unconscious || f.dying >= 0;
}

export function fighterOf(fight: LunosFight, id: string): FighterState {
  const fs = fight.fighters;
  for (let i = 0; i < fs.length; i += 1) if (fs[i]!.id === id) return fs[i]!;
  return refuse("UnknownCombatant", `no fighter "${id}" in this fight`, { id });
}

function indexOf(fight: LunosFight, id: string): number {
  const fs = fight.fighters;
  for (let i = 0; i < fs.length; i += 1) if (fs[i]!.id === id) return i;
  return refuse("UnknownCombatant", `no fighter "${id}" in this fight`, { id });
}

function withFighter(fighters: FighterState[], f: FighterState): void {
  for (let i = 0; i < fighters.length; i += 1) if (fighters[i]!.id === f.id) fighters[i] = f;
}

function requirePhase(fight: LunosFight, phase: LunosFight["phase"]): void {
  if (fight.phase !== phase)
    refuse("WrongPhase", `this needs the ${phase} phase, the fight is in ${fight.phase}`, {
      phase: fight.phase,
    });
}

export function grappleOf(fight: LunosFight, id: string): Grapple | null {
  return grappleIn(fight.grapples, id);
}

/** The grapple a fighter was in as the current slot began: the one a Pin or Choke of the slot is bought on. */
export function slotGrappleOf(fight: LunosFight, id: string): Grapple | null {
  return grappleIn(fight.phase === "attack" ? fight.slotStart.grapples : fight.grapples, id);
}

function grappleIn(grapples: readonly Grapple[], id: string): Grapple | null {
  for (let i = 0; i < grapples.length; i += 1) {
    const g = grapples[i]!;
    if (g.a === id || g.b === id) return g;
  }
  return null;
}

function partnerIn(g: Grapple, id: string): string {
  return g.a === id ? g.b : g.a;
}

/** The dice every pool of this fighter loses now: wounds (LUN-HLT-2) and the lunge's aftermath (LUN-ACT-10). */
export function rollPenalty(f: FighterState, sheet: LunosFighter, rules: LunosRules): number {
  return woundPenalty(levelsTaken(f), sheet.abilities.body, rules) + f.rollDice;
}

/* -------------------------------------------- */
/*  The round's start                           */
/* -------------------------------------------- */

/** LUN-GRP-1: the lowest two of Agility, Brawl and Body. */
export function grappleRatings(sheet: LunosFighter): readonly [number, number] {
  const x = sheet.abilities.agility;
  const y = sheet.skills.brawl;
  const z = sheet.abilities.body;
  if (x >= y && x >= z) return [y, z];
  if (y >= x && y >= z) return [x, z];
  return [x, y];
}

function rollGrappleCheck(
  f: FighterState,
  sheet: LunosFighter,
  pinned: boolean,
  dice: DiceSource,
  rules: LunosRules,
): PoolRoll {
  const [p, q] = grappleRatings(sheet);
  // Armor weighs on Agility (LUN-EQP-1): on the check too, when Agility is one of the two rolled.
  const a = sheet.abilities;
  const agilityRolled = !(a.agility >= sheet.skills.brawl && a.agility >= a.body);
  const armor = agilityRolled ? armorDice(sheet.armor, "agility", rules) : 0;
  return rollPool(
    poolDice(p, q, rules) - rollPenalty(f, sheet, rules) - armor,
    poolAutomatic(p, q),
    pinned ? rules.pinSuccesses : 0,
    dice,
    rules,
  );
}

/** Initiative (LUN-RND-2, [default]): a pool of Reflexes, wounds off it. */
function rollInitiative(f: FighterState, sheet: LunosFighter, dice: DiceSource, rules: LunosRules): PoolRoll {
  const r = sheet.abilities.reflexes;
  return rollPool(poolDice(r, 0, rules) - rollPenalty(f, sheet, rules), poolAutomatic(r, 0), 0, dice, rules);
}

/** The order (LUN-RND-2, `lunosTurnOrder`), with the luck dice of a roll-off when `initiativeTie` asks for one. */
function orderOf(
  fighters: readonly FighterState[],
  view: FightView,
  dice: DiceSource,
  rules: LunosRules,
): string[][] {
  const rows = fighters
    .filter((f) => f.initiative !== null)
    .map((f) => ({
      id: f.id,
      s: f.initiative!.successes,
      r: view.sheet(f.id).abilities.reflexes,
      rolls: [] as number[],
      off: 0,
    }));
  if (rules.initiativeTie === "rollOff") {
    const same = (x: (typeof rows)[number], y: (typeof rows)[number]) =>
      x.s === y.s &&
      x.r === y.r &&
      x.rolls.length === y.rolls.length &&
      x.rolls.every((v, i) => v === y.rolls[i]);
    // Everyone in a tie (of two or more) rolls the luck die, again and again until no two are tied;
    // the rolls compare in turn, so a later roll only parts those the earlier ones left together.
    for (;;) {
      const tied = rows.filter((x) => rows.some((y) => y !== x && same(x, y)));
      if (tied.length === 0) break;
      for (const x of tied) x.rolls.push(dice.roll(rules.luckDie));
    }
    const byRolls = (x: (typeof rows)[number], y: (typeof rows)[number]) => {
      for (let i = 0; i < Math.max(x.rolls.length, y.rolls.length); i += 1) {
        const d = (x.rolls[i] ?? 0) - (y.rolls[i] ?? 0);
        if (d !== 0) return d;
      }
      return 0;
    };
    // The turn order reads one number: each fighter's rank among the rolls.
    const ranked = [...rows].sort(byRolls);
    for (const row of rows) row.off = ranked.findIndex((x) => byRolls(x, row) === 0);
  }
  const slots = lunosTurnOrder(
    "attack",
    rows.map((row) => ({
      id: row.id,
      orderValue: row.s,
      outOfAction: false,
      facts: { reflexes: row.r, rollOff: row.off },
    })),
  );
  return slots.map((slot) => (typeof slot === "string" ? [slot] : [...slot]));
}

/**
 * A new round: actions (two, one after a lunge at −2 dice, one when
 * stunned, one fewer after a disaster, one fewer in a grapple), timers
 * (dying, a choke, last magic), grapple checks and who may act, and
 * initiative with its order.
 */
export function startRound(
  fight: LunosFight,
  view: FightView,
  dice: DiceSource,
  rules: LunosRules,
): LunosFight {
  requirePhase(fight, "end");
  // The sheets come from outside (samples, files, the table's documents): each is checked before the rules read it.
  for (const f of fight.fighters) validateFighter(view.sheet(f.id));
  const roundsPerMinute = 60 / rules.secondsPerRound;
  const fighters = fight.fighters.map((f): FighterState => {
    let next: FighterState = {
      ...f,
      lunged: false,
      stunned: false,
      lostActions: 0,
      lungedLast: f.lunged,
      rollDice: f.lunged ? rules.lungeDice : 0,
      initiative: null,
      plan: null,
      defense: null,
      attacked: false,
      grappleCheck: null,
      mayAct: true,
      outAtSlot: -1,
    };
    if (next.dying >= 0 && !next.dead && !next.tended) {
      const dying = next.dying + 1;
      next = { ...next, dying, dead: dying >= dyingRounds(rules) };
    }
    if (next.lastMagic > 0 && !next.dead) {
      const left = next.lastMagic - 1;
      next = { ...next, lastMagic: left, dead: left === 0 && next.lastMagicKills };
    }
    let actions = f.lunged ? 1 : rules.actionsPerRound;
    if (f.stunned) actions = Math.min(actions, 1);
    actions = Math.max(0, actions - f.lostActions);
    return { ...next, actions: next.dead || next.unconscious ? 0 : actions };
  });
  // Grapples: anyone out ends one; chokes count on; each member spends an action and rolls.
  const grapples: Grapple[] = [];
  for (const g of fight.grapples) {
    const ia = fighters.findIndex((f) => f.id === g.a);
    const ib = fighters.findIndex((f) => f.id === g.b);
    const fa = fighters[ia]!;
    const fb = fighters[ib]!;
    let choke = g.choke;
    // A choke holds on a victim it has put out, as long as the choker is up; any other grapple ends when one is out.
    if (choke !== null) {
      const ci = choke.by === g.a ? ia : ib;
      const vi = choke.by === g.a ? ib : ia;
      const choker = fighters[ci]!;
      const victim = fighters[vi]!;
      if (isOut(choker) || victim.dead) continue;
      const rounds = choke.rounds + 1;
      choke = { ...choke, rounds };
      const out = view.sheet(victim.id).abilities.body * rules.chokeMinutesPerBody * roundsPerMinute;
      const death = out + rules.chokeDeathMinutes * roundsPerMinute;
      if (rounds >= death) {
        fighters[vi] = { ...victim, unconscious: true, dead: true, actions: 0 };
        continue;
      }
      if (rounds >= out) {
        fighters[vi] = { ...victim, unconscious: true, actions: 0 };
        fighters[ci] = { ...choker, actions: Math.max(0, choker.actions - 1) };
        grapples.push({ ...g, choke });
        continue;
      }
    }
    if (isOut(fa) || isOut(fb)) continue;
    const ca = rollGrappleCheck(fa, view.sheet(fa.id), g.pinnedBy === fa.id, dice, rules);
    const cb = rollGrappleCheck(fb, view.sheet(fb.id), g.pinnedBy === fb.id, dice, rules);
    const tie = ca.successes === cb.successes;
    const aActs = ca.successes > cb.successes || (tie && rules.grappleTie === "bothAct");
    const bActs = cb.successes > ca.successes || (tie && rules.grappleTie === "bothAct");
    fighters[ia] = { ...fa, actions: Math.max(0, fa.actions - 1), grappleCheck: ca, mayAct: aActs };
    fighters[ib] = { ...fb, actions: Math.max(0, fb.actions - 1), grappleCheck: cb, mayAct: bActs };
    // A pin lasts until the pinned one wins a check; a choke until the victim wins one.
    const winner = tie ? null : aActs ? g.a : g.b;
    const pinnedBy = g.pinnedBy !== null && winner !== null && winner !== g.pinnedBy ? null : g.pinnedBy;
    if (choke !== null && winner === choke.victim) choke = null;
    grapples.push({ ...g, pinnedBy, choke });
  }
  for (let i = 0; i < fighters.length; i += 1) {
    const f = fighters[i]!;
    if (!isOut(f)) fighters[i] = { ...f, initiative: rollInitiative(f, view.sheet(f.id), dice, rules) };
  }
  return {
    round: fight.round + 1,
    phase: "declare",
    slots: orderOf(fighters, view, dice, rules),
    slot: 0,
    fighters,
    grapples,
    threats: fight.threats.filter((t) => !isOut(fighterOf({ ...fight, fighters }, t.by))),
    pending: null,
    slotStart: { fighters: [], grapples: [] },
    landed: [],
    holds: [],
  };
}

/* -------------------------------------------- */
/*  Declarations                                */
/* -------------------------------------------- */

const ATTACKS = new Set(["attack", "powerAttack", "flurry"]);
const DEFENSES = new Set(["defense", "parry", "fullDefense", "flurry"]);

function checkTargets(fight: LunosFight, self: string, ids: readonly string[], what: string): void {
  if (!Array.isArray(ids) || ids.length === 0) refuse("BadTarget", `${what} names no one`, { self });
  const seen = new Set<string>();
  for (const id of ids) {
    if (id === self || seen.has(id)) refuse("BadTarget", `${what} names "${id}" twice or itself`, { id });
    seen.add(id);
    const t = fighterOf(fight, id);
    if (t.dead) refuse("BadTarget", `${what} names "${id}", who is dead`, { id });
  }
}

/**
 * One fighter's actions for the round, checked against what it has left
 * (LUN-RND-1, LUN-ACT-*): one attack roll and one defense roll a round,
 * Flurry from Combat 3, no lunge two rounds running, no Move in a grapple
 * or while down, only speech or magic for the loser of a grapple check,
 * only minor actions with every level used.
 */
export function declare(
  fight: LunosFight,
  id: string,
  plan: LunosPlan,
  view: FightView,
  rules: LunosRules,
): LunosFight {
  requirePhase(fight, "declare");
  const f = undeclared(fighterOf(fight, id), rules);
  const sheet = view.sheet(id);
  if (f.dead || f.unconscious) refuse("OutOfAction", `${id} is out of the fight`, { id });
  if (plan === null || typeof plan !== "object" || !Array.isArray(plan.actions))
    refuse("UnknownAction", `${id}'s plan must list its actions`, { id });
  const lunge = plan.lunge === true;
  if (lunge && f.lungedLast) refuse("LungeTwice", `${id} lunged last round and cannot lunge again`, { id });
  if (lunge && f.dying >= 0) refuse("MinorActionsOnly", `${id} can only take minor actions`, { id });
  const budget = f.actions + (lunge ? 1 : 0);
  const grapple = grappleOf(fight, id);
  let used = 0;
  let attacks = 0;
  let defenses = 0;
  let standing = !f.prone;
  let lastMagic = -1;
  let lastMagicKills = false;
  for (const action of plan.actions) {
    const kind = action?.kind;
    if (!(ACTION_KINDS as readonly string[]).includes(kind as string))
      refuse("UnknownAction", `"${String(kind)}" is not a Lunos action`, { kind });
    used += actionCost(kind);
    if (f.dying >= 0 && kind !== "other" && kind !== "magic")
      refuse("MinorActionsOnly", `${id} has used every health level: minor actions only`, { id, kind });
    if (grapple !== null && !f.mayAct && kind !== "magic" && !(kind === "other" && action.task === "speak"))
      refuse("CannotActInGrapple", `${id} lost the grapple check: speech or magic only`, { id, kind });
    if (ATTACKS.has(kind)) {
      attacks += 1;
      const a = action as AttackDeclaration;
      checkTargets(fight, id, a.targets, "an attack");
      if (a.skill !== undefined && !(ATTACK_SKILLS as readonly string[]).includes(a.skill))
        refuse("UnknownAction", `"${String(a.skill)}" is not an attack skill`, { skill: a.skill });
      if (a.skill !== undefined && a.skill !== "brawl" && a.skill !== sheet.weapon?.skill)
        refuse("SkillNotOfWeapon", `${id}'s weapon is not used with ${a.skill}`, { id, skill: a.skill });
      checkDeclaration(a.declared ?? null, a.forgoDamage === true);
      if (kind === "flurry" && sheet.skills.combat < rules.flurryMinCombat)
        refuse("FlurryNeedsCombat", `Flurry needs Combat ${rules.flurryMinCombat}`, { id });
    }
    if (DEFENSES.has(kind)) {
      defenses += 1;
      const against = (action as { against: readonly string[] }).against;
      checkTargets(fight, id, against, "a defense");
      if (kind === "parry" && (sheet.weapon === null || f.weapon !== "held"))
        refuse("NoWeapon", `${id} has no weapon to parry with`, { id });
      if (kind === "parry" && grapple !== null && !usableInGrapple(sheet, true, rules))
        refuse("NoWeapon", `${id}'s weapon is too large to use in a grapple`, { id });
    }
    if (kind === "move") {
      if (grapple !== null) refuse("NoMoveInGrapple", `${id} cannot Move in a grapple`, { id });
      if (!standing) refuse("NoMoveWhileProne", `${id} must stand up before moving`, { id });
      const feet = (action as { feet: number }).feet;
      const max = moveFeet(sheet, rules);
      if (!(Number.isFinite(feet) && feet >= 0))
        refuse("UnknownAction", `a Move covers 0 to ${max} feet, not ${String(feet)}`, { feet });
      // Farther than its Move takes it: refused with the farthest, which a table says.
      if (feet > max) refuse("MoveTooFar", `${id} moves at most ${max} feet, not ${feet}`, { id, feet, max });
    }
    if (kind === "other") {
      const task = (action as { task: OtherTask }).task;
      if (!(OTHER_TASKS as readonly string[]).includes(task))
        refuse("UnknownAction", `"${String(task)}" is not an Other task`, { task });
      if (task === "standUp") standing = true;
      if (task === "recoverWeapon" && f.weapon !== "lying")
        refuse("NoWeapon", `${id}'s weapon is not lying within reach`, { id });
      if (task === "leaveGrapple" && grapple === null)
        refuse("NotGrappling", `${id} is in no grapple`, { id });
      if (task === "tend") {
        const who = (action as { target?: string }).target;
        const patient = typeof who === "string" && who !== id ? fighterOf(fight, who) : null;
        if (patient === null || patient.dying < 0 || patient.dead)
          refuse("BadTarget", `${id} can tend only another fighter who is dying`, { id, target: who });
      }
    }
    // A spell already under way goes on: casting again does not restart its minute.
    if (kind === "magic" && f.dying >= 0 && f.lastMagic < 0) {
      const m = magicWhileDying((action as { healing?: boolean }).healing === true, rules);
      lastMagic = m.rounds;
      lastMagicKills = m.killsCaster;
    }
  }
  if (used > budget)
    refuse("TooManyActions", `${id} has ${budget} action(s) this round, the plan takes ${used}`, { id });
  if (attacks > 1) refuse("SecondAttack", `${id} may make one attack roll a round`, { id });
  if (defenses > 1) refuse("SecondDefense", `${id} may make one defense roll a round`, { id });
  let next: FighterState = { ...f, plan, lunged: lunge };
  if (lastMagic > 0) next = { ...next, lastMagic, lastMagicKills };
  const fighters = fight.fighters.slice();
  withFighter(fighters, next);
  return { ...fight, fighters };
}

/**
 * A fighter as it was before this phase's declaration, which a new one
 * replaces: a spell that declaration began (its minute still whole, as
 * one begun in an earlier round never is at a declaration) is not begun.
 */
function undeclared(f: FighterState, rules: LunosRules): FighterState {
  if (f.plan === null || !f.plan.actions.some((a) => a.kind === "magic")) return f;
  if (f.lastMagic !== magicWhileDying(false, rules).rounds) return f;
  return { ...f, lastMagic: -1, lastMagicKills: false };
}

/** The plan's attack, if it has one. */
export function attackOf(
  plan: LunosPlan | null,
): (AttackDeclaration & { kind: PendingAttack["kind"] }) | null {
  if (plan === null) return null;
  const actions = plan.actions;
  for (let i = 0; i < actions.length; i += 1) {
    const a = actions[i]!;
    if (a.kind === "attack" || a.kind === "powerAttack" || a.kind === "flurry")
      return a as AttackDeclaration & { kind: PendingAttack["kind"] };
  }
  return null;
}

function defenseOf(
  plan: LunosPlan | null,
): { kind: DefenseRecord["kind"]; against: readonly string[] } | null {
  if (plan === null) return null;
  for (const a of plan.actions)
    if (DEFENSES.has(a.kind)) return a as { kind: DefenseRecord["kind"]; against: readonly string[] };
  return null;
}

/** Dice a defense loses to opponents beyond the first: one per two (LUN-ACT-3), halved in Full defense (LUN-ACT-9). */
export function multiDefenseDice(opponents: number, full: boolean, rules: LunosRules): number {
  const dice = Math.floor(Math.max(0, opponents - 1) / rules.opponentsPerDefenseDie);
  return full ? Math.floor(dice / 2) : dice;
}

/** The defense pool's dice and automatic successes (LUN-ACT-3, LUN-ACT-4): Agility + Combat, or a parry. */
export function defensePool(
  f: FighterState,
  sheet: LunosFighter,
  kind: DefenseRecord["kind"],
  opponents: number,
  rules: LunosRules,
): { readonly dice: number; readonly automatic: number; readonly bonus: number } {
  const agility = sheet.abilities.agility;
  let dice: number;
  let automatic: number;
  if (kind === "parry") {
    const w = sheet.skills.weapon;
    const rating = weaponDamage(sheet, true, rules);
    const a = rules.parryPool === "agilityWeapon" ? agility : 0;
    // LUN-EQP-3: a Large or Polearm weapon's die is lost on "all rolls using" it, the parry one of them.
    dice = poolDice(a, w, rules) + rating - heavyWeaponDice(sheet, true, rules);
    automatic = poolAutomatic(a, w);
  } else {
    dice = poolDice(agility, sheet.skills.combat, rules);
    automatic = poolAutomatic(agility, sheet.skills.combat);
  }
  dice -= multiDefenseDice(opponents, kind === "fullDefense", rules);
  // Armor weighs on Agility: a parry without Agility ("weaponOnly") does not pay it.
  const agilityPool = kind !== "parry" || rules.parryPool === "agilityWeapon";
  dice -= rollPenalty(f, sheet, rules) + (agilityPool ? armorDice(sheet.armor, "agility", rules) : 0);
  if (kind === "flurry") dice -= rules.flurryDice;
  const bonus = kind === "fullDefense" ? rules.fullDefenseSuccesses : 0;
  return { dice, automatic, bonus };
}

const NOTHING_DECLARED: LunosPlan = Object.freeze({ actions: Object.freeze([]) });

/**
 * The dice of a tripped fighter's roll to stand (LUN-MNV-3): Agility +
 * Athletics, less the dice off every roll and, an Agility roll, the
 * armor's Agility die (LUN-EQP-1).
 */
export function standUpDice(f: FighterState, sheet: LunosFighter, rules: LunosRules): number {
  return (
    poolDice(sheet.abilities.agility, sheet.skills.athletics, rules) -
    rollPenalty(f, sheet, rules) -
    armorDice(sheet.armor, "agility", rules)
  );
}

/**
 * Every fighter has declared: the defense rolls are made (each sets the
 * difficulty of every attack against its fighter this round), a tripped
 * fighter may roll to stand, threats not kept up lapse, and the attacks
 * begin with the first slot.
 */
export function beginAttacks(
  fight: LunosFight,
  view: FightView,
  dice: DiceSource,
  rules: LunosRules,
): LunosFight {
  requirePhase(fight, "declare");
  const fighters = fight.fighters.slice();
  for (let i = 0; i < fighters.length; i += 1) {
    let f = fighters[i]!;
    if (f.dead || f.unconscious) continue;
    // A dying fighter takes only very minor actions (LUN-HLT-4): one that declared none takes none.
    const plan = f.plan ?? (f.dying >= 0 ? NOTHING_DECLARED : null);
    if (plan === null) refuse("Undeclared", `${f.id} has not declared its actions`, { id: f.id });
    const sheet = view.sheet(f.id);
    if (f.prone && plan.standByRoll === true) {
      const roll = rollPool(
        standUpDice(f, sheet, rules),
        poolAutomatic(sheet.abilities.agility, sheet.skills.athletics),
        0,
        dice,
        rules,
      );
      if (roll.successes >= rules.standUpDifficulty) f = { ...f, prone: false };
    }
    for (const action of plan.actions) {
      if (action.kind === "other" && action.task === "standUp") f = { ...f, prone: false };
      if (action.kind === "other" && action.task === "recoverWeapon") f = { ...f, weapon: "held" };
    }
    const d = defenseOf(plan);
    if (d !== null) {
      const pool = defensePool(f, sheet, d.kind, d.against.length, rules);
      const roll = rollPool(pool.dice, pool.automatic, pool.bonus, dice, rules);
      f = { ...f, defense: { kind: d.kind, against: d.against, roll } };
      if (roll.outcome === "disaster" && rules.disaster === "loseAction")
        f = { ...f, lostActions: f.lostActions + 1 };
    }
    fighters[i] = f;
  }
  // Medical attention stops a dying fighter's clock from the next round on.
  for (const f of fighters)
    for (const a of f.plan?.actions ?? [])
      if (a.kind === "other" && a.task === "tend" && a.target !== undefined && !f.dead && !f.unconscious) {
        const i = fighters.findIndex((x) => x.id === a.target);
        fighters[i] = { ...fighters[i]!, tended: true };
      }
  let grapples = fight.grapples;
  for (const f of fighters)
    if (f.plan?.actions.some((a) => a.kind === "other" && a.task === "leaveGrapple") && f.mayAct)
      grapples = grapples.filter((g) => g.a !== f.id && g.b !== f.id);
  const threats = fight.threats.filter(
    (t) =>
      t.since === fight.round ||
      (fighterOf({ ...fight, fighters }, t.by).plan?.actions.some(
        (a) => a.kind === "other" && a.task === "maintainThreat",
      ) ??
        false),
  );
  return {
    ...fight,
    phase: "attack",
    slot: 0,
    fighters,
    grapples,
    threats,
    slotStart: { fighters, grapples },
    landed: [],
    holds: [],
  };
}

/* -------------------------------------------- */
/*  Attacks                                     */
/* -------------------------------------------- */

/** The fighters whose slot it is (LUN-RND-2). */
export function acting(fight: LunosFight): readonly string[] {
  return fight.phase === "attack" ? (fight.slots[fight.slot] ?? []) : [];
}

/** A fighter as its slot began (as it is now outside the attacks). */
export function fighterAtSlotStart(fight: LunosFight, id: string): FighterState {
  return atSlotStart(fight, id);
}

function atSlotStart(fight: LunosFight, id: string): FighterState {
  const fs = fight.slotStart.fighters;
  for (let i = 0; i < fs.length; i += 1) if (fs[i]!.id === id) return fs[i]!;
  return fighterOf(fight, id);
}

/**
 * A fighter's levels taken as the slot's blows so far leave them, filled
 * from the slot's start as every blow of the slot is (`land`): the base a
 * further blow of the slot adds to, so what one blow adds is told apart
 * from what the slot's others added, whichever was entered first. Outside
 * the attacks, the fighter's own levels.
 */
export function slotLevels(
  fight: LunosFight,
  id: string,
  view: FightView,
  rules: LunosRules,
): Pick<FighterState, "bruising" | "wounding" | "trauma"> {
  const now = fighterOf(fight, id);
  const start = atSlotStart(fight, id);
  const landed = fight.phase === "attack" && fight.landed.some((x) => x.target === id && x.damage.points > 0);
  const sheet = view.sheet(id);
  const f =
    fight.phase !== "attack"
      ? now
      : landed
        ? land(start, now, fight.landed, sheet.abilities.body, sheet.abilities.willpower, rules)
        : start;
  return { bruising: f.bruising, wounding: f.wounding, trauma: f.trauma };
}

function mayStrike(fight: LunosFight, f: FighterState): boolean {
  return !isOut(f) || f.outAtSlot === fight.slot;
}

/** The attack pool before the roll: Agility + skill, less targets, wounds, armor, weapon, reach and Flurry (LUN-ACT-1, LUN-ACT-7). */
export function attackPool(
  f: FighterState,
  sheet: LunosFighter,
  attack: AttackDeclaration & { kind: PendingAttack["kind"] },
  armed: boolean,
  distances: number,
  rules: LunosRules,
): { readonly dice: number; readonly automatic: number; readonly bonus: number } {
  const skill = armed && sheet.weapon !== null ? sheet.weapon.skill : "brawl";
  const agility = sheet.abilities.agility;
  const rating = sheet.skills[skill];
  let dice = poolDice(agility, rating, rules);
  dice -= (attack.targets.length - 1) * rules.extraTargetDice;
  dice -=
    rollPenalty(f, sheet, rules) +
    armorDice(sheet.armor, "agility", rules) +
    heavyWeaponDice(sheet, armed, rules);
  dice -= distances;
  if (attack.kind === "flurry") dice -= rules.flurryDice;
  const bonus = attack.kind === "powerAttack" ? rules.powerAttackSuccesses : 0;
  return { dice, automatic: poolAutomatic(agility, rating), bonus };
}

/**
 * Whether the blow is struck with the weapon (LUN-ACT-1, LUN-EQP-2): the
 * weapon in hand and usable here (LUN-GRP-3), unless the attack names
 * Brawl, a bodily blow.
 */
function strikesArmed(
  f: FighterState,
  sheet: LunosFighter,
  attack: AttackDeclaration,
  grappling: boolean,
  rules: LunosRules,
): boolean {
  if (attack.skill === "brawl") return false;
  return f.weapon === "held" && sheet.weapon !== null && (!grappling || usableInGrapple(sheet, true, rules));
}

/** What a target's defense counts against this attacker: its roll if it covers the attacker (a parry less against range). */
export function defenseAgainst(
  target: FighterState,
  attackerId: string,
  ranged: boolean,
  rules: LunosRules,
): number {
  const d = target.defense;
  if (d === null || isOut(target) || !d.against.includes(attackerId)) return rules.noDefenseDifficulty - 1;
  const s = d.roll.successes - (ranged && d.kind === "parry" ? rules.parryRangedDifficulty : 0);
  return Math.max(s, 0);
}

/**
 * The attack roll of a fighter whose slot it is (LUN-ACT-1, LUN-ACT-2):
 * one roll against every target it declared, each hit when the roll
 * reaches the difficulty the target's defense set; in a grapple the
 * grapple checks stand for both rolls (LUN-GRP-2). The maneuvers are
 * bought after, with `resolveAttack`.
 */
export function rollAttack(
  fight: LunosFight,
  id: string,
  view: FightView,
  dice: DiceSource,
  rules: LunosRules,
): LunosFight {
  requirePhase(fight, "attack");
  if (fight.pending !== null) refuse("AttackPending", "an attack waits for its maneuvers", { id });
  if (!acting(fight).includes(id)) refuse("NotTheirTurn", `it is not ${id}'s turn`, { id });
  const at = indexOf(fight, id);
  const f = fight.fighters[at]!;
  if (!mayStrike(fight, f)) refuse("OutOfAction", `${id} is out of the fight`, { id });
  if (f.attacked) refuse("AlreadyAttacked", `${id} has made its attack roll this round`, { id });
  const attack = attackOf(f.plan);
  if (attack === null) refuse("NoAttackDeclared", `${id} declared no attack this round`, { id });
  const sheet = view.sheet(id);
  // Judged as the slot began: a blow landed by a fighter sharing the slot counts from the next slot on.
  const was = atSlotStart(fight, id);
  const grapple = grappleIn(fight.slotStart.grapples, id);
  const inGrapple =
    grapple !== null && attack.targets.length === 1 && attack.targets[0] === partnerIn(grapple, id);
  const armed = strikesArmed(was, sheet, attack, grapple !== null, rules);
  const ranged = attacksAtRange(sheet, armed);
  let roll: PoolRoll;
  if (inGrapple && f.grappleCheck !== null) roll = f.grappleCheck;
  else {
    let worst = 0;
    for (const t of attack.targets) {
      const d = distanceDice(sheet, armed, view.distance(id, t), rules);
      if (d === null) refuse("OutOfReach", `${t} is out of ${id}'s reach`, { id, target: t });
      if (d > worst) worst = d;
    }
    const pool = attackPool(was, sheet, attack, armed, worst, rules);
    roll = rollPool(pool.dice, pool.automatic, pool.bonus, dice, rules);
  }
  const targets: TargetRoll[] = [];
  for (const t of attack.targets) {
    fighterOf(fight, t);
    const target = atSlotStart(fight, t);
    const defense =
      inGrapple && target.grappleCheck !== null
        ? target.grappleCheck.successes
        : defenseAgainst(target, id, ranged, rules);
    const difficulty = defense + 1;
    const hit = roll.successes >= difficulty && !target.dead;
    targets.push({ id: t, defense, difficulty, hit, extra: hit ? roll.successes - difficulty : 0 });
  }
  const declared = attack.declared ?? null;
  const forgoDamage = attack.forgoDamage === true;
  const lost = roll.outcome === "disaster" && rules.disaster === "loseAction" && !inGrapple ? 1 : 0;
  const attacker = fighterAfter(
    f,
    true,
    f.lostActions + lost,
    f.bruising,
    f.wounding,
    f.trauma,
    f.dying,
    f.unconscious,
  );
  const fighters = fight.fighters.slice();
  fighters[at] = attacker;
  return fightAfter(
    fight,
    fighters,
    fight.grapples,
    fight.threats,
    {
      attackerId: id,
      kind: attack.kind,
      roll,
      targets,
      declared,
      forgoDamage,
      free: freeSuccesses(declared, forgoDamage, rules),
      armed,
      grapple: inGrapple,
    },
    fight.landed,
    fight.holds,
  );
}

const NO_MANEUVERS: readonly Maneuver[] = Object.freeze([]);

/** What one target took from an attack. */
export interface TargetOutcome {
  readonly id: string;
  readonly hit: boolean;
  readonly maneuvers: readonly Maneuver[];
  readonly damage: DamageDealt;
  /** Feet it was pushed (LUN-MNV-3). */
  readonly pushed: number;
  /** Feet its weapon was flung (0 when caught or not disarmed). */
  readonly flung: number;
  readonly levelsAfter: number;
  readonly killed: boolean;
}

export interface AttackOutcome {
  readonly fight: LunosFight;
  readonly attack: PendingAttack;
  readonly targets: readonly TargetOutcome[];
}

/** The maneuvers bought against one target; a disarm says whether the attacker catches the weapon. */
export interface TargetSpend {
  readonly target: string;
  readonly maneuvers: readonly Maneuver[];
  readonly catchWeapon?: boolean;
}

/** The order blows at once land in: the worst first, by trauma, then wounding, then bruising. */
function worseFirst(x: DamageDealt, y: DamageDealt): number {
  return y.trauma - x.trauma || y.wounding - x.wounding || y.bruising - x.bruising;
}

/**
 * Health after the slot's blows so far (LUN-HLT-3, LUN-HLT-4): levels
 * filled again from the slot's start with every blow `landed` holds for
 * this fighter, by the `blowsAtOnce` reading: the worst blow first, each
 * its own kind and then its trauma, or all the slot's trauma, then
 * wounding, then bruising; the damage past the last level is lost.
 * Damage to one whose every level was used as the slot began kills:
 * "further" damage is damage after the slot in which the last level went.
 */
function land(
  start: FighterState,
  now: FighterState,
  landed: readonly LandedBlow[],
  body: number,
  willpower: number,
  rules: LunosRules,
): FighterState {
  if (now.dead) return now;
  // Usually one blow: it is filled alone, without gathering and sorting.
  let only: DamageDealt | null = null;
  let blows: DamageDealt[] | null = null;
  for (let i = 0; i < landed.length; i += 1) {
    const x = landed[i]!;
    if (x.target !== now.id || x.damage.points <= 0) continue;
    if (only === null) only = x.damage;
    else {
      if (blows === null) blows = [only];
      blows.push(x.damage);
    }
  }
  if (only === null) return now;
  const before = levelsTaken(start);
  if (allLevelsUsed(before, body, rules)) return { ...now, dead: true };
  let room = Math.max(0, healthLevels(body, rules) - before);
  let bruising = start.bruising;
  let wounding = start.wounding;
  let trauma = start.trauma;
  if (rules.blowsAtOnce === "gravestKindFirst") {
    // The slot's damage as one heap, graver kinds first: a blow alone is a slot of one blow.
    let b = only.bruising;
    let w = only.wounding;
    let t = only.trauma;
    if (blows !== null)
      for (let i = 1; i < blows.length; i += 1) {
        b += blows[i]!.bruising;
        w += blows[i]!.wounding;
        t += blows[i]!.trauma;
      }
    t = Math.min(room, t);
    room -= t;
    w = Math.min(room, w);
    room -= w;
    b = Math.min(room, b);
    bruising += b;
    wounding += w;
    trauma += t;
  } else {
    if (blows !== null) blows.sort(worseFirst);
    const n = blows === null ? 1 : blows.length;
    for (let i = 0; i < n; i += 1) {
      const d = blows === null ? only : blows[i]!;
      const b = Math.min(room, d.bruising);
      room -= b;
      const w = Math.min(room, d.wounding);
      room -= w;
      const t = Math.min(room, d.trauma);
      room -= t;
      bruising += b;
      wounding += w;
      trauma += t;
    }
  }
  const taken = bruising + wounding + trauma;
  return fighterAfter(
    now,
    now.attacked,
    now.lostActions,
    bruising,
    wounding,
    trauma,
    allLevelsUsed(taken, body, rules) ? 0 : now.dying,
    now.unconscious || overcomeByPain(taken, body, willpower, rules),
  );
}

function targetRollOf(p: PendingAttack, id: unknown): TargetRoll | null {
  const ts = p.targets;
  for (let i = 0; i < ts.length; i += 1) if (ts[i]!.id === id) return ts[i]!;
  return null;
}

function spendOn(spends: readonly TargetSpend[], id: string): TargetSpend | undefined {
  for (let i = 0; i < spends.length; i += 1) if (spends[i]!.target === id) return spends[i];
  return undefined;
}

/** Net successes for damage (LUN-DMG-1, docs/rules/lunos.md): the margin over the defense, or what maneuvers left of it. */
function netSuccesses(t: TargetRoll, roll: PoolRoll, spent: number, rules: LunosRules): number {
  const margin = roll.successes - t.defense;
  return rules.netSuccesses === "margin" ? margin : Math.max(1, margin - spent);
}

/**
 * Spends the pending attack's extra successes (LUN-MNV-*) and deals its
 * damage to each target hit: maneuvers are checked against what the roll
 * left (a declared one's free successes first), their effects put on the
 * fighters, damage split by kind and overflow and taken off the health
 * levels. A target missed takes nothing; spending on it is refused.
 */
export function resolveAttack(
  fight: LunosFight,
  spends: readonly TargetSpend[],
  view: FightView,
  rules: LunosRules,
): AttackOutcome {
  requirePhase(fight, "attack");
  const p = fight.pending;
  if (p === null) refuse("NoPendingAttack", "no attack roll waits for its maneuvers");
  for (let i = 0; i < spends.length; i += 1) {
    const s = spends[i];
    const t = targetRollOf(p, s?.target);
    if (t === null) refuse("BadSpend", `${String(s?.target)} is not a target of this attack`);
    if (!t.hit && s!.maneuvers.length > 0)
      refuse("BadSpend", `${t.id} was missed: nothing to spend`, { id: t.id });
  }
  const fighters = fight.fighters.slice();
  const sheet = view.sheet(p.attackerId);
  // Grapples, pins and chokes are judged as the slot began: one bought at once by a fighter sharing the slot
  // neither makes nor blocks another, and the grapples are settled from all of them at the end.
  const startGrapples = fight.slotStart.grapples;
  let holds = fight.holds;
  let threats = fight.threats;
  // Copied when the first damage lands: a miss leaves the slot's damage as it was.
  let landed = fight.landed;
  const outcomes: TargetOutcome[] = [];
  // LUN-MNV-2: "a single free success": spent on one target, it is gone for the others.
  let freeLeft = p.free;
  for (const t of p.targets) {
    const spend = spendOn(spends, t.id);
    const at = indexOf(fight, t.id);
    let target = fighters[at]!;
    const before = target;
    const start = atSlotStart(fight, t.id);
    if (!t.hit) {
      outcomes.push({
        id: t.id,
        hit: false,
        maneuvers: NO_MANEUVERS,
        damage: NO_DAMAGE,
        pushed: 0,
        flung: 0,
        levelsAfter: levelsTaken(target),
        killed: false,
      });
      continue;
    }
    const tSheet = view.sheet(t.id);
    const maneuvers = spend?.maneuvers ?? NO_MANEUVERS;
    // Most hits buy nothing: then no maneuver's effect is looked for.
    const buys = maneuvers.length > 0;
    const grapple = grappleIn(startGrapples, p.attackerId);
    const together = grapple !== null && partnerIn(grapple, p.attackerId) === t.id;
    const bought = buyManeuvers(maneuvers, t.extra, freeLeft, p.declared, tSheet.armor, together, rules);
    freeLeft -= bought.freeUsed;
    const c = bought.counts;
    if (buys && p.forgoDamage && (c.increaseDamage || c.coupDeGrace))
      refuse("BadSpend", "this attack forwent its damage: no damage to increase", { id: t.id });
    let damage = NO_DAMAGE;
    if (!p.forgoDamage) {
      const type = weaponDamageType(sheet, p.armed);
      const protection = armorProtection(tSheet.armor, type, buys && (c.avoidArmor ?? 0) > 0, rules);
      const points = damagePoints(
        netSuccesses(t, p.roll, bought.spent, rules),
        sheet.abilities.body,
        weaponDamage(sheet, p.armed, rules),
        buys ? (c.increaseDamage ?? 0) : 0,
        tSheet.abilities.body,
        protection,
      );
      let total = points;
      if (buys && (c.coupDeGrace ?? 0) > 0) {
        // LUN-MNV-3: exactly every level left, never past it: the kill needs another attack.
        const left = healthLevels(tSheet.abilities.body, rules) - levelsTaken(start);
        if (left > 0) total = left;
      }
      damage = splitDamage(total, type, rules);
      if (damage.points > 0) {
        const blow: LandedBlow = { target: t.id, damage };
        if (landed.length === 0) landed = [blow];
        else {
          const more = landed.slice();
          more.push(blow);
          landed = more;
        }
        target = land(start, target, landed, tSheet.abilities.body, tSheet.abilities.willpower, rules);
      }
    }
    let flung = 0;
    if (buys) {
      if (c.stun) target = { ...target, stunned: true };
      if (c.trip) target = { ...target, prone: true };
      // Judged as the slot began, as the rest of the blow: two disarms at once both take the weapon,
      // and one that catches it leaves it caught, whichever was entered first.
      if (c.disarm && start.weapon === "held" && tSheet.weapon !== null) {
        const caught = spend?.catchWeapon === true;
        target = { ...target, weapon: caught || target.weapon === "caught" ? "caught" : "lying" };
        flung = caught ? 0 : rules.disarmFlingFeet;
      }
      if (c.grapple) {
        // One grapple a fighter: a Grapple on one already held, or by one already holding, would do nothing.
        if (grappleIn(startGrapples, t.id) !== null || grapple !== null)
          refuse("BadSpend", `${t.id} or ${p.attackerId} is already in a grapple`, { id: t.id });
        holds = holds.concat({ kind: "grapple", by: p.attackerId, target: t.id, extra: t.extra });
      }
      if (together && c.pin)
        holds = holds.concat({ kind: "pin", by: p.attackerId, target: t.id, extra: t.extra });
      if (together && c.choke)
        holds = holds.concat({ kind: "choke", by: p.attackerId, target: t.id, extra: t.extra });
      if (c.threaten)
        threats = withThreat(
          threats,
          { by: p.attackerId, target: t.id, margin: p.roll.successes - t.defense, since: fight.round },
          fight.fighters,
        );
    }
    if (isOut(target) && !isOut(before)) target = { ...target, outAtSlot: fight.slot };
    fighters[at] = target;
    outcomes.push({
      id: t.id,
      hit: true,
      maneuvers,
      damage,
      pushed: buys ? (c.push ?? 0) * rules.pushFeet : 0,
      flung,
      levelsAfter: levelsTaken(target),
      killed: target.dead && !before.dead,
    });
  }
  return {
    fight: fightAfter(
      fight,
      fighters,
      holds === fight.holds ? fight.grapples : settleHolds(startGrapples, holds, fight.fighters),
      threats,
      null,
      landed,
      holds,
    ),
    attack: p,
    targets: outcomes,
  };
}

/**
 * The threats with a new one (its maker's old one gone), kept in the
 * order of their makers in the fight: two Threatens of one slot leave
 * the same list whichever is entered first.
 */
function withThreat(threats: readonly Threat[], threat: Threat, fighters: readonly FighterState[]): Threat[] {
  const at = (id: string) => fighters.findIndex((f) => f.id === id);
  const out = threats.filter((x) => x.by !== threat.by);
  out.push(threat);
  return out.sort((x, y) => at(x.by) - at(y.by));
}

/** Which of two holds bought at once wins: more extra successes, then the fighters' order in the fight. */
function holdRank(x: SlotHold, y: SlotHold, fighters: readonly FighterState[]): number {
  const at = (id: string) => fighters.findIndex((f) => f.id === id);
  return y.extra - x.extra || at(x.by) - at(y.by) || at(x.target) - at(y.target);
}

/**
 * The grapples after the slot's holds so far, from the grapples as the
 * slot began: a grapple held then takes the best Pin and the best Choke
 * bought on it; new grapples are made best first, each fighter in one.
 */
function settleHolds(
  start: readonly Grapple[],
  holds: readonly SlotHold[],
  fighters: readonly FighterState[],
): Grapple[] {
  const ranked = holds.slice().sort((x, y) => holdRank(x, y, fighters));
  const pair = (g: Grapple, h: SlotHold) =>
    (g.a === h.by && g.b === h.target) || (g.b === h.by && g.a === h.target);
  const out: Grapple[] = [];
  for (const g of start) {
    const pin = ranked.find((h) => h.kind === "pin" && pair(g, h));
    const choke = ranked.find((h) => h.kind === "choke" && pair(g, h));
    out.push(
      pin || choke
        ? {
            ...g,
            pinnedBy: pin ? pin.by : g.pinnedBy,
            choke: choke ? { by: choke.by, victim: choke.target, rounds: 0 } : g.choke,
          }
        : g,
    );
  }
  const held = new Set<string>();
  for (const h of ranked) {
    if (h.kind !== "grapple" || held.has(h.by) || held.has(h.target)) continue;
    held.add(h.by);
    held.add(h.target);
    out.push({ a: h.by, b: h.target, pinnedBy: null, choke: null });
  }
  return out;
}

/** The slot is done: the next one acts, or the round ends (a lunge and a stun carry into the next). */
export function endSlot(fight: LunosFight): LunosFight {
  requirePhase(fight, "attack");
  if (fight.pending !== null) refuse("AttackPending", "an attack waits for its maneuvers");
  const slot = fight.slot + 1;
  if (slot < fight.slots.length)
    return {
      ...fight,
      slot,
      slotStart: { fighters: fight.fighters, grapples: fight.grapples },
      landed: [],
      holds: [],
    };
  return { ...fight, slot, phase: "end", landed: [], holds: [] };
}

/**
 * The fight as a threat's strike is resolved on (LUN-MNV-3): the held
 * margin as the pending attack's roll against the threatened, a hit whose
 * successes past the first buy maneuvers; during a slot, one more blow of
 * it, judged as the others against the slot's start; outside the attacks,
 * against now. Refused as `strikeThreat` refuses. The table reads the
 * strike's roll and maneuver menu from it before anything is bought.
 */
export function threatStrikeFight(fight: LunosFight, id: string, view: FightView): LunosFight {
  if (fight.pending !== null) refuse("AttackPending", "an attack waits for its maneuvers", { id });
  const threat = fight.threats.find((t) => t.by === id);
  if (threat === undefined || threat.since >= fight.round)
    refuse("NoThreat", `${id} holds no threat it may strike with yet`, { id });
  const f = fighterOf(fight, id);
  const kept = f.plan?.actions.some((a) => a.kind === "other" && a.task === "maintainThreat") ?? false;
  if (!kept) refuse("NoThreat", `${id} keeps no action on its threat this round`, { id });
  if (isOut(f)) refuse("OutOfAction", `${id} is out of the fight`, { id });
  const roll: PoolRoll = {
    dice: 0,
    luck: 0,
    rolled: threat.margin,
    automatic: 0,
    bonus: 0,
    outcome: "normal",
    successes: threat.margin,
  };
  const pending: PendingAttack = {
    attackerId: id,
    kind: "attack",
    roll,
    targets: [
      {
        id: threat.target,
        defense: 0,
        difficulty: 1,
        hit: threat.margin >= 1,
        extra: Math.max(0, threat.margin - 1),
      },
    ],
    declared: null,
    forgoDamage: false,
    free: 0,
    armed: f.weapon === "held" && view.sheet(id).weapon !== null,
    grapple: false,
  };
  // Struck during a slot, the threat is one more blow of it, judged as the others against the slot's start
  // (a death needs damage after the slot in which the last level went); outside the attacks, against now.
  const during = fight.phase === "attack";
  return {
    ...fight,
    phase: "attack",
    pending,
    slotStart: during ? fight.slotStart : { fighters: fight.fighters, grapples: fight.grapples },
    landed: during ? fight.landed : [],
    holds: during ? fight.holds : [],
  };
}

/**
 * LUN-MNV-3, Threaten: the threat's maker strikes with the held margin in
 * answer to something it sees, from the round after the threat, in a
 * round whose plan keeps an action on it ("as long as you maintain an
 * action"); the margin is a hit whose successes past the first buy
 * maneuvers as an attack's extra ones do (a Disarm's maker may catch the
 * weapon, as an attacker does). The threat ends with it.
 */
export function strikeThreat(
  fight: LunosFight,
  id: string,
  view: FightView,
  rules: LunosRules,
  maneuvers: readonly Maneuver[] = [],
  catchWeapon = false,
): AttackOutcome {
  const striking = threatStrikeFight(fight, id, view);
  const threat = fight.threats.find((t) => t.by === id)!;
  const during = fight.phase === "attack";
  const spends: TargetSpend[] =
    maneuvers.length > 0 || catchWeapon ? [{ target: threat.target, maneuvers, catchWeapon }] : [];
  const out = resolveAttack(striking, spends, view, rules);
  return {
    ...out,
    fight: {
      ...out.fight,
      phase: fight.phase,
      slotStart: fight.slotStart,
      landed: during ? out.fight.landed : fight.landed,
      holds: during ? out.fight.holds : fight.holds,
      threats: fight.threats.filter((t) => t !== threat),
    },
  };
}
