import { flag, itemSp, key, type NoBaseData, optionalDiceFormula } from "../../../data/fields";
import { itemBaseSchema } from "../../../data/item-base";
import { assertItemSpJoint } from "../../../data/item-sp";
import { migrateShield } from "../../../data/migrations";
import { itemCondition } from "../../../rules/fangs/character";
import type { ItemCondition } from "../../../rules/fangs/types";

function shieldSchema() {
  return {
    ...itemBaseSchema(),
    itemSp: itemSp(8),
    /** The `key` of the skill item it parries with. */
    skill: key("shieldParry", "FANGS.Item.Weapon.Skill"),
    equipped: flag(false, "FANGS.Validation.Field.Equipped"),
    /**
     * What a bash (NC-DEF-9) and a Critical parry's strike back (NC-DMG-19)
     * deal, without the wielder's DM; blank: the rules options' one-handed
     * club. A new key with a blank default: older shields need no migration.
     */
    bashDamage: optionalDiceFormula("FANGS.Item.Shield.BashDamage"),
  };
}
export type ShieldSchema = ReturnType<typeof shieldSchema>;

export type ShieldDerived = { condition: ItemCondition };

export class ShieldModel extends foundry.abstract.TypeDataModel<
  ShieldSchema,
  Item.Implementation,
  NoBaseData,
  ShieldDerived
> {
  static override defineSchema(): ShieldSchema {
    return shieldSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    migrateShield(source);
    return super.migrateData(source);
  }

  static override validateJoint(data: Record<string, unknown>): void {
    // The types declare the base method's parameter `never` for a model with its own schema.
    super.validateJoint(data as never);
    assertItemSpJoint(data);
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.condition = itemCondition(this.itemSp);
  }
}
