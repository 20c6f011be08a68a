import { choice, html } from "../../../data/fields";
import { ReferenceEntryModel } from "../../../data/reference-entry";
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
 * Lunos's reference entry for one maneuver, as Sharene's style entries
 * are: its cost and limit are the world's rules (LUNOS_DEFAULTS and a GM's
 * options), which its sheet reads where it is shown, so an entry cannot
 * disagree with the attack that buys it.
 */
export class LunosManeuverModel extends ReferenceEntryModel<LunosManeuverSchema> {
  static override defineSchema(): LunosManeuverSchema {
    return maneuverSchema();
  }

  /**
   * Every fighter may buy every maneuver, so the entry would be a line the
   * sheet never shows and the round never reads: said to the user, the
   * entry left where it was.
   */
  protected override async givenTo(actor: Actor.Implementation): Promise<false> {
    ui.notifications?.info(
      game.i18n.format("LUNOS.Sheet.ManeuverNotCarried", {
        actor: actor.name ?? "",
        maneuver: game.i18n.localize(lunosLabels("maneuvers")[this.maneuver] ?? this.maneuver),
      }),
    );
    return false;
  }
}
