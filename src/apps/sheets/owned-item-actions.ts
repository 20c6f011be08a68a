import { notifyRefused, pickImage } from "./support";

/**
 * The actions every ruleset's actor sheet gives its items and portrait
 * (Sharene's, Lunos's): a new item of one of its types, named in its words;
 * an item's own sheet; an item deleted after Foundry's dialog; the
 * portrait picked. Spread into a sheet class's `DEFAULT_OPTIONS.actions`.
 */

interface OwnerSheet {
  readonly actor: Actor.Implementation;
  readonly isEditable: boolean;
}

/** The item a clicked row names (its `data-item-id`). */
export function ownedItemOf(sheet: OwnerSheet, target: HTMLElement): Item.Implementation | undefined {
  const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
  return id ? sheet.actor.items.get(id) : undefined;
}

export function ownedItemActions(spec: {
  /** The item types a sheet may create, with each one's label key. */
  readonly typeLabels: Readonly<Record<string, string>>;
  /** The new item's name, formatted with `type`. */
  readonly newItemKey: string;
}) {
  return {
    async itemCreate(this: OwnerSheet, _event: PointerEvent, target: HTMLElement) {
      const type = target.dataset.type;
      if (!type || !Object.hasOwn(spec.typeLabels, type) || !this.isEditable) return;
      const name = game.i18n.format(spec.newItemKey, { type: game.i18n.localize(spec.typeLabels[type]!) });
      try {
        await Item.implementation.create({ name, type } as never, { parent: this.actor });
      } catch (error) {
        notifyRefused(this.actor.name ?? "", error);
      }
    },
    async itemEdit(this: OwnerSheet, _event: PointerEvent, target: HTMLElement) {
      await ownedItemOf(this, target)?.sheet?.render(true);
    },
    async itemDelete(this: OwnerSheet, _event: PointerEvent, target: HTMLElement) {
      if (this.isEditable) await ownedItemOf(this, target)?.deleteDialog();
    },
    editPortrait(this: OwnerSheet) {
      if (this.isEditable) pickImage(this.actor);
    },
  };
}
