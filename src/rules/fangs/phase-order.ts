import { RulesError, requireInteger } from "../kernel/errors";
import type { TurnCandidate } from "../kernel/ruleset";
import { getManeuver, type Verdict } from "./maneuvers";
import { type ManeuverId, PHASE_IDS, type PhaseId, type WeaponKind } from "./types";

/**
 * What start-up reads of the FANGS round (NC-RND-1, -3, -7, -8, NC-ATK-1,
 * -2, -6, -7): who acts in each phase and in what order (the kernel's
 * ruleset, ./ruleset.ts), whether a maneuver may be held (the tracker and a
 * combatant's declaration), and the initiative modes. The rest of the round
 * (rolled initiative, holds' breaks and roll-offs: ./round.ts, which
 * re-exports these) is the round engine's, in FANGS's heavy part.
 */

/* -------------------------------------------- */
/*  Initiative (NC-RND-3, NC-RND-8)             */
/* -------------------------------------------- */

/** AG order (the rule), or the table's option: d20 + AG each round, or once per combat. */
export const InitiativeMode = {
  Agility: "agility",
  RollEachRound: "rollEachRound",
  RollOncePerCombat: "rollOncePerCombat",
} as const;
export type InitiativeMode = (typeof InitiativeMode)[keyof typeof InitiativeMode];

/* -------------------------------------------- */
/*  Holds (NC-RND-7)                            */
/* -------------------------------------------- */

/** NC-RND-7: a held action cannot be one that takes the whole round (nor one whose description forbids it). */
export function canActFromHold(maneuverId: ManeuverId | string): Verdict {
  const maneuver = getManeuver(maneuverId);
  if (maneuver.mayBeHeld) return { allowed: true, reasonKey: null };
  return {
    allowed: false,
    reasonKey: maneuver.wholeRound
      ? "FANGS.Rules.Hold.Refusal.WholeRound"
      : "FANGS.Rules.Hold.Refusal.CannotBeHeld",
  };
}

/* -------------------------------------------- */
/*  Who acts in each phase                      */
/* -------------------------------------------- */

/**
 * What phaseTurnOrder reads from a candidate's `facts`: FANGS's own part of
 * a turn candidate (the round engine's `turnCandidate` builds it).
 */
export interface FangsTurnFacts {
  /** The declared maneuver (NC-MAN-2); null: none yet. */
  readonly maneuver: string | null;
  /** Holding its action (NC-RND-4): no turn until it breaks the hold. */
  readonly held: boolean;
  /** In melee with a foe now: shoots in no Missile phase, strikes in the Melee phase. */
  readonly engaged: boolean;
  /** The kind of weapon the combatant attacks with this round; null or absent: no attack. */
  readonly attackKind?: WeaponKind | null;
  /** Post-melee attacks still owed (see attacks.ts `attackSlots`). */
  readonly postMeleeAttacks?: number;
  /**
   * The post-melee attack is an off-hand one without Two Weapon: −10 to
   * initiative as well as to attack (NC-DEF-7).
   */
  readonly offHandInitiativePenalty?: boolean;
}

/** A FANGS turn candidate: the kernel's with FANGS's facts. */
export type FangsTurnCandidate = TurnCandidate<FangsTurnFacts>;

/** Initiative penalty of an off-hand attack (NC-DEF-7). */
export const OFF_HAND_INITIATIVE_PENALTY = -10;

function factsOf(candidate: FangsTurnCandidate): FangsTurnFacts {
  const facts = candidate.facts;
  const kind = facts.attackKind;
  if (kind != null && kind !== "melee" && kind !== "thrown" && kind !== "missile") {
    throw new RulesError("invalid-value", `attackKind of ${candidate.id} must be melee, thrown or missile`, {
      id: candidate.id,
      kind,
    });
  }
  if (facts.postMeleeAttacks !== undefined) requireInteger(facts.postMeleeAttacks, "post-melee attacks", 0);
  return facts;
}

function attacksWithManeuver(facts: FangsTurnFacts): boolean {
  return facts.maneuver !== null && getManeuver(facts.maneuver).attacks > 0;
}

export function isPhaseId(id: unknown): id is PhaseId {
  return typeof id === "string" && (PHASE_IDS as readonly string[]).includes(id);
}

/**
 * Ids of those who get a turn in the phase, in acting order.
 * - Initiative: everyone still in the fight declares and moves (NC-RND-3).
 * - Missile: unengaged combatants attacking with a missile or thrown weapon
 *   (NC-ATK-1); Charge is a melee attack and never shoots.
 * - Melee: engaged combatants whose maneuver attacks with a melee weapon
 *   (NC-ATK-6), the charger included once its move has engaged it.
 * - Post-Melee: those owed a second attack (NC-ATK-7), an off-hand one at −10.
 * Holders are left out: the tracker places one where it breaks its hold
 * (`insertHeldTurn`). Anyone out of action is left out (NC-ATK-2): call
 * again after each exchange and a fighter dropped before its turn is gone.
 */
export function phaseTurnOrder(phase: PhaseId | string, candidates: readonly FangsTurnCandidate[]): string[] {
  if (!isPhaseId(phase)) {
    throw new RulesError(
      "invalid-value",
      `"${String(phase)}" is not a FANGS phase (${PHASE_IDS.join(", ")})`,
      {
        phase,
      },
    );
  }
  // Asked as every phase opens (each round of each simulated fight): a phase of a
  // few combatants is checked and ordered with no set, no sort and no message built.
  const few = candidates.length <= FEW_CANDIDATES;
  const seen = few ? null : new Set<string>();
  const ids: string[] = [];
  const values: number[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const candidate = candidates[i]!;
    if (seen === null ? listedBefore(candidates, i) : seen.has(candidate.id)) {
      throw new RulesError("invalid-value", `combatant ${candidate.id} is listed twice`, {
        id: candidate.id,
      });
    }
    seen?.add(candidate.id);
    if (!Number.isInteger(candidate.orderValue)) {
      requireInteger(candidate.orderValue, `order value (AG) of ${candidate.id}`);
    }
    const facts = factsOf(candidate);
    if (facts.held || candidate.outOfAction) continue;
    let value = candidate.orderValue;
    let acts: boolean;
    switch (phase) {
      case "initiative":
        acts = true;
        break;
      case "missile":
        acts =
          attacksWithManeuver(facts) &&
          facts.maneuver !== "charge" &&
          (facts.attackKind === "missile" || facts.attackKind === "thrown") &&
          !facts.engaged;
        break;
      case "melee":
        acts = attacksWithManeuver(facts) && facts.attackKind === "melee" && facts.engaged;
        break;
      case "postMelee":
        acts = (facts.postMeleeAttacks ?? 0) > 0;
        if (facts.offHandInitiativePenalty) value += OFF_HAND_INITIATIVE_PENALTY;
        break;
    }
    if (!acts) continue;
    ids.push(candidate.id);
    values.push(value);
  }
  return few ? byValueFew(ids, values) : byValueMany(ids, values);
}

/** Up to this many candidates, a phase's order is checked and sorted by plain loops. */
const FEW_CANDIDATES = 16;

function listedBefore(candidates: readonly FangsTurnCandidate[], i: number): boolean {
  const id = candidates[i]!.id;
  for (let j = 0; j < i; j++) if (candidates[j]!.id === id) return true;
  return false;
}

/** Higher value first, equal values in the given order: an insertion sort, stable as Array.prototype.sort. */
function byValueFew(ids: string[], values: number[]): string[] {
  for (let i = 1; i < ids.length; i++) {
    const id = ids[i]!;
    const value = values[i]!;
    let j = i - 1;
    for (; j >= 0 && values[j]! < value; j--) {
      ids[j + 1] = ids[j]!;
      values[j + 1] = values[j]!;
    }
    ids[j + 1] = id;
    values[j + 1] = value;
  }
  return ids;
}

function byValueMany(ids: string[], values: number[]): string[] {
  return ids
    .map((id, i) => ({ id, value: values[i]! }))
    .sort((a, b) => b.value - a.value)
    .map((a) => a.id);
}
