import { actorAt } from "../../../documents/uuid";
import type { EffectAttachment } from "../../../effects/attached-effects";
import {
  type EffectKindDefinition,
  EffectSkip,
  type RulesetEffect,
} from "../../../rules/kernel/effect-kinds";

/**
 * LUN-MNV-3, a Disarm that catches the weapon: the weapon item leaves its
 * owner's sheet for the catcher's (put away there, not in hand: the
 * catcher fights on with its own), and Undo hands it back as it was
 * taken, with its id.
 * The kernel's half changes no value of the party (the item is a document
 * of its own); the table's half moves the item and records its source.
 */

export const CAUGHT_WEAPON_KIND = "lunosCaughtWeapon";

/** The effect: `actorId` the disarmed fighter's actor, `data.to` the catcher's, `data.itemId` the weapon. */
export type CaughtWeaponEffect = RulesetEffect & {
  readonly data: { readonly to: string; readonly itemId: string };
};

export const caughtWeaponKind: EffectKindDefinition<CaughtWeaponEffect> = {
  id: CAUGHT_WEAPON_KIND,
  apply(effect, s) {
    const itemId = String(effect.data.itemId ?? "");
    if (!s.items.has(itemId)) return new EffectSkip("unknown-item");
    return { itemId, to: String(effect.data.to ?? "") };
  },
  invert() {},
};

interface PlannedMove {
  readonly kind: "lunosWeaponMoved";
  readonly fromUuid: string;
  readonly toUuid: string;
  readonly itemId: string;
}

/** What Undo needs: where the weapon went (its id there), and the item as it was taken. */
export interface WeaponMovedDelta extends PlannedMove {
  readonly source: Readonly<Record<string, unknown>>;
  /** Its id on the catcher's sheet: its own, unless that sheet already held an item of that id. */
  readonly caughtId?: string;
}

type ItemDoc = Item.Implementation & { toObject(): Record<string, unknown> };

/**
 * Puts an item's data on an actor: under its own id where the actor has
 * none of that id, else under a new one (an id is unique on a sheet, and
 * the sheet's owner could have taken it first), so the write never fails
 * on it. The id it was created under.
 */
async function putItem(to: Actor.Implementation, data: Record<string, unknown>): Promise<string | null> {
  const keep = typeof data._id === "string" && !to.items.has(data._id);
  const { _id, ...rest } = data;
  const created = (await to.createEmbeddedDocuments(
    "Item",
    [keep ? data : rest] as never,
    {
      keepId: keep,
    } as never,
  )) as unknown as Item.Implementation[] | undefined;
  return created?.[0]?.id ?? (keep ? String(_id) : null);
}

export const caughtWeaponAttachment: EffectAttachment<PlannedMove, WeaponMovedDelta> = {
  effectKind: CAUGHT_WEAPON_KIND,
  deltaKind: "lunosWeaponMoved",
  plan(effect, record) {
    const e = effect as CaughtWeaponEffect;
    return {
      kind: "lunosWeaponMoved",
      fromUuid: e.actorId,
      toUuid: String(record.to),
      itemId: String(record.itemId),
    };
  },
  actorOf: (change) => change.fromUuid,
  async write(planned, actor) {
    const to = await actorAt(planned.toUuid);
    const item = actor.items.get(planned.itemId) as ItemDoc | undefined;
    if (!to || !item) return null;
    const source = item.toObject();
    const caughtId = await putItem(to, {
      ...source,
      system: { ...(source.system as Record<string, unknown>), equipped: false },
    });
    if (caughtId === null) return null;
    await actor.deleteEmbeddedDocuments("Item", [planned.itemId]);
    return { ...planned, source, caughtId };
  },
  // The weapon as it was taken goes back (whatever the catcher's owner made of its copy since), its copy gone.
  async revert(delta, actor) {
    const to = await actorAt(delta.toUuid);
    const caughtId = delta.caughtId ?? delta.itemId;
    if (to?.items.has(caughtId)) await to.deleteEmbeddedDocuments("Item", [caughtId]);
    return (await putItem(actor, { ...delta.source })) !== null;
  },
};
