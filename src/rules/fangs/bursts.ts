import type { DiceSource } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import { RHF_DEFAULTS } from "../rhf/config";
import { burstRollCount, hitsOn } from "../rhf/firearms";
import { resolveCheck } from "./check";
import { type FangsOptions, type FangsRules, resolveOptions } from "./config";
import type { DefenseRoll } from "./outcome";
import { type AttackDeclaration, type CheckResult, SuccessLevel } from "./types";

/**
 * Bursts and area fire on FANGS (the `areaFireModule`, RHF-AUT-1, -2;
 * docs/rules/fangs.md, "Bursts and area fire"). With the module on, an
 * autofire weapon's attack is the RHF text's rolls, each a FANGS check
 * (d20 + skill ≥ 20), each success a d6 on a hits table; the defense is
 * FANGS's one dodge, read against each roll by FANGS's own matrix. Off,
 * nothing here is asked and NC-MAN-12 counts the hits as written.
 */

/** One roll of a burst, or the one roll of area fire at a target. */
export interface BurstRoll {
  readonly check: CheckResult;
  /** The d6 rolled for the hits of a successful roll; null when the roll failed. */
  readonly face: number | null;
  /** The hits the face gives on the table (0 for a failed roll), before any defense. */
  readonly hits: number;
}

/** Whether `rollAttack` rolls this attack as the module's burst or area fire. */
export function firesBurst(attack: AttackDeclaration, options?: FangsOptions): boolean {
  if (attack.areaFire === true) {
    checkAreaFireWeapon(attack, options);
    return true;
  }
  return (
    attack.weapon.autofire === true &&
    attack.mode !== "grapple" &&
    options !== undefined &&
    resolveOptions(options).areaFireModule
  );
}

/** Area fire is refused with the module off, for a weapon without autofire, and as a grapple. */
export function checkAreaFireWeapon(
  attack: Pick<AttackDeclaration, "weapon" | "mode">,
  options?: FangsOptions,
): void {
  if (!resolveOptions(options).areaFireModule)
    throw new RulesError("attack-not-allowed", "area fire needs the bursts and area fire module", {
      reason: "ModuleOff",
    });
  if (attack.weapon?.autofire !== true)
    throw new RulesError("attack-not-allowed", `${attack.weapon?.name ?? "a weapon"} has no autofire`, {
      reason: "NoAutofire",
    });
  if (attack.mode === "grapple")
    throw new RulesError("attack-not-allowed", "area fire is shot, not grappled", { reason: "Grapple" });
}

/**
 * The rolls of a burst (RHF-AUT-1: `burstRolls` of them, each a FANGS check
 * at the same skill and modifiers) or of area fire at one target (RHF-AUT-2:
 * one). Dice: every roll's d20 (+1 to confirm) first, then a d6 for each
 * successful roll in order, read on `burstHits` or `areaHits`.
 */
export function rollBurst(
  skill: number,
  modifiers: number,
  area: boolean,
  dice: DiceSource,
  options?: FangsOptions,
): readonly BurstRoll[] {
  const rules = resolveOptions(options);
  // FANGS counts no rounds fired: a burst is always a full one, `burstRolls` for the RHF core's burst of shots.
  const count = area
    ? 1
    : burstRollCount(RHF_DEFAULTS.burstShots, { ...RHF_DEFAULTS, burstRolls: rules.burstRolls });
  const checks: CheckResult[] = [];
  for (let i = 0; i < count; i++) checks.push(resolveCheck({ skill, modifiers }, dice));
  const table = area ? rules.areaHits : rules.burstHits;
  return checks.map((check) => {
    if (!check.success) return { check, face: null, hits: 0 };
    const face = dice.roll(6);
    return { check, face, hits: hitsOn(face, table) };
  });
}

/**
 * The roll that stands for the burst in FANGS's outcome matrix: the best
 * (the highest level, then the highest total, the first of equals). So the
 * burst succeeds if any roll did, and fumbles only when every roll fumbled.
 */
export function burstCheck(rolls: readonly BurstRoll[]): CheckResult {
  let best = rolls[0]?.check;
  if (best === undefined) throw new RulesError("invalid-value", "a burst needs at least one roll");
  for (const roll of rolls) {
    const c = roll.check;
    if (c.level > best.level || (c.level === best.level && c.total > best.total)) best = c;
  }
  return best;
}

/**
 * Whether one roll of a burst gets through the defense, by FANGS's matrix
 * for that roll alone: a failed or fumbled roll hits nothing; with no
 * defense, a failed or a fumbled one (NC-DMG-22, -23) it lands; a made
 * dodge stops it unless the roll is a Special or Critical and the dodge a
 * plain success (NC-DMG-15); a made parry stops it.
 */
export function burstRollLands(level: SuccessLevel, defense: DefenseRoll | null): boolean {
  if (level < SuccessLevel.Success) return false;
  const d = defense?.check?.level ?? null;
  if (d === null || d <= SuccessLevel.Failure) return true;
  if (defense?.choice !== "dodge") return false;
  return level >= SuccessLevel.Special && d === SuccessLevel.Success;
}

/** The hits each roll puts through the defense (0 for a roll that failed or was stopped). */
export function burstHitsThrough(
  rolls: readonly BurstRoll[],
  defense: DefenseRoll | null,
): readonly number[] {
  return rolls.map((roll) => (burstRollLands(roll.check.level, defense) ? roll.hits : 0));
}

/** The rules' figures for area fire, as the RHF core's `checkAreaFire` reads them. */
export function areaFireRules(rules: FangsRules) {
  return { ...RHF_DEFAULTS, areaMaxTargets: rules.areaMaxTargets, areaSpread: rules.areaSpread };
}
