import {
  type EffectRecord,
  EffectSkip,
  effectKindOf,
  type KindRules,
  partyOf,
  type SkipReason,
} from "./effect-kinds";
import type { Effect, NoteEffect } from "./effects";
import "./kernel-effect-kinds";

/**
 * The one place an Effect list changes plain state. The table folds the
 * effects into a copy of its documents' values and writes the difference
 * (src/effects/effect-plan.ts); the simulator keeps its fighters in this shape
 * and lets the same function change them (src/rulesets/fangs/sim/duel.ts). Both therefore
 * read a blow the same way: how a pool falls, how far an item's SP may go,
 * which statuses an effect sets. Every kind, the kernel's and a ruleset's,
 * is a registration (effect-kinds.ts).
 */

/** A durability track (a weapon's or a shield's SP). */
export interface ItemTrack {
  readonly value: number;
  readonly max: number;
}

/**
 * One party as effects change it; the caller owns the objects and reads them
 * back. A ruleset whose kinds change more extends it (FANGS's
 * `FangsEffectSubject`: a lost action, items out of hand), and its callers
 * give that.
 */
export interface EffectSubject {
  /** Pool values by name ("stunPoints", "hitPoints"); a pool not listed is not tracked here. */
  readonly pools: Record<string, number>;
  /** Items by id: their durability track, or null for one without (a natural weapon). */
  readonly items: Map<string, ItemTrack | null>;
  /** Active statuses, by the subject's own words (see `statusAliases`). */
  readonly statuses: Set<string>;
}

export type { SkipReason };

export interface EffectsApplied {
  /** Every note, in order (for the card or the log). */
  readonly notes: NoteEffect[];
  readonly skipped: { readonly effect: Effect; readonly reason: SkipReason }[];
  /**
   * What each applied effect changed, in order, whatever its kind (a stuck
   * weapon's is handed back here for the caller to keep): its kind's
   * `invert` takes it back (`invertApplied`).
   */
  readonly records: { readonly effect: Effect; readonly record: EffectRecord }[];
}

export interface ApplyRules {
  /** A status by the subject's word where it differs from the rules' word. */
  readonly statusAliases?: Readonly<Record<string, string>>;
  /** The lowest value of each bounded pool (a registered pool's `min`); others may fall without bound. */
  readonly poolMin?: Readonly<Record<string, number>>;
}

const NO_ALIASES: Readonly<Record<string, string>> = Object.freeze({});
const NO_BOUNDS: Readonly<Record<string, number>> = Object.freeze({});
const NOTHING: EffectRecord = Object.freeze({});

function kindRules(rules: ApplyRules): KindRules {
  return { pools: rules.poolMin ?? NO_BOUNDS, statusAliases: rules.statusAliases ?? NO_ALIASES };
}

/**
 * Applies the effects in order, each by its registered kind
 * (effect-kinds.ts): the kernel's own (kernel-effect-kinds.ts) and those a
 * ruleset registered. Nothing an effect names but the subject lacks is
 * invented: it is listed in `skipped`, as is an effect of a kind nobody
 * registered.
 */
export function applyEffectsTo(
  effects: readonly Effect[],
  subjectOf: (id: string) => EffectSubject | undefined,
  rules: ApplyRules = {},
): EffectsApplied {
  const out: EffectsApplied = { notes: [], skipped: [], records: [] };
  const given = kindRules(rules);
  for (const effect of effects) {
    if (effect.kind === "note") out.notes.push(effect);
    const kind = effectKindOf(effect);
    if (!kind) {
      out.skipped.push({ effect, reason: "unknown-kind" });
      continue;
    }
    const party = kind.party ? kind.party(effect) : (effect as { actorId: string }).actorId;
    if (party === null) {
      out.records.push({ effect, record: NOTHING });
      continue;
    }
    const s = subjectOf(party);
    if (!s) {
      out.skipped.push({ effect, reason: "unknown-actor" });
      continue;
    }
    const record = kind.apply(effect, s, given.pools, given);
    if (record === null) out.skipped.push({ effect, reason: "no-change" });
    else if (record instanceof EffectSkip) out.skipped.push({ effect, reason: record.reason });
    else out.records.push({ effect, record });
  }
  return out;
}

/**
 * Takes back what an application recorded, newest first, each by its
 * kind's `invert` (the simulator's undo; the table reverts the documents by
 * the recorded deltas, src/effects/apply-effects.ts).
 */
export function invertApplied(
  applied: Pick<EffectsApplied, "records">,
  subjectOf: (id: string) => EffectSubject | undefined,
  rules: ApplyRules = {},
): void {
  const given = kindRules(rules);
  for (const { effect, record } of [...applied.records].reverse()) {
    const kind = effectKindOf(effect);
    const party = kind ? partyOf(effect) : null;
    const s = party === null ? undefined : subjectOf(party);
    if (s && kind) kind.invert(record, s, given.pools, given);
  }
}
