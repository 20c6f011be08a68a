import { choice, flag, html, wholeNumber } from "../../../data/fields";
import { MAX_RATING } from "../../../rules/lunos/pool";
import { ATTACK_SKILL_LABELS, WEAPON_DAMAGE_LABELS, WEAPON_SIZE_LABELS } from "../config/labels";
import { lunosLabels } from "../config/lunos-config";

function weaponSchema() {
  return {
    description: html("LUNOS.Item.Description"),
    /** Its size row of the weapons table (LUN-EQP-3): damage, range, reach and weight. */
    size: choice(WEAPON_SIZE_LABELS, "medium", "LUNOS.Weapon.Size", () => lunosLabels("weaponSizes")),
    /** The skill it attacks with (LUN-ACT-1). */
    skill: choice(ATTACK_SKILL_LABELS, "weapon", "LUNOS.Weapon.Skill"),
    /** Bruising (blunt) or wounding (sharp, energy): LUN-HLT-3, LUN-EQP-2. */
    damageType: choice(WEAPON_DAMAGE_LABELS, "wounding", "LUNOS.Weapon.DamageType"),
    /** A better weapon's rating above its size's ("Weapons with a rating greater than +1"). */
    quality: wholeNumber(0, "LUNOS.Weapon.Quality", { min: 0, max: MAX_RATING }),
    equipped: flag(true, "LUNOS.Item.Equipped"),
  };
}
export type LunosWeaponSchema = ReturnType<typeof weaponSchema>;

/** A Lunos weapon: the core's `LunosWeapon` fields, and whether it is in hand. */
export class LunosWeaponModel extends foundry.abstract.TypeDataModel<LunosWeaponSchema, Item.Implementation> {
  static override defineSchema(): LunosWeaponSchema {
    return weaponSchema();
  }
}
