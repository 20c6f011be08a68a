import { adjustPools, type PoolState } from "../../rules/fangs/consequences";
import type { Effect } from "../../rules/kernel/effects";

/**
 * The GM's damage and healing outside a card, as plain data: the dialog's
 * answers checked; the Effects they make for one actor are the rules
 * core's (adjustPools: healing up to the maximum, the pool statuses by the
 * thresholds a blow's use); no Foundry global here.
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

/** One actor's pools, read for the rules core's adjustPools. */
export type { PoolState } from "../../rules/fangs/consequences";

/** The Effects of the request on one actor: the rules core decides (adjustPools). */
export function gmDamageEffects(actorId: string, state: PoolState, request: GmDamageRequest): Effect[] {
  return adjustPools(actorId, state, request);
}
