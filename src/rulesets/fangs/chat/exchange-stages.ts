import type { ExchangeState, IntentType, PartyRef } from "./exchange-state";

/**
 * What start-up reads of FANGS's exchange card: its stages (the message
 * model's choices), the intents a player's request may name, and the
 * stored card's shape check. The state machine that moves a card from
 * stage to stage (./exchange-state.ts, which re-exports these) runs only
 * once a fight is on, in FANGS's heavy part and the card's drawing.
 */

/* -------------------------------------------- */
/*  Stages                                      */
/* -------------------------------------------- */

export const ExchangeStage = {
  /** A Retreat or a Disengage took the attack away: the card records the attacker's response. */
  Declined: "declined",
  /** The attack succeeded: the defender chooses a defense. */
  AttackRolled: "attackRolled",
  /** The attack was fumbled: the GM rules what happens. */
  Fumbled: "fumbled",
  /** The defender took the blow ("no defense", or none left): damage comes next. */
  DefenseChosen: "defenseChosen",
  /** The defense was rolled and the outcome is known: damage comes next. */
  DefenseRolled: "defenseRolled",
  /** The damage and what it does are known: waiting to be applied. */
  DamageRolled: "damageRolled",
  /** Over, with nothing to apply (a miss, a dodge, a stopped grapple). */
  Resolved: "resolved",
  /** The effects were applied to the documents; the card holds their exact inverse. */
  Applied: "applied",
  /** The application was reverted. It may be applied again. */
  Undone: "undone",
  /** The GM called the exchange off before anything was applied. */
  Cancelled: "cancelled",
} as const;
export type ExchangeStage = (typeof ExchangeStage)[keyof typeof ExchangeStage];

export const EXCHANGE_STAGES: readonly ExchangeStage[] = Object.freeze(Object.values(ExchangeStage));

/** The intents a click may ask for (ExchangeIntent's types). */
export const INTENT_TYPES: readonly IntentType[] = Object.freeze([
  "defend",
  "rollDamage",
  "resolveFumble",
  "apply",
  "undo",
  "cancel",
  "takeFreeAttack",
]);

/* -------------------------------------------- */
/*  Reading a stored card                       */
/* -------------------------------------------- */

/**
 * Checks the shape of a stored state (the message's system data), so a
 * damaged or foreign card is refused rather than half-read.
 */
export function readState(value: unknown): ExchangeState | null {
  if (typeof value !== "object" || value === null) return null;
  const s = value as Partial<ExchangeState>;
  if (typeof s.revision !== "number" || !Number.isInteger(s.revision) || s.revision < 0) return null;
  if (typeof s.stage !== "string" || !(EXCHANGE_STAGES as readonly string[]).includes(s.stage)) return null;
  const party = (p: unknown): boolean =>
    typeof p === "object" && p !== null && typeof (p as PartyRef).actorUuid === "string";
  if (!party(s.attacker) || !party(s.target)) return null;
  if (typeof s.weapon !== "object" || s.weapon === null) return null;
  if (!Array.isArray(s.history) || !Array.isArray(s.dice)) return null;
  return s as ExchangeState;
}
