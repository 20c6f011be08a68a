import { choice, html } from "../../../data/fields";
import { STYLE_LABELS } from "../config/labels";
import { shareneLabels } from "../config/sharene-config";

function styleSchema() {
  return {
    description: html("SHARENE.Item.Description"),
    /** Which of the four styles it describes (SHA-STY-3 … SHA-STY-6), by the core's id. */
    style: choice(STYLE_LABELS, "attackParry", "SHARENE.StyleItem.Style", () => shareneLabels("styles")),
  };
}
export type ShareneStyleSchema = ReturnType<typeof styleSchema>;

/**
 * A compendium reference entry for one style, as FANGS's maneuver entries
 * are. It stores only which style it is: its DFs are the world's rules
 * (SHARENE_DEFAULTS and a GM's options), which its sheet reads where it is
 * shown, so an entry cannot disagree with the round that plays it.
 */
export class ShareneStyleModel extends foundry.abstract.TypeDataModel<
  ShareneStyleSchema,
  Item.Implementation
> {
  static override defineSchema(): ShareneStyleSchema {
    return styleSchema();
  }
}
