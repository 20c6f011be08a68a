import { RHF_DEFAULTS, type RhfRules, resolveRhfOptions, type WeaponRow } from "../rhf/config";
import { type FangsOptions, type FangsRules, resolveOptions } from "./config";

/**
 * The reach, holds and firearms rules' figures as a FANGS world sets them
 * (the keys of FangsRules from `reachWeaponRanges` to `aimRoundsUnfamiliar`,
 * docs/rules/fangs.md, "Optional modules from the reach, holds and firearms
 * rules"), in the shape the RHF core's helpers take as their options. The
 * modules hand this to those helpers instead of the RHF core's own
 * defaults; FANGS's defaults equal them, so a world that changes nothing
 * plays the RHF core's figures.
 */

/** One per resolved FANGS rules object: the modules ask on every attack. */
const built = new WeakMap<FangsRules, RhfRules>();

/** The RHF rules a FANGS world's options give its modules. */
export function rhfRulesOf(options?: FangsOptions): RhfRules {
  const rules = resolveOptions(options);
  let rhf = built.get(rules);
  if (rhf === undefined) {
    rhf = resolveRhfOptions({
      weapons: weaponTable(rules.reachWeaponRanges),
      hardDivisor: rules.reachHardDivisor,
      rangeManeuversPerRound: rules.rangeManeuversPerRound,
      controlPointsDivisor: rules.controlPointsDivisor,
      holdFirstRoundCounts: rules.holdFirstRoundCounts,
      immobilizedMayBreak: rules.immobilizedMayBreak,
      quickness: rules.quicknessBands,
      multipleAttackPenalty: rules.multipleAttackPenalty,
      additionalAttacks: rules.additionalAttacks,
      additionalAttackSkill: rules.additionalAttackSkill,
      gripMultipliers: {
        oneHand: rules.recoilOneHandMultiplier,
        twoHands: rules.recoilTwoHandsMultiplier,
        tripod: rules.recoilTripodMultiplier,
      },
      strengthRounding: rules.recoilStrengthRounding,
      aimBonus: rules.aimBonus,
      aimMaxRounds: rules.aimMaxRounds,
      aimRoundsUnfamiliar: rules.aimRoundsUnfamiliar,
    });
    built.set(rules, rhf);
  }
  return rhf;
}

/**
 * The RHF weapon table with a world's ranges over it. FANGS reads a row's
 * range and whether it parries, never its injury modifier: a kind the
 * world adds is a weapon that parries, at no modifier.
 */
function weaponTable(ranges: FangsRules["reachWeaponRanges"]): Readonly<Record<string, WeaponRow>> {
  const kinds = Object.keys(ranges);
  if (kinds.length === 0) return RHF_DEFAULTS.weapons;
  const table: Record<string, WeaponRow> = { ...RHF_DEFAULTS.weapons };
  for (const kind of kinds) {
    const row = Object.hasOwn(RHF_DEFAULTS.weapons, kind) ? RHF_DEFAULTS.weapons[kind] : undefined;
    table[kind] = { range: ranges[kind]!, injury: row?.injury ?? 0, parries: row?.parries ?? true };
  }
  return table;
}
