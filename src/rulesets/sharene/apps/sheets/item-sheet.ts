import { HandlebarsItemSheet } from "../../../../apps/sheets/base";
import { pickImage } from "../../../../apps/sheets/support";
import { loadRuleset } from "../../../../on-demand";
import { shareneLabels } from "../../config/sharene-config";
import { shareneItemParts } from "./parts";

type DefaultOptions = foundry.applications.api.DocumentSheetV2.DefaultOptions;
type RenderOptions = foundry.applications.api.DocumentSheetV2.RenderOptions;

/** Shared behaviour of Sharene's item sheets; one subclass per type picks its template. */
export class ShareneItemSheet extends HandlebarsItemSheet {
  static override DEFAULT_OPTIONS: DefaultOptions = {
    classes: ["item", "sharene"],
    position: { width: 480, height: 560 },
    actions: { editPortrait: ShareneItemSheet.#onEditPortrait },
  };

  static override PARTS = shareneItemParts("shareneWeapon");

  protected override async _prepareContext(options: RenderOptions) {
    const base = await super._prepareContext(options);
    const { readWorldShareneRules, shareneItemData, shareneItemSheetContext } = await loadRuleset("sharene");
    const data = shareneItemData(this.item);
    if (!data) return base;
    const enrichedDescription = await foundry.applications.ux.TextEditor.implementation.enrichHTML(
      data.system.description ?? "",
      { secrets: this.item.isOwner, relativeTo: this.item },
    );
    return {
      ...base,
      ...shareneItemSheetContext(data, {
        editable: this.isEditable,
        idPrefix: this.id,
        enrichedDescription,
        labels: { actionKinds: shareneLabels("actionKinds"), styles: shareneLabels("styles") },
        // A style entry shows its DFs as this world plays them.
        rules: data.type === "shareneStyle" ? readWorldShareneRules() : undefined,
      }),
    };
  }

  static #onEditPortrait(this: ShareneItemSheet) {
    if (this.isEditable) pickImage(this.item);
  }
}

export class ShareneWeaponSheet extends ShareneItemSheet {
  static override PARTS = shareneItemParts("shareneWeapon");
}
export class ShareneArmorSheet extends ShareneItemSheet {
  static override PARTS = shareneItemParts("shareneArmor");
}
/** A style's reference entry: which style, its description, and its DFs under the world's rules. */
export class ShareneStyleSheet extends ShareneItemSheet {
  static override PARTS = shareneItemParts("shareneStyle");
}
