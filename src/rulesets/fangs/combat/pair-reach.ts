import { pairUpdate, readPair, type TablePairs } from "../../../combat/pairs";
import { activeTableRuleset } from "../../../combat/rulesets";
import { loadRuleset } from "../../../on-demand";
import type { Range } from "../../../rules/fangs/reach";
import { rulesOptions } from "../config/settings";

/**
 * The reach module's share of FANGS's state between two fighters
 * (src/combat/pairs.ts, `system.pairs` on the Combat, written by the active
 * GM only): the range the two stand at since they engaged, and the round of
 * each one's last advance or withdraw (RHF-RNG-3: one a round). Its own
 * field, `reach`, so another module's share of the same pair stays its own.
 * Small and rule-free: the tracker reads it at start-up; the rules that set
 * it are in ./reach-table.ts, loaded with the fight.
 */

export interface PairReach {
  readonly range: Range;
  /** By combatant id (one of the two), the round of its last advance or withdraw. */
  readonly moved: Readonly<Record<string, number>>;
  /**
   * The round their tokens parted in; absent while they stand engaged. The
   * range and the rounds stay for that round (a step away and back does not
   * undo a range won, nor the round's one maneuver); from the next round
   * the pair reads as not engaged (./reach-table.ts `keptReach`). Null is
   * written to take the mark off (an update merges into what is stored).
   */
  readonly apart?: number | null;
}

/** What FANGS keeps between two fighters: each module's own field; null or absent, none. */
export interface PairWithReach {
  readonly reach?: PairReach | null;
  /** Another module's field, read by its own function. */
  readonly [field: string]: unknown;
}

/**
 * The three ranges, shortest first (the core's RANGES): written out here so
 * that the tracker reads a kept range without loading the module's rules.
 */
export const KEPT_RANGES: readonly Range[] = Object.freeze(["close", "medium", "long"]);

const ID = /^[A-Za-z0-9]{1,64}$/;

function plain(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * A kept range read back: a range of the three, and rounds that are whole
 * and at least 1 for at most two fighters. Anything else reads as none, so
 * that a damaged entry is re-engaged rather than believed.
 */
export function parsePairReach(raw: unknown): PairReach | null {
  if (!plain(raw)) return null;
  if (typeof raw.range !== "string" || !(KEPT_RANGES as readonly string[]).includes(raw.range)) return null;
  const moved = raw.moved ?? {};
  if (!plain(moved)) return null;
  const entries = Object.entries(moved);
  if (entries.length > 2) return null;
  for (const [id, round] of entries)
    if (!ID.test(id) || typeof round !== "number" || !Number.isSafeInteger(round) || round < 1) return null;
  const apart = raw.apart;
  if (
    apart !== undefined &&
    apart !== null &&
    (typeof apart !== "number" || !Number.isSafeInteger(apart) || apart < 1)
  )
    return null;
  return {
    range: raw.range as Range,
    moved: Object.fromEntries(entries) as Record<string, number>,
    ...(apart !== undefined ? { apart: apart as number | null } : {}),
  };
}

/**
 * The reach module's own reader of a pair (FANGS's whole part is ./pairs.ts): each field of the pair checked by its own module's
 * function, here the reach module's `reach` (a field not of its shape reads
 * as null: none); the pair's other fields are kept as they are, for their
 * own modules to read, and a write of null takes one field off while the
 * others stay (the update merges). Only a pair that is no object at all is
 * refused.
 */
export const pairReachReader: TablePairs<PairWithReach> = Object.freeze({
  parse(data: unknown): PairWithReach | null {
    if (!plain(data)) return null;
    if (!("reach" in data)) return { ...data };
    return { ...data, reach: data.reach === null ? null : parsePairReach(data.reach) };
  },
});

/** The range two combatants stand at, as kept; null when none is (not engaged, or parted). */
export function pairReachOf(combat: { readonly system: unknown }, a: string, b: string): PairReach | null {
  if (a === b) return null;
  try {
    const reach = readPair(combat, a, b, pairReachReader)?.reach ?? null;
    // Rounds kept for a fighter not of this pair: not what the GM wrote.
    return reach && Object.keys(reach.moved).every((id) => id === a || id === b) ? reach : null;
  } catch {
    // An id no pair can have (src/combat/pairs.ts, pairKey): no range.
    return null;
  }
}

/** The Combat update that keeps (or, with null, forgets) the range between two combatants. */
export function pairReachUpdate(a: string, b: string, reach: PairReach | null): Combat.UpdateData | null {
  if (reach !== null && parsePairReach(reach) === null) return null;
  return pairUpdate(a, b, { reach });
}

/**
 * The reach module: two fighters who part forget their range. When a token
 * of a fighter that keeps one moves, the active GM's client checks, in the
 * Combat's turn, whether each of its pairs still stands engaged
 * (../apps/attack/range-maneuver.ts `partIfApart`), in FANGS's heavy part.
 */
export function registerReachParting(): void {
  Hooks.on("updateToken", ((token: { readonly id?: string | null }, changed: Record<string, unknown>) => {
    if (!("x" in changed || "y" in changed) || !game.users?.activeGM?.isSelf) return;
    if (activeTableRuleset().id !== "fangs" || rulesOptions()?.reachModule !== true) return;
    void loadRuleset("fangs").then(({ partIfApart }) => partIfApart(token));
  }) as never);
}
