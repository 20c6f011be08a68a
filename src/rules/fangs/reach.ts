import type { DiceSource } from "../kernel/dice";
import { RulesError, requireInteger } from "../kernel/errors";
import { hardTarget } from "../rhf/check";
import { canParryAt, canStrikeAt, maneuverToward, rangeIndex, weaponRange } from "../rhf/reach";
import { RANGES, type Range, type RangeManeuver } from "../rhf/types";
import { resolveCheck } from "./check";
import { type FangsOptions, resolveOptions } from "./config";
import { rhfRulesOf } from "./rhf-figures";
import type { CheckResult, WeaponKind } from "./types";

/**
 * The reach module (`reachModule`, docs/rules/fangs.md, "Optional modules
 * from the reach, holds and firearms rules"): the three hand-to-hand
 * ranges of the reach, holds and firearms rules on FANGS's melee. A FANGS
 * weapon's range is the range of the RHF weapon its skill names
 * (`reachWeaponKinds`); two engaged fighters stand at one range; a weapon
 * strikes only at its own range and parries at its own or a longer one; a
 * dodge is always open; an advance or a withdraw is a FANGS check at the
 * RHF's Hard difficulty. Shot and thrown weapons are not hand-to-hand: the
 * module never reads them.
 */

export type { Range, RangeManeuver };
export { RANGES };

/** A weapon as the module reads it: the skill it strikes with names its length. */
export interface ReachWeapon {
  readonly skillKey: string;
  readonly kind: WeaponKind;
}

/** Whether the world plays the module. */
export function reachOn(options?: FangsOptions): boolean {
  return resolveOptions(options).reachModule;
}

/**
 * [default] The RHF weapon each FANGS attack skill counts as: the RHF text's
 * weapons are its own, and FANGS's are read as the nearest of them; "*" is
 * any other skill. Kept here, out of FANGS_DEFAULTS, so the start-up set
 * does not carry it; `reachWeaponKinds` overrides it skill by skill.
 */
export const REACH_WEAPON_KINDS: Readonly<Record<string, string>> = Object.freeze({
  fist: "unarmed",
  kick: "unarmed",
  bite: "unarmed",
  claw: "unarmed",
  gore: "unarmed",
  grapple: "unarmed",
  shieldParry: "unarmed",
  knife: "knife",
  shortsword: "shortSword",
  broadsword: "sword",
  battleAxe: "axe",
  mace: "mace",
  club: "club",
  greatsword: "greatsword",
  quarterstaff: "staff",
  spear: "spear",
  "*": "sword",
});

/** The RHF weapon kind a FANGS weapon counts as: its skill's row (the world's, then the module's), else the "*" row. */
export function reachKindOf(weapon: ReachWeapon, options?: FangsOptions): string {
  const own = resolveOptions(options).reachWeaponKinds;
  const skill = weapon.skillKey;
  const kind = Object.hasOwn(own, skill)
    ? own[skill]
    : Object.hasOwn(REACH_WEAPON_KINDS, skill)
      ? REACH_WEAPON_KINDS[skill]
      : Object.hasOwn(own, "*")
        ? own["*"]
        : REACH_WEAPON_KINDS["*"];
  // A world's table is read here, not at start-up: a kind that is no RHF weapon kind is refused by weaponRow.
  if (typeof kind !== "string")
    throw new RulesError(
      "invalid-value",
      `option reachWeaponKinds must map skill "${skill}" to a weapon kind`,
      {
        skillKey: skill,
      },
    );
  return kind;
}

/** The range a FANGS melee weapon strikes at (RHF-RNG-1). */
export function fangsWeaponRange(weapon: ReachWeapon, options?: FangsOptions): Range {
  return weaponRange(reachKindOf(weapon, options), rhfRulesOf(options));
}

/**
 * The range two fighters stand at when they engage: the longer of their
 * melee weapons' (the RHF core's choice, docs/rules/rhf.md, "The three
 * ranges": the longer weapon keeps the shorter off until it advances);
 * close when neither holds one.
 */
export function engagementRange(weapons: readonly (ReachWeapon | null)[], options?: FangsOptions): Range {
  let longest = 0;
  for (const w of weapons) {
    if (w === null || w.kind !== "melee") continue;
    longest = Math.max(longest, rangeIndex(fangsWeaponRange(w, options)));
  }
  return RANGES[longest]!;
}

/**
 * RHF-RNG-1: the refusal's reason when the module is on and a melee weapon
 * is out of its range, else null (module off, a shot or thrown weapon).
 */
export function reachAttackRefusal(weapon: ReachWeapon, range: Range, options?: FangsOptions): string | null {
  if (!reachOn(options) || weapon.kind !== "melee") return null;
  return canStrikeAt(reachKindOf(weapon, options), range, rhfRulesOf(options)) ? null : "OutOfReach";
}

/**
 * RHF-RNG-2: whether a weapon may parry at this range: at its own and any
 * longer one; a longer weapon caught inside cannot. Always true when the
 * module is off. A shield, a monster's body and a grapple have no length:
 * the module leaves their parries alone, and a dodge is always open.
 */
export function reachAllowsParry(weapon: ReachWeapon, range: Range, options?: FangsOptions): boolean {
  if (!reachOn(options) || weapon.kind !== "melee") return true;
  return canParryAt(reachKindOf(weapon, options), range, rhfRulesOf(options));
}

/** The maneuver that brings the range to this weapon's own, or null when it is there (RHF-RNG-3). */
export function rangeManeuverFor(
  weapon: ReachWeapon,
  range: Range,
  options?: FangsOptions,
): RangeManeuver | null {
  return maneuverToward(reachKindOf(weapon, options), range, rhfRulesOf(options));
}

/**
 * The modifier that makes a FANGS check Hard: the skill counts as the RHF
 * Hard roll's, divided by `reachHardDivisor` (2: half of it) rounded up.
 * Never a bonus: at a skill of 0 or less, the divided skill would be more
 * than the skill.
 */
export function hardModifier(skill: number, options?: FangsOptions): number {
  return Math.min(0, hardTarget(skill, rhfRulesOf(options)) - skill);
}

export interface RangeManeuverInput {
  readonly weapon: ReachWeapon;
  readonly range: Range;
  /** The weapon's attack skill total: "the appropriate combat skill". */
  readonly skill: number;
  /** Range maneuvers this fighter made this round already. */
  readonly madeThisRound: number;
}

export interface RangeManeuverResult {
  readonly maneuver: RangeManeuver;
  readonly check: CheckResult;
  /** The range after the maneuver: the weapon's own when the check succeeded, else unchanged. */
  readonly range: Range;
}

/**
 * RHF-RNG-3: an advance (the weapon shorter than the range) or a withdraw
 * (longer): a FANGS check, d20 + skill + hardModifier ≥ 20; made, the range
 * is the weapon's own. One a round (`rangeManeuversPerRound`); not an attack (it is counted by no
 * attack counter and costs no multiple attack penalty). Refused with a
 * RulesError before any die when the module is off, the round's one is
 * spent, or the weapon is at its range already. Dice: the check's.
 */
export function rangeManeuver(
  input: RangeManeuverInput,
  dice: DiceSource,
  options?: FangsOptions,
): RangeManeuverResult {
  if (!reachOn(options))
    throw new RulesError(
      "invalid-state",
      "advance and withdraw belong to the reach module, which is off",
      {},
    );
  if (input?.weapon?.kind !== "melee")
    throw new RulesError("invalid-value", "a range maneuver is made with a melee weapon", {
      weapon: input?.weapon,
    });
  rangeIndex(input.range);
  const made = requireInteger(input.madeThisRound, "range maneuvers made this round", 0);
  const most = rhfRulesOf(options).rangeManeuversPerRound;
  if (made >= most)
    throw new RulesError(
      "round-refused",
      most === 1
        ? "one advance or withdraw a round, and this round's is made"
        : `${most} advances or withdraws a round, and this round's are made`,
      { reason: "OneRangeManeuver" },
    );
  const maneuver = rangeManeuverFor(input.weapon, input.range, options);
  if (maneuver === null)
    throw new RulesError("round-refused", `the weapon already strikes at ${input.range} range`, {
      reason: "AtOwnRange",
    });
  const skill = requireInteger(input.skill, "skill");
  const check = resolveCheck({ skill, modifiers: hardModifier(skill, options) }, dice);
  return Object.freeze({
    maneuver,
    check,
    range: check.success ? fangsWeaponRange(input.weapon, options) : input.range,
  });
}
