import type { AppliedDelta } from "../../chat/card-steps";
import type { StuckFlag } from "../../chat/stuck-weapons";
import type { EffectAttachment } from "../../effects/attached-effects";
import type { StuckItemEffect } from "../../rules/fangs/effects";

/**
 * FANGS's stuck weapon on the table (NC-DMG-11): an ActiveEffect on its
 * target carrying the weapon (`flags.fangs.stuck`, read by
 * src/chat/stuck-weapons.ts) and, stuck in the body, the "impaled" status;
 * the card's Undo deletes it. Registered through FANGS's definition
 * (`effectAttachments`).
 */

/** A stuck weapon to record on its target (the delta gets the created effect's id once it exists). */
export interface PlannedStuck {
  readonly kind: "stuck";
  readonly targetUuid: string;
  readonly ownerUuid: string;
  readonly itemId: string;
  readonly inItemId: string | null;
  readonly perRoundDamage: string | null;
}

type StuckDelta = Extract<AppliedDelta, { kind: "stuck" }>;

export const stuckWeaponAttachment: EffectAttachment<PlannedStuck, StuckDelta> = {
  effectKind: "stuckItem",
  deltaKind: "stuck",
  plan(effect) {
    const e = effect as StuckItemEffect;
    return {
      kind: "stuck",
      targetUuid: e.targetId,
      ownerUuid: e.ownerId,
      itemId: e.itemId,
      inItemId: e.inItemId,
      perRoundDamage: e.perRoundDamage,
    };
  },
  actorOf: (change) => change.targetUuid,
  // A weapon stuck in a shield impales the shield, not the body.
  carries: (planned) => (planned.inItemId ? [] : ["impaled"]),
  async write(change, actor, context) {
    const flag: StuckFlag = {
      ownerUuid: change.ownerUuid,
      itemId: change.itemId,
      inItemId: change.inItemId,
      perRoundDamage: change.perRoundDamage,
    };
    const created = await actor.createEmbeddedDocuments("ActiveEffect", [
      {
        name: context.name?.(change) ?? "Impaled",
        img: "systems/fangs/assets/icons/status/impaled.svg",
        statuses: change.inItemId ? [] : ["impaled"],
        flags: { fangs: { stuck: flag } },
      },
    ]);
    const effectId = created?.[0]?.id;
    if (!effectId) return null;
    return {
      kind: "stuck",
      targetUuid: change.targetUuid,
      effectId,
      ownerUuid: change.ownerUuid,
      itemId: change.itemId,
      inItemId: change.inItemId,
    };
  },
  async revert(delta, actor) {
    if (actor.effects.has(delta.effectId))
      await actor.deleteEmbeddedDocuments("ActiveEffect", [delta.effectId]);
    return true;
  },
};
