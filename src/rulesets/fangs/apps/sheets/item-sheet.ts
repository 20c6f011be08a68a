import type { HandlebarsItemSheet } from "../../../../apps/sheets/base";
import { type ItemSheetBasics, RulesetItemSheet } from "../../../../apps/sheets/ruleset-item-sheet";
import { loadRuleset } from "../../../../on-demand";
import type { CharacteristicId } from "../../../../rules/fangs/types";
import { rulesOptions } from "../../config/settings";
import type { ItemType } from "./context-types";
import { actorDataOf, itemDataOf } from "./document-data";
import { packSkills, worldSkills } from "./gm-skills";
import { itemParts } from "./parts";
import { ITEM_TAB_IDS, sheetTabs } from "./tabs";

type DefaultOptions = foundry.applications.api.DocumentSheetV2.DefaultOptions;

/** FANGS's item sheets; one subclass per item type picks its template. */
export class FangsItemSheet extends RulesetItemSheet {
  static override DEFAULT_OPTIONS: DefaultOptions = { position: { width: 520, height: 580 } };

  static override PARTS = itemParts("weapon");

  static override TABS = sheetTabs(ITEM_TAB_IDS, "details");

  override tabGroups: Record<string, string> = { sheet: "details" };

  protected override async itemContext({ enrich, ...basics }: ItemSheetBasics) {
    // The context builders come with FANGS's heavy part, loaded on `ready` in a FANGS world.
    const sheetContext = await loadRuleset("fangs");
    const data = itemDataOf(this.item);
    const owner = this.item.actor ? actorDataOf(this.item.actor) : null;
    // A weapon or shield no actor holds links to a skill by key: offer the skills the GM has.
    const linksSkill = data.type === "weapon" || data.type === "shield";
    const gmSkills =
      !owner && linksSkill ? sheetContext.gmSkills(worldSkills(), await packSkills()) : undefined;
    return sheetContext.itemSheetContext(data, {
      ...basics,
      enrichedHtml: await enrich(data.system.description),
      activeTab: this.tabGroups.sheet,
      uuid: this.item.uuid,
      rules: rulesOptions(),
      actorSkills: owner?.items.flatMap((i) =>
        i.type === "skill" ? [{ key: i.system.key, name: i.name }] : [],
      ),
      actorCharacteristics: owner?.system.characteristics as Record<CharacteristicId, number> | undefined,
      gmSkills,
    });
  }

  protected override async _onRender(
    ...args: Parameters<InstanceType<typeof HandlebarsItemSheet>["_onRender"]>
  ) {
    await super._onRender(...args);
    const picker = this.element.querySelector<HTMLSelectElement>("select[data-skill-picker]");
    if (picker && !picker.dataset.fangsBound) {
      picker.dataset.fangsBound = "1";
      picker.addEventListener("change", (event) => this.#onSkillPicked(event, picker));
    }
  }

  /**
   * The picker only chooses: the key field is the item's `system.skill`. A
   * skill sets the key and submits it; "Other…" shows the key field to type
   * one, and writes nothing until that field changes.
   */
  #onSkillPicked(event: Event, picker: HTMLSelectElement): void {
    event.stopPropagation();
    const wrapper = this.element.querySelector<HTMLElement>("[data-skill-key]");
    const input = wrapper?.querySelector<HTMLInputElement>('input[name="system.skill"]');
    if (!wrapper || !input) return;
    const other = picker.selectedOptions[0]?.dataset.skillOther !== undefined;
    wrapper.hidden = !other;
    if (other) {
      input.focus();
      return;
    }
    input.value = picker.value;
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

export class WeaponSheet extends FangsItemSheet {
  static override PARTS = itemParts("weapon");
}
export class ShieldSheet extends FangsItemSheet {
  static override PARTS = itemParts("shield");
}
export class ArmorSheet extends FangsItemSheet {
  static override PARTS = itemParts("armor");
}
export class SkillSheet extends FangsItemSheet {
  static override PARTS = itemParts("skill");
}
export class AdvantageSheet extends FangsItemSheet {
  static override PARTS = itemParts("advantage");
}
export class ManeuverSheet extends FangsItemSheet {
  static override PARTS = itemParts("maneuver");
}

export const ITEM_SHEETS: Readonly<Record<ItemType, typeof FangsItemSheet>> = {
  weapon: WeaponSheet,
  shield: ShieldSheet,
  armor: ArmorSheet,
  skill: SkillSheet,
  advantage: AdvantageSheet,
  maneuver: ManeuverSheet,
};
