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
    const { shareneItemData, shareneItemSheetContext } = await loadRuleset("sharene");
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
        labels: { actionKinds: shareneLabels("actionKinds") },
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
