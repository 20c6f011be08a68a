import { type ItemSheetBasics, RulesetItemSheet } from "../../../../apps/sheets/ruleset-item-sheet";
import { loadRuleset } from "../../../../on-demand";
import { shareneLabels } from "../../config/sharene-config";
import { shareneItemParts } from "./parts";

type DefaultOptions = foundry.applications.api.DocumentSheetV2.DefaultOptions;

/** Sharene's item sheets; one subclass per type picks its template. */
export class ShareneItemSheet extends RulesetItemSheet {
  static override DEFAULT_OPTIONS: DefaultOptions = { classes: ["sharene"] };

  static override PARTS = shareneItemParts("shareneWeapon");

  protected override async itemContext({ enrich, ...basics }: ItemSheetBasics) {
    const { readWorldShareneRules, shareneItemData, shareneItemSheetContext } = await loadRuleset("sharene");
    const data = shareneItemData(this.item);
    if (!data) return null;
    return shareneItemSheetContext(data, {
      ...basics,
      enrichedDescription: await enrich(data.system.description),
      labels: { actionKinds: shareneLabels("actionKinds"), styles: shareneLabels("styles") },
      // A style entry shows its DFs as this world plays them.
      rules: data.type === "shareneStyle" ? readWorldShareneRules() : undefined,
    });
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
