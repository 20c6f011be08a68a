/**
 * What a resolution asks the world to change, as plain data. The rules core
 * never changes anything itself: the Foundry layer applies these effects (and
 * records their exact inverse for undo), the simulator applies them to its
 * own fighters. Ids are whatever the caller passed in (actor and item ids in
 * Foundry, fighter names in the simulator).
 */
import type { RulesetEffect } from "./effect-kinds";

export type { RulesetEffect };

/**
 * Every effect's shape, by its `kind`: the kernel's own here. A ruleset
 * whose kinds keep a shape of their own (FANGS's stored cards hold
 * `kind: "stuckItem"`…) adds it by declaration merging from its core
 * (FANGS: src/rules/fangs/effects.ts), beside registering the kind
 * (effect-kinds.ts); any other ruleset's effect is a `RulesetEffect`.
 */
export interface EffectShapes {
  readonly ruleset: RulesetEffect;
  readonly pool: PoolDamageEffect;
  readonly itemDurability: ItemDurabilityEffect;
  readonly status: StatusEffect;
  readonly note: NoteEffect;
  readonly timedStatus: TimedStatusEffect;
}

export type Effect = EffectShapes[keyof EffectShapes];

/** Points taken from (or, negative, given back to) a character's pool, e.g. `stunPoints`, `hitPoints`. */
export interface PoolDamageEffect {
  readonly kind: "pool";
  readonly actorId: string;
  readonly pool: string;
  readonly amount: number;
}

/** An item's durability (FANGS weapon/shield SP) changes by `delta` (negative = damage). */
export interface ItemDurabilityEffect {
  readonly kind: "itemDurability";
  readonly actorId: string;
  readonly itemId: string;
  readonly delta: number;
  /** Why: "nick", "excess", "broken", "shattered", "specialParry"… (ruleset words). */
  readonly reason: string;
}

export interface StatusEffect {
  readonly kind: "status";
  readonly actorId: string;
  readonly status: string;
  readonly active: boolean;
}

/**
 * A registered timed status (timed-status.ts) put on a party: its status
 * now, its length rolled where it is applied, its end run by itself.
 */
export interface TimedStatusEffect {
  readonly kind: "timedStatus";
  readonly actorId: string;
  /** The registered definition's id ("sharene.knockedOut"). */
  readonly timedStatus: string;
}

/** Something the table must decide or know, with a localisation key and its data. */
export interface NoteEffect {
  readonly kind: "note";
  readonly key: string;
  readonly data: Readonly<Record<string, string | number | boolean>>;
}

/** Sums the pool damage an effect list does to one actor's pool. */
export function poolTotal(effects: readonly Effect[], actorId: string, pool: string): number {
  let total = 0;
  for (const e of effects)
    if (e.kind === "pool" && e.actorId === actorId && e.pool === pool) total += e.amount;
  return total;
}
