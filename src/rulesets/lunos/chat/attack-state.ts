import {
  cardDataOf,
  gmStepRefusal,
  NOT_PERMITTED,
  STALE,
  type StepRefusal,
  WRONG_STAGE,
} from "../../../chat/card-state";
import type { AppliedDelta } from "../../../chat/card-steps";
import type { Effect } from "../../../rules/kernel/effects";
import type { ManeuverOffer } from "../../../rules/lunos/attack-choice";
import type { PendingAttack, TargetOutcome, TargetSpend, Threat } from "../../../rules/lunos/round-engine";
import type { AttackSkill, Maneuver } from "../../../rules/lunos/types";
import { type LUNOS_ATTACK_STAGES, LUNOS_ATTACK_TYPE } from "../data/attack-card";

/**
 * Lunos's attack card as plain data, and who may take which step of it:
 * pure, so the flow (./attack-flow.ts), the drawing (./attack-view.ts) and
 * the tests read one shape.
 */

export type LunosAttackStage = (typeof LUNOS_ATTACK_STAGES)[number];

export interface CardParty {
  readonly combatantId: string;
  readonly actorUuid: string;
  readonly name: string;
}

/** The attack as settled before the roll (round-engine.ts `AttackDeclaration` and its kind). */
export interface SettledAttack {
  readonly kind: PendingAttack["kind"];
  readonly skill: AttackSkill;
  readonly declared: Maneuver | null;
  readonly forgoDamage: boolean;
  /** The faces of the pool's dice and of the luck die, as the rules rolled them. */
  readonly poolDie: number;
  readonly luckDie: number;
  /**
   * On a threat's strike (LUN-MNV-3), the threat struck: its held margin
   * stands for the roll (no dice), and the card writes the fight when
   * applied, giving the threat back on Undo.
   */
  readonly threat?: Threat | null;
}

export interface LunosAttackCard {
  readonly ruleset: string;
  readonly revision: number;
  readonly stage: LunosAttackStage;
  readonly rollMode: string;
  readonly combatId: string;
  readonly round: number;
  readonly attacker: CardParty;
  readonly targets: readonly CardParty[];
  readonly weaponName: string;
  readonly attack: SettledAttack;
  readonly pending: PendingAttack | null;
  readonly faces: readonly number[];
  readonly luck: number;
  readonly menu: Readonly<Record<string, readonly ManeuverOffer[]>>;
  readonly spends: readonly TargetSpend[];
  readonly outcomes: readonly TargetOutcome[];
  readonly effects: readonly Effect[];
  readonly deltas: readonly AppliedDelta[];
  /** The round's record (`system.records.fight`) just before this card's Apply and just after; null unless applied. */
  readonly applied?: {
    readonly before: Record<string, unknown>;
    readonly after: Record<string, unknown>;
  } | null;
}

/** The card's data, or null for a message that is not a Lunos attack. */
export function lunosAttackOf(message: unknown): LunosAttackCard | null {
  return cardDataOf<LunosAttackCard>(message, LUNOS_ATTACK_TYPE);
}

/** Who the clicking user is to a card, read from the documents now. */
export interface Viewer {
  readonly isGM: boolean;
  readonly ownsAttacker: boolean;
}

export type { StepRefusal };

/**
 * Whether this step is open to this user on the card as stored: the
 * maneuvers to the attacker's owner (or a GM) while they wait, a blind
 * card's to a GM only; Apply and Undo to a GM. Null when it is.
 */
export function stepRefusal(
  card: LunosAttackCard,
  type: string,
  viewer: Viewer,
  revision: number,
): StepRefusal | null {
  if (revision !== card.revision) return STALE;
  const gm = gmStepRefusal(card, type, viewer.isGM);
  if (gm !== undefined) return gm;
  switch (type) {
    case "spend":
      if (card.stage !== "spend") return WRONG_STAGE;
      // A blind roll is the GMs' alone (docs/security.md): its owner never saw the dice it would spend.
      if (card.rollMode === "blindroll") return viewer.isGM ? null : NOT_PERMITTED;
      return viewer.isGM || viewer.ownsAttacker ? null : NOT_PERMITTED;
    default:
      return WRONG_STAGE;
  }
}
