/**
 * The `shareneExchange` ChatMessage subtype: one Sharene exchange (an
 * attack and its defense rolled together, "5/ATTACK RESOLUTION"), kept
 * whole in the message's system data so the card draws again from it at
 * every step and survives a reload. The scalars the steps compare are typed
 * fields; what the rules core answered is stored as the plain objects it
 * returned (ObjectField), read by ../chat/exchange-state.ts.
 */

const { ArrayField, BooleanField, NumberField, ObjectField, SchemaField, StringField } = foundry.data.fields;

export const SHARENE_EXCHANGE_TYPE = "shareneExchange";

/** Where a card stands: waiting on the defense, rolled, its effects applied. */
export const SHARENE_EXCHANGE_STAGES = ["awaitDefense", "resolved", "applied"] as const;
/** A riposte the exchange opened: none, waiting on the parrier, taken (a new card), declined. */
export const SHARENE_RIPOSTE_STATES = ["none", "waiting", "taken", "declined"] as const;

const text = (initial: string) => new StringField({ required: true, blank: true, initial });
const maybe = () => new StringField({ required: true, nullable: true, blank: false, initial: null });

function party() {
  return new SchemaField({
    combatantId: text(""),
    actorUuid: text(""),
    name: text(""),
  });
}

function exchangeSchema() {
  return {
    /** The ruleset the card was made under (src/chat/card-flows.ts reads it). */
    ruleset: new StringField({ required: true, blank: false, initial: "sharene" }),
    revision: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
    stage: new StringField({
      required: true,
      blank: false,
      choices: [...SHARENE_EXCHANGE_STAGES],
      initial: "awaitDefense",
    }),
    rollMode: new StringField({ required: true, blank: false, initial: "publicroll" }),
    combatId: text(""),
    round: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
    attacker: party(),
    defender: party(),
    weaponName: text(""),
    /** The equipped weapon the attack is made with; the steps read the attacker fighting with it. */
    weaponId: text(""),
    /** This card is a riposte (SHA-STY-4, SHA-STY-5). */
    riposte: new BooleanField({ required: true, initial: false }),
    /** The card this riposte answers, and the riposte card this one opened. */
    answers: maybe(),
    riposteCard: maybe(),
    riposteState: new StringField({
      required: true,
      blank: false,
      choices: [...SHARENE_RIPOSTE_STATES],
      initial: "none",
    }),
    situations: new ArrayField(new StringField({ required: true, blank: false })),
    defenseSituations: new ArrayField(new StringField({ required: true, blank: false })),
    /** The attack's DN as derived when the card was posted, and the defenses then open (shown until rolled). */
    offer: new ObjectField({ required: true, initial: {} }),
    defenses: new ArrayField(new ObjectField()),
    /** The defense taken: "parry", "dodge" or "none". */
    defense: maybe(),
    /** The engine's exchange (its rolls, outcome and damage), once rolled. */
    exchange: new ObjectField({ required: true, nullable: true, initial: null }),
    /** The effects to apply, by actor UUID, and the exact changes their Apply made. */
    effects: new ArrayField(new ObjectField()),
    deltas: new ArrayField(new ObjectField()),
    /** Applied once (Undo does not clear it): the fight no longer waits on this blow. */
    settled: new BooleanField({ required: true, initial: false }),
    /** The two fighters' round records as the Apply found them, which Undo holds the round to. */
    roundAtApply: new ObjectField({ required: true, nullable: true, initial: null }),
  };
}
export type ShareneExchangeSchema = ReturnType<typeof exchangeSchema>;

export class ShareneExchangeModel extends foundry.abstract.TypeDataModel<
  ShareneExchangeSchema,
  ChatMessage.Implementation
> {
  static override defineSchema(): ShareneExchangeSchema {
    return exchangeSchema();
  }
}
