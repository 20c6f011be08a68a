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
import type { DifficultyNumber } from "../../../rules/sharene/check";
import type { ExchangeRolls } from "../../../rules/sharene/exchange";
import type { Defense } from "../../../rules/sharene/types";
import {
  type SHARENE_EXCHANGE_STAGES,
  SHARENE_EXCHANGE_TYPE,
  type SHARENE_RIPOSTE_STATES,
} from "../data/exchange-card";

/**
 * Sharene's exchange card as plain data, and who may take which step of it:
 * pure, so the flow (./exchange-flow.ts), the drawing (./exchange-view.ts)
 * and the tests read one shape.
 */

export type ShareneExchangeStage = (typeof SHARENE_EXCHANGE_STAGES)[number];
export type ShareneRiposteState = (typeof SHARENE_RIPOSTE_STATES)[number];
export type DefenseChoice = Defense | "none";

export interface CardParty {
  readonly combatantId: string;
  readonly actorUuid: string;
  readonly name: string;
}

export interface OfferedDefense {
  readonly defense: Defense;
  readonly dn: DifficultyNumber;
}

export interface ShareneExchangeCard {
  readonly ruleset: string;
  readonly revision: number;
  readonly stage: ShareneExchangeStage;
  readonly rollMode: string;
  readonly combatId: string;
  readonly round: number;
  readonly attacker: CardParty;
  readonly defender: CardParty;
  readonly weaponName: string;
  /** The equipped weapon the attack is made with ("" on a card from before weapons were named). */
  readonly weaponId?: string;
  readonly riposte: boolean;
  readonly answers: string | null;
  readonly riposteCard: string | null;
  readonly riposteState: ShareneRiposteState;
  readonly situations: readonly string[];
  readonly defenseSituations: readonly string[];
  readonly offer: { readonly dn?: DifficultyNumber };
  readonly defenses: readonly OfferedDefense[];
  readonly defense: DefenseChoice | null;
  readonly exchange: ExchangeRolls | null;
  readonly effects: readonly Effect[];
  readonly deltas: readonly AppliedDelta[];
  /** Applied once: its blow is on the documents, or the GM took it back (./unapplied.ts). */
  readonly settled?: boolean;
  /** The round as the Apply found it (`RoundAtApply`); null before an Apply. */
  readonly roundAtApply?: RoundAtApply | null;
}

/**
 * What an exchange counts on a fighter's round record (a defense used, a
 * riposte made, a Full Attack parried), for each fighter of a card, in the
 * round the Apply was made in.
 */
export interface RoundAtApply {
  readonly round: number;
  readonly records: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** The card's data, or null for a message that is not a Sharene exchange. */
export function shareneExchangeOf(message: unknown): ShareneExchangeCard | null {
  return cardDataOf<ShareneExchangeCard>(message, SHARENE_EXCHANGE_TYPE);
}

/** Who the clicking user is to a card, read from the documents now. */
export interface Viewer {
  readonly isGM: boolean;
  readonly ownsAttacker: boolean;
  readonly ownsDefender: boolean;
}

export type { StepRefusal };

/**
 * Whether this step is open to this user on the card as stored: the
 * defense to the defender's owner (or a GM) while it waits; Apply and Undo
 * to a GM; the riposte's yes or no to the parrier's owner (the card's
 * defender) or a GM while it waits. Null when it is.
 */
export function stepRefusal(
  card: ShareneExchangeCard,
  type: string,
  viewer: Viewer,
  revision: number,
): StepRefusal | null {
  if (revision !== card.revision) return STALE;
  const gm = gmStepRefusal(card, type, viewer.isGM);
  if (gm !== undefined) return gm;
  switch (type) {
    case "defend":
      if (card.stage !== "awaitDefense") return WRONG_STAGE;
      return viewer.isGM || viewer.ownsDefender ? null : NOT_PERMITTED;
    case "riposte":
    case "decline":
      if (card.stage === "awaitDefense" || card.riposteState !== "waiting") return WRONG_STAGE;
      return viewer.isGM || viewer.ownsDefender ? null : NOT_PERMITTED;
    default:
      return WRONG_STAGE;
  }
}
