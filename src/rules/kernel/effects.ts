/**
 * What a resolution asks the world to change, as plain data. The rules core
 * never changes anything itself: the Foundry layer applies these effects (and
 * records their exact inverse for undo), the simulator applies them to its
 * own fighters. Ids are whatever the caller passed in (actor and item ids in
 * Foundry, fighter names in the simulator).
 */
import type { RulesetEffect } from "./effect-kinds";

export type { RulesetEffect };

export type Effect =
  | RulesetEffect
  | PoolDamageEffect
  | ItemDurabilityEffect
  | StatusEffect
  | StuckItemEffect
  | LoseActionEffect
  | ProneEffect
  | NoteEffect
  | TimedStatusEffect;

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

/** A weapon left stuck in a body or an item (FANGS impaling). */
export interface StuckItemEffect {
  readonly kind: "stuckItem";
  /** Who wields the stuck weapon. */
  readonly ownerId: string;
  readonly itemId: string;
  /** Who it is stuck in. */
  readonly targetId: string;
  /** Stuck in the body, or in one of the target's items (a shield). */
  readonly inItemId: string | null;
  /** The damage formula rolled each round it stays in (null when stuck in an item). */
  readonly perRoundDamage: string | null;
}

export interface LoseActionEffect {
  readonly kind: "loseAction";
  readonly actorId: string;
  readonly reason: string;
}

export interface ProneEffect {
  readonly kind: "prone";
  readonly actorId: string;
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
