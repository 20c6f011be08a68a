import { choice, html } from "../../../data/fields";
import { ReferenceEntryModel } from "../../../data/reference-entry";
import { STYLES, type Style } from "../../../rules/sharene/types";
import { STYLE_LABELS } from "../config/labels";
import { shareneLabels } from "../config/sharene-config";
import { shareneFighter } from "./views";

function styleSchema() {
  return {
    description: html("SHARENE.Item.Description"),
    /** Which of the four styles it describes (SHA-STY-3 … SHA-STY-6), by the core's id. */
    style: choice(STYLE_LABELS, "attackParry", "SHARENE.StyleItem.Style", () => shareneLabels("styles")),
  };
}
export type ShareneStyleSchema = ReturnType<typeof styleSchema>;

/**
 * Sharene's reference entry for one style, as FANGS's maneuver entries
 * are: its DFs are the world's rules (SHARENE_DEFAULTS and a GM's
 * options), which its sheet reads where it is shown, so an entry cannot
 * disagree with the round that plays it.
 */
export class ShareneStyleModel extends ReferenceEntryModel<ShareneStyleSchema> {
  static override defineSchema(): ShareneStyleSchema {
    return styleSchema();
  }

  /**
   * A Sharene fighter is taught the style instead: the round reads the
   * styles a fighter knows from its sheet's boxes, and the sheet lists no
   * style items. An actor of another ruleset is left to the shared refusal.
   */
  protected override async givenTo(actor: Actor.Implementation): Promise<false | undefined> {
    const fighter = shareneFighter(actor);
    if (!fighter) return undefined;
    const style = this.style as Style;
    if (STYLES.includes(style) && !fighter.styles[style])
      await actor.update({ [`system.styles.${style}`]: true } as Actor.UpdateData);
    ui.notifications?.info(
      game.i18n.format("SHARENE.Sheet.StyleLearned", {
        actor: actor.name ?? "",
        style: game.i18n.localize(shareneLabels("styles")[style] ?? style),
      }),
    );
    return false;
  }
}
