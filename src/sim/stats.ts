/**
 * Counting fights and reading odds off the counts. A tally holds only whole
 * counts, so merging tallies is exact and order-free: the odds of a run are
 * the same however it was split over workers or chunks.
 */

/** How a side stands when its fight ends. */
export const END_STATES = ["dead", "dying", "unconscious", "fled", "standing"] as const;
export type EndState = (typeof END_STATES)[number];

export interface SideTally {
  wins: number;
  ends: Record<EndState, number>;
}

export interface OddsTally {
  fights: number;
  /**
   * Per side. A side's end is its own fighter's in a duel; with several
   * fighters, its best-off fighter's (standing, else fled, unconscious,
   * dying, dead).
   */
  sides: [SideTally, SideTally];
  /** How each fighter ends (FighterIndex order: side 0's fighters, then side 1's). */
  fighters: Record<EndState, number>[];
  /** Both sides out in the same round. */
  draws: number;
  /** Fights stopped at the round limit with both sides still up. */
  unfinished: number;
  roundsTotal: number;
  /** `rounds[r]` = fights that ended in round r. */
  rounds: number[];
}

/** What one fight contributes to a tally. */
export interface FightSummary {
  /** 0 or 1; null for a draw or an unfinished fight. */
  readonly winner: 0 | 1 | null;
  readonly rounds: number;
  /** Per fighter; in a duel, fighter 0 is side 0 and fighter 1 side 1. */
  readonly ends: readonly EndState[];
  /** Per side, when a side has more than one fighter (see OddsTally.sides); a duel's are its `ends`. */
  readonly sideEnds?: readonly [EndState, EndState];
  readonly unfinished: boolean;
}

function emptyEnds(): Record<EndState, number> {
  return { dead: 0, dying: 0, unconscious: 0, fled: 0, standing: 0 };
}

function emptySide(): SideTally {
  return { wins: 0, ends: emptyEnds() };
}

export function emptyTally(): OddsTally {
  return {
    fights: 0,
    sides: [emptySide(), emptySide()],
    fighters: [],
    draws: 0,
    unfinished: 0,
    roundsTotal: 0,
    rounds: [],
  };
}

export function addFight(tally: OddsTally, fight: FightSummary): void {
  tally.fights += 1;
  if (fight.winner !== null) tally.sides[fight.winner].wins += 1;
  else if (fight.unfinished) tally.unfinished += 1;
  else tally.draws += 1;
  const sideEnds = fight.sideEnds ?? fight.ends;
  tally.sides[0].ends[sideEnds[0]!] += 1;
  tally.sides[1].ends[sideEnds[1]!] += 1;
  const ends = fight.ends;
  while (tally.fighters.length < ends.length) tally.fighters.push(emptyEnds());
  for (let i = 0; i < ends.length; i += 1) tally.fighters[i]![ends[i]!] += 1;
  tally.roundsTotal += fight.rounds;
  while (tally.rounds.length <= fight.rounds) tally.rounds.push(0);
  tally.rounds[fight.rounds]! += 1;
}

/** Adds `from` into `into` (returns `into`). */
export function mergeTally(into: OddsTally, from: OddsTally): OddsTally {
  into.fights += from.fights;
  into.draws += from.draws;
  into.unfinished += from.unfinished;
  into.roundsTotal += from.roundsTotal;
  for (const s of [0, 1] as const) {
    into.sides[s].wins += from.sides[s].wins;
    for (const e of END_STATES) into.sides[s].ends[e] += from.sides[s].ends[e];
  }
  while (into.fighters.length < from.fighters.length) into.fighters.push(emptyEnds());
  from.fighters.forEach((ends, i) => {
    for (const e of END_STATES) into.fighters[i]![e] += ends[e];
  });
  while (into.rounds.length < from.rounds.length) into.rounds.push(0);
  from.rounds.forEach((n, r) => {
    into.rounds[r]! += n;
  });
  return into;
}

export interface Interval {
  readonly p: number;
  readonly low: number;
  readonly high: number;
}

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/**
 * Wilson score interval for a proportion: unlike p ± z·sd it stays within
 * [0, 1] and behaves at 0 or n successes, which lopsided fights produce.
 */
export function wilsonInterval(successes: number, n: number, z = Z95): Interval {
  if (!Number.isInteger(n) || n <= 0 || !Number.isInteger(successes) || successes < 0 || successes > n) {
    throw new RangeError(`a proportion needs 0 ≤ successes ≤ n and n ≥ 1, got ${successes}/${n}`);
  }
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // At 0 or n successes the bound is exactly 0 or 1; rounding would leave 1e-17.
  return {
    p,
    low: successes === 0 ? 0 : Math.max(0, centre - half),
    high: successes === n ? 1 : Math.min(1, centre + half),
  };
}

export interface HistogramBin {
  /** First and last round of the bin (inclusive). */
  readonly from: number;
  readonly to: number;
  readonly count: number;
}

/** Groups `rounds` counts into at most `maxBins` bins of equal width. */
export function binRounds(rounds: readonly number[], maxBins = 12): HistogramBin[] {
  let first = rounds.findIndex((n) => n > 0);
  if (first < 0) return [];
  let last = rounds.length - 1;
  while (last > first && rounds[last] === 0) last -= 1;
  first = Math.max(1, first);
  const width = Math.max(1, Math.ceil((last - first + 1) / maxBins));
  const bins: HistogramBin[] = [];
  for (let from = first; from <= last; from += width) {
    const to = Math.min(last, from + width - 1);
    let count = 0;
    for (let r = from; r <= to; r += 1) count += rounds[r] ?? 0;
    bins.push({ from, to, count });
  }
  return bins;
}

export function meanRounds(tally: OddsTally): number {
  return tally.fights === 0 ? 0 : tally.roundsTotal / tally.fights;
}
