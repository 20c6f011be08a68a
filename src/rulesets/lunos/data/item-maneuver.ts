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

  /**
   * An entry given to an actor (dropped on its sheet) is not kept there:
   * every fighter may buy every maneuver, so the entry would be a line the
   * sheet never shows and the round never reads. Said to the user, the
   * entry left where it was.
   */
  protected override async _preCreate(
    data: Parameters<
      foundry.abstract.TypeDataModel<LunosManeuverSchema, Item.Implementation>["_preCreate"]
    >[0],
    options: Parameters<
      foundry.abstract.TypeDataModel<LunosManeuverSchema, Item.Implementation>["_preCreate"]
    >[1],
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    const allowed = await super._preCreate(data, options, user);
    if (allowed === false) return false;
    const actor = (this.parent as Item.Implementation | null)?.parent as Actor.Implementation | null;
    if (!actor) return undefined;
    ui.notifications?.info(
      game.i18n.format("LUNOS.Sheet.ManeuverNotCarried", {
        actor: actor.name ?? "",
        maneuver: game.i18n.localize(lunosLabels("maneuvers")[this.maneuver] ?? this.maneuver),
      }),
    );
    return false;
  }
}
