import { flag, html, wholeNumber } from "../../../data/fields";
import { SHARENE_LOCATIONS } from "../../../rules/sharene/sheet";
import { MAX_RATING } from "../../../rules/sharene/types";

function protectionSchema() {
  const { SchemaField } = foundry.data.fields;
  return new SchemaField(
    Object.fromEntries(
      SHARENE_LOCATIONS.map((location) => [
        location,
        wholeNumber(0, `SHARENE.Location.${location}`, { min: 0, max: MAX_RATING }),
      ]),
    ) as Record<(typeof SHARENE_LOCATIONS)[number], ReturnType<typeof wholeNumber>>,
  );
}

function armorSchema() {
  return {
    description: html("SHARENE.Item.Description"),
    /** Protection points per location of SHA-LOC-1's table, taken off what gets through (SHA-DMG-3). */
    protection: protectionSchema(),
    equipped: flag(true, "SHARENE.Item.Equipped"),
  };
}
export type ShareneArmorSchema = ReturnType<typeof armorSchema>;

/** A Sharene armor: what it stops on each location; a fighter's armor is what it wears, added up. */
export class ShareneArmorModel extends foundry.abstract.TypeDataModel<
  ShareneArmorSchema,
  Item.Implementation
> {
  static override defineSchema(): ShareneArmorSchema {
    return armorSchema();
  }
}
