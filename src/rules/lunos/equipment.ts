import { RulesError } from "../kernel/errors";
import type { LunosRules } from "./config";
import type { LunosArmor, LunosFighter } from "./types";

/**
 * Weapons and armor (LUN-EQP-*): what a weapon adds to Body for damage
 * dealt and its kind of damage, what armor adds to Body for damage
 * received, the dice armor and heavy weapons take off a pool, reach and
 * range.
 */

/** The damage rating of what the fighter strikes with: the weapon's size and quality, or Martial Arts bare-handed. */
export function weaponDamage(sheet: LunosFighter, armed: boolean, rules: LunosRules): number {
  const w = sheet.weapon;
  if (w === null || !armed) return sheet.skills.martialArts;
  return rules.weaponSizes[w.size].damage + w.quality;
}

export function weaponDamageType(sheet: LunosFighter, armed: boolean): "bruising" | "wounding" {
  return sheet.weapon === null || !armed ? "bruising" : sheet.weapon.damageType;
}

/**
 * What armor adds to the defender's Body against one kind of damage
 * (LUN-EQP-1). Without armor, Body counts lower against wounding, Avoid
 * Armor or not; armor avoided adds nothing.
 */
export function armorProtection(
  armor: LunosArmor | null,
  type: "bruising" | "wounding",
  avoided: boolean,
  rules: LunosRules,
): number {
  // Avoid Armor negates what armor gives; a fighter with none keeps its lower Body against wounding.
  if (armor === null) return type === "wounding" ? -rules.unarmoredWoundingMalus : 0;
  if (avoided) return 0;
  if (armor.kind === "flex") return type === "bruising" ? 0 : armor.rating + rules.flexWoundingReduction;
  if (armor.kind === "rigid") return armor.rating + rules.rigidReduction;
  return armor.rating;
}

/**
 * The pools armor weighs on: Agility's, Dexterity's, and the senses' (the
 * text's "Awareness" at l.27 and "Perception" at l.56: one sense pool,
 * docs/rules/lunos.md, "Armor").
 */
export type ArmoredPool = "agility" | "dexterity" | "senses";

/**
 * Dice armor takes off a pool (LUN-EQP-1): −1 from +2, the Rigid −2 more,
 * Flex none. Partial armor (no gloves, no helmet) spares Dexterity and the
 * senses.
 */
export function armorDice(armor: LunosArmor | null, pool: ArmoredPool, rules: LunosRules): number {
  if (armor === null || armor.kind === "flex") return 0;
  if (pool !== "agility") {
    if (armor.partial) return 0;
  }
  return (
    (armor.rating >= rules.heavyArmorFrom ? rules.heavyArmorDice : 0) +
    (armor.kind === "rigid" ? rules.rigidDice : 0)
  );
}

/** LUN-EQP-3: Large and Polearm weapons cost a die to a fighter of Body under 4. */
export function heavyWeaponDice(sheet: LunosFighter, armed: boolean, rules: LunosRules): number {
  const w = sheet.weapon;
  if (w === null || !armed || (w.size !== "large" && w.size !== "polearm")) return 0;
  return sheet.abilities.body < rules.heavyWeaponMinBody ? rules.heavyWeaponDice : 0;
}

function isRanged(sheet: LunosFighter, armed: boolean): boolean {
  const skill = sheet.weapon !== null && armed ? sheet.weapon.skill : "brawl";
  return skill === "archery" || skill === "projectile" || skill === "thrown";
}

/**
 * Dice lost to distance (feet between the two): a melee weapon reaches the
 * next space, a polearm two spaces but at −2 in the next one; a ranged one
 * loses a die per range increment beyond the first, up to five. Out of
 * reach is null.
 */
export function distanceDice(
  sheet: LunosFighter,
  armed: boolean,
  feet: number,
  rules: LunosRules,
): number | null {
  if (!(Number.isFinite(feet) && feet >= 0))
    throw new RulesError(
      "invalid-value",
      `a distance must be a number of feet of at least 0, got ${String(feet)}`,
      {
        feet,
      },
    );
  const w = armed ? sheet.weapon : null;
  if (w !== null && isRanged(sheet, armed)) {
    const metres = rules.weaponSizes[w.size].range;
    if (metres === null) return null;
    const increment = metres * rules.rangeMultiplier[w.skill] * rules.feetPerMetre;
    const beyond = Math.max(0, Math.ceil(feet / increment) - 1);
    return beyond > rules.rangeIncrements ? null : beyond;
  }
  const space = rules.feetPerSpace;
  if (w !== null && w.size === "polearm") {
    if (feet > rules.polearmReachSpaces * space) return null;
    return feet <= space ? rules.polearmAdjacentDice : 0;
  }
  return feet <= space ? 0 : null;
}

/** Whether a ranged attack is coming (a parry against it is harder, LUN-ACT-4). */
export function attacksAtRange(sheet: LunosFighter, armed: boolean): boolean {
  return isRanged(sheet, armed);
}

/** LUN-GRP-3: no weapon of medium size or larger in a grapple. */
export function usableInGrapple(sheet: LunosFighter, armed: boolean, rules: LunosRules): boolean {
  const w = sheet.weapon;
  if (w === null || !armed) return true;
  return rules.weaponSizes[w.size].rank <= rules.weaponSizes[rules.grappleLargestWeapon].rank;
}

/** LUN-ACT-5: feet a Move covers. */
export function moveFeet(sheet: LunosFighter, rules: LunosRules): number {
  return rules.moveFeet + rules.moveFeetPerAthletics * sheet.skills.athletics;
}
