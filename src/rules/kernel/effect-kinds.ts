import type { EffectSubject } from "./apply";

/**
 * Every effect kind, the kernel's own (a pool, an item's durability, a
 * status, a note: kernel-effect-kinds.ts) and each ruleset's (FANGS's stuck
 * weapon, lost action, fall and dropped weapon; a ruleset's `RulesetEffect`
 * kinds such as the toy's drain), is one registration here. An effect is
 * data; its kind says how it changes a party (`apply`) and how that change
 * is taken back (`invert`). A kind cannot be registered without its undo:
 * the type requires `invert`, and `registerEffectKind` refuses a definition
 * that lacks it at run time (a ruleset written in plain JavaScript, or cast).
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
  /** Lang key of the GM damage note's line for it, with {before} and {after}; absent, "{pool} {before} → {after}". */
  readonly noteKey?: string;
}

/** Why an effect changed nothing. */
export type SkipReason = "unknown-actor" | "unknown-item" | "no-item-sp" | "no-change" | "unknown-kind";

/** An application that changed nothing, and why: what `apply` answers instead of a record. */
export class EffectSkip {
  constructor(readonly reason: SkipReason) {}
}

/** What a kind is given besides the party: the pools' bounds and the caller's names for statuses. */
export interface KindRules {
  /** The lowest value of each bounded pool, by name. */
  readonly pools: PoolBounds;
  /** A status by the subject's word where it differs from the rules' word (the rules' "coma"). */
  readonly statusAliases: Readonly<Record<string, string>>;
}

/** An effect as the registry sees it: a `kind`, and whatever data its kind reads. */
export interface KindedEffect {
  readonly kind: string;
}

/**
 * `S` is the party its kinds change: the kernel's `EffectSubject`, or a
 * ruleset's extension of it (FANGS's `FangsEffectSubject`), which the
 * ruleset's callers (its table, its simulator) give.
 */
// biome-ignore lint/suspicious/noExplicitAny: each kind reads its own effect shape
export interface EffectKindDefinition<E extends KindedEffect = any, S extends EffectSubject = EffectSubject> {
  /**
   * The effect's `kind` ("pool", "stuckItem"), or for a `RulesetEffect` its
   * `effectKind`, prefixed with its ruleset's id ("toyDrain").
   */
  readonly id: string;
  /**
   * Claims the notes with this key: a note whose key it is runs this kind
   * (FANGS's dropped weapon) and still goes to the card as a note.
   */
  readonly noteKey?: string;
  /** Whether applying it may change a document; false for a plain note (default true). */
  readonly changesDocuments?: boolean;
  /** The party it changes (default: its `actorId`); null when it changes none (a plain note). */
  party?(effect: E): string | null;
  /**
   * Changes the party (its pools, statuses, items) as the effect says and
   * returns what its undo needs, an `EffectSkip` saying why it changed
   * nothing, or null (nothing changed).
   */
  apply(effect: E, subject: S, pools: PoolBounds, rules: KindRules): EffectRecord | EffectSkip | null;
  /** Takes back exactly what `apply` recorded, on the party as `apply` left it. */
  invert(record: EffectRecord, subject: S, pools: PoolBounds, rules: KindRules): void;
}

/** The lowest value of each bounded pool, by name. */
export type PoolBounds = Readonly<Record<string, number>>;

const kinds = new Map<string, EffectKindDefinition>();
const noteKinds = new Map<string, EffectKindDefinition>();
const kernelKinds = new Set<string>();

function check(definition: EffectKindDefinition): string {
  const id = (definition as { id?: unknown }).id;
  if (typeof id !== "string" || id === "") throw new Error("FANGS | an effect kind needs an id");
  if (typeof definition.apply !== "function")
    throw new Error(`FANGS | the effect kind "${id}" cannot be registered without its apply`);
  if (typeof definition.invert !== "function")
    throw new Error(`FANGS | the effect kind "${id}" cannot be registered without its undo (invert)`);
  return id;
}

function store(id: string, definition: EffectKindDefinition): void {
  kinds.set(id, definition);
  if (definition.noteKey !== undefined) noteKinds.set(definition.noteKey, definition);
}

/**
 * Registers a ruleset's effect kind (registerRulesetDefinition calls it for
 * each of a definition's `effectKinds`); registering an id again replaces
 * it. Throws when it lacks `apply` or `invert`, or its id is a kernel kind's.
 */
export function registerEffectKind(definition: EffectKindDefinition): void {
  const id = check(definition);
  if (kernelKinds.has(id)) throw new Error(`FANGS | the effect kind "${id}" is the kernel's own`);
  store(id, definition);
}

/** The kernel's own kinds (kernel-effect-kinds.ts): no ruleset may take their ids. */
export function registerKernelEffectKind(definition: EffectKindDefinition): void {
  const id = check(definition);
  kernelKinds.add(id);
  store(id, definition);
}

export function getEffectKind(id: string): EffectKindDefinition | undefined {
  return kinds.get(id);
}

/** Every registered kind's id, the kernel's first (the undo property test covers each). */
export function registeredEffectKinds(): string[] {
  return [...kinds.keys()];
}

/** The kind that runs an effect: a ruleset effect's `effectKind`, a note's claimed key, else its `kind`. */
export function effectKindOf(effect: KindedEffect): EffectKindDefinition | undefined {
  if (effect.kind === "ruleset") return kinds.get((effect as RulesetEffect).effectKind);
  if (effect.kind === "note") {
    const claimed = noteKinds.get((effect as { key?: string }).key ?? "");
    if (claimed) return claimed;
  }
  return kinds.get(effect.kind);
}

/** The party an effect changes, by its kind; null when it changes none or its kind is unknown. */
export function partyOf(effect: KindedEffect): string | null {
  const kind = effectKindOf(effect);
  if (!kind) return null;
  return kind.party ? kind.party(effect) : ((effect as { actorId?: string }).actorId ?? null);
}

/** A pool's value after falling by `amount`, held at its lowest value if it has one. */
export function poolAfter(now: number, amount: number, min: number | undefined): number {
  const value = now - amount;
  return min === undefined ? value : Math.max(min, value);
}
