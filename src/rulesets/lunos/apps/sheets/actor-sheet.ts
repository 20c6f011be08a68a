import { startAttack } from "../../../../apps/attack/attack-entry";
import { HandlebarsActorSheet } from "../../../../apps/sheets/base";
import { ownedItemActions, ownedItemOf } from "../../../../apps/sheets/owned-item-actions";
import { loadRuleset } from "../../../../on-demand";
import { ITEM_TYPE_LABELS } from "../../config/labels";
import { lunosLabels } from "../../config/lunos-config";
import { LUNOS_ACTOR_PARTS } from "./parts";

type DefaultOptions = foundry.applications.api.DocumentSheetV2.DefaultOptions;
type RenderOptions = foundry.applications.sheets.ActorSheetV2.RenderOptions;

/**
 * The sheet of a Lunos character or creature: its dot ratings, its health
 * track, the pools the rules core builds from them, its weapons and
 * armor, and while the round asks for it, the fighter's declaration.
 * Every button is a `data-action`; its context builder comes with Lunos's
 * heavy part.
 */
export class LunosActorSheet extends HandlebarsActorSheet {
  static override DEFAULT_OPTIONS: DefaultOptions = {
    classes: ["actor", "lunos"],
    position: { width: 720, height: 780 },
    actions: {
      ...ownedItemActions({ typeLabels: ITEM_TYPE_LABELS, newItemKey: "LUNOS.Sheet.NewItem" }),
      lunosDeclare: LunosActorSheet.#onDeclare,
      lunosAttack: LunosActorSheet.#onAttack,
    },
  };

  static override PARTS = { ...LUNOS_ACTOR_PARTS };

  protected override async _prepareContext(options: RenderOptions) {
    const base = await super._prepareContext(options);
    const { readWorldLunosRules, lunosActorData, lunosActorSheetContext, lunosSheetRound } =
      await loadRuleset("lunos");
    const data = lunosActorData(this.actor);
    if (!data) return base;
    const enrichedBiography = await foundry.applications.ux.TextEditor.implementation.enrichHTML(
      data.system.biography ?? "",
      { secrets: this.actor.isOwner, relativeTo: this.actor },
    );
    return {
      ...base,
      ...lunosActorSheetContext(data, {
        editable: this.isEditable,
        idPrefix: this.id,
        enrichedBiography,
        rules: readWorldLunosRules(),
        labels: { weaponSizes: lunosLabels("weaponSizes") },
        owner: this.actor.isOwner,
      }),
      round: lunosSheetRound(this.actor, this.id),
    };
  }

  /**
   * The weapon in hand's attack, or the bare-handed one (`""`), as every way
   * of starting one: the shared entry, then Lunos's `cards.attack`, whose
   * workflow and dialog its heavy part holds.
   */
  static async #onAttack(this: LunosActorSheet, event: PointerEvent, target: HTMLElement) {
    if (target.dataset.bareHanded !== undefined) await startAttack(this.actor, "", { event });
    else {
      const item = ownedItemOf(this, target);
      if (item?.id) await startAttack(this.actor, item.id, { event });
    }
  }

  /** The round's declaration (its panel, while the round asks for it): the `declare` round action. */
  static async #onDeclare(this: LunosActorSheet, _event: PointerEvent, target: HTMLElement) {
    await (await loadRuleset("lunos")).declareFromSheet(target, `${this.id}-lunos`);
  }
}
