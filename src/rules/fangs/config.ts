import { RulesError, requireInteger } from "../kernel/errors";
import type { HitsBand } from "../rhf/config";
import { RANGES } from "../rhf/types";

/**
 * Every figure of the FANGS core that a table may want to change lives here
 * as data: the values the public text states and the [default] values the
 * text leaves open (fangs-core.md marks them). Rules functions read them from
 * an options object so a world setting or a compendium can override any of
 * them without touching code.
 */

/** An armor, weapon or shield row of the equipment tables (CORE-EQP-1, CORE-EQP-2). */
export interface ArmorRow {
  readonly id: string;
  readonly armorProtection: number;
  /** Price in silver sovereigns. */
  readonly price: number;
}

export interface WeaponRow {
  readonly id: string;
  readonly damage: string;
  /** Null: a missile weapon whose durability the table does not track. */
  readonly itemSp: number | null;
  readonly impales: boolean;
  /** Hands it may be wielded with ("1H or 2H" is [1, 2]). */
  readonly hands: readonly (1 | 2)[];
  readonly kind: "melee" | "missile";
  /** Rounds to reload; 0 for none. */
  readonly reload: number;
  readonly extendedReload: boolean;
}

export interface ShieldRow {
  readonly id: string;
  readonly itemSp: number;
}

/** How the rules core reads the open points of the rules (see docs/rules/fangs.md). */
export interface FangsRules {
  /* Characteristics (CORE-CHR-1) */
  /** Every characteristic starts at this value. */
  readonly characteristicBase: number;
  /** The highest value a starting character may buy. */
  readonly characteristicStartingMax: number;
  /** Total points to raise a characteristic from the base to the key's value. */
  readonly characteristicCosts: Readonly<Record<number, number>>;

  /* Attributes: formulas over characteristics, fractions rounded up (CORE-CHR-2, -3, -5, [default]s) */
  readonly hitPointsFormula: string;
  readonly stunPointsFormula: string;
  readonly movementFormula: string;
  readonly ideaFormula: string;
  readonly luckFormula: string;
  readonly fatigueFormula: string;
  readonly powerPointsFormula: string;
  /** Dodge's natural part; the bought points are added and armor protection taken off. */
  readonly dodgeNaturalFormula: string;

  /* Damage Modifier (CORE-CHR-4): max(0, floor((ST+SZ−threshold)/step)), capped */
  readonly damageModifierThreshold: number;
  readonly damageModifierStep: number;
  readonly damageModifierCap: number;
  /**
   * The dice for each even DM (an odd DM rolls the dice of DM−1, then +1).
   * Above the largest key, the largest entry repeats and the rest comes from the table.
   */
  readonly damageModifierDice: Readonly<Record<number, string>>;

  /* Checks (CORE-CHK-3) */
  /** What a resisted check's difference is added to: equal values make an even contest. */
  readonly resistedCheckBase: number;

  /* Damage and parries (NC-DMG) */
  /**
   * How NC-DMG-6 (nick: −1 SP when the Stun part exceeds the item SP) and
   * NC-DMG-9 (the HP part over the item SP comes off the item SP) combine:
   * "greater" takes the larger of the two losses, "sum" adds them.
   */
  readonly parryWearCombination: "greater" | "sum";
  /**
   * What a Special parry of a normal attack does to the attacking weapon's SP
   * (NC-DMG-18): "rolledDamage" rolls the parrying item's damage; "nick" is 1 SP.
   */
  readonly specialParryWeaponDamage: "rolledDamage" | "nick";
  /**
   * NC-DMG-23 "max. damage to both HP and SP": "full" takes the maximum from
   * Stun and from HP alike; "half" keeps the usual half for HP.
   */
  readonly fumbledDefenseHitPoints: "full" | "half";
  /**
   * NC-DEF-9, a shield bash: "maneuver", the maneuver's own attack made with
   * the shield; "offHand", the off hand's second attack in the Post-Melee
   * phase at −10 to attack and initiative, as a left-hand dagger's.
   */
  readonly shieldBashAttack: "maneuver" | "offHand";

  /* Readings where the text supports two answers (docs/rules/fangs.md names the quotes) */
  /**
   * NC-MAN-11 against NC-DEF-3: whether the Melee Dodge maneuver dodges only
   * melee attacks ("melee") or every attack, missiles too ("all").
   */
  readonly meleeDodgeScope: "melee" | "all";
  /**
   * NC-TAC-3 "no more than the base attack Skill": the cap on parry points moved
   * to the attack is the attack skill's total ("attackSkill") or only its
   * bought points ("boughtPoints").
   */
  readonly parryToAttackCap: "attackSkill" | "boughtPoints";
  /**
   * NC-DMG-13 "normal rolled damage" of a stuck weapon each round: the
   * weapon's dice alone ("weapon") or with the attacker's DM ("weaponAndDm").
   */
  readonly impaleRoundDamage: "weapon" | "weaponAndDm";
  /**
   * NC-MAN-11, NC-DEF-4 against NC-MAN-9: whether an attacker whose maneuver
   * allows no second attack (Charge) still gets a Dodge Past's second chance
   * ("always") or not ("maneuverAllows").
   */
  readonly dodgePastSecondChance: "maneuverAllows" | "always";
  /**
   * NC-DMG-17 "more than 50% of its SP is lost": half of the SP the weapon had
   * when it parried ("current") or of its full SP ("maximum").
   */
  readonly weaponBreakSp: "current" | "maximum";
  /**
   * An autofire burst against a Special or Critical dodge (NC-MAN-12 with
   * NC-DMG-16): "countHits" counts the totals like any made dodge;
   * "evadesBurst" lets the dodge evade the whole burst, whatever the attack.
   */
  readonly autofireSpecialDodge: "countHits" | "evadesBurst";

  /* Optional modules from the reach, holds and firearms rules (docs/rules/fangs.md); off, nothing changes */
  /** RHF-RNG-1 … -3: three hand-to-hand ranges, a range per weapon, advance and withdraw (reach.ts). */
  readonly reachModule: boolean;
  /**
   * The reach module's length of each FANGS weapon, by the skill it strikes
   * with: a weapon kind of the RHF weapon table ("*": any other skill).
   * Each skill named here overrides reach.ts's REACH_WEAPON_KINDS.
   */
  readonly reachWeaponKinds: Readonly<Record<string, string>>;
  /** RHF-HLD-1 … -3: a grapple held gains control points and immobilizes past the victim's ST (holds.ts). */
  readonly controlPointsModule: boolean;
  /** RHF-MAT-1, -2: AG read as Quickness gives the attacks a round, −5 on each beyond (quickness.ts). */
  readonly multipleAttacksModule: boolean;

  /* The reach, holds and firearms rules' own figures and readings, as the modules read them (defaults: the RHF core's) */
  /**
   * RHF-RNG-1: the range of an RHF weapon kind, over the RHF core's weapon
   * table kind by kind; a kind the table lacks only where reachWeaponKinds
   * names it for a skill (it is added, and parries).
   */
  readonly reachWeaponRanges: Readonly<Record<string, "close" | "medium" | "long">>;
  /** RHF-RNG-3's Hard roll: the skill divided by this, rounded up. */
  readonly reachHardDivisor: number;
  /** RHF-RNG-3: advances and withdraws a fighter may make a round. */
  readonly rangeManeuversPerRound: number;
  /** RHF-HLD-1: control points a round held are ST divided by this, rounded up. */
  readonly controlPointsDivisor: number;
  /** The round the grapple is made counts as its first round held. */
  readonly holdFirstRoundCounts: boolean;
  /** An immobilized fighter may still try to break free. */
  readonly immobilizedMayBreak: boolean;
  /** RHF-MAT-1: AG bands and the attacks a round each gives (0.5: one every other round), from 1 with no gap. */
  readonly quicknessBands: readonly QuicknessBandRow[];
  /** RHF-MAT-2: the penalty on every attack roll of the round for each additional attack. */
  readonly multipleAttackPenalty: number;
  /** Which attacks are additional: past the AG allowance, or past the first (within the allowance). */
  readonly additionalAttacks: "beyondAllowance" | "beyondFirst";
  /** When the skill allows an additional attack: skill less the penalty above zero, or skill at least the penalty. */
  readonly additionalAttackSkill: "aboveZero" | "atLeastPenalty";

  /* Consequences (CORE-CON) */
  /** Stun Points regained a minute while unconscious. */
  readonly unconsciousStunRecoveryPerMinute: number;
  /** HP lost a round while dying. */
  readonly dyingHitPointLossPerRound: number;

  /* Fumbled attacks (NC-DMG-21): Luck roll picks the default; the GM decides */
  readonly fumbleLuckSuccess: "hitAnother" | "hitSelf" | "dropWeapon";
  readonly fumbleLuckFailure: "hitAnother" | "hitSelf" | "dropWeapon";

  /* Equipment (CORE-EQP-1, CORE-EQP-2) */
  readonly armor: readonly ArmorRow[];
  readonly weapons: readonly WeaponRow[];
  readonly shields: readonly ShieldRow[];
  /** Damage of a club, one- or two-handed (flat of the blade, NC-SUB-2). */
  readonly clubDamage: Readonly<Record<1 | 2, string>>;

  /* Optional firearms modules from the reach, holds and firearms rules (docs/rules/fangs.md) */
  /** RHF-REC-1, -2: each shot after the first in a round loses skill to the firearm's Recoil. */
  readonly recoilModule: boolean;
  /** RHF-AIM-1: up to two rounds of aiming, a Spot roll each, +5 to hit the next shot per success. */
  readonly aimingModule: boolean;
  /**
   * RHF-AUT-1, -2: an autofire weapon's burst is rolled as the RHF text
   * says (three rolls, 1d6 hits each) instead of NC-MAN-12's count, and
   * area fire at several targets is allowed (bursts.ts).
   */
  readonly areaFireModule: boolean;
  /** RHF-AUT-1: attack rolls a burst gets (FANGS fires a full burst; it counts no rounds). */
  readonly burstRolls: number;
  /** RHF-AUT-1: hits of a burst's successful roll, by a d6. */
  readonly burstHits: readonly HitsBand[];
  /** RHF-AUT-2: the most targets of one area fire. */
  readonly areaMaxTargets: number;
  /** RHF-AUT-2: metres; no two targets of one area fire farther apart. */
  readonly areaSpread: number;
  /** RHF-AUT-2: hits of an area fire's successful roll at a target, by a d6. */
  readonly areaHits: readonly HitsBand[];
  /** RHF-REC-2: ST is multiplied by these against recoil, by grip. */
  readonly recoilOneHandMultiplier: number;
  readonly recoilTwoHandsMultiplier: number;
  readonly recoilTripodMultiplier: number;
  /** How a ST made fractional by a multiplier is rounded. */
  readonly recoilStrengthRounding: "up" | "down";
  /** RHF-AIM-1: the bonus to hit of each successful round of aiming. */
  readonly aimBonus: number;
  /** Rounds of aiming for one familiar with the weapon. */
  readonly aimMaxRounds: number;
  /** Rounds of aiming for one not familiar with it; never more than aimMaxRounds. */
  readonly aimRoundsUnfamiliar: number;
}

/** A band of the multiple attacks module's AG table (RHF-MAT-1). */
export interface QuicknessBandRow {
  readonly from: number;
  readonly to: number;
  readonly attacks: number;
}

/** Any part of the rules may be overridden; the rest comes from FANGS_DEFAULTS. */
export type FangsOptions = Partial<FangsRules>;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

export const FANGS_DEFAULTS: FangsRules = deepFreeze({
  characteristicBase: 10,
  characteristicStartingMax: 18,
  characteristicCosts: { 10: 0, 11: 5, 12: 10, 13: 20, 14: 30, 15: 45, 16: 60, 17: 80, 18: 100 },

  hitPointsFormula: "(CO+SZ)/2",
  // CO is whole, so rounding the total up equals CO + ceil((ST+SZ)/2).
  stunPointsFormula: "CO+(ST+SZ)/2",
  movementFormula: "ST+AG-SZ",
  ideaFormula: "IN",
  luckFormula: "PW",
  fatigueFormula: "ST+CO",
  powerPointsFormula: "PW",
  dodgeNaturalFormula: "AG",

  damageModifierThreshold: 20,
  damageModifierStep: 5,
  damageModifierCap: 10,
  damageModifierDice: {
    2: "1d2",
    4: "1d4",
    6: "1d6",
    8: "1d8",
    10: "1d10",
    12: "2d6",
    14: "1d8+1d6",
    16: "2d8",
    18: "3d6",
    20: "2d10",
  },

  resistedCheckBase: 10,

  parryWearCombination: "greater",
  specialParryWeaponDamage: "rolledDamage",
  fumbledDefenseHitPoints: "full",
  shieldBashAttack: "maneuver",

  meleeDodgeScope: "melee",
  parryToAttackCap: "attackSkill",
  impaleRoundDamage: "weapon",
  dodgePastSecondChance: "maneuverAllows",
  weaponBreakSp: "current",
  autofireSpecialDodge: "countHits",

  // Optional modules from the reach, holds and firearms rules
  reachModule: false,
  // The module's own table (reach.ts, REACH_WEAPON_KINDS) serves each skill not named here.
  reachWeaponKinds: {},

  controlPointsModule: false,
  multipleAttacksModule: false,

  // The RHF core's figures and readings (src/rules/rhf/config.ts), so the modules play as it does.
  reachWeaponRanges: {},
  reachHardDivisor: 2,
  rangeManeuversPerRound: 1,
  controlPointsDivisor: 3,
  holdFirstRoundCounts: true,
  immobilizedMayBreak: false,
  quicknessBands: [
    { from: 1, to: 6, attacks: 0.5 },
    { from: 7, to: 12, attacks: 1 },
    { from: 13, to: 15, attacks: 2 },
    { from: 16, to: 18, attacks: 3 },
    { from: 19, to: 21, attacks: 4 },
  ],
  multipleAttackPenalty: 5,
  additionalAttacks: "beyondAllowance",
  additionalAttackSkill: "aboveZero",

  unconsciousStunRecoveryPerMinute: 1,
  dyingHitPointLossPerRound: 1,

  fumbleLuckSuccess: "dropWeapon",
  fumbleLuckFailure: "hitSelf",

  armor: [
    { id: "leathers", armorProtection: 1, price: 18 },
    { id: "jack", armorProtection: 2, price: 30 },
    { id: "leatherArmor", armorProtection: 3, price: 45 },
    { id: "ring", armorProtection: 4, price: 175 },
    { id: "scale", armorProtection: 5, price: 350 },
    { id: "mail", armorProtection: 6, price: 550 },
    { id: "lightChain", armorProtection: 7, price: 750 },
    { id: "plateMail", armorProtection: 8, price: 1000 },
  ],
  weapons: [
    w("dagger", "1d4+2", 6, true, [1]),
    w("shortsword", "1d6+1", 8, true, [1]),
    w("broadsword", "1d8+2", 10, false, [1]),
    w("battleAxe", "1d8+2", 8, false, [1]),
    w("mace", "1d8+2", 10, false, [1]),
    w("spear", "1d8+1", 8, true, [1, 2]),
    w("greatsword", "2d8", 12, false, [2]),
    w("quarterstaff", "1d8", 8, false, [2]),
    { ...w("shortBow", "1d6+1", null, true, [2]), kind: "missile" },
    { ...w("lightCrossbow", "2d4+2", null, true, [2]), kind: "missile", reload: 1 },
    { ...w("heavyCrossbow", "2d6+2", null, true, [2]), kind: "missile", reload: 2, extendedReload: true },
  ],
  shields: [
    { id: "buckler", itemSp: 6 },
    { id: "round", itemSp: 8 },
    { id: "kite", itemSp: 10 },
    { id: "tower", itemSp: 12 },
  ],
  // [default] the text names no club; a mace-like 1d6 one-handed and a quarterstaff-like 1d8 two-handed.
  clubDamage: { 1: "1d6", 2: "1d8" },

  /* Optional firearms modules from the reach, holds and firearms rules: all off, FANGS as written. */
  recoilModule: false,
  aimingModule: false,
  recoilOneHandMultiplier: 1,
  recoilTwoHandsMultiplier: 1.5,
  recoilTripodMultiplier: 2,
  recoilStrengthRounding: "up",
  aimBonus: 5,
  aimMaxRounds: 2,
  aimRoundsUnfamiliar: 1,
  // RHF-AUT-1, -2: the text's figures.
  areaFireModule: false,
  burstRolls: 3,
  burstHits: [
    { from: 1, to: 3, hits: 1 },
    { from: 4, to: 5, hits: 2 },
    { from: 6, to: 6, hits: 3 },
  ],
  areaMaxTargets: 5,
  areaSpread: 3,
  areaHits: [
    { from: 1, to: 4, hits: 1 },
    { from: 5, to: 6, hits: 2 },
  ],
} satisfies FangsRules);

function w(id: string, damage: string, itemSp: number | null, impales: boolean, hands: (1 | 2)[]): WeaponRow {
  return { id, damage, itemSp, impales, hands, kind: "melee", reload: 0, extendedReload: false };
}

const INTEGER_KEYS = [
  "characteristicBase",
  "characteristicStartingMax",
  "damageModifierThreshold",
  "damageModifierStep",
  "damageModifierCap",
  "resistedCheckBase",
  "unconsciousStunRecoveryPerMinute",
  "dyingHitPointLossPerRound",
] as const;

/** The switches of the optional modules: each true or false. */
const MODULE_KEYS = [
  "reachModule",
  "controlPointsModule",
  "multipleAttacksModule",
  "recoilModule",
  "aimingModule",
  "areaFireModule",
] as const;

/** The RHF figures' whole numbers and their bounds (the RHF core's own); the world setting's fields repeat them. */
export const RHF_INTEGER_BOUNDS = {
  reachHardDivisor: [1, 10],
  rangeManeuversPerRound: [0, 10],
  controlPointsDivisor: [1, 20],
  multipleAttackPenalty: [0, 20],
  aimBonus: [0, 20],
  aimMaxRounds: [0, 10],
  aimRoundsUnfamiliar: [0, 10],
} as const;

/** The RHF readings and their choices. */
const RHF_CHOICES = {
  additionalAttacks: ["beyondAllowance", "beyondFirst"],
  additionalAttackSkill: ["aboveZero", "atLeastPenalty"],
  recoilStrengthRounding: ["up", "down"],
} as const;

export const RHF_MULTIPLIER_KEYS = [
  "recoilOneHandMultiplier",
  "recoilTwoHandsMultiplier",
  "recoilTripodMultiplier",
] as const;

function refuseOption(key: string, message: string, value: unknown): never {
  throw new RulesError("invalid-value", `option ${key} ${message}`, { key, value });
}

/**
 * The weapon kinds of the reach rules' table (RHF_DEFAULTS.weapons, which
 * the start-up set does not carry; a test holds the two together): the
 * kinds whose range a world may change without naming them for a skill.
 */
const REACH_KINDS =
  "unarmed knife dagger hatchet shortSword sword axe mace club greatsword staff spear pike halberd pistol revolver submachineGun rifle shotgun machineGun".split(
    " ",
  );

/** The AG table: bands from 1, each starting where the one before ends, none empty, attacks never falling. */
function checkQuicknessBands(bands: unknown): void {
  const key = "quicknessBands";
  if (!Array.isArray(bands) || bands.length === 0) refuseOption(key, "must be a list of bands", bands);
  let next = 1;
  let before = 0;
  bands.forEach((band: Partial<QuicknessBandRow> | null, i) => {
    const at = `${key}[${i}]`;
    if (band?.from !== next)
      refuseOption(
        key,
        `must run from 1 without gap or overlap: band ${i + 1} starts at ${band?.from}, not ${next}`,
        bands,
      );
    requireInteger(band.to, `option ${at}.to`, next, 1000);
    const a = band.attacks;
    if (!(a === 0.5 || (typeof a === "number" && Number.isInteger(a) && a >= 1 && a <= 20)))
      refuseOption(
        key,
        `band ${i + 1}'s attacks must be 0.5 or a whole number from 1 to 20, got ${a}`,
        bands,
      );
    if (a! < before)
      refuseOption(
        key,
        `must not fall as AG rises: band ${i + 1}'s attacks (${a}) are fewer than the band before's (${before})`,
        bands,
      );
    before = a!;
    next = band.to! + 1;
  });
}

function checkRhfFigures(options: FangsOptions): void {
  for (const [key, [min, max]] of Object.entries(RHF_INTEGER_BOUNDS)) {
    const value = options[key as keyof typeof RHF_INTEGER_BOUNDS];
    if (value !== undefined) requireInteger(value, `option ${key}`, min, max);
  }
  for (const [key, choices] of Object.entries(RHF_CHOICES)) {
    const value = options[key as keyof typeof RHF_CHOICES];
    if (value !== undefined && !(choices as readonly string[]).includes(value))
      refuseOption(key, `must be one of ${choices.join(", ")}, got ${String(value)}`, value);
  }
  for (const key of RHF_MULTIPLIER_KEYS) {
    const value = options[key];
    if (value !== undefined && !(typeof value === "number" && value > 0 && value <= 10))
      refuseOption(key, `must be a number above 0 and at most 10, got ${String(value)}`, value);
  }
  if (options.quicknessBands !== undefined) checkQuicknessBands(options.quicknessBands);
  const ranges = options.reachWeaponRanges;
  if (ranges !== undefined) {
    if (typeof ranges !== "object" || ranges === null || Array.isArray(ranges))
      refuseOption("reachWeaponRanges", "must map weapon kinds to ranges", ranges);
    for (const [kind, range] of Object.entries(ranges))
      if (!kind || !(RANGES as readonly string[]).includes(range))
        refuseOption(
          "reachWeaponRanges",
          `must give "${kind}" one of ${RANGES.join(", ")}, got ${String(range)}`,
          range,
        );
  }
}

/** The last options object resolved, so the hot path pays for a merge once per options object. */
let lastOptions: FangsOptions | undefined;
let lastResolved: FangsRules = FANGS_DEFAULTS;
/** Objects this function built: passing one back in costs nothing. */
const resolvedRules = new WeakSet<object>();

/**
 * Merges a partial override onto the defaults (one level: a table given
 * replaces the default table). Bad numbers are refused, never used.
 */
export function resolveOptions(options?: FangsOptions): FangsRules {
  if (options === undefined || options === FANGS_DEFAULTS) return FANGS_DEFAULTS;
  if (options === lastOptions) return lastResolved;
  if (resolvedRules.has(options)) return options as FangsRules;
  for (const key of INTEGER_KEYS) {
    const value = options[key];
    if (value !== undefined) requireInteger(value, `option ${key}`, key === "damageModifierStep" ? 1 : 0);
  }
  for (const key of [...MODULE_KEYS, "holdFirstRoundCounts", "immobilizedMayBreak"] as const) {
    const value = options[key];
    if (value !== undefined && typeof value !== "boolean")
      throw new RulesError("invalid-value", `option ${key} must be true or false`, { key, value });
  }
  checkRhfFigures(options);
  checkBurstFigures(options);
  const resolved = Object.freeze({ ...FANGS_DEFAULTS, ...stripUndefined(options) });
  // A misspelt or miscased kind would be a new weapon no skill counts as: it would change nothing.
  for (const kind of Object.keys(resolved.reachWeaponRanges))
    if (!REACH_KINDS.includes(kind) && !Object.values(resolved.reachWeaponKinds ?? {}).includes(kind))
      refuseOption(
        "reachWeaponRanges",
        `names "${kind}", which is no weapon kind of the reach rules nor one reachWeaponKinds names for a skill`,
        kind,
      );
  if (resolved.aimRoundsUnfamiliar > resolved.aimMaxRounds)
    refuseOption(
      "aimRoundsUnfamiliar",
      `(${resolved.aimRoundsUnfamiliar}) must not be above aimMaxRounds (${resolved.aimMaxRounds})`,
      resolved.aimRoundsUnfamiliar,
    );
  lastOptions = options;
  lastResolved = resolved;
  resolvedRules.add(resolved);
  return resolved;
}

/**
 * The bursts and area fire figures. Checked here rather than by the RHF
 * core's resolver, which would bring that core's whole defaults into the
 * start-up set with FANGS's options.
 */
function checkBurstFigures(options: FangsOptions): void {
  if (options.burstRolls !== undefined) requireInteger(options.burstRolls, "option burstRolls", 1, 30);
  if (options.areaMaxTargets !== undefined)
    requireInteger(options.areaMaxTargets, "option areaMaxTargets", 1, 50);
  const spread = options.areaSpread;
  if (spread !== undefined && !(typeof spread === "number" && Number.isFinite(spread) && spread > 0))
    throw new RulesError("invalid-value", `option areaSpread must be metres above 0, got ${String(spread)}`, {
      key: "areaSpread",
      value: spread,
    });
  checkHitsTable("burstHits", options.burstHits);
  checkHitsTable("areaHits", options.areaHits);
}

/** A d6 table of hits names each face once, each with 1 to 100 hits. */
function checkHitsTable(key: string, bands: readonly HitsBand[] | undefined): void {
  if (bands === undefined) return;
  if (!Array.isArray(bands) || bands.length === 0)
    throw new RulesError("invalid-value", `option ${key} must be a list of bands`, { key });
  const seen = [0, 0, 0, 0, 0, 0, 0];
  for (const band of bands) {
    requireInteger(band?.from, `option ${key} from`, 1, 6);
    requireInteger(band.to, `option ${key} to`, band.from, 6);
    requireInteger(band.hits, `option ${key} hits`, 1, 100);
    for (let face = band.from; face <= band.to; face += 1) seen[face]! += 1;
  }
  const wrong = seen.findIndex((count, face) => face > 0 && count !== 1);
  if (wrong > 0)
    throw new RulesError(
      "invalid-value",
      `option ${key} must name each face of the d6 once; ${wrong} is not`,
      {
        key,
        face: wrong,
      },
    );
}

function stripUndefined(options: FangsOptions): FangsOptions {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) if (v !== undefined) out[k] = v;
  return out as FangsOptions;
}
