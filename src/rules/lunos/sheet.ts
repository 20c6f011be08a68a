import { requireInteger } from "../kernel/errors";
import { allLevelsUsed, healthLadder, overcomeByPain, woundPenalty } from "./health";
import { LUNOS_HEALTH_RULES, type LunosHealthRules } from "./health-rules";
import { MAX_RATING } from "./pool";

/**
 * What a sheet shows of a fighter's health between blows, worked out by
 * the same functions the round engine calls (./health.ts): its levels
 * with their penalties, which of them are taken and by what kind of
 * damage, the wound penalty every pool loses, whether the pain has put it
 * out and whether every level is used.
 */

/** The kinds of damage a level is taken by, gravest first: the order a track is filled in. */
export const TRACK_KINDS = ["trauma", "wounding", "bruising"] as const;
export type TrackKind = (typeof TRACK_KINDS)[number];

/** Levels taken of each kind, as a sheet stores them (the engine's FighterState tallies). */
export interface LevelsTaken {
  readonly bruising: number;
  readonly wounding: number;
  readonly trauma: number;
}

export interface HealthBox {
  /** Dice this level takes off every pool once it is the last taken. */
  readonly penalty: number;
  /** The kind of damage that took it, or null while it is free. */
  readonly kind: TrackKind | null;
}

export interface HealthTrack {
  readonly boxes: readonly HealthBox[];
  readonly levels: number;
  readonly taken: number;
  /** Levels still free (0 once every one is used). */
  readonly left: number;
  /** LUN-HLT-2: dice off every pool. */
  readonly woundPenalty: number;
  /** LUN-HLT-2: the wound penalty exceeds Willpower. */
  readonly unconscious: boolean;
  /** LUN-HLT-4: every level used; the dying clock runs. */
  readonly allUsed: boolean;
}

/**
 * The track of a fighter of this Body and Willpower with these levels
 * taken. Levels taken past the last box (a fighter killed by a further
 * blow) are counted, not drawn.
 */
export function healthTrack(
  taken: LevelsTaken,
  body: number,
  willpower: number,
  rules: LunosHealthRules = LUNOS_HEALTH_RULES,
): HealthTrack {
  requireInteger(willpower, "Willpower", 0, MAX_RATING);
  const counts = TRACK_KINDS.map((kind) => requireInteger(taken[kind], `levels of ${kind}`, 0));
  const ladder = healthLadder(body, rules);
  const kinds: TrackKind[] = TRACK_KINDS.flatMap((kind, i) => Array<TrackKind>(counts[i]!).fill(kind));
  const total = kinds.length;
  return {
    boxes: ladder.map((penalty, i) => ({ penalty, kind: kinds[i] ?? null })),
    levels: ladder.length,
    taken: total,
    left: Math.max(0, ladder.length - total),
    woundPenalty: woundPenalty(total, body, rules),
    unconscious: overcomeByPain(total, body, willpower, rules),
    allUsed: allLevelsUsed(total, body, rules),
  };
}
