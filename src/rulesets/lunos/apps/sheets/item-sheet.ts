import { type ItemSheetBasics, RulesetItemSheet } from "../../../../apps/sheets/ruleset-item-sheet";
import { loadRuleset } from "../../../../on-demand";
import { lunosLabels } from "../../config/lunos-config";
import { lunosItemParts } from "./parts";

type DefaultOptions = foundry.applications.api.DocumentSheetV2.DefaultOptions;

/** Lunos's item sheets; one subclass per type picks its template. */
export class LunosItemSheet extends RulesetItemSheet {
  static override DEFAULT_OPTIONS: DefaultOptions = { classes: ["lunos"] };

  static override PARTS = lunosItemParts("lunosWeapon");

  protected override async itemContext({ enrich, ...basics }: ItemSheetBasics) {
    const { readWorldLunosRules, lunosItemData, lunosItemSheetContext } = await loadRuleset("lunos");
    const data = lunosItemData(this.item);
    if (!data) return null;
    return lunosItemSheetContext(data, {
      ...basics,
      enrichedDescription: await enrich(data.system.description),
      rules: readWorldLunosRules(),
      labels: { weaponSizes: lunosLabels("weaponSizes"), maneuvers: lunosLabels("maneuvers") },
    });
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
