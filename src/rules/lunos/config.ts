import { RulesError, requireInteger } from "../kernel/errors";
import { LUNOS_HEALTH_RULES, type LunosHealthRules } from "./health-rules";
import { type AttackSkill, MANEUVERS, type Maneuver, WEAPON_SIZES, type WeaponSize } from "./types";

/**
 * Every figure of the Lunos core a table may want to change, as data: the
 * values the text states (lunos-combat.md) and the readings where it is
 * silent or says two things (docs/rules/lunos.md says which is which and
 * why). Rules functions take the rules resolved from an optional partial
 * override; the rest comes from LUNOS_DEFAULTS.
 */

export interface WeaponSizeRow {
  /** The text's "(-4)" … "(0)": kept as the size's rank; no rule reads it but the grapple's size limit. */
  readonly rank: number;
  readonly cost: number;
  readonly damage: number;
  /** Metres; null where the text gives "-" (a polearm is not thrown). */
  readonly range: number | null;
}

export interface LunosRules extends LunosHealthRules {
  /** LUN-RND-1: about 6 seconds a round. */
  readonly secondsPerRound: number;
  /** LUN-RND-1: two actions a round. */
  readonly actionsPerRound: number;

  /* The roll ([found] basics, [default] d6) */
  readonly poolDie: number;
  readonly luckDie: number;
  /** A rating's fifth dot is an automatic success: in place of its die, or as well as it. */
  readonly fifthDot: "insteadOfDie" | "besideDie";
  /** A pool driven to 0 dice or fewer: the luck die alone (a success only on its top face), or no roll. */
  readonly emptyPool: "luckDieOnly" | "noRoll";
  /** Successes a dramatic success adds to the luck die's own. */
  readonly dramaticSuccesses: number;
  /** What a disaster costs beyond failing: one action the next round, or nothing. */
  readonly disaster: "loseAction" | "none";

  /* Initiative (LUN-RND-2) */
  /** Ties on successes and Reflexes: act at once, or by a further luck die each until one is higher. */
  readonly initiativeTie: "together" | "rollOff";

  /* Actions (LUN-ACT-*) */
  readonly extraTargetDice: number;
  /** −1 die for every this many opponents beyond the first a defense covers. */
  readonly opponentsPerDefenseDie: number;
  readonly noDefenseDifficulty: number;
  /** Agility + Weapon + the weapon's rating, or Weapon + the rating alone. */
  readonly parryPool: "agilityWeapon" | "weaponOnly";
  /** A parry against a ranged attack counts this many successes fewer. */
  readonly parryRangedDifficulty: number;
  readonly moveFeet: number;
  readonly moveFeetPerAthletics: number;
  readonly flurryMinCombat: number;
  readonly flurryDice: number;
  readonly powerAttackSuccesses: number;
  readonly fullDefenseSuccesses: number;
  readonly lungeDice: number;

  /* Maneuvers (LUN-MNV-*, LUN-GRP-3) */
  readonly maneuverCosts: Readonly<Record<Maneuver, number>>;
  /** How many times one attack may buy each maneuver (Increase damage: as often as paid). */
  readonly maneuverLimits: Readonly<Record<Maneuver, number>>;
  readonly partialArmorDiscount: number;
  readonly pushFeet: number;
  readonly declaredFreeSuccesses: number;
  readonly forgoDamageFreeSuccesses: number;
  readonly disarmFlingFeet: number;
  readonly standUpDifficulty: number;

  /* Grappling (LUN-GRP-*) */
  readonly pinSuccesses: number;
  /** A tie on the grapple check: both may act, or neither. */
  readonly grappleTie: "bothAct" | "neitherActs";
  /** The largest weapon usable in a grapple ("No weapons of medium or larger size"). */
  readonly grappleLargestWeapon: WeaponSize;
  /** Choke: unconscious after Body × this many minutes, dead this many minutes later. */
  readonly chokeMinutesPerBody: number;
  readonly chokeDeathMinutes: number;

  /* Damage and health (LUN-DMG-1, LUN-HLT-*) */
  /** "Net successes" of the damage formula: the margin over the defense, or what is left of it after maneuvers. */
  readonly netSuccesses: "margin" | "unspent";
  readonly traumaAbove: number;
  /**
   * How the blows of one initiative slot fill a fighter's last levels:
   * the worst blow first, each its own kind then its trauma; or all the
   * slot's trauma first, then its wounding, then its bruising.
   */
  readonly blowsAtOnce: "worstBlowFirst" | "gravestKindFirst";
  readonly dyingMinutes: number;
  /** LUN-HLT-5: minutes magic takes to activate with every level used. */
  readonly dyingMagicMinutes: number;

  /* Equipment (LUN-EQP-*) */
  readonly unarmoredWoundingMalus: number;
  readonly heavyArmorFrom: number;
  readonly heavyArmorDice: number;
  readonly rigidReduction: number;
  readonly rigidDice: number;
  readonly flexWoundingReduction: number;
  readonly weaponSizes: Readonly<Record<WeaponSize, WeaponSizeRow>>;
  readonly rangeIncrements: number;
  readonly rangeMultiplier: Readonly<Record<AttackSkill, number>>;
  readonly heavyWeaponMinBody: number;
  readonly heavyWeaponDice: number;
  readonly polearmReachSpaces: number;
  readonly polearmAdjacentDice: number;
  readonly feetPerSpace: number;
  /** The range table's metres in the engine's feet (a round figure: the text's ranges are "subject to change"). */
  readonly feetPerMetre: number;
}

export type LunosOptions = Partial<LunosRules>;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

export const LUNOS_DEFAULTS: LunosRules = deepFreeze({
  secondsPerRound: 6,
  actionsPerRound: 2,

  poolDie: 6,
  luckDie: 12,
  fifthDot: "insteadOfDie",
  emptyPool: "luckDieOnly",
  dramaticSuccesses: 1,
  disaster: "loseAction",

  initiativeTie: "together",

  extraTargetDice: 1,
  opponentsPerDefenseDie: 2,
  noDefenseDifficulty: 1,
  parryPool: "agilityWeapon",
  parryRangedDifficulty: 2,
  moveFeet: 20,
  moveFeetPerAthletics: 2,
  flurryMinCombat: 3,
  flurryDice: 2,
  powerAttackSuccesses: 2,
  fullDefenseSuccesses: 1,
  lungeDice: 2,

  maneuverCosts: {
    grapple: 1,
    increaseDamage: 1,
    push: 2,
    tag: 2,
    disarm: 3,
    stun: 3,
    trip: 3,
    avoidArmor: 4,
    coupDeGrace: 5,
    threaten: 5,
    pin: 4,
    choke: 3,
  },
  maneuverLimits: {
    grapple: 1,
    increaseDamage: 99,
    push: 2,
    tag: 1,
    disarm: 1,
    stun: 1,
    trip: 1,
    avoidArmor: 1,
    coupDeGrace: 1,
    threaten: 1,
    pin: 1,
    choke: 1,
  },
  partialArmorDiscount: 2,
  pushFeet: 5,
  declaredFreeSuccesses: 1,
  forgoDamageFreeSuccesses: 1,
  disarmFlingFeet: 20,
  standUpDifficulty: 3,

  pinSuccesses: 2,
  grappleTie: "bothAct",
  grappleLargestWeapon: "small",
  chokeMinutesPerBody: 1,
  chokeDeathMinutes: 1,

  netSuccesses: "margin",
  traumaAbove: 3,
  ...LUNOS_HEALTH_RULES,
  blowsAtOnce: "worstBlowFirst",
  dyingMinutes: 5,
  dyingMagicMinutes: 1,

  unarmoredWoundingMalus: 2,
  heavyArmorFrom: 2,
  heavyArmorDice: 1,
  rigidReduction: 2,
  rigidDice: 2,
  flexWoundingReduction: 1,
  weaponSizes: {
    tiny: { rank: -4, cost: 1, damage: 0, range: 10 },
    small: { rank: -3, cost: 1, damage: 1, range: 20 },
    medium: { rank: -2, cost: 2, damage: 2, range: 40 },
    large: { rank: -1, cost: 2, damage: 3, range: 50 },
    polearm: { rank: 0, cost: 2, damage: 3, range: null },
  },
  rangeIncrements: 5,
  rangeMultiplier: { archery: 3, projectile: 3, thrown: 1, brawl: 1, weapon: 1 },
  heavyWeaponMinBody: 4,
  heavyWeaponDice: 1,
  polearmReachSpaces: 2,
  polearmAdjacentDice: 2,
  feetPerSpace: 5,
  feetPerMetre: 3,
} satisfies LunosRules);

/** Whole numbers and their least value; an upper bound where a larger one would be a typo. */
const INTEGER_KEYS: readonly [keyof LunosRules, number, number][] = [
  ["secondsPerRound", 1, 3600],
  ["actionsPerRound", 1, 10],
  ["poolDie", 2, 100],
  ["luckDie", 2, 100],
  ["dramaticSuccesses", 0, 10],
  ["extraTargetDice", 0, 10],
  ["opponentsPerDefenseDie", 1, 10],
  // 0 would let a roll of no success hit an undefended fighter.
  ["noDefenseDifficulty", 1, 10],
  ["parryRangedDifficulty", 0, 10],
  ["moveFeet", 0, 1000],
  ["moveFeetPerAthletics", 0, 100],
  ["flurryMinCombat", 0, 5],
  ["flurryDice", 0, 10],
  ["powerAttackSuccesses", 0, 10],
  ["fullDefenseSuccesses", 0, 10],
  ["lungeDice", 0, 10],
  ["partialArmorDiscount", 0, 10],
  ["pushFeet", 0, 100],
  ["declaredFreeSuccesses", 0, 10],
  ["forgoDamageFreeSuccesses", 0, 10],
  ["disarmFlingFeet", 0, 1000],
  ["standUpDifficulty", 0, 20],
  ["pinSuccesses", 0, 10],
  ["chokeMinutesPerBody", 0, 60],
  ["chokeDeathMinutes", 0, 60],
  ["traumaAbove", 0, 100],
  ["baseHealthLevels", 1, 20],
  ["largestPenalty", 1, 20],
  ["dyingMinutes", 0, 600],
  ["dyingMagicMinutes", 1, 60],
  ["unarmoredWoundingMalus", 0, 10],
  ["heavyArmorFrom", 0, 10],
  ["heavyArmorDice", 0, 10],
  ["rigidReduction", 0, 10],
  ["rigidDice", 0, 10],
  ["flexWoundingReduction", 0, 10],
  ["rangeIncrements", 0, 20],
  ["heavyWeaponMinBody", 0, 6],
  ["heavyWeaponDice", 0, 10],
  ["polearmReachSpaces", 1, 10],
  ["polearmAdjacentDice", 0, 10],
  ["feetPerSpace", 1, 100],
  ["feetPerMetre", 1, 10],
];

const CHOICES: readonly [keyof LunosRules, readonly string[]][] = [
  ["fifthDot", ["insteadOfDie", "besideDie"]],
  ["emptyPool", ["luckDieOnly", "noRoll"]],
  ["disaster", ["loseAction", "none"]],
  ["initiativeTie", ["together", "rollOff"]],
  ["parryPool", ["agilityWeapon", "weaponOnly"]],
  ["grappleTie", ["bothAct", "neitherActs"]],
  ["grappleLargestWeapon", WEAPON_SIZES],
  ["netSuccesses", ["margin", "unspent"]],
  ["extraLevels", ["spread", "allAtLargest"]],
  ["blowsAtOnce", ["worstBlowFirst", "gravestKindFirst"]],
];

function refuse(message: string, details: Readonly<Record<string, unknown>> = {}): never {
  throw new RulesError("invalid-value", `Lunos option ${message}`, details);
}

function checkRecord(what: string, value: unknown, keys: readonly string[], min: number, max: number): void {
  if (value === null || typeof value !== "object") refuse(`${what} must be a table`, { what, value });
  const given = value as Record<string, unknown>;
  for (const key of Object.keys(given))
    if (!keys.includes(key))
      refuse(`${what} names "${key}", which is not one of ${keys.join(", ")}`, { key });
  for (const key of keys) requireInteger(given[key], `Lunos option ${what}.${key}`, min, max);
}

/** Checks every key an override gives; a bad value is a RulesError naming it, never used. */
function checkOptions(options: LunosOptions): void {
  if (options === null || typeof options !== "object") refuse("overrides must be an object", { options });
  const known = Object.keys(LUNOS_DEFAULTS);
  for (const key of Object.keys(options))
    if (!known.includes(key)) refuse(`"${key}" is not a Lunos rule`, { key });
  for (const [key, min, max] of INTEGER_KEYS) {
    const value = options[key];
    if (value !== undefined) requireInteger(value, `Lunos option ${key}`, min, max);
  }
  for (const [key, allowed] of CHOICES) {
    const value = options[key];
    if (value !== undefined && !allowed.includes(value as string))
      refuse(`${key} must be one of ${allowed.join(", ")}, got ${String(value)}`, { key, value });
  }
  if (options.maneuverCosts !== undefined)
    checkRecord("maneuverCosts", options.maneuverCosts, MANEUVERS, 0, 20);
  if (options.maneuverLimits !== undefined)
    checkRecord("maneuverLimits", options.maneuverLimits, MANEUVERS, 0, 99);
  if (options.rangeMultiplier !== undefined)
    checkRecord(
      "rangeMultiplier",
      options.rangeMultiplier,
      Object.keys(LUNOS_DEFAULTS.rangeMultiplier),
      1,
      10,
    );
  if (options.weaponSizes !== undefined) {
    const sizes = options.weaponSizes as Record<string, WeaponSizeRow>;
    if (sizes === null || typeof sizes !== "object") refuse("weaponSizes must be a table");
    for (const size of WEAPON_SIZES) {
      const row = sizes[size];
      if (!row || typeof row !== "object") refuse(`weaponSizes has no row for ${size}`, { size });
      requireInteger(row.rank, `Lunos option weaponSizes.${size}.rank`, -10, 10);
      requireInteger(row.cost, `Lunos option weaponSizes.${size}.cost`, 0, 20);
      requireInteger(row.damage, `Lunos option weaponSizes.${size}.damage`, 0, 20);
      if (row.range !== null) requireInteger(row.range, `Lunos option weaponSizes.${size}.range`, 1, 10_000);
    }
  }
}

const resolvedRules = new WeakSet<object>();

/**
 * Merges a partial override onto the defaults (one level: a table given
 * replaces the default table whole). Every value given is checked first;
 * the answer is frozen, and resolving it again is free. An override
 * object is read afresh each time (it may have been changed since).
 */
export function resolveLunosOptions(options?: LunosOptions): LunosRules {
  if (options === undefined || options === LUNOS_DEFAULTS) return LUNOS_DEFAULTS;
  if (resolvedRules.has(options)) return options as LunosRules;
  checkOptions(options);
  const given: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options))
    if (v !== undefined) given[k] = deepFreeze(structuredClone(v));
  const resolved = Object.freeze({ ...LUNOS_DEFAULTS, ...given }) as LunosRules;
  resolvedRules.add(resolved);
  return resolved;
}
