import { itemCondition } from "../rules/fangs/character";
import type { ItemCondition } from "../rules/fangs/types";
import { flag, itemSp, key, type NoBaseData } from "./fields";
import { itemBaseSchema } from "./item-base";
import { assertItemSpJoint } from "./item-sp";
import { migrateShield } from "./migrations";

function shieldSchema() {
  return {
    ...itemBaseSchema(),
    itemSp: itemSp(8),
    /** The `key` of the skill item it parries with. */
    skill: key("shieldParry", "FANGS.Item.Weapon.Skill"),
    equipped: flag(false, "FANGS.Validation.Field.Equipped"),
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
    super.validateJoint(data as never);
    assertItemSpJoint(data);
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.condition = itemCondition(this.itemSp);
  }
}
