import type { AppliedDelta } from "../../chat/card-steps";
import { registeredPoolNames } from "../../rulesets/registry";
/**
 * The GM damage note's record read with its shape checked (src/data/gm-damage-note.ts
 * holds the subtype): loaded with the undo, not at start-up.
 */

/** The only changes the GM tool makes: a pool moved, a pool status set or lifted (two of the card's delta kinds). */
export type GmDamageDelta = Extract<AppliedDelta, { readonly kind: "pool" | "status" }>;

export interface GmDamageNote {
  readonly deltas: readonly GmDamageDelta[];
  readonly undone: boolean;
}

function deltaOf(raw: unknown): GmDamageDelta | null {
  if (!raw || typeof raw !== "object") return null;
  const d = raw as Record<string, unknown>;
  if (typeof d.actorUuid !== "string" || d.actorUuid === "") return null;
  if (d.kind === "pool") {
    if (typeof d.pool !== "string" || !registeredPoolNames().has(d.pool)) return null;
    if (!Number.isFinite(d.before) || !Number.isFinite(d.after)) return null;
    return {
      kind: "pool",
      actorUuid: d.actorUuid,
      pool: d.pool,
      before: d.before as number,
      after: d.after as number,
    };
  }
  if (d.kind === "status") {
    if (typeof d.status !== "string" || typeof d.before !== "boolean" || typeof d.after !== "boolean")
      return null;
    return { kind: "status", actorUuid: d.actorUuid, status: d.status, before: d.before, after: d.after };
  }
  return null;
}

/** The message's note, or null when it is not a GM damage note or its record is damaged. */
export function gmDamageNoteOf(
  message: { readonly type?: string; readonly system?: unknown } | null | undefined,
): GmDamageNote | null {
  if (message?.type !== "gmDamage") return null;
  const system = message.system as { toObject?: () => unknown } | undefined;
  const raw = (typeof system?.toObject === "function" ? system.toObject() : system) as
    | { deltas?: unknown; undone?: unknown }
    | undefined;
  if (!raw || !Array.isArray(raw.deltas)) return null;
  const deltas: GmDamageDelta[] = [];
  for (const entry of raw.deltas) {
    const delta = deltaOf(entry);
    if (!delta) return null;
    deltas.push(delta);
  }
  return { deltas, undone: raw.undone === true };
}
