import { flag, wholeNumber } from "../../../data/fields";
import { itemBaseSchema } from "../../../data/item-base";
import { migrateArmor } from "../../../data/migrations";

function armorSchema() {
  return {
    ...itemBaseSchema(),
    /** Armor SP: taken off Stun and HP separately (NC-DMG-3) and off Dodge (CORE-CHR-7). */
    armorProtection: wholeNumber(0, "FANGS.Item.Armor.Protection", { min: 0 }),
    /** Silver sovereigns. */
    price: wholeNumber(0, "FANGS.Item.Armor.Price", { min: 0 }),
    equipped: flag(false, "FANGS.Validation.Field.Equipped"),
  };
}
export type ArmorSchema = ReturnType<typeof armorSchema>;

export class ArmorModel extends foundry.abstract.TypeDataModel<ArmorSchema, Item.Implementation> {
  static override defineSchema(): ArmorSchema {
    return armorSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    migrateArmor(source);
    return super.migrateData(source);
  }
}
