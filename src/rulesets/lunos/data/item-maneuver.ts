import { choice, html } from "../../../data/fields";
import { MANEUVER_LABELS } from "../config/labels";
import { lunosLabels } from "../config/lunos-config";

function maneuverSchema() {
  return {
    description: html("LUNOS.Item.Description"),
    /** Which maneuver of LUN-MNV-1 and LUN-GRP-3 it describes, by the core's id. */
    maneuver: choice(MANEUVER_LABELS, "grapple", "LUNOS.ManeuverItem.Maneuver", () =>
      lunosLabels("maneuvers"),
    ),
  };
}
export type LunosManeuverSchema = ReturnType<typeof maneuverSchema>;

/**
 * A compendium reference entry for one maneuver, as Sharene's style
 * entries are. It stores only which maneuver it is: its cost and limit
 * are the world's rules (LUNOS_DEFAULTS and a GM's options), which its
 * sheet reads where it is shown, so an entry cannot disagree with the
 * attack that buys it.
 */
export class LunosManeuverModel extends foundry.abstract.TypeDataModel<
  LunosManeuverSchema,
  Item.Implementation
> {
  static override defineSchema(): LunosManeuverSchema {
    return maneuverSchema();
  }
}
