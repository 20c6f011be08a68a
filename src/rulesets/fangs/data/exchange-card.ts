import { EXCHANGE_STAGES, readState } from "../chat/exchange-stages";
import type { ExchangeState } from "../chat/exchange-state";

/**
 * The `exchange` ChatMessage subtype: the whole exchange lives in the
 * message's system data, so the card re-renders from it at every step and
 * survives a reload. The scalar parts the authority compares (revision,
 * stage) are typed fields; the rules core's results are stored as the plain
 * objects it returned (ObjectField), typed by `ExchangeState`.
 */

const { ArrayField, NumberField, ObjectField, SchemaField, StringField } = foundry.data.fields;

function party() {
  return new SchemaField({
    actorUuid: new StringField({ required: true, blank: false, initial: "Actor.unknown" }),
    tokenUuid: new StringField({ required: true, nullable: true, blank: false, initial: null }),
    name: new StringField({ required: true, blank: true, initial: "" }),
    img: new StringField({ required: true, blank: true, initial: "" }),
  });
}

function data(nullable: boolean) {
  return new ObjectField({ required: true, nullable, initial: nullable ? null : {} });
}

function exchangeSchema() {
  return {
    /**
     * The ruleset the card was made under: its steps go to that ruleset's
     * flow (card-flows.ts). No choices: a card from a ruleset this version
     * no longer has still loads, and its steps are refused.
     */
    ruleset: new StringField({ required: true, blank: false, initial: "fangs" }),
    revision: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
    stage: new StringField({
      required: true,
      blank: false,
      choices: [...EXCHANGE_STAGES],
      initial: "attackRolled",
    }),
    rollMode: new StringField({ required: true, blank: false, initial: "publicroll" }),
    attacker: party(),
    target: party(),
    weapon: data(false),
    setup: data(false),
    declaration: data(false),
    attack: data(true),
    special: data(true),
    defense: data(true),
    outcome: data(true),
    fumble: data(true),
    damage: data(true),
    application: data(true),
    freeAttack: data(true),
    dice: new ArrayField(new ObjectField()),
    history: new ArrayField(new ObjectField()),
  };
}
export type ExchangeSchema = ReturnType<typeof exchangeSchema>;

/** Keys every stored card has had since the subtype exists. */
const WHOLE_CARD_KEYS = ["revision", "stage", "attacker", "target", "history"] as const;

export class ExchangeMessageData extends foundry.abstract.TypeDataModel<
  ExchangeSchema,
  ChatMessage.Implementation
> {
  static override defineSchema(): ExchangeSchema {
    return exchangeSchema();
  }

  /**
   * A card stored before cards carried their ruleset was a FANGS card. Only
   * a whole card is given it (migrateData also sees partial update data,
   * which must not reset another ruleset's card to FANGS).
   */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    if (source.ruleset === undefined && WHOLE_CARD_KEYS.every((key) => key in source)) {
      source.ruleset = "fangs";
    }
    return super.migrateData(source);
  }

  /** The stored exchange, shape-checked; null when the data is damaged. */
  get state(): ExchangeState | null {
    return readState(this.toObject());
  }
}

/** The message's exchange, or null when it is not an exchange card (or is damaged). */
export function exchangeOf(
  message: { readonly type?: string; readonly system?: unknown } | null | undefined,
): ExchangeState | null {
  if (message?.type !== "exchange") return null;
  const system = message.system as { toObject?: () => unknown } | undefined;
  return readState(typeof system?.toObject === "function" ? system.toObject() : system);
}
