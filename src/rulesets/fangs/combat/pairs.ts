import type { TablePairs } from "../../../combat/pairs";
import { type PairReach, parsePairReach } from "./pair-reach";

/**
 * FANGS's state between two fighters on the Combat (`system.pairs`,
 * src/combat/pairs.ts): each rule's part in a field of its own, read by a
 * reader of its own, so one part's bad value never costs another its own.
 * Only the active GM writes it. A part written as null is taken off (an
 * update merges into the stored pair), and reads as none.
 */

/**
 * The holds module's hold (RHF-HLD-1, docs/rules/fangs.md "Holds with
 * control points"): `grappler` holds the pair's other fighter; `points`, the
 * control points gained so far; `since`, the round the grapple was made;
 * `card`, the exchange card that made it (its Undo takes the hold off).
 */
export interface PairHold {
  readonly grappler: string;
  readonly points: number;
  readonly since: number;
  readonly card: string | null;
  /** The round the held one last tried to break free and failed (one try a round, NC-GRP-3); absent: none. */
  readonly tried?: number;
}

export interface FangsPair {
  /** Null: taken off. */
  readonly hold?: PairHold | null;
  /** The reach module's range (./pair-reach.ts); null: none. */
  readonly reach?: PairReach | null;
}

const ID = /^[A-Za-z0-9]{1,64}$/;
const whole = (n: unknown, min: number): n is number =>
  typeof n === "number" && Number.isSafeInteger(n) && n >= min && n <= 100_000;

/** A stored hold, shape-checked; null when taken off, undefined when absent or malformed. */
export function parseHold(raw: unknown): PairHold | null | undefined {
  if (raw === null) return null;
  const h = raw as Partial<PairHold> | undefined;
  if (!h || typeof h !== "object") return undefined;
  if (typeof h.grappler !== "string" || !ID.test(h.grappler)) return undefined;
  if (!whole(h.points, 0) || !whole(h.since, 1)) return undefined;
  if (h.card !== null && (typeof h.card !== "string" || !ID.test(h.card))) return undefined;
  const hold = { grappler: h.grappler, points: h.points, since: h.since, card: h.card };
  return whole(h.tried, 1) ? { ...hold, tried: h.tried } : hold;
}

/**
 * The pair's data, each module's part checked by its own reader: a bad hold
 * is dropped, a bad range reads as none (null); any other part is kept as it
 * is, for its own reader; null when the pair is no object.
 */
export function parseFangsPair(data: unknown): FangsPair | null {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return null;
  const { hold: rawHold, reach: rawReach, ...others } = data as Record<string, unknown>;
  const hold = rawHold === undefined ? undefined : parseHold(rawHold);
  return {
    ...others,
    ...(hold === undefined ? {} : { hold }),
    ...(rawReach === undefined ? {} : { reach: rawReach === null ? null : parsePairReach(rawReach) }),
  };
}

export const FANGS_PAIRS: TablePairs<FangsPair> = Object.freeze({ parse: parseFangsPair });
