import { poolStatusChanges } from "../../rules/fangs/consequences";
import type { Effect } from "../../rules/kernel/effects";
import { RulesError } from "../../rules/kernel/errors";

/**
 * The GM's damage and healing outside a card, as plain data: the dialog's
 * answers checked, and the Effects they make for one actor. The pool
 * statuses (unconscious, coma, dying, dead) come from the rules core's
 * thresholds (poolStatusChanges), as a blow's do; no Foundry global here.
 */

export type GmDamageDirection = "damage" | "heal";
/** "both": the Stun and HP fields; "stunOnly": the HP field is ignored. */
export type GmDamageScope = "both" | "stunOnly";

/** What the dialog (or a macro) gives: the fields as typed. */
export interface GmDamageAnswers {
  readonly direction?: unknown;
  readonly scope?: unknown;
  readonly stunPoints?: unknown;
  readonly hitPoints?: unknown;
  /** "gm" whispers the note to the GMs; "public" shows it to everyone. */
  readonly visibility?: unknown;
}

export interface GmDamageRequest {
  readonly direction: GmDamageDirection;
  readonly stunPoints: number;
  readonly hitPoints: number;
  readonly whisper: boolean;
}

export type Parsed =
  | { readonly ok: true; readonly request: GmDamageRequest }
  | { readonly ok: false; readonly key: string; readonly data?: Readonly<Record<string, string>> };

/** A whole number of points ≥ 0 from what was typed, or why not. */
function points(raw: unknown, field: string): number | { key: string; data: Record<string, string> } {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (text === "") return { key: "FANGS.GmDamage.Error.Blank", data: { field } };
  if (!/^[+-]?\d+$/.test(text)) return { key: "FANGS.GmDamage.Error.NotWhole", data: { field, value: text } };
  const value = Number(text);
  if (value < 0) return { key: "FANGS.GmDamage.Error.Negative", data: { field, value: text } };
  if (!Number.isSafeInteger(value))
    return { key: "FANGS.GmDamage.Error.NotWhole", data: { field, value: text } };
  return value;
}

/**
 * Checks the answers. `field` names each field for the messages (localised
 * by the caller). Points must be whole and not negative; both blank or both
 * 0 change nothing and are refused.
 */
export function parseAnswers(raw: GmDamageAnswers, field: { stun: string; hp: string }): Parsed {
  const direction = raw.direction === "heal" ? "heal" : raw.direction === "damage" ? "damage" : null;
  if (direction === null) return { ok: false, key: "FANGS.GmDamage.Error.Direction" };
  const scope =
    raw.scope === "stunOnly" ? "stunOnly" : raw.scope === "both" || raw.scope === undefined ? "both" : null;
  if (scope === null) return { ok: false, key: "FANGS.GmDamage.Error.Scope" };
  const stun = points(raw.stunPoints, field.stun);
  if (typeof stun !== "number") return { ok: false, ...stun };
  let hp = 0;
  if (scope === "both") {
    const read = points(raw.hitPoints, field.hp);
    if (typeof read !== "number") return { ok: false, ...read };
    hp = read;
  }
  if (stun === 0 && hp === 0) return { ok: false, key: "FANGS.GmDamage.Error.Nothing" };
  const visibility = raw.visibility ?? "gm";
  if (visibility !== "gm" && visibility !== "public")
    return { ok: false, key: "FANGS.GmDamage.Error.Visibility" };
  return { ok: true, request: { direction, stunPoints: stun, hitPoints: hp, whisper: visibility === "gm" } };
}

/** One actor's pools and the characteristics the thresholds read. */
export interface PoolState {
  readonly stunPoints: { readonly value: number; readonly max: number };
  readonly hitPoints: { readonly value: number; readonly max: number };
  readonly co: number;
  readonly sz: number;
}

/**
 * The Effects of the request on one actor: pool effects (healing gives
 * back at most up to the pool's maximum, and nothing to a pool already at
 * or over it), then the pool statuses the move sets or lifts. No CO check
 * and no stun: the GM's change is not an attack (CORE-CON-1 asks for the
 * check on "one attack"). An actor whose CO or SZ the rules core cannot
 * read gets its pools changed and its statuses left alone.
 */
export function gmDamageEffects(actorId: string, state: PoolState, request: GmDamageRequest): Effect[] {
  const amount = (pool: { value: number; max: number }, asked: number): number =>
    request.direction === "damage" ? asked : -Math.min(asked, Math.max(0, pool.max - pool.value));
  const stun = amount(state.stunPoints, request.stunPoints);
  const hp = amount(state.hitPoints, request.hitPoints);
  const effects: Effect[] = [];
  if (stun !== 0) effects.push({ kind: "pool", actorId, pool: "stunPoints", amount: stun });
  if (hp !== 0) effects.push({ kind: "pool", actorId, pool: "hitPoints", amount: hp });
  if (effects.length === 0) return effects;
  const before = { stunPoints: state.stunPoints.value, hitPoints: state.hitPoints.value };
  const after = { stunPoints: before.stunPoints - stun, hitPoints: before.hitPoints - hp };
  try {
    effects.push(...poolStatusChanges(actorId, before, after, state.co, state.sz));
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
  }
  return effects;
}
