import type { AppliedDelta } from "../../../chat/card-steps";
import type { EffectAttachment } from "../../../effects/attached-effects";
import { applyTimedStatus, endStatusesOf } from "../../../effects/timed-status-writes";
import {
  type EffectKindDefinition,
  EffectSkip,
  type RulesetEffect,
} from "../../../rules/kernel/effect-kinds";
import { setStatus, unsetStatus } from "../../../rules/kernel/kernel-effect-kinds";
import { lengthOf } from "../../../rules/kernel/timed-status";
import { LUNOS_TIMED } from "../../../rules/lunos/timed-statuses";

/**
 * LUN-GRP-3, a choke: the choke clock put on its victim for as long as
 * its Body gives (`chokeRounds`), not the registered status's own length.
 * The kernel's half sets the status; the table's half starts the clock
 * with that length and records it as a timed status, so the shared Undo
 * (src/effects/timed-status-attachment.ts) takes it off, or what its
 * chain put on once it ran out.
 */

export const CHOKE_KIND = "lunosChoke";

/** The effect: `actorId` the victim's actor, `data.rounds` the clock's length. */
export type ChokeEffect = RulesetEffect & { readonly data: { readonly rounds: number } };

export const chokeKind: EffectKindDefinition<ChokeEffect> = {
  id: CHOKE_KIND,
  apply(effect, s) {
    const rounds = effect.data.rounds;
    if (typeof rounds !== "number" || !Number.isInteger(rounds) || rounds < 1)
      return new EffectSkip("no-change");
    return { ...setStatus(s, "choking", true), rounds };
  },
  invert: (record, s) => unsetStatus(s, record),
};

interface PlannedChoke {
  readonly kind: "lunosChoke";
  readonly actorUuid: string;
  readonly rounds: number;
}

type TimedStatusDelta = Extract<AppliedDelta, { kind: "timedStatus" }>;

export const chokeAttachment: EffectAttachment<PlannedChoke, TimedStatusDelta> = {
  effectKind: CHOKE_KIND,
  deltaKind: CHOKE_KIND,
  plan: (effect, record) => ({
    kind: "lunosChoke",
    actorUuid: (effect as ChokeEffect).actorId,
    rounds: Number(record.rounds),
  }),
  actorOf: (change) => change.actorUuid,
  carries: () => ["choking"],
  async write(planned, actor, context) {
    const endStatuses: Record<string, boolean> = {};
    for (const status of endStatusesOf(LUNOS_TIMED.choking)) endStatuses[status] = actor.statuses.has(status);
    const { effectId } = await applyTimedStatus(actor, LUNOS_TIMED.choking, {
      length: lengthOf(planned.rounds, "rounds"),
      ...(context.combat ? { combat: context.combat } : {}),
    });
    if (!effectId) return null;
    // Recorded as a timed status: its Undo is the shared one.
    return {
      kind: "timedStatus",
      actorUuid: planned.actorUuid,
      effectId,
      timedStatus: LUNOS_TIMED.choking,
      endStatuses,
    };
  },
  // Never called: the delta it writes is a timed status's, reverted by that attachment.
  revert: async () => false,
};
