import { RulesError } from "../rules/kernel/errors";

/**
 * What the cards that keep their whole state in a message's system data
 * (Sharene's exchange, Lunos's attack) share on the active GM's side: the
 * card's data read from a message of its type, the refusals every such
 * card gives (a stale revision, a wrong stage, a user not permitted), the
 * GM's Apply and Undo gates, and the engine's refusal in the ruleset's own
 * words. Each card keeps its own stages and who may take its own steps.
 */

/** A card's data kept whole on its message: the revision every step names. */
export interface RevisedCard {
  readonly revision: number;
}

/** The card's data, or null for a message of another type (or none). */
export function cardDataOf<C extends RevisedCard>(message: unknown, type: string): C | null {
  const m = message as { type?: unknown; system?: { toObject?(): unknown } } | null | undefined;
  if (m?.type !== type || !m.system) return null;
  const data = (m.system.toObject?.() ?? m.system) as C;
  return data && typeof data.revision === "number" ? data : null;
}

export interface StepRefusal {
  readonly code: string;
  readonly messageKey: string;
}

export const stepRefused = (code: string, messageKey: string): StepRefusal => ({ code, messageKey });
export const STALE = stepRefused("stale", "FANGS.Chat.Refusal.Stale");
export const WRONG_STAGE = stepRefused("wrong-stage", "FANGS.Chat.Refusal.WrongStage");
export const NOT_PERMITTED = stepRefused("not-permitted", "FANGS.Chat.Refusal.NotPermitted");

/** A card whose GM applies its effects once resolved, and may undo them once applied. */
export interface ApplyingCard extends RevisedCard {
  readonly stage: string;
  readonly effects: readonly unknown[];
}

/**
 * The refusal of a GM's step (`apply`, `undo`) on a card as stored, null
 * when it is open; undefined for any other step, which the card judges.
 */
export function gmStepRefusal(
  card: ApplyingCard,
  type: string,
  isGM: boolean,
): StepRefusal | null | undefined {
  if (type === "apply") {
    if (card.stage !== "resolved" || card.effects.length === 0) return WRONG_STAGE;
    return isGM ? null : NOT_PERMITTED;
  }
  if (type === "undo") {
    if (card.stage !== "applied") return WRONG_STAGE;
    return isGM ? null : NOT_PERMITTED;
  }
  return undefined;
}

/**
 * The engine's refusal as the card says it (`<prefix>.<reason>` for a
 * round's refusal, else `otherwise`), or null for another error.
 */
export function rulesRefusalKey(error: unknown, prefix: string, otherwise: string): string | null {
  if (!(error instanceof RulesError)) return null;
  const reason = (error.details as { reason?: unknown } | undefined)?.reason;
  return error.code === "round-refused" && typeof reason === "string" ? `${prefix}.${reason}` : otherwise;
}

/** A step refused on the GM's side, with the code and words its answer carries. */
export class CardRefusal extends Error {
  constructor(
    readonly code: string,
    readonly messageKey: string,
    readonly data: Record<string, string> = {},
  ) {
    super(messageKey);
  }
}
