import type { DiceSource } from "../kernel/dice";
import { RulesError, requireInteger } from "../kernel/errors";
import { RHF_DEFAULTS, type RhfRules } from "./config";
import type { InjuryLevel, Location } from "./types";

/**
 * The injury model the text lacks (docs/rules/rhf.md, "Injuries"): where a
 * blow lands (a d20 on `hitLocations`), the injury roll (a d10 plus the
 * weapon's injury modifier, minus 2 for a pulled swing, RHF-PUL-1), its
 * level on `injuryTable`, its wound points, and autokill (RHF-KIL-1).
 */

/** Reads a d20 on the hit location table. */
export function locationOf(face: number, rules: RhfRules = RHF_DEFAULTS): Location {
  requireInteger(face, "a hit location d20", 1, 20);
  for (const band of rules.hitLocations) if (face >= band.from && face <= band.to) return band.location;
  throw new RulesError("invalid-value", `the hit location table names no location for ${face}`, { face });
}

/**
 * RHF-PUL-1: the injury roll, the die plus the weapon's modifier; a pulled
 * swing takes `pullInjury` (2) off, never below `pulledInjuryFloor` (0)
 * nor above the same roll unpulled.
 * An unpulled roll is held at 0 too: an injury is never negative.
 */
export function injuryRollTotal(
  die: number,
  weaponInjury: number,
  pulled: boolean,
  rules: RhfRules = RHF_DEFAULTS,
): number {
  requireInteger(die, "an injury die", 1, rules.injuryDie);
  requireInteger(weaponInjury, "a weapon's injury modifier", -20, 20);
  const raw = die + weaponInjury;
  const full = Math.max(0, raw);
  if (!pulled) return full;
  // The floor keeps a pull from taking off more than it should; it never lifts a roll above the unpulled one.
  return Math.min(full, Math.max(rules.pulledInjuryFloor, raw - rules.pullInjury));
}

/** The level of an injury roll on `injuryTable`. */
export function injuryLevelOf(total: number, rules: RhfRules = RHF_DEFAULTS): InjuryLevel {
  requireInteger(total, "an injury roll", 0);
  let level = rules.injuryTable[0]!.level;
  for (const band of rules.injuryTable) if (total >= band.atLeast) level = band.level;
  return level;
}

/** RHF-KIL-1: the autokill number of an injury (0: none can kill). */
export function autokillNumber(
  location: Location,
  level: InjuryLevel,
  rules: RhfRules = RHF_DEFAULTS,
): number {
  return rules.autokillNumbers[location]?.[level] ?? 0;
}

/** Whether autokill is played against this victim (the GM may keep it for non-player characters). */
export function autokillApplies(npc: boolean, rules: RhfRules = RHF_DEFAULTS): boolean {
  return rules.autokill === "all" || (rules.autokill === "npcOnly" && npc);
}

export interface Injury {
  readonly location: Location;
  readonly locationDie: number;
  readonly die: number;
  readonly total: number;
  readonly level: InjuryLevel;
  readonly woundPoints: number;
  /** The autokill d20, when one was rolled. */
  readonly autokillDie: number | null;
  readonly killed: boolean;
  /** The level leaves the victim dying where it landed. */
  readonly dying: boolean;
}

/**
 * One hit's injury: where it lands (or `location` when already rolled),
 * the injury roll and its level, and autokill when it applies to this
 * victim and the injury has a number.
 */
export function rollInjury(
  weaponInjury: number,
  pulled: boolean,
  victimNpc: boolean,
  dice: DiceSource,
  rules: RhfRules = RHF_DEFAULTS,
  location: Location | null = null,
  locationDie = 0,
): Injury {
  let face = locationDie;
  let where = location;
  if (where === null) {
    face = dice.roll(20);
    where = locationOf(face, rules);
  }
  const die = dice.roll(rules.injuryDie);
  const total = injuryRollTotal(die, weaponInjury, pulled, rules);
  const level = injuryLevelOf(total, rules);
  const number = autokillApplies(victimNpc, rules) ? autokillNumber(where, level, rules) : 0;
  const autokillDie = number > 0 ? dice.roll(20) : null;
  return {
    location: where,
    locationDie: face,
    die,
    total,
    level,
    woundPoints: rules.woundPoints[level],
    autokillDie,
    killed: autokillDie !== null && autokillDie <= number,
    dying: rules.dyingInjuries[where]?.includes(level) ?? false,
  };
}
