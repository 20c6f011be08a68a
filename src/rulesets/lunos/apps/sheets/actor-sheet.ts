import { HandlebarsActorSheet } from "../../../../apps/sheets/base";
import { notifyRefused, pickImage } from "../../../../apps/sheets/support";
import { loadRuleset } from "../../../../on-demand";
import { ITEM_TYPE_LABELS, LUNOS_ITEM_TYPES, type LunosItemType } from "../../config/labels";
import { lunosLabels } from "../../config/lunos-config";
import { LUNOS_ACTOR_PARTS } from "./parts";

type DefaultOptions = foundry.applications.api.DocumentSheetV2.DefaultOptions;
type RenderOptions = foundry.applications.sheets.ActorSheetV2.RenderOptions;

const isItemType = (type: unknown): type is LunosItemType =>
  typeof type === "string" && (LUNOS_ITEM_TYPES as readonly string[]).includes(type);

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
      itemCreate: LunosActorSheet.#onItemCreate,
      itemEdit: LunosActorSheet.#onItemEdit,
      itemDelete: LunosActorSheet.#onItemDelete,
      editPortrait: LunosActorSheet.#onEditPortrait,
      lunosDeclare: LunosActorSheet.#onDeclare,
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
      }),
      round: lunosSheetRound(this.actor, this.id),
    };
  }

  #itemOf(target: HTMLElement): Item.Implementation | undefined {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    return id ? this.actor.items.get(id) : undefined;
  }

  static async #onItemCreate(this: LunosActorSheet, _event: PointerEvent, target: HTMLElement) {
    const type = target.dataset.type;
    if (!isItemType(type) || !this.isEditable) return;
    const name = game.i18n.format("LUNOS.Sheet.NewItem", {
      type: game.i18n.localize(ITEM_TYPE_LABELS[type]),
    });
    try {
      await Item.implementation.create({ name, type } as never, { parent: this.actor });
    } catch (error) {
      notifyRefused(this.actor.name ?? "", error);
    }
  }

  static async #onItemEdit(this: LunosActorSheet, _event: PointerEvent, target: HTMLElement) {
    await this.#itemOf(target)?.sheet?.render(true);
  }

  static async #onItemDelete(this: LunosActorSheet, _event: PointerEvent, target: HTMLElement) {
    if (this.isEditable) await this.#itemOf(target)?.deleteDialog();
  }

  /** The round's declaration (its panel, while the round asks for it): the `declare` round action. */
  static async #onDeclare(this: LunosActorSheet, _event: PointerEvent, target: HTMLElement) {
    await (await loadRuleset("lunos")).declareFromSheet(target, `${this.id}-lunos`);
  }

  static #onEditPortrait(this: LunosActorSheet) {
    if (this.isEditable) pickImage(this.actor);
  }
}
