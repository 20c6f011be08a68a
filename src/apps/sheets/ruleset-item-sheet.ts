import { HandlebarsItemSheet } from "./base";
import { pickImage } from "./support";

type DefaultOptions = foundry.applications.api.DocumentSheetV2.DefaultOptions;
type RenderOptions = foundry.applications.api.DocumentSheetV2.RenderOptions;

/** What every item sheet's context starts from, whatever the ruleset. */
export interface ItemSheetBasics {
  readonly editable: boolean;
  /** The prefix of the form's element ids: the sheet's own id, unique in the page. */
  readonly idPrefix: string;
  /** The item's description as HTML for this viewer: secrets only to its owners, links relative to the item. */
  readonly enrich: (description: string | null | undefined) => Promise<string>;
}

/**
 * The one home of what each ruleset's item sheets share (FANGS's,
 * Sharene's, Lunos's): the window, the portrait picked, and a context made
 * of Foundry's own and the ruleset's for this item. Each ruleset's sheet
 * builds its part in `itemContext`, usually through its heavy part (the
 * context builders load with it, not at start-up); an item that is not
 * the ruleset's keeps Foundry's context alone.
 */
export abstract class RulesetItemSheet extends HandlebarsItemSheet {
  static override DEFAULT_OPTIONS: DefaultOptions = {
    classes: ["item"],
    position: { width: 480, height: 560 },
    actions: { editPortrait: RulesetItemSheet.#onEditPortrait },
  };

  /** The ruleset's context for this item, or null when the item is not one of its types. */
  protected abstract itemContext(basics: ItemSheetBasics): Promise<object | null>;

  protected override async _prepareContext(options: RenderOptions) {
    const base = await super._prepareContext(options);
    const own = await this.itemContext({
      editable: this.isEditable,
      idPrefix: this.id,
      enrich: (description) =>
        foundry.applications.ux.TextEditor.implementation.enrichHTML(description ?? "", {
          secrets: this.item.isOwner,
          relativeTo: this.item,
        }),
    });
    return own ? { ...base, ...own } : base;
  }

  static #onEditPortrait(this: RulesetItemSheet) {
    if (this.isEditable) pickImage(this.item);
  }
}
