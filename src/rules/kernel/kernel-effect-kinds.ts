import { type EffectKindDefinition, EffectSkip, poolAfter, registerKernelEffectKind } from "./effect-kinds";
import type {
  ItemDurabilityEffect,
  NoteEffect,
  PoolDamageEffect,
  StatusEffect,
  TimedStatusEffect,
} from "./effects";
import { timedStatusDefinition } from "./timed-status";

/**
 * The effect kinds every ruleset shares, registered through the same
 * registry as a ruleset's own: points off a pool, an item's durability, a
 * status set or cleared, a note for the card. A ruleset's kinds are its
 * definition's `effectKinds` (FANGS's: src/rules/fangs/effect-kinds.ts).
 */

const NO_CHANGE = new EffectSkip("no-change");
const UNKNOWN_ITEM = new EffectSkip("unknown-item");
const NO_ITEM_SP = new EffectSkip("no-item-sp");

/** A pool falls by the amount (a negative amount gives points back) and may go below 0 unless bounded. */
export const poolKind: EffectKindDefinition<PoolDamageEffect> = {
  id: "pool",
  apply(effect, s, pools) {
    const before = s.pools[effect.pool];
    if (before === undefined) return NO_CHANGE;
    const after = poolAfter(before, effect.amount, pools[effect.pool]);
    s.pools[effect.pool] = after;
    return { pool: effect.pool, before, after };
  },
  invert(record, s) {
    const pool = String(record.pool);
    const now = s.pools[pool];
    if (now !== undefined) s.pools[pool] = now + Number(record.before) - Number(record.after);
  },
};

/** An item's durability track moves by the delta, within 0…max. */
export const itemDurabilityKind: EffectKindDefinition<ItemDurabilityEffect> = {
  id: "itemDurability",
  apply(effect, s) {
    const track = s.items.get(effect.itemId);
    if (track === undefined) return UNKNOWN_ITEM;
    if (track === null) return NO_ITEM_SP;
    const value = Math.min(track.max, Math.max(0, track.value + effect.delta));
    s.items.set(effect.itemId, { value, max: track.max });
    return { itemId: effect.itemId, before: track.value, after: value };
  },
  invert(record, s) {
    const itemId = String(record.itemId);
    const track = s.items.get(itemId);
    if (!track) return;
    const value = track.value + Number(record.before) - Number(record.after);
    s.items.set(itemId, { value: Math.min(track.max, Math.max(0, value)), max: track.max });
  },
};

/** Sets or clears one status on the party, by the subject's word for it. */
export function setStatus(
  s: { readonly statuses: Set<string> },
  status: string,
  active: boolean,
): { status: string; before: boolean; after: boolean } {
  const before = s.statuses.has(status);
  if (active) s.statuses.add(status);
  else s.statuses.delete(status);
  return { status, before, after: active };
}

/** Takes a status back to what it was, if it still holds what the application set. */
export function unsetStatus(
  s: { readonly statuses: Set<string> },
  record: Readonly<Record<string, unknown>>,
): void {
  const status = String(record.status);
  if (s.statuses.has(status) !== record.after) return;
  if (record.before === true) s.statuses.add(status);
  else s.statuses.delete(status);
}

export const statusKind: EffectKindDefinition<StatusEffect> = {
  id: "status",
  apply: (effect, s, _pools, rules) =>
    setStatus(s, rules.statusAliases[effect.status] ?? effect.status, effect.active),
  invert: (record, s) => unsetStatus(s, record),
};

/** Something for the table to read; it changes no party (a ruleset may claim a note's key: FANGS's dropped weapon). */
export const noteKind: EffectKindDefinition<NoteEffect> = {
  id: "note",
  changesDocuments: false,
  party: () => null,
  apply: () => ({}),
  invert() {},
};

/**
 * A timed status: its definition's status on the party. Where it is kept,
 * its clock, its end and the undo of what its chain put on are the table's
 * (src/effects/timed-status-attachment.ts); here it is the status.
 */
export const timedStatusKind: EffectKindDefinition<TimedStatusEffect> = {
  id: "timedStatus",
  apply(effect, s) {
    const definition = timedStatusDefinition(effect.timedStatus);
    if (!definition) return new EffectSkip("unknown-kind");
    return { ...setStatus(s, definition.status, true), timedStatus: definition.id };
  },
  invert: (record, s) => unsetStatus(s, record),
};

export const KERNEL_EFFECT_KINDS: readonly EffectKindDefinition[] = Object.freeze([
  poolKind,
  itemDurabilityKind,
  statusKind,
  noteKind,
  timedStatusKind,
]);

for (const kind of KERNEL_EFFECT_KINDS) registerKernelEffectKind(kind);
