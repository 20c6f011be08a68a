import { HandlebarsItemSheet } from "../../../../apps/sheets/base";
import { pickImage } from "../../../../apps/sheets/support";
import { loadRuleset } from "../../../../on-demand";
import { lunosLabels } from "../../config/lunos-config";
import { lunosItemParts } from "./parts";

type DefaultOptions = foundry.applications.api.DocumentSheetV2.DefaultOptions;
type RenderOptions = foundry.applications.api.DocumentSheetV2.RenderOptions;

/** Shared behaviour of Lunos's item sheets; one subclass per type picks its template. */
export class LunosItemSheet extends HandlebarsItemSheet {
  static override DEFAULT_OPTIONS: DefaultOptions = {
    classes: ["item", "lunos"],
    position: { width: 480, height: 560 },
    actions: { editPortrait: LunosItemSheet.#onEditPortrait },
  };

  static override PARTS = lunosItemParts("lunosWeapon");

  protected override async _prepareContext(options: RenderOptions) {
    const base = await super._prepareContext(options);
    const { readWorldLunosRules, lunosItemData, lunosItemSheetContext } = await loadRuleset("lunos");
    const data = lunosItemData(this.item);
    if (!data) return base;
    const enrichedDescription = await foundry.applications.ux.TextEditor.implementation.enrichHTML(
      data.system.description ?? "",
      { secrets: this.item.isOwner, relativeTo: this.item },
    );
    return {
      ...base,
      ...lunosItemSheetContext(data, {
        editable: this.isEditable,
        idPrefix: this.id,
        enrichedDescription,
        rules: readWorldLunosRules(),
        labels: { weaponSizes: lunosLabels("weaponSizes"), maneuvers: lunosLabels("maneuvers") },
      }),
    };
  }

  static #onEditPortrait(this: LunosItemSheet) {
    if (this.isEditable) pickImage(this.item);
  }
}

export class LunosWeaponSheet extends LunosItemSheet {
  static override PARTS = lunosItemParts("lunosWeapon");
}
export class LunosArmorSheet extends LunosItemSheet {
  static override PARTS = lunosItemParts("lunosArmor");
}
/** A maneuver's reference entry: which maneuver, its description, its cost under the world's rules. */
export class LunosManeuverSheet extends LunosItemSheet {
  static override PARTS = lunosItemParts("lunosManeuver");
}
