import type { AppliedDelta } from "../chat/card-steps";
import type { EffectRecord } from "../rules/kernel/effect-kinds";
import type { Effect } from "../rules/kernel/effects";

/**
 * What an effect kind puts on a party as a document of its own, rather than
 * as a value the applier diffs (a pool, an item's SP, a status): FANGS's
 * stuck weapon (an ActiveEffect carrying it), a timed status (an
 * ActiveEffect with its clock). The kind registers how the table plans it
 * (pure), writes it on the active GM's client and takes it back; the
 * applier (apply-effects.ts) records what `write` answers as the delta the
 * card's Undo gives to `revert`.
 */

/** One planned write: `kind` is the delta kind it is recorded as. */
export interface PlannedAttachment {
  readonly kind: string;
}

// biome-ignore lint/suspicious/noExplicitAny: each kind plans and records its own shapes
export interface EffectAttachment<P extends PlannedAttachment = any, D extends { kind: string } = any> {
  /** The kernel effect kind it carries out on the table (effect-kinds.ts). */
  readonly effectKind: string;
  /** The kind of its planned writes and of the deltas recorded for them. */
  readonly deltaKind: string;
  /** What to write for one application of the effect (pure), or null. */
  plan(effect: Effect, record: EffectRecord): P | null;
  /** The actor it is written on (its uuid), from the plan or the recorded delta. */
  actorOf(change: P | D): string;
  /** Token statuses the written document shows itself: the plan does not set them on their own. */
  carries?(planned: P): readonly string[];
  /** Writes it (active GM's client); answers the delta to record, or null when nothing was written. */
  write(planned: P, actor: Actor.Implementation, context: AttachmentContext): Promise<D | null>;
  /** Takes a recorded delta back; false when it could not (the card says so). */
  revert(delta: D, actor: Actor.Implementation): Promise<boolean>;
}

/** What the caller of the applier gives a write. */
export interface AttachmentContext {
  /** The combat of the application (whose rounds a clock counts), if any. */
  readonly combat?: Combat.Implementation | null;
  /** The caller's name for the document (a card names the stuck weapon); undefined: the kind's own. */
  readonly name?: (planned: PlannedAttachment) => string | undefined;
}

const byEffectKind = new Map<string, EffectAttachment>();
const byDeltaKind = new Map<string, EffectAttachment>();

/** Registers how an effect kind's writes are done and undone (a ruleset's definition's `effectAttachments`). */
export function registerEffectAttachment(attachment: EffectAttachment): void {
  for (const name of ["plan", "actorOf", "write", "revert"] as const)
    if (typeof attachment[name] !== "function")
      throw new Error(
        `FANGS | the attachment of "${attachment.effectKind}" cannot be registered without ${name}`,
      );
  byEffectKind.set(attachment.effectKind, attachment);
  byDeltaKind.set(attachment.deltaKind, attachment);
}

export function attachmentForEffect(effectKind: string): EffectAttachment | undefined {
  return byEffectKind.get(effectKind);
}

/** The attachment a planned change or a recorded delta belongs to, if it is one. */
export function attachmentOf(change: { readonly kind: string }): EffectAttachment | undefined {
  return byDeltaKind.get(change.kind);
}

export type { AppliedDelta };
