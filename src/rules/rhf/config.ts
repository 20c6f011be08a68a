import { RulesError, requireInteger } from "../kernel/errors";
import {
  GRIPS,
  INJURY_LEVELS,
  type InjuryLevel,
  LOCATIONS,
  type Location,
  RANGES,
  type Range,
} from "./types";

/**
 * Every figure of the reach, holds and firearms core a table may want to
 * change, as data: the values the text states (reach-holds-and-firearms.md)
 * and the readings where it is silent (docs/rules/rhf.md says which is which
 * and why). Rules functions take the rules resolved from an optional partial
 * override; the rest comes from RHF_DEFAULTS.
 */

/** A row of the weapon table: the range it strikes at, its injury modifier, whether it parries. */
export interface WeaponRow {
  readonly range: Range;
  readonly injury: number;
  readonly parries: boolean;
}

/** One d6 band of a hits table (RHF-AUT-1, RHF-AUT-2). */
export interface HitsBand {
  readonly from: number;
  readonly to: number;
  readonly hits: number;
}

/** One band of the Quickness table (RHF-MAT-1); 0.5 is one attack every other round. */
export interface QuicknessBand {
  readonly from: number;
  readonly to: number;
  readonly attacks: number;
}

/** One d20 band of the hit location table. */
export interface LocationBand {
  readonly from: number;
  readonly to: number;
  readonly location: Location;
}

/** An injury roll of at least `atLeast` is an injury of this level. */
export interface InjuryBand {
  readonly atLeast: number;
  readonly level: InjuryLevel;
}

/** A concentrated defense's modifiers: to parries of blows at the area, and of blows elsewhere. */
export interface FocusModifier {
  readonly there: number;
  readonly elsewhere: number;
}

export interface RhfRules {
  /* Checks (the index's basics) */
  /** A Hard roll is under the skill divided by this, rounded up ([default] 2). */
  readonly hardDivisor: number;
  /** The die fighters tied in the order roll off with, the higher first. */
  readonly rollOffDie: number;

  /* Reach (RHF-RNG-1 … RHF-RNG-3) */
  /** Every weapon by its kind: range, injury modifier, parries. */
  readonly weapons: Readonly<Record<string, WeaponRow>>;
  /** The range at which holds are tried and held. */
  readonly holdRange: Range;
  /** Range maneuvers a fighter may try a round (the text: one). */
  readonly rangeManeuversPerRound: number;

  /* Pull, feint, concentrated defense (RHF-PUL-1, RHF-FNT-1, RHF-DFA-1) */
  readonly pullInjury: number;
  /** A pulled injury roll is never below this. */
  readonly pulledInjuryFloor: number;
  /**
   * "setup": a feint deals no injury, and its penalty waits for the
   * opponent's next defense against the feinter; "sameAttack": the feint is
   * a blow and the defense against it takes the penalty.
   */
  readonly feintReading: "setup" | "sameAttack";
  /** A set-up feint's penalty is lost after this many rounds after the feint's. */
  readonly feintRounds: number;
  readonly focus: Readonly<Record<Location, FocusModifier>>;
  readonly focusAffectsDodge: boolean;

  /* Holds (RHF-HLD-1 … RHF-HLD-3) */
  /** Control points a round: Strength divided by this, rounded up. */
  readonly controlPointsDivisor: number;
  /** The round the hold is made counts as its first round held. */
  readonly holdFirstRoundCounts: boolean;
  /** An immobilized victim may still try to break free. */
  readonly immobilizedMayBreak: boolean;
  /** A held (not immobilized) fighter may still dodge. */
  readonly heldMayDodge: boolean;

  /* Multiple attacks (RHF-MAT-1, RHF-MAT-2) */
  readonly quickness: readonly QuicknessBand[];
  readonly multipleAttackPenalty: number;
  /** "beyondAllowance": attacks past the Quickness allowance cost; "beyondFirst": past the first, within the allowance. */
  readonly additionalAttacks: "beyondAllowance" | "beyondFirst";
  /**
   * When the skill allows additional attacks: "aboveZero", the skill less
   * the penalty above zero (skill 5: none); "atLeastPenalty", the skill not
   * less than the penalty (skill 5: one).
   */
  readonly additionalAttackSkill: "aboveZero" | "atLeastPenalty";
  /** Each shot is an attack of its own for the allowance and the penalty. */
  readonly shotsAreAttacks: boolean;

  /* Firearms (RHF-REC-1 … RHF-AIM-1) */
  readonly gripMultipliers: Readonly<Record<(typeof GRIPS)[number], number>>;
  /** How a Strength made fractional by a multiplier is rounded. */
  readonly strengthRounding: "down" | "up";
  readonly burstShots: number;
  readonly burstRolls: number;
  readonly burstHits: readonly HitsBand[];
  readonly areaMaxTargets: number;
  /** Metres: no two targets of area fire farther apart. */
  readonly areaSpread: number;
  readonly areaHits: readonly HitsBand[];
  readonly aimBonus: number;
  readonly aimMaxRounds: number;
  /** Rounds of aiming for one not familiar with the weapon. */
  readonly aimRoundsUnfamiliar: number;
  /** Shots may be dodged. */
  readonly dodgeShots: boolean;

  /* Injuries (the model the text lacks) and autokill (RHF-KIL-1) */
  readonly hitLocations: readonly LocationBand[];
  readonly injuryDie: number;
  readonly injuryTable: readonly InjuryBand[];
  readonly woundPoints: Readonly<Record<InjuryLevel, number>>;
  /** A fighter whose wound points reach this is unconscious. */
  readonly woundLimit: number;
  /** Levels that leave the victim dying at once, where they land. */
  readonly dyingInjuries: Readonly<Partial<Record<Location, readonly InjuryLevel[]>>>;
  readonly autokill: "all" | "npcOnly" | "off";
  readonly autokillNumbers: Readonly<
    Partial<Record<Location, Readonly<Partial<Record<InjuryLevel, number>>>>>
  >;
}

export type RhfOptions = Partial<RhfRules>;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

const row = (range: Range, injury: number, parries = true): WeaponRow => ({ range, injury, parries });

export const RHF_DEFAULTS: RhfRules = deepFreeze({
  hardDivisor: 2,
  rollOffDie: 20,

  weapons: {
    unarmed: row("close", -2),
    knife: row("close", 0),
    dagger: row("close", 0),
    hatchet: row("close", 1),
    shortSword: row("medium", 1),
    sword: row("medium", 2),
    axe: row("medium", 2),
    mace: row("medium", 2),
    club: row("medium", 1),
    greatsword: row("long", 3),
    staff: row("long", 1),
    spear: row("long", 2),
    pike: row("long", 3),
    halberd: row("long", 3),
    pistol: row("close", 3, false),
    revolver: row("close", 4, false),
    submachineGun: row("close", 3, false),
    rifle: row("medium", 5, false),
    shotgun: row("medium", 5, false),
    machineGun: row("medium", 5, false),
  },
  holdRange: "close",
  rangeManeuversPerRound: 1,

  pullInjury: 2,
  pulledInjuryFloor: 0,
  feintReading: "setup",
  feintRounds: 1,
  focus: {
    head: { there: 4, elsewhere: -4 },
    body: { there: 2, elsewhere: -2 },
    rightArm: { there: 4, elsewhere: -4 },
    leftArm: { there: 4, elsewhere: -4 },
    rightLeg: { there: 4, elsewhere: -4 },
    leftLeg: { there: 4, elsewhere: -4 },
  },
  focusAffectsDodge: false,

  controlPointsDivisor: 3,
  holdFirstRoundCounts: true,
  immobilizedMayBreak: false,
  heldMayDodge: false,

  quickness: [
    { from: 1, to: 6, attacks: 0.5 },
    { from: 7, to: 12, attacks: 1 },
    { from: 13, to: 15, attacks: 2 },
    { from: 16, to: 18, attacks: 3 },
    { from: 19, to: 21, attacks: 4 },
  ],
  multipleAttackPenalty: 5,
  additionalAttacks: "beyondAllowance",
  additionalAttackSkill: "aboveZero",
  shotsAreAttacks: false,

  gripMultipliers: { oneHand: 1, twoHands: 1.5, tripod: 2 },
  strengthRounding: "up",
  burstShots: 10,
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
  aimBonus: 5,
  aimMaxRounds: 2,
  aimRoundsUnfamiliar: 1,
  dodgeShots: false,

  hitLocations: [
    { from: 1, to: 2, location: "head" },
    { from: 3, to: 10, location: "body" },
    { from: 11, to: 12, location: "rightArm" },
    { from: 13, to: 14, location: "leftArm" },
    { from: 15, to: 17, location: "rightLeg" },
    { from: 18, to: 20, location: "leftLeg" },
  ],
  injuryDie: 10,
  injuryTable: [
    { atLeast: 0, level: "light" },
    { atLeast: 4, level: "serious" },
    { atLeast: 7, level: "major" },
    { atLeast: 10, level: "critical" },
  ],
  woundPoints: { light: 1, serious: 2, major: 4, critical: 8 },
  woundLimit: 8,
  dyingInjuries: { head: ["critical"], body: ["critical"] },
  autokill: "all",
  autokillNumbers: { body: { major: 1, critical: 2 }, head: { major: 2, critical: 4 } },
} satisfies RhfRules);

function refuse(message: string, details: Readonly<Record<string, unknown>> = {}): never {
  throw new RulesError("invalid-value", `RHF option ${message}`, details);
}

function oneOf<T extends string>(what: string, value: unknown, allowed: readonly T[]): void {
  if (!allowed.includes(value as T))
    refuse(`${what} must be one of ${allowed.join(", ")}, got ${String(value)}`, { what, value });
}

function plainObject(what: string, value: unknown): void {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    refuse(`${what} must be an object, got ${JSON.stringify(value)}`, { what });
}

function positiveNumber(what: string, value: unknown): void {
  if (!(typeof value === "number" && Number.isFinite(value) && value > 0))
    refuse(`${what} must be a number above 0, got ${String(value)}`, { what, value });
}

/** A table of bands must name each face of its die exactly once. */
function checkBands(
  what: string,
  bands: readonly { readonly from: number; readonly to: number }[],
  faces: number,
): void {
  if (!Array.isArray(bands) || bands.length === 0) refuse(`${what} must be a list of bands`, { what });
  const seen = new Array<number>(faces + 1).fill(0);
  for (const band of bands) {
    requireInteger(band?.from, `option ${what} from`, 1, faces);
    requireInteger(band.to, `option ${what} to`, band.from, faces);
    for (let face = band.from; face <= band.to; face += 1) seen[face]! += 1;
  }
  const wrong = seen.findIndex((count, face) => face > 0 && count !== 1);
  if (wrong > 0) refuse(`${what} must name each face of the d${faces} once; face ${wrong} is not`, { wrong });
}

function checkHits(what: string, bands: readonly HitsBand[] | undefined): void {
  if (bands === undefined) return;
  checkBands(what, bands, 6);
  for (const band of bands) requireInteger(band.hits, `option ${what} hits`, 1, 100);
}

function checkQuickness(bands: readonly QuicknessBand[] | undefined): void {
  if (bands === undefined) return;
  if (!Array.isArray(bands) || bands.length === 0) refuse("quickness must be a list of bands");
  let next = 1;
  for (const band of bands) {
    requireInteger(band?.from, "option quickness from", next, next);
    requireInteger(band.to, "option quickness to", band.from, 1000);
    if (
      !(band.attacks === 0.5 || (Number.isInteger(band.attacks) && band.attacks >= 1 && band.attacks <= 20))
    )
      refuse(`quickness attacks must be 0.5 or a whole number from 1 to 20, got ${String(band.attacks)}`);
    next = band.to + 1;
  }
}

function checkInjuryTable(table: readonly InjuryBand[] | undefined): void {
  if (table === undefined) return;
  if (!Array.isArray(table) || table.length === 0) refuse("injuryTable must be a list of bands");
  let last = Number.NEGATIVE_INFINITY;
  for (const band of table) {
    requireInteger(band?.atLeast, "option injuryTable atLeast", 0, 1000);
    if (band.atLeast <= last) refuse("injuryTable must rise: each band starts above the one before");
    oneOf("injuryTable level", band.level, INJURY_LEVELS);
    last = band.atLeast;
  }
  if (table[0]!.atLeast !== 0) refuse("injuryTable must start at 0, so every injury roll has a level");
}

/** Checks every key an override gives; a bad value is a RulesError naming it, never used. */
function checkOptions(o: RhfOptions): void {
  if (o.hardDivisor !== undefined) requireInteger(o.hardDivisor, "option hardDivisor", 1, 10);
  if (o.rollOffDie !== undefined) requireInteger(o.rollOffDie, "option rollOffDie", 2, 100);
  for (const [kind, w] of Object.entries(o.weapons ?? {})) {
    oneOf(`weapons.${kind}.range`, w?.range, RANGES);
    requireInteger(w.injury, `option weapons.${kind}.injury`, -20, 20);
    if (typeof w.parries !== "boolean") refuse(`weapons.${kind}.parries must be true or false`);
  }
  if (o.holdRange !== undefined) oneOf("holdRange", o.holdRange, RANGES);
  if (o.rangeManeuversPerRound !== undefined)
    requireInteger(o.rangeManeuversPerRound, "option rangeManeuversPerRound", 0, 10);
  if (o.pullInjury !== undefined) requireInteger(o.pullInjury, "option pullInjury", 0, 20);
  if (o.pulledInjuryFloor !== undefined)
    requireInteger(o.pulledInjuryFloor, "option pulledInjuryFloor", 0, 20);
  if (o.feintReading !== undefined) oneOf("feintReading", o.feintReading, ["setup", "sameAttack"]);
  if (o.feintRounds !== undefined) requireInteger(o.feintRounds, "option feintRounds", 0, 10);
  if (o.focus !== undefined)
    for (const location of LOCATIONS) {
      requireInteger(o.focus?.[location]?.there, `option focus.${location}.there`, 0, 20);
      requireInteger(o.focus[location].elsewhere, `option focus.${location}.elsewhere`, -20, 0);
    }
  for (const key of [
    "focusAffectsDodge",
    "holdFirstRoundCounts",
    "immobilizedMayBreak",
    "heldMayDodge",
    "shotsAreAttacks",
    "dodgeShots",
  ] as const)
    if (o[key] !== undefined && typeof o[key] !== "boolean") refuse(`${key} must be true or false`);
  if (o.controlPointsDivisor !== undefined)
    requireInteger(o.controlPointsDivisor, "option controlPointsDivisor", 1, 20);
  checkQuickness(o.quickness);
  if (o.multipleAttackPenalty !== undefined)
    requireInteger(o.multipleAttackPenalty, "option multipleAttackPenalty", 0, 20);
  if (o.additionalAttacks !== undefined)
    oneOf("additionalAttacks", o.additionalAttacks, ["beyondAllowance", "beyondFirst"]);
  if (o.additionalAttackSkill !== undefined)
    oneOf("additionalAttackSkill", o.additionalAttackSkill, ["aboveZero", "atLeastPenalty"]);
  if (o.gripMultipliers !== undefined)
    for (const grip of GRIPS) positiveNumber(`gripMultipliers.${grip}`, o.gripMultipliers?.[grip]);
  if (o.strengthRounding !== undefined) oneOf("strengthRounding", o.strengthRounding, ["down", "up"]);
  if (o.burstShots !== undefined) requireInteger(o.burstShots, "option burstShots", 1, 1000);
  if (o.burstRolls !== undefined) requireInteger(o.burstRolls, "option burstRolls", 1, 100);
  checkHits("burstHits", o.burstHits);
  checkHits("areaHits", o.areaHits);
  if (o.areaMaxTargets !== undefined) requireInteger(o.areaMaxTargets, "option areaMaxTargets", 1, 100);
  if (o.areaSpread !== undefined) positiveNumber("areaSpread", o.areaSpread);
  if (o.aimBonus !== undefined) requireInteger(o.aimBonus, "option aimBonus", 0, 20);
  if (o.aimMaxRounds !== undefined) requireInteger(o.aimMaxRounds, "option aimMaxRounds", 0, 10);
  if (o.aimRoundsUnfamiliar !== undefined)
    requireInteger(o.aimRoundsUnfamiliar, "option aimRoundsUnfamiliar", 0, 10);
  if (o.hitLocations !== undefined) {
    checkBands("hitLocations", o.hitLocations, 20);
    for (const band of o.hitLocations) oneOf("hitLocations location", band.location, LOCATIONS);
  }
  if (o.injuryDie !== undefined) requireInteger(o.injuryDie, "option injuryDie", 2, 100);
  checkInjuryTable(o.injuryTable);
  if (o.woundPoints !== undefined)
    for (const level of INJURY_LEVELS)
      requireInteger(o.woundPoints?.[level], `option woundPoints.${level}`, 0, 100);
  if (o.woundLimit !== undefined) requireInteger(o.woundLimit, "option woundLimit", 1, 1000);
  if (o.dyingInjuries !== undefined) plainObject("dyingInjuries", o.dyingInjuries);
  for (const [location, levels] of Object.entries(o.dyingInjuries ?? {})) {
    oneOf("dyingInjuries location", location, LOCATIONS);
    if (!Array.isArray(levels)) refuse(`dyingInjuries.${location} must be a list of injury levels`);
    for (const level of levels) oneOf(`dyingInjuries.${location}`, level, INJURY_LEVELS);
  }
  if (o.autokill !== undefined) oneOf("autokill", o.autokill, ["all", "npcOnly", "off"]);
  if (o.autokillNumbers !== undefined) plainObject("autokillNumbers", o.autokillNumbers);
  for (const [location, numbers] of Object.entries(o.autokillNumbers ?? {})) {
    oneOf("autokillNumbers location", location, LOCATIONS);
    plainObject(`autokillNumbers.${location}`, numbers);
    for (const [level, n] of Object.entries(numbers)) {
      oneOf(`autokillNumbers.${location}`, level, INJURY_LEVELS);
      requireInteger(n, `option autokillNumbers.${location}.${level}`, 0, 20);
    }
  }
}

const resolvedRules = new WeakSet<object>();

/**
 * Merges a partial override onto the defaults (one level: a table given
 * replaces the default table). Every value given is checked first, each
 * call: an override is a plain object its owner may change, so it is never
 * remembered. What this returns is frozen and passes straight through, so
 * a caller that acts often (the simulator) resolves once and hands that in.
 */
export function resolveRhfOptions(options?: RhfOptions): RhfRules {
  if (options === undefined || options === RHF_DEFAULTS) return RHF_DEFAULTS;
  if (resolvedRules.has(options)) return options as RhfRules;
  if (typeof options !== "object" || options === null) refuse("must be an object of rules keys");
  for (const key of Object.keys(options))
    if (!Object.hasOwn(RHF_DEFAULTS, key)) refuse(`"${key}" is not a rules key`, { key });
  checkOptions(options);
  const given: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) if (v !== undefined) given[k] = v;
  const resolved = Object.freeze({ ...RHF_DEFAULTS, ...given }) as RhfRules;
  if (resolved.aimRoundsUnfamiliar > resolved.aimMaxRounds)
    refuse(
      `aimRoundsUnfamiliar (${resolved.aimRoundsUnfamiliar}) is above aimMaxRounds (${resolved.aimMaxRounds})`,
    );
  resolvedRules.add(resolved);
  return resolved;
}

/** A weapon kind's row of the table; an unknown kind is refused. */
export function weaponRow(kind: string, rules: RhfRules = RHF_DEFAULTS): WeaponRow {
  const found = Object.hasOwn(rules.weapons, kind) ? rules.weapons[kind] : undefined;
  if (!found)
    throw new RulesError("invalid-value", `no weapon "${kind}" in the weapon table`, {
      kind,
      known: Object.keys(rules.weapons),
    });
  return found;
}
