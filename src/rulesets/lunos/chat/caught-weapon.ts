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
 * catcher fights on with its own), and Undo hands it back with its id.
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

/** What Undo needs: where the weapon went, and the item as it was. */
export interface WeaponMovedDelta extends PlannedMove {
  readonly source: Readonly<Record<string, unknown>>;
}

type ItemDoc = Item.Implementation & { toObject(): Record<string, unknown> };

async function moveItem(
  from: Actor.Implementation,
  to: Actor.Implementation,
  itemId: string,
  equipped: boolean,
): Promise<Record<string, unknown> | null> {
  const item = from.items.get(itemId) as ItemDoc | undefined;
  if (!item) return null;
  const source = item.toObject();
  const system = { ...(source.system as Record<string, unknown>), equipped };
  await to.createEmbeddedDocuments("Item", [{ ...source, system }] as never, { keepId: true } as never);
  await from.deleteEmbeddedDocuments("Item", [itemId]);
  return source;
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
    if (!to) return null;
    const source = await moveItem(actor, to, planned.itemId, false);
    return source ? { ...planned, source } : null;
  },
  async revert(delta, actor) {
    const to = await actorAt(delta.toUuid);
    if (!to?.items.get(delta.itemId)) return false;
    const equipped = (delta.source.system as { equipped?: unknown } | undefined)?.equipped === true;
    return (await moveItem(to, actor, delta.itemId, equipped)) !== null;
  },
};
