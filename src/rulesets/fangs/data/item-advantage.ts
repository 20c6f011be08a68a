import { key } from "../../../data/fields";
import { itemBaseSchema } from "../../../data/item-base";
import { migrateAdvantage } from "../../../data/migrations";

function advantageSchema() {
  return {
    ...itemBaseSchema(),
    /** "twoWeapon", "ambidextrous" (the rules read these) or any other key. */
    key: key("", "FANGS.Item.Key"),
  };
}
export type AdvantageSchema = ReturnType<typeof advantageSchema>;

export class AdvantageModel extends foundry.abstract.TypeDataModel<AdvantageSchema, Item.Implementation> {
  static override defineSchema(): AdvantageSchema {
    return advantageSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    migrateAdvantage(source);
    return super.migrateData(source);
  }
}
