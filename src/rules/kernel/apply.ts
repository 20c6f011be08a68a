import { type EffectRecord, getEffectKind, poolAfter, type RulesetEffect } from "./effect-kinds";
import type { Effect, NoteEffect, StuckItemEffect } from "./effects";

/**
 * The one place an Effect list changes plain state. The table folds the
 * effects into a copy of its documents' values and writes the difference
 * (src/effects/effect-plan.ts); the simulator keeps its fighters in this shape
 * and lets the same function change them (src/sim/duel.ts). Both therefore
 * read a blow the same way: how a pool falls, how far an item's SP may go,
 * which statuses an effect sets.
 */

/** A durability track (a weapon's or a shield's SP). */
export interface ItemTrack {
  readonly value: number;
  readonly max: number;
}

/** One party as effects change it; the caller owns the objects and reads them back. */
export interface EffectSubject {
  /** Pool values by name ("stunPoints", "hitPoints"); a pool not listed is not tracked here. */
  readonly pools: Record<string, number>;
  /** Items by id: their durability track, or null for one without (a natural weapon). */
  readonly items: Map<string, ItemTrack | null>;
  /** Active statuses, by the subject's own words (see `statusAliases`). */
  readonly statuses: Set<string>;
  /** The next action is lost (a failed stun check). */
  actionLost: boolean;
  /** Items the effects put out of hand (a fumble's dropped weapon). */
  readonly dropped: Set<string>;
}

export type SkipReason = "unknown-actor" | "unknown-item" | "no-item-sp" | "no-change" | "unknown-kind";

export interface EffectsApplied {
  /** Weapons left stuck, for the caller to record where it keeps them. */
  readonly stuck: StuckItemEffect[];
  /** Every note, in order (for the card or the log). */
  readonly notes: NoteEffect[];
  readonly skipped: { readonly effect: Effect; readonly reason: SkipReason }[];
  /** What each ruleset effect changed, in order: its kind's `invert` takes it back (`invertApplied`). */
  readonly records: { readonly effect: RulesetEffect; readonly record: EffectRecord }[];
}

export interface ApplyRules {
  /** The note that puts a weapon down; its data names `actorId` and `itemId`. */
  readonly droppedNote?: string;
  /** A status by the subject's word where it differs from the rules' word. */
  readonly statusAliases?: Readonly<Record<string, string>>;
  /** The lowest value of each bounded pool (a registered pool's `min`); others may fall without bound. */
  readonly poolMin?: Readonly<Record<string, number>>;
}

/**
 * Applies the effects in order. A pool falls by the amount (a negative
 * amount gives points back; the rules bound a gain themselves) and may go
 * below 0; an item's SP stays within 0…max; "prone" is a status; a stuck
 * weapon is handed back in `stuck`. Nothing an effect names but the subject
 * lacks is invented: it is listed in `skipped`.
 */
export function applyEffectsTo(
  effects: readonly Effect[],
  subjectOf: (id: string) => EffectSubject | undefined,
  rules: ApplyRules = {},
): EffectsApplied {
  const out: EffectsApplied = { stuck: [], notes: [], skipped: [], records: [] };
  const poolMin = rules.poolMin ?? {};
  for (const effect of effects) {
    switch (effect.kind) {
      case "ruleset": {
        const s = subjectOf(effect.actorId);
        const kind = getEffectKind(effect.effectKind);
        if (!s) out.skipped.push({ effect, reason: "unknown-actor" });
        else if (!kind) out.skipped.push({ effect, reason: "unknown-kind" });
        else {
          const record = kind.apply(effect, s, poolMin);
          if (record === null) out.skipped.push({ effect, reason: "no-change" });
          else out.records.push({ effect, record });
        }
        break;
      }
      case "pool": {
        const s = subjectOf(effect.actorId);
        if (!s) out.skipped.push({ effect, reason: "unknown-actor" });
        else if (!(effect.pool in s.pools)) out.skipped.push({ effect, reason: "no-change" });
        else s.pools[effect.pool] = poolAfter(s.pools[effect.pool]!, effect.amount, poolMin[effect.pool]);
        break;
      }
      case "itemDurability": {
        const s = subjectOf(effect.actorId);
        const track = s?.items.get(effect.itemId);
        if (!s) out.skipped.push({ effect, reason: "unknown-actor" });
        else if (track === undefined) out.skipped.push({ effect, reason: "unknown-item" });
        else if (track === null) out.skipped.push({ effect, reason: "no-item-sp" });
        else {
          const value = Math.min(track.max, Math.max(0, track.value + effect.delta));
          s.items.set(effect.itemId, { value, max: track.max });
        }
        break;
      }
      case "status":
      case "prone": {
        const s = subjectOf(effect.actorId);
        if (!s) {
          out.skipped.push({ effect, reason: "unknown-actor" });
          break;
        }
        const word = effect.kind === "prone" ? "prone" : effect.status;
        const status = rules.statusAliases?.[word] ?? word;
        if (effect.kind === "prone" || effect.active) s.statuses.add(status);
        else s.statuses.delete(status);
        break;
      }
      case "loseAction": {
        const s = subjectOf(effect.actorId);
        if (!s) out.skipped.push({ effect, reason: "unknown-actor" });
        else s.actionLost = true;
        break;
      }
      case "stuckItem":
        if (!subjectOf(effect.targetId)) out.skipped.push({ effect, reason: "unknown-actor" });
        else out.stuck.push(effect);
        break;
      case "note": {
        out.notes.push(effect);
        if (rules.droppedNote === undefined || effect.key !== rules.droppedNote) break;
        const s = subjectOf(String(effect.data.actorId ?? ""));
        const itemId = String(effect.data.itemId ?? "");
        if (!s) out.skipped.push({ effect, reason: "unknown-actor" });
        else if (!s.items.has(itemId)) out.skipped.push({ effect, reason: "unknown-item" });
        else s.dropped.add(itemId);
        break;
      }
    }
  }
  return out;
}

/**
 * Takes back the ruleset effects an application recorded, newest first,
 * each by its kind's `invert` (the simulator's undo; the table reverts the
 * documents by the recorded deltas, src/effects/apply-effects.ts).
 */
export function invertApplied(
  applied: Pick<EffectsApplied, "records">,
  subjectOf: (id: string) => EffectSubject | undefined,
  rules: ApplyRules = {},
): void {
  for (const { effect, record } of [...applied.records].reverse()) {
    const s = subjectOf(effect.actorId);
    const kind = getEffectKind(effect.effectKind);
    if (s && kind) kind.invert(record, s, rules.poolMin ?? {});
  }
}
