import { activeTableRuleset } from "./rulesets";

/**
 * State between two fighters (range, a hold, reach, a grapple), kept on the
 * Combat: `system.pairs`, one entry per pair, keyed by the two combatant ids
 * sorted. Each entry is the world ruleset's own data, checked by its
 * `pairs.parse` (src/combat/table-ruleset.ts) on every read and write; only
 * the active GM writes it, and a pair is taken off when one of the two
 * leaves the combat (`Combat#_onDeleteDescendantDocuments`).
 *
 * A pair taken off is written as null rather than deleted: an update merges
 * into the stored object, and a null entry reads as "no state" everywhere.
 */

/** How a ruleset checks its data between two fighters: the data, or null when it is not its shape. */
export interface TablePairs<T = unknown> {
  parse(data: unknown): T | null;
}

const SEPARATOR = "|";

/** The key of the pair of these two combatants: the same whichever is named first. */
export function pairKey(a: string, b: string): string {
  if (a === b || a.includes(SEPARATOR) || b.includes(SEPARATOR) || a.includes(".") || b.includes("."))
    throw new Error(`FANGS | no pair of combatants "${a}" and "${b}"`);
  return a < b ? `${a}${SEPARATOR}${b}` : `${b}${SEPARATOR}${a}`;
}

/** The two combatant ids a pair's key names. */
export function pairIds(key: string): readonly [string, string] {
  const [a = "", b = ""] = key.split(SEPARATOR);
  return [a, b];
}

interface PairsCombat {
  readonly system: unknown;
}

/** The stored entries, as they are (null for a pair taken off). */
function storedPairs(combat: PairsCombat): Readonly<Record<string, unknown>> {
  const pairs = (combat.system as { pairs?: unknown } | null)?.pairs;
  return pairs !== null && typeof pairs === "object" ? (pairs as Record<string, unknown>) : {};
}

/** The world ruleset's check of its pair data; none when its table keeps no state between fighters. */
function activePairs(): TablePairs | undefined {
  return activeTableRuleset().pairs;
}

/**
 * The state between two combatants, as the ruleset's check reads it; null
 * when there is none, or what is stored is not the ruleset's shape.
 */
export function readPair<T>(
  combat: PairsCombat,
  a: string,
  b: string,
  pairs: TablePairs<T> | undefined = activePairs() as TablePairs<T> | undefined,
): T | null {
  const raw = storedPairs(combat)[pairKey(a, b)];
  if (raw === null || raw === undefined || !pairs) return null;
  return pairs.parse(raw);
}

/** Every pair with state, by key, that names this combatant. */
export function pairsOf(combat: PairsCombat, id: string): string[] {
  return Object.entries(storedPairs(combat))
    .filter(([key, value]) => value !== null && pairIds(key).includes(id))
    .map(([key]) => key);
}

/**
 * The Combat update that writes (or, with null, takes off) the state
 * between two combatants, checked by the world ruleset; null when the
 * ruleset keeps no such state or refuses the data.
 */
export function pairUpdate(a: string, b: string, data: unknown): Combat.UpdateData | null {
  const pairs = activePairs();
  if (!pairs) return null;
  let value: unknown = null;
  if (data !== null) {
    value = pairs.parse(data);
    if (value === null) return null;
  }
  return { system: { pairs: { [pairKey(a, b)]: value } } };
}

/**
 * Writes the state between two combatants (null: takes it off). Only the
 * active GM's client writes it, from what it derived itself; false when
 * refused (another client, a combatant not in the combat, data that is not
 * the ruleset's). Callers on the GM's side run inside the Combat's `inTurn`.
 */
export async function writePair(
  combat: Combat.Implementation,
  a: string,
  b: string,
  data: unknown,
): Promise<boolean> {
  if (!game.users?.activeGM?.isSelf) return false;
  if (!combat.combatants.get(a) || !combat.combatants.get(b)) return false;
  const update = pairUpdate(a, b, data);
  if (!update) return false;
  await combat.update(update);
  return true;
}

/** The update that takes off every pair naming one of these combatants; null when none does. */
export function pairsLeaving(combat: PairsCombat, ids: readonly string[]): Record<string, unknown> | null {
  const keys = [...new Set(ids.flatMap((id) => pairsOf(combat, id)))];
  if (keys.length === 0) return null;
  return { system: { pairs: Object.fromEntries(keys.map((key) => [key, null])) } };
}
