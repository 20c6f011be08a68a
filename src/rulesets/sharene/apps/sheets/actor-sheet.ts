import { startAttack } from "../../../../apps/attack/attack-entry";
import { HandlebarsActorSheet } from "../../../../apps/sheets/base";
import { ownedItemActions, ownedItemOf } from "../../../../apps/sheets/owned-item-actions";
import { askRoundAction } from "../../../../combat/round-ask";
import { loadRuleset } from "../../../../on-demand";
import { ITEM_TYPE_LABELS } from "../../config/labels";
import { shareneLabels, shareneStatuses } from "../../config/sharene-config";
import { SHARENE_ACTOR_PARTS } from "./parts";

type DefaultOptions = foundry.applications.api.DocumentSheetV2.DefaultOptions;
type RenderOptions = foundry.applications.sheets.ActorSheetV2.RenderOptions;

/**
 * The sheet of a Sharene character or creature: its figures, the values
 * the rules core derives from them, the wound and limb panel, its weapons
 * and armor. Every button is a `data-action`; its context builder comes
 * with Sharene's heavy part.
 */
export class ShareneActorSheet extends HandlebarsActorSheet {
  static override DEFAULT_OPTIONS: DefaultOptions = {
    classes: ["actor", "sharene"],
    position: { width: 720, height: 760 },
    actions: {
      ...ownedItemActions({ typeLabels: ITEM_TYPE_LABELS, newItemKey: "SHARENE.Sheet.NewItem" }),
      shareneRound: ShareneActorSheet.#onRound,
      shareneStyleOptions: ShareneActorSheet.#onStyleOptions,
      shareneAttack: ShareneActorSheet.#onAttack,
    },
  };

  static override PARTS = { ...SHARENE_ACTOR_PARTS };

  protected override async _prepareContext(options: RenderOptions) {
    const base = await super._prepareContext(options);
    const { readWorldShareneRules, shareneActorData, shareneActorSheetContext, shareneSheetRound } =
      await loadRuleset("sharene");
    const data = shareneActorData(this.actor);
    if (!data) return base;
    const enrichedBiography = await foundry.applications.ux.TextEditor.implementation.enrichHTML(
      data.system.biography ?? "",
      { secrets: this.actor.isOwner, relativeTo: this.actor },
    );
    return {
      ...base,
      ...shareneActorSheetContext(data, {
        editable: this.isEditable,
        idPrefix: this.id,
        enrichedBiography,
        rules: readWorldShareneRules(),
        labels: { styles: shareneLabels("styles"), actionKinds: shareneLabels("actionKinds") },
        statuses: shareneStatuses(),
      }),
      round: shareneSheetRound(this.actor, this.id),
    };
  }

  /** The weapon's attack, as every way of starting one (the shared entry, then Sharene's `cards.attack`). */
  static async #onAttack(this: ShareneActorSheet, event: PointerEvent, target: HTMLElement) {
    const item = ownedItemOf(this, target);
    if (item?.id) await startAttack(this.actor, item.id, { event });
  }

  /** The round's choice (its panel, while the round asks for it): the `declare` or `style` round action. */
  static async #onRound(this: ShareneActorSheet, _event: PointerEvent, target: HTMLElement) {
    const panel = target.closest<HTMLElement>("[data-combatant-id]");
    const combat = game.combat as Combat.Implementation | null;
    const id = panel?.dataset.combatantId;
    if (!panel || !combat || !id) return;
    const choice = target.dataset.choice ?? "";
    if (panel.dataset.phase === "declare") {
      const picked = panel.querySelector<HTMLInputElement>("input[type=radio]:checked")?.value ?? "";
      await askRoundAction(combat, "declare", [id], {
        action: choice,
        target: picked === "" ? null : picked,
      });
    } else await askRoundAction(combat, "style", [id], { style: choice });
  }

  /** "Style…" on the round's panel: the style's dialog, its answer the `style` round action. */
  static async #onStyleOptions(this: ShareneActorSheet, _event: PointerEvent, target: HTMLElement) {
    const combat = game.combat as Combat.Implementation | null;
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    const combatant = id ? combat?.combatants.get(id) : undefined;
    if (!combat || !id || !combatant) return;
    const { openStyleDialog } = await loadRuleset("sharene");
    await openStyleDialog(combatant, (action, data) => askRoundAction(combat, action, [id], data));
  }
}
