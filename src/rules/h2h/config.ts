import { parseDiceFormula } from "../kernel/dice";
import { RulesError, requireInteger } from "../kernel/errors";
import { H2H_MOVES, type MoveData } from "./moves";
import { MODIFIERS, MOVE_IDS, type MoveFamily, type MoveId, RANGES } from "./types";

/**
 * Every figure of the Hand to Hand core a table may change, as data: the
 * values the text states (hand-to-hand-combat.md) and the readings where it
 * is silent or says two things (docs/rules/h2h.md says which is which and
 * why). Rules functions take the rules resolved from an optional partial
 * override; the rest comes from H2H_DEFAULTS.
 */

/** A share of damage kept exact (¼ is { num: 1, den: 4 }) until the one rounding. */
export interface Fraction {
  readonly num: number;
  readonly den: number;
}

export interface H2hRules {
  /** H2H-TRM-7: a melee round lasts 15 seconds. */
  readonly secondsPerMelee: number;
  /** H2H-ATK-1, H2H-DEF-1: seconds to choose an attack and a defense (the table's clock). */
  readonly attackSeconds: number;
  readonly defenseSeconds: number;

  /** H2H-INI-1: initiative is rolled before every exchange, or once a melee. */
  readonly initiativeEvery: "exchange" | "melee";
  /** H2H-INI-1: a tie-breaking roll to defend is at this penalty. */
  readonly tieDefendPenalty: number;
  /** H2H-INI-2: the optional pass rule, and its bonuses. */
  readonly passRule: boolean;
  readonly passDefenseBonus: number;
  readonly passStrikeBonus: number;
  /** H2H-TRM-10: the roll to catch a natural 1 must beat this when the defender rolled no initiative. */
  readonly catchWithoutInitiative: number;

  /** Strike against defense: who wins when the totals tie (neither natural 20). */
  readonly tieGoesTo: "defender" | "attacker";
  /** A strike must total over this to hit at all (H2H-TRM-12's "strike over four"). */
  readonly minimumStrike: number;

  /** H2H-TRM-2: the wild attack made with an action. */
  readonly wildAttackPenalty: number;
  /** H2H-MOD-1: Dash. */
  readonly dashStrikePenalty: number;
  readonly dashExtraDice: number;
  /** H2H-RNG-1: a grapple from fighting range. */
  readonly grappleFromFightingPenalty: number;
  /** H2H-DEF-4: Combo Parry/Dodge and Power Parry, to strike and to parry. */
  readonly comboPenalty: number;
  readonly powerParryPenalty: number;
  readonly powerParryDamage: { readonly arm: string; readonly leg: string };
  /** H2H-DEF-2: parrying a weapon bare-handed. */
  readonly barehandedParryPenalty: number;
  /** H2H-DEF-2: in combat of more than two, a dodge costs the dodger an attack. */
  readonly dodgeCostsAttackInMelee: boolean;

  /** H2H-TRM-3 and H2H-MOD-1: the damage multipliers. */
  readonly multipliers: {
    readonly critical: number;
    readonly spin: number;
    readonly power: number;
    readonly deathBlow: number;
  };
  /** H2H-TRM-3: several multipliers add their extra parts (×2 and ×2 → ×3), or multiply. */
  readonly multiplierStacking: "add" | "multiply";
  /** Whether the P.S. damage bonus is multiplied with the dice, or added after. */
  readonly multiplyStrengthBonus: boolean;
  /** How a share of damage is rounded, once, at the end. */
  readonly rounding: "down" | "up" | "nearest";
  /** A share of a damage of 1 or more is at least this (unless a rule says "no damage"). */
  readonly shareMinimum: number;
  /** H2H-TRM-1: what the side that did not beat the AR (or the attacker, when it did) takes. */
  readonly armorShare: Fraction;
  /**
   * H2H-TRM-1, "vice versa when under or matching the A.R.": the attacker
   * then takes the full damage (as written), or nothing (the victim's ¼ only).
   */
  readonly armorRebound: "asWritten" | "victimOnly";
  /** H2H-MOV-2, H2H-MOD-1: what a parried Round/Shin Kick, Spin or Power Attack still deals. */
  readonly parriedShare: Fraction;
  /** H2H-DMG-2: roll with punch (made) and Breakfall (made, failed). */
  readonly rollShare: Fraction;
  readonly breakfallShare: { readonly made: Fraction; readonly failed: Fraction };
  /** H2H-MOV-2: Crescent Kick rolled with, and after a Breakfall. */
  readonly crescentShare: { readonly roll: Fraction; readonly breakfall: Fraction };

  /** H2H-TRM-11: a pull punch must roll over this. */
  readonly pullPunchOver: { readonly handToHand: number; readonly martialArt: number };
  /** A failed pull punch: the full damage, or a quarter. */
  readonly failedPullPunch: "full" | "quarter";

  /** H2H-TRM-6: knock-out. */
  readonly koSave: number;
  readonly koStunLostAttacks: number;
  readonly koStunMelees: string;
  /** The stun's 1D4 melees count the melee of the blow (true), or start after it (false). */
  readonly koStunCountsThisMelee: boolean;
  readonly koUnconsciousMinutes: string;
  /** Half bonuses (a stun) round down or up. */
  readonly halfBonusRounding: "down" | "up";

  /** H2H-TRM-4: the death blow's coma, on d100. */
  readonly comaChance: number;
  readonly comaDays: string;

  /** H2H-MOV-3: a disarm needs this on d20 + disarm bonus. */
  readonly disarmTarget: number;
  /** H2H-MOV-4: what a Bear Hug's victim must beat: the holder's P.S. (with its damage bonus), or P.P. + P.S. as other holds. */
  readonly bearHugBreak: "ps" | "ppPlusPs";
  /** H2H-MOV-4, "with either the arms or legs": a Bear Hug made with the legs leaves the holder's arms to parry. */
  readonly bearHugWithLegs: boolean;

  /** A fighter at or under these hit points is down, and dead (null: never dead of damage alone). */
  readonly downAtHp: number;
  readonly deadAtHp: number | null;

  /** The moves list (H2H-MOV-1 … H2H-MOV-4). */
  readonly moves: Readonly<Record<MoveId, MoveData>>;
}

export type H2hOptions = Partial<H2hRules>;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

function copyData<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyData) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = copyData(v);
    return out as T;
  }
  return value;
}

const q = (num: number, den: number): Fraction => ({ num, den });

export const H2H_DEFAULTS: H2hRules = deepFreeze({
  secondsPerMelee: 15,
  attackSeconds: 10,
  defenseSeconds: 10,

  initiativeEvery: "exchange",
  tieDefendPenalty: -4,
  passRule: true,
  passDefenseBonus: 4,
  passStrikeBonus: 3,
  catchWithoutInitiative: 10,

  tieGoesTo: "defender",
  minimumStrike: 4,

  wildAttackPenalty: -6,
  dashStrikePenalty: -2,
  dashExtraDice: 1,
  grappleFromFightingPenalty: -2,
  comboPenalty: -3,
  powerParryPenalty: -3,
  powerParryDamage: { arm: "1d4", leg: "1d6" },
  barehandedParryPenalty: -8,
  dodgeCostsAttackInMelee: true,

  multipliers: { critical: 2, spin: 2, power: 2, deathBlow: 2 },
  multiplierStacking: "add",
  multiplyStrengthBonus: true,
  rounding: "down",
  shareMinimum: 1,
  armorShare: q(1, 4),
  armorRebound: "asWritten",
  parriedShare: q(1, 4),
  rollShare: q(1, 2),
  breakfallShare: { made: q(1, 4), failed: q(1, 2) },
  crescentShare: { roll: q(1, 4), breakfall: q(0, 1) },

  pullPunchOver: { handToHand: 11, martialArt: 7 },
  failedPullPunch: "full",

  koSave: 14,
  koStunLostAttacks: 2,
  koStunMelees: "1d4",
  koStunCountsThisMelee: false,
  koUnconsciousMinutes: "1d4",
  halfBonusRounding: "down",

  comaChance: 70,
  comaDays: "1d6",

  disarmTarget: 16,
  bearHugBreak: "ps",
  bearHugWithLegs: false,

  downAtHp: 0,
  deadAtHp: null,

  moves: H2H_MOVES,
} satisfies H2hRules);

const INTEGER_KEYS = ["catchWithoutInitiative", "koSave", "disarmTarget", "downAtHp"] as const;

/** Penalties are never above 0 and bonuses never under it: a sign typed wrong is refused, not applied. */
const PENALTY_KEYS = [
  "tieDefendPenalty",
  "wildAttackPenalty",
  "dashStrikePenalty",
  "grappleFromFightingPenalty",
  "comboPenalty",
  "powerParryPenalty",
  "barehandedParryPenalty",
] as const;
const BONUS_KEYS = ["passDefenseBonus", "passStrikeBonus"] as const;

const MOVE_FAMILIES: readonly MoveFamily[] = ["arm", "leg", "misc", "grapple", "hold", "weapon"];
const MOVE_FLAGS = [
  "unparryable",
  "parriedShare",
  "noSimultaneous",
  "crescent",
  "hold",
  "bearHug",
  "disarm",
] as const;
const EFFECT_FLAGS = ["loseInitiative", "balanceSaves", "falls"] as const;

const CHOICES: Readonly<Record<string, readonly unknown[]>> = {
  initiativeEvery: ["exchange", "melee"],
  tieGoesTo: ["defender", "attacker"],
  multiplierStacking: ["add", "multiply"],
  rounding: ["down", "up", "nearest"],
  failedPullPunch: ["full", "quarter"],
  halfBonusRounding: ["down", "up"],
  bearHugBreak: ["ps", "ppPlusPs"],
  armorRebound: ["asWritten", "victimOnly"],
  passRule: [true, false],
  multiplyStrengthBonus: [true, false],
  dodgeCostsAttackInMelee: [true, false],
  koStunCountsThisMelee: [true, false],
  bearHugWithLegs: [true, false],
};

function refuse(message: string, details: Readonly<Record<string, unknown>> = {}): never {
  throw new RulesError("invalid-value", `Hand to Hand option ${message}`, details);
}

function checkFraction(what: string, f: Fraction | undefined): void {
  requireInteger(f?.num, `option ${what}.num`, 0);
  requireInteger(f?.den, `option ${what}.den`, 1);
  if (f!.num > f!.den) refuse(`${what} must be a share of at most 1, got ${f!.num}/${f!.den}`, { what });
}

function checkDice(what: string, formula: unknown): void {
  try {
    parseDiceFormula(formula as string);
  } catch (error) {
    throw new RulesError("malformed-dice", `Hand to Hand option ${what}: ${(error as Error).message}`, {
      what,
    });
  }
}

/** Checks one move of a moves list given as data. */
export function checkMove(id: string, m: MoveData): void {
  if (!m || typeof m !== "object") refuse(`moves.${id} is not a move`, { id });
  if (!MOVE_FAMILIES.includes(m.family))
    refuse(`moves.${id}.family must be one of ${MOVE_FAMILIES.join(", ")}, got ${String(m.family)}`, {
      id,
    });
  // A flag read as truthy would take "no" for yes: only true and false are flags.
  for (const flag of MOVE_FLAGS)
    if (typeof m[flag] !== "boolean") refuse(`moves.${id}.${flag} must be true or false`, { id, flag });
  if (m.weapon !== undefined && typeof m.weapon !== "boolean")
    refuse(`moves.${id}.weapon must be true or false`, { id, flag: "weapon" });
  checkDice(`moves.${id}.dice`, m.dice);
  for (const r of [...(m.ranges ?? []), ...(m.penalizedRanges ?? [])])
    if (!RANGES.includes(r)) refuse(`moves.${id} names the range "${String(r)}"`, { id, range: r });
  for (const mod of m.modifiers ?? [])
    if (!MODIFIERS.includes(mod)) refuse(`moves.${id} names the modification "${String(mod)}"`, { id });
  if (m.pushOver !== null) requireInteger(m.pushOver, `option moves.${id}.pushOver`, 0);
  if (m.effect !== null) {
    requireInteger(m.effect?.loseAttacks, `option moves.${id}.effect.loseAttacks`, 0, 20);
    for (const flag of EFFECT_FLAGS)
      if (typeof m.effect[flag] !== "boolean")
        refuse(`moves.${id}.effect.${flag} must be true or false`, { id, flag });
  }
}

function checkOptions(o: H2hOptions): void {
  for (const key of Object.keys(o))
    if (!Object.hasOwn(H2H_DEFAULTS, key)) refuse(`"${key}" is not an option`, { key });
  for (const key of INTEGER_KEYS)
    if (o[key] !== undefined) requireInteger(o[key], `option ${key}`, -100, 100);
  for (const key of PENALTY_KEYS)
    if (o[key] !== undefined) requireInteger(o[key], `option ${key} (a penalty, 0 or less)`, -20, 0);
  for (const key of BONUS_KEYS)
    if (o[key] !== undefined) requireInteger(o[key], `option ${key} (a bonus, 0 or more)`, 0, 20);
  // A strike total is a d20 and bonuses; a minimum of 20 or more would leave only natural 20s.
  if (o.minimumStrike !== undefined) requireInteger(o.minimumStrike, "option minimumStrike", 0, 19);
  for (const key of ["secondsPerMelee", "attackSeconds", "defenseSeconds"] as const)
    if (o[key] !== undefined) requireInteger(o[key], `option ${key}`, 1, 3600);
  for (const [key, allowed] of Object.entries(CHOICES)) {
    const value = (o as Record<string, unknown>)[key];
    if (value !== undefined && !allowed.includes(value))
      refuse(`${key} must be one of ${allowed.join(", ")}, got ${String(value)}`, { key, value });
  }
  if (o.dashExtraDice !== undefined) requireInteger(o.dashExtraDice, "option dashExtraDice", 0, 10);
  if (o.koStunLostAttacks !== undefined)
    requireInteger(o.koStunLostAttacks, "option koStunLostAttacks", 0, 20);
  if (o.shareMinimum !== undefined) requireInteger(o.shareMinimum, "option shareMinimum", 0, 1);
  if (o.comaChance !== undefined) requireInteger(o.comaChance, "option comaChance", 0, 100);
  if (o.deadAtHp !== undefined && o.deadAtHp !== null)
    requireInteger(o.deadAtHp, "option deadAtHp", -1000, 0);
  if (o.multipliers !== undefined)
    for (const key of ["critical", "spin", "power", "deathBlow"] as const) {
      const value = o.multipliers?.[key];
      if (!(typeof value === "number" && Number.isFinite(value) && value >= 1 && value <= 10))
        refuse(`multipliers.${key} must be a number from 1 to 10, got ${String(value)}`, { key, value });
    }
  if (o.powerParryDamage !== undefined) {
    checkDice("powerParryDamage.arm", o.powerParryDamage?.arm);
    checkDice("powerParryDamage.leg", o.powerParryDamage?.leg);
  }
  for (const key of ["koStunMelees", "koUnconsciousMinutes", "comaDays"] as const)
    if (o[key] !== undefined) checkDice(key, o[key]);
  for (const key of ["armorShare", "parriedShare", "rollShare"] as const)
    if (o[key] !== undefined) checkFraction(key, o[key]);
  if (o.breakfallShare !== undefined) {
    checkFraction("breakfallShare.made", o.breakfallShare?.made);
    checkFraction("breakfallShare.failed", o.breakfallShare?.failed);
  }
  if (o.crescentShare !== undefined) {
    checkFraction("crescentShare.roll", o.crescentShare?.roll);
    checkFraction("crescentShare.breakfall", o.crescentShare?.breakfall);
  }
  if (o.pullPunchOver !== undefined) {
    requireInteger(o.pullPunchOver?.handToHand, "option pullPunchOver.handToHand", 0, 20);
    requireInteger(o.pullPunchOver?.martialArt, "option pullPunchOver.martialArt", 0, 20);
  }
  if (o.moves !== undefined) {
    if (!o.moves || typeof o.moves !== "object") refuse("moves must be a table of moves");
    for (const id of MOVE_IDS) {
      if (!Object.hasOwn(o.moves, id)) refuse(`moves lacks the move "${id}"`, { id });
      checkMove(id, o.moves[id]);
    }
    for (const id of Object.keys(o.moves))
      if (!(MOVE_IDS as readonly string[]).includes(id))
        refuse(`moves names an unknown move "${id}"`, { id });
  }
}

let lastOptions: H2hOptions | undefined;
let lastResolved: H2hRules = H2H_DEFAULTS;
const resolved = new WeakSet<object>();

/**
 * Merges a partial override onto the defaults (one level: a table given
 * replaces the default table). Every value given is checked first; a bad
 * one is a RulesError naming it, never used.
 */
export function resolveH2hOptions(options?: H2hOptions): H2hRules {
  if (options === undefined || options === H2H_DEFAULTS) return H2H_DEFAULTS;
  if (options === lastOptions) return lastResolved;
  if (resolved.has(options)) return options as H2hRules;
  if (typeof options !== "object" || options === null) refuse("must be an object of options");
  checkOptions(options);
  // Tables are copied, then frozen: a caller changing its own object after
  // this call changes nothing the engine reads.
  const given: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) if (v !== undefined) given[k] = deepFreeze(copyData(v));
  const rules = Object.freeze({ ...H2H_DEFAULTS, ...given }) as H2hRules;
  lastOptions = options;
  lastResolved = rules;
  resolved.add(rules);
  return rules;
}
