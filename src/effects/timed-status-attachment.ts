import type { AppliedDelta } from "../chat/card-steps";
import type { TimedStatusEffect } from "../rules/kernel/effects";
import { type EffectAttachment, registerEffectAttachment } from "./attached-effects";
import { applyTimedStatus, chainEffects, endStatusesOf } from "./timed-status-writes";

/**
 * The table's half of the kernel's `timedStatus` effect kind: Apply puts
 * the timed status on (timed-status-effects.ts: its length rolled on the
 * active GM's client, its clock started, its end run by itself); Undo takes
 * off exactly what it put on: the effect, or, when its time ran out since,
 * the effects its chain put on in its place and a status its chain ended
 * on that the actor did not have before the Apply.
 */

interface PlannedTimedStatus {
  readonly kind: "timedStatus";
  readonly actorUuid: string;
  readonly timedStatus: string;
  readonly status: string;
}

type TimedStatusDelta = Extract<AppliedDelta, { kind: "timedStatus" }>;

export const timedStatusAttachment: EffectAttachment<PlannedTimedStatus, TimedStatusDelta> = {
  effectKind: "timedStatus",
  deltaKind: "timedStatus",
  plan(effect, record) {
    const e = effect as TimedStatusEffect;
    return {
      kind: "timedStatus",
      actorUuid: e.actorId,
      timedStatus: e.timedStatus,
      status: String(record.status),
    };
  },
  actorOf: (change) => change.actorUuid,
  // The effect shows its status itself.
  carries: (planned) => [planned.status],
  async write(planned, actor, context) {
    const endStatuses: Record<string, boolean> = {};
    for (const status of endStatusesOf(planned.timedStatus)) endStatuses[status] = actor.statuses.has(status);
    const { effectId, length, labelKey } = await applyTimedStatus(actor, planned.timedStatus, {
      ...(context.combat ? { combat: context.combat } : {}),
    });
    if (!effectId) return null;
    return {
      kind: "timedStatus",
      actorUuid: planned.actorUuid,
      effectId,
      timedStatus: planned.timedStatus,
      endStatuses,
      length,
      labelKey,
    };
  },
  async revert(delta, actor) {
    const running = chainEffects(actor, delta.effectId);
    if (running.length > 0) {
      await actor.deleteEmbeddedDocuments("ActiveEffect", running);
      return true;
    }
    // Its time ran out: a status its chain ended on goes, unless the actor had it before.
    for (const [status, had] of Object.entries(delta.endStatuses ?? {}))
      if (!had && actor.statuses.has(status)) await actor.toggleStatusEffect(status, { active: false });
    return true;
  },
};

registerEffectAttachment(timedStatusAttachment);
