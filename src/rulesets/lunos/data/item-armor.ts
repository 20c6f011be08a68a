import { choice, flag, html, wholeNumber } from "../../../data/fields";
import { ARMOR_KIND_LABELS } from "../config/labels";

/** The highest armor rating the text gives (+0 to +3, LUN-EQP-1); the core refuses more. */
export const ARMOR_RATING_MAX = 3;

function armorSchema() {
  return {
    description: html("LUNOS.Item.Description"),
    /** Added to Body against damage (LUN-EQP-1). */
    rating: wholeNumber(1, "LUNOS.Armor.Rating", { min: 0, max: ARMOR_RATING_MAX }),
    kind: choice(ARMOR_KIND_LABELS, "plain", "LUNOS.Armor.Kind"),
    magical: flag(false, "LUNOS.Armor.Magical"),
    /** Worn without gloves or helmet: spares Dexterity and the senses, cheaper to avoid. */
    partial: flag(false, "LUNOS.Armor.Partial"),
    equipped: flag(true, "LUNOS.Item.Equipped"),
  };
}
export type LunosArmorSchema = ReturnType<typeof armorSchema>;

/** A Lunos armor: the core's `LunosArmor` fields, and whether it is worn. */
export class LunosArmorModel extends foundry.abstract.TypeDataModel<LunosArmorSchema, Item.Implementation> {
  static override defineSchema(): LunosArmorSchema {
    return armorSchema();
  }
}
