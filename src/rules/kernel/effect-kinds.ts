import type { EffectSubject } from "./apply";

/**
 * Effect kinds and pools a ruleset adds to the kernel's own (effects.ts).
 * A ruleset's effect is data like any other (`RulesetEffect`); its kind says
 * how it changes a party (`apply`) and how that change is taken back
 * (`invert`). A kind cannot be registered without its undo: the type
 * requires `invert`, and `registerEffectKind` refuses a definition that
 * lacks it at run time (a ruleset written in plain JavaScript, or cast).
 */

export type EffectDatum = string | number | boolean | null;

/** A ruleset's own effect on one party: its kind's id and plain data. */
export interface RulesetEffect {
  readonly kind: "ruleset";
  /** The registered kind's id, prefixed with its ruleset's id ("toyDrain"). */
  readonly effectKind: string;
  readonly actorId: string;
  readonly data: Readonly<Record<string, EffectDatum>>;
}

/** What an application changed, as plain data: all its undo needs. */
export type EffectRecord = Readonly<Record<string, EffectDatum>>;

/** A pool an effect may move: its name and where it lives on the actor. */
export interface PoolDefinition {
  /** The name effects use ("stunPoints", "toyHp"). */
  readonly name: string;
  /** The actor's `system` path to `{ value, max }` ("stunPoints", "health.wounds"). */
  readonly path: string;
  /** Lang key of its name (cards, the GM's damage tool). */
  readonly labelKey: string;
  /** The lowest value an effect may leave; absent, it may fall without bound (FANGS's pools). */
  readonly min?: number;
}

export interface EffectKindDefinition {
  readonly id: string;
  /**
   * Changes the party (its pools, statuses, items) as the effect says and
   * returns what its undo needs, or null when nothing changed. `pools`
   * bounds the pools by name.
   */
  apply(effect: RulesetEffect, subject: EffectSubject, pools: PoolBounds): EffectRecord | null;
  /** Takes back exactly what `apply` recorded, on the party as `apply` left it. */
  invert(record: EffectRecord, subject: EffectSubject, pools: PoolBounds): void;
}

/** The lowest value of each bounded pool, by name. */
export type PoolBounds = Readonly<Record<string, number>>;

/** The kinds effects.ts defines; a registered kind may not take one of their names. */
const KERNEL_KINDS = new Set([
  "pool",
  "itemDurability",
  "status",
  "stuckItem",
  "loseAction",
  "prone",
  "note",
]);

const kinds = new Map<string, EffectKindDefinition>();

/** Registers an effect kind; throws when it lacks `apply` or `invert`, or its id is a kernel kind's. */
export function registerEffectKind(definition: EffectKindDefinition): void {
  const id = (definition as { id?: unknown }).id;
  if (typeof id !== "string" || id === "") throw new Error("FANGS | an effect kind needs an id");
  if (KERNEL_KINDS.has(id)) throw new Error(`FANGS | the effect kind "${id}" is the kernel's own`);
  if (typeof definition.apply !== "function")
    throw new Error(`FANGS | the effect kind "${id}" cannot be registered without its apply`);
  if (typeof definition.invert !== "function")
    throw new Error(`FANGS | the effect kind "${id}" cannot be registered without its undo (invert)`);
  kinds.set(id, definition);
}

export function getEffectKind(id: string): EffectKindDefinition | undefined {
  return kinds.get(id);
}

/** A pool's value after falling by `amount`, held at its lowest value if it has one. */
export function poolAfter(now: number, amount: number, min: number | undefined): number {
  const value = now - amount;
  return min === undefined ? value : Math.max(min, value);
}
