import { type DiceFormula, type DiceSource, parseDiceFormula, rollTotal } from "../kernel/dice";
import type { Effect } from "../kernel/effects";
import { RulesError, requireInteger } from "../kernel/errors";
import { type HitLocation, type HitLocationTable, locationAt } from "../kernel/hit-locations";
import { BAND_NAMES, type CheckRoll, characteristicDn, rollCheck } from "./check";
import { type Fraction, type KnockoutId, SHARENE_DEFAULTS, type ShareneRules } from "./config";
import { SHARENE_HIT_LOCATIONS } from "./hit-locations";
import { limbStateOf } from "./sheet";
import {
  type Blow,
  LIFE_POOL,
  limbStatus,
  SHARENE_STATUS,
  type ShareneCondition,
  type ShareneFighter,
  type ShareneWeapon,
  type StatedBlow,
} from "./types";

/**
 * "3/BLOW STYLE DECISION", "6/DAMAGE LOCATION" and "7/DAMAGE COUNTING": the
 * blow, where it lands, what gets through, and what it does to the victim
 * (limbs, consciousness, coma, death). What changes is answered as kernel
 * effects (a pool, statuses, timed statuses) and Sharene's limb wound
 * (effect-kinds.ts), never written.
 */

const parsed = new Map<string, DiceFormula>();

/** A formula parsed once: a fight rolls the same few formulas thousands of times. */
function parsedFormula(source: string): DiceFormula {
  let formula = parsed.get(source);
  if (formula === undefined) {
    formula = parseDiceFormula(source);
    if (parsed.size < 1000) parsed.set(source, formula);
  }
  return formula;
}

/** The effect kind that adds damage to a limb's tally (SHA-DMG-4, cumulative reading). */
export const LIMB_WOUND_KIND = "shareneLimbWound";

/** The timed status id of a knockout (registered by effect-kinds.ts). */
export function knockoutStatusId(id: KnockoutId): string {
  return `sharene.${id}`;
}

export interface BlowChoice {
  readonly blow: Blow;
  /** The d10 rolled when the blow was not stated; null when it was. */
  readonly roll: number | null;
  /** The d10 named a blow the weapon lacks, so its main blow was dealt. */
  readonly fellBack: boolean;
}

/**
 * SHA-BLW-1: a stated blow is the one dealt (its −2 DF is the attack's);
 * otherwise a d10 on the blow table. A blow the weapon lacks (a 9–0
 * "special" with a weapon that has none, a slash with a spear) is the
 * weapon's main blow.
 */
export function chooseBlow(
  weapon: ShareneWeapon,
  stated: StatedBlow | null,
  dice: DiceSource,
  rules: ShareneRules = SHARENE_DEFAULTS,
): BlowChoice {
  if (stated !== null) {
    if (weapon.damage[stated] === undefined)
      throw new RulesError(
        "attack-not-allowed",
        `${weapon.name} cannot ${stated}: it lists no ${stated} damage`,
        {
          weapon: weapon.id,
          blow: stated,
        },
      );
    return { blow: stated, roll: null, fellBack: false };
  }
  const roll = dice.roll(10);
  const named = blowOnRoll(rules, roll);
  if (weapon.damage[named] !== undefined) return { blow: named, roll, fellBack: false };
  return { blow: weapon.mainBlow, roll, fellBack: true };
}

function blowOnRoll(rules: ShareneRules, roll: number): Blow {
  for (const row of rules.blowTable) if (row.from <= roll && roll <= row.to) return row.blow;
  // resolveShareneOptions checks that the table covers every face of the d10.
  throw new RulesError("invalid-value", `the blow table has no row for ${roll}`, { roll });
}

/** The multiplier of what gets through (SHA-DMG-2): head, and the hit's quality (critical over special). */
export function damageMultiplier(
  hit: { readonly head: boolean; readonly special: boolean; readonly critical: boolean },
  rules: ShareneRules = SHARENE_DEFAULTS,
): number {
  const m = rules.damageMultipliers;
  const head = hit.head ? m.head : 1;
  const quality = hit.critical ? m.critical : hit.special ? m.special : 1;
  if (rules.multiplierStacking === "multiply") return head * quality;
  return 1 + (head - 1) + (quality - 1);
}

/** `value × fraction ≤ amount`, exactly: `amount × den ≥ value × num`. */
function reaches(amount: number, of: number, share: Fraction): boolean {
  return amount * share.den >= of * share.num;
}

export type ConsciousnessOutcome =
  /** SHA-CON-7 or a severed head: dead on the spot. */
  | { readonly kind: "dead"; readonly cause: "belowComa" | "headSevered" }
  /** SHA-CON-6: coma, death after its time without care. */
  | { readonly kind: "coma" }
  /** SHA-CON-5: unconscious for hours, no roll. */
  | { readonly kind: "lastPoint" }
  /** SHA-CON-1 … SHA-CON-4: the END check of the hardest band reached. */
  | {
      readonly kind: "endCheck";
      readonly band: "third" | "half" | "twoThirds" | "lowLife" | string;
      readonly cf: number;
      readonly check: CheckRoll;
      /** The knockout a failed check puts on; null when it was made. */
      readonly knockout: KnockoutId | null;
    }
  /** Nothing to roll: no damage, no band reached, or already out. */
  | { readonly kind: "none" };

export interface WoundInput {
  readonly victim: ShareneFighter;
  readonly condition: ShareneCondition;
  /** The location id the blow landed on. */
  readonly location: string;
  /** The damage the blow does, after armor and multipliers. */
  readonly damage: number;
}

export interface LimbOutcome {
  readonly location: string;
  /** The limb's damage the thresholds read (this blow, or the fight's tally). */
  readonly counted: number;
  readonly state: "useless" | "severed" | null;
  /** Reached by this blow (not already so). */
  readonly newly: boolean;
}

export interface WoundResult {
  readonly lifeBefore: number;
  readonly lifeAfter: number;
  readonly limb: LimbOutcome | null;
  readonly headSevered: boolean;
  readonly consciousness: ConsciousnessOutcome;
  readonly effects: Effect[];
}

const OUT = [SHARENE_STATUS.unconscious, SHARENE_STATUS.comatose, SHARENE_STATUS.dead];

function hasStatus(condition: ShareneCondition, status: string): boolean {
  return condition.statuses.has(status);
}

/**
 * What damage does to its victim (SHA-DMG-3, SHA-DMG-4, SHA-CON-1 …
 * SHA-CON-7): life points, the limb's thresholds, a severed head, and the
 * one consequence for consciousness (the END check rolled through `dice`).
 */
export function woundVictim(
  input: WoundInput,
  dice: DiceSource,
  rules: ShareneRules = SHARENE_DEFAULTS,
  table: HitLocationTable = SHARENE_HIT_LOCATIONS,
): WoundResult {
  const { victim, condition, location, damage } = input;
  requireInteger(damage, "damage", 0);
  const spot = table.locations.find((l) => l.id === location);
  if (!spot)
    throw new RulesError("invalid-value", `"${location}" is not a location of ${table.id}`, { location });
  const full = victim.lifePoints;
  const lifeBefore = condition.lifePoints;
  const lifeAfter = lifeBefore - damage;
  const actorId = victim.id;
  const effects: Effect[] = [];
  if (damage > 0) effects.push({ kind: "pool", actorId, pool: LIFE_POOL, amount: damage });

  let limb: LimbOutcome | null = null;
  if (spot.limb) {
    const before = condition.wounds[location] ?? 0;
    if (damage > 0)
      effects.push({
        kind: "ruleset",
        effectKind: LIMB_WOUND_KIND,
        actorId,
        data: { location, amount: damage },
      });
    const counted = rules.limbDamage === "cumulative" ? before + damage : damage;
    const base = rules.limbThresholdBase === "full" ? full : lifeBefore;
    const state = damage > 0 ? limbStateOf(counted, base, rules) : null;
    const already =
      state !== null &&
      (hasStatus(condition, limbStatus(location, "severed")) ||
        (state === "useless" && hasStatus(condition, limbStatus(location, "useless"))));
    if (state !== null && !already)
      effects.push({ kind: "status", actorId, status: limbStatus(location, state), active: true });
    limb = { location, counted, state, newly: state !== null && !already };
  }

  // "A blow to the head superior to the number of life points means a severed head."
  const headSevered = location === "head" && damage > full;
  let consciousness: ConsciousnessOutcome = { kind: "none" };
  const dead = hasStatus(condition, SHARENE_STATUS.dead);
  if (headSevered) {
    consciousness = { kind: "dead", cause: "headSevered" };
    effects.push({ kind: "status", actorId, status: limbStatus("head", "severed"), active: true });
  } else if (damage > 0 && !dead) {
    consciousness = consciousnessAfter(victim, condition, damage, lifeAfter, dice, rules);
  }
  if (consciousness.kind === "dead" && !dead)
    effects.push({ kind: "status", actorId, status: SHARENE_STATUS.dead, active: true });
  else if (consciousness.kind === "coma")
    effects.push({ kind: "timedStatus", actorId, timedStatus: knockoutStatusId("coma") });
  else if (consciousness.kind === "lastPoint")
    effects.push({ kind: "timedStatus", actorId, timedStatus: knockoutStatusId(rules.lastPointKnockout) });
  else if (consciousness.kind === "endCheck" && consciousness.knockout !== null)
    effects.push({ kind: "timedStatus", actorId, timedStatus: knockoutStatusId(consciousness.knockout) });
  return { lifeBefore, lifeAfter, limb, headSevered, consciousness, effects };
}

/**
 * The points left decide first (death, coma, the last point); otherwise the
 * hardest END band the blow reaches, by damage (⅓, ½, ⅔ of the full life
 * points) or by the points left (under 10), is the one roll made. A victim
 * already out (unconscious, in a coma) rolls no END check.
 */
function consciousnessAfter(
  victim: ShareneFighter,
  condition: ShareneCondition,
  damage: number,
  lifeAfter: number,
  dice: DiceSource,
  rules: ShareneRules,
): ConsciousnessOutcome {
  if (lifeAfter < rules.comaDownTo) return { kind: "dead", cause: "belowComa" };
  if (lifeAfter <= 0)
    return hasStatus(condition, SHARENE_STATUS.comatose) ? { kind: "none" } : { kind: "coma" };
  // "Only one point left … unconscious for 1d10 hours" asks no roll, so it reaches a fighter already knocked out too.
  if (lifeAfter === rules.lastPoint && !hasStatus(condition, SHARENE_STATUS.comatose))
    return { kind: "lastPoint" };
  for (const status of OUT) if (hasStatus(condition, status)) return { kind: "none" };
  // The hardest band reached: the lowest CF; -1 stands for the low-life band.
  const bands = rules.damageBands;
  let hardest: number | null = null;
  for (let i = 0; i < bands.length; i += 1) {
    const b = bands[i]!;
    if (reaches(damage, victim.lifePoints, b.atLeast) && (hardest === null || b.cf <= bands[hardest]!.cf))
      hardest = i;
  }
  if (lifeAfter < rules.lowLifeBelow && (hardest === null || rules.lowLifeCf <= bands[hardest]!.cf))
    hardest = -1;
  if (hardest === null) return { kind: "none" };
  const cf = hardest === -1 ? rules.lowLifeCf : bands[hardest]!.cf;
  const knockout = hardest === -1 ? rules.lowLifeKnockout : bands[hardest]!.knockout;
  const check = rollCheck(characteristicDn(victim.end, cf), dice, rules);
  return {
    kind: "endCheck",
    band: hardest === -1 ? "lowLife" : (BAND_NAMES[hardest] ?? `band${hardest + 1}`),
    cf,
    check,
    knockout: check.success ? null : knockout,
  };
}

export interface DamageInput {
  readonly attacker: ShareneFighter;
  readonly victim: ShareneFighter;
  readonly condition: ShareneCondition;
  readonly blow: BlowChoice;
  /** A called location (SHA-CAL-1), or null to roll it (SHA-LOC-1). */
  readonly calledLocation: string | null;
  readonly special: boolean;
  readonly critical: boolean;
  readonly riposte: boolean;
}

export interface DamageResult extends WoundResult {
  readonly blow: BlowChoice;
  readonly location: string;
  /** The d20 of the location; null for a called shot. */
  readonly locationRoll: number | null;
  /** The weapon's dice for the blow, totalled (a card that shows each die rolls through RecordingDice). */
  readonly weaponDamage: number;
  readonly bonus: number;
  /** Weapon and bonus, reduced for a riposte. */
  readonly rolled: number;
  readonly armor: number;
  readonly multiplier: number;
  readonly damage: number;
}

/**
 * A blow that got through: its location (rolled unless called), the weapon's
 * dice for the blow plus the personal damage bonus (SHA-DMG-1), a riposte's
 * share of that, less the armor of the location, times the multipliers,
 * rounded down and never below 0 (SHA-DMG-2); then what it does (woundVictim).
 */
export function dealDamage(
  input: DamageInput,
  dice: DiceSource,
  rules: ShareneRules = SHARENE_DEFAULTS,
  table: HitLocationTable = SHARENE_HIT_LOCATIONS,
): DamageResult {
  const { attacker, victim, blow } = input;
  let spot: HitLocation | undefined;
  let locationRoll: number | null = null;
  if (input.calledLocation === null) {
    locationRoll = dice.roll(table.faces);
    spot = locationAt(table, locationRoll);
  } else {
    const called = input.calledLocation;
    spot = table.locations.find((l) => l.id === called);
  }
  const location = spot?.id ?? (input.calledLocation as string);
  const formula = attacker.weapon.damage[blow.blow];
  if (formula === undefined)
    throw new RulesError("attack-not-allowed", `${attacker.weapon.name} deals no ${blow.blow} damage`, {
      blow: blow.blow,
    });
  const weaponDamage = rollTotal(parsedFormula(formula), dice);
  const bonus = rollTotal(parsedFormula(attacker.damageBonus), dice);
  const full = weaponDamage + bonus;
  const rolled = input.riposte
    ? Math.floor((full * rules.riposteDamage.num) / rules.riposteDamage.den)
    : full;
  const armor = victim.armor[location] ?? 0;
  const head = spot?.data?.damageMultiplied === true;
  const multiplier = damageMultiplier({ head, special: input.special, critical: input.critical }, rules);
  const damage = Math.floor(Math.max(0, rolled - armor) * multiplier);
  const wound = woundVictim({ victim, condition: input.condition, location, damage }, dice, rules, table);
  return {
    lifeBefore: wound.lifeBefore,
    lifeAfter: wound.lifeAfter,
    limb: wound.limb,
    headSevered: wound.headSevered,
    consciousness: wound.consciousness,
    effects: wound.effects,
    blow,
    location,
    locationRoll,
    weaponDamage,
    bonus,
    rolled,
    armor,
    multiplier,
    damage,
  };
}
