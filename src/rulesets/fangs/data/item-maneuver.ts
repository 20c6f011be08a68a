import { choice } from "../../../data/fields";
import { itemBaseSchema } from "../../../data/item-base";
import { migrateManeuver } from "../../../data/migrations";
import { FANGS } from "../config/labels";

const MANEUVER_LABELS = Object.fromEntries(
  Object.values(FANGS.maneuvers).map((m) => [m.id, m.label]),
) as Record<keyof typeof FANGS.maneuvers, string>;

function maneuverSchema() {
  return {
    ...itemBaseSchema(),
    maneuverId: choice(MANEUVER_LABELS, "attack", "FANGS.Item.Maneuver.Id"),
  };
}
export type ManeuverSchema = ReturnType<typeof maneuverSchema>;

/** A compendium reference entry for one maneuver; the rules live in src/rules/fangs/maneuvers.ts. */
export class ManeuverModel extends foundry.abstract.TypeDataModel<ManeuverSchema, Item.Implementation> {
  static override defineSchema(): ManeuverSchema {
    return maneuverSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    migrateManeuver(source);
    return super.migrateData(source);
  }
}
