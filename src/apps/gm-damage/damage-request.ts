import type { Effect } from "../../rules/kernel/effects";

/**
 * The GM's damage and healing outside a card, as plain data: the dialog's
 * answers checked against the world ruleset's pools; the Effects they make
 * for one actor are its ruleset's (`gmDamage` of its definition: FANGS's
 * adjustPools), else each pool moved by its points; no Foundry global here.
 */

export type GmDamageDirection = "damage" | "heal";
/**
 * "both": every pool's field; "firstOnly": only the first pool's, the others
 * ignored ("stunOnly", FANGS's first pool, is the same for macros written
 * before).
 */
export type GmDamageScope = "both" | "firstOnly";

/** What the dialog (or a macro) gives: the fields as typed, each pool's points under its name. */
export interface GmDamageAnswers {
  readonly direction?: unknown;
  readonly scope?: unknown;
  /** "gm" whispers the note to the GMs; "public" shows it to everyone. */
  readonly visibility?: unknown;
  readonly [pool: string]: unknown;
}

export interface GmDamageRequest {
  readonly direction: GmDamageDirection;
  /** Points for each pool of the world's ruleset, by its name. */
  readonly points: Readonly<Record<string, number>>;
  readonly whisper: boolean;
}

/** A pool's field: its name (the answer's key) and its localised label (for the messages). */
export interface GmDamageField {
  readonly name: string;
  readonly label: string;
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
 * Checks the answers against the world ruleset's pools, in their order
 * (`fields`, each with its label for the messages). Points must be whole
 * and not negative; all blank or 0 changes nothing and is refused.
 */
export function parseAnswers(raw: GmDamageAnswers, fields: readonly GmDamageField[]): Parsed {
  const direction = raw.direction === "heal" ? "heal" : raw.direction === "damage" ? "damage" : null;
  if (direction === null) return { ok: false, key: "FANGS.GmDamage.Error.Direction" };
  const scope =
    raw.scope === "firstOnly" || raw.scope === "stunOnly"
      ? "firstOnly"
      : raw.scope === "both" || raw.scope === undefined
        ? "both"
        : null;
  if (scope === null) return { ok: false, key: "FANGS.GmDamage.Error.Scope" };
  const read: Record<string, number> = {};
  for (const [i, field] of fields.entries()) {
    if (scope === "firstOnly" && i > 0) {
      read[field.name] = 0;
      continue;
    }
    const value = points(raw[field.name], field.label);
    if (typeof value !== "number") return { ok: false, ...value };
    read[field.name] = value;
  }
  if (Object.values(read).every((v) => v === 0)) return { ok: false, key: "FANGS.GmDamage.Error.Nothing" };
  const visibility = raw.visibility ?? "gm";
  if (visibility !== "gm" && visibility !== "public")
    return { ok: false, key: "FANGS.GmDamage.Error.Visibility" };
  return { ok: true, request: { direction, points: read, whisper: visibility === "gm" } };
}

/** One actor's pool as the tool reads it. */
export interface PoolNow {
  readonly name: string;
  readonly value: number;
  readonly max: number;
}

/**
 * The effects of the request on a ruleset's pools when it brings no rule of
 * its own: each pool moves by its points, healing never over the maximum.
 */
export function plainPoolEffects(
  actorId: string,
  pools: readonly PoolNow[],
  request: GmDamageRequest,
): Effect[] {
  const effects: Effect[] = [];
  for (const pool of pools) {
    const asked = request.points[pool.name] ?? 0;
    const amount =
      request.direction === "damage" ? asked : -Math.min(asked, Math.max(0, pool.max - pool.value));
    if (amount !== 0) effects.push({ kind: "pool", actorId, pool: pool.name, amount });
  }
  return effects;
}
