import type { ExchangeAnswer, ExchangeRequest } from "../../src/chat/authority";
import { type CardFlow, type IntentParser, rulesetIntentOf } from "../../src/chat/card-flows";
import type { AppliedDelta } from "../../src/chat/card-steps";
import {
  cardDeadline,
  type DeadlineExpiry,
  registerRealTimeLimit,
  startCardDeadline,
} from "../../src/chat/real-time-limits";
import { deadlineField } from "../../src/data/fields";
import { actorAt } from "../../src/documents/uuid";
import { applyEffects } from "../../src/effects/apply-effects";
import { type IntentShape, readIntentData } from "../../src/rules/kernel/intent-data";
import type { RulesetOptions } from "../../src/rulesets/registry";
import { toyDrain } from "./toy-cards";

/**
 * The toy's real-time limit: its Strike card gives the defender so many
 * seconds (a world setting, through the shared facility) to dodge or brace;
 * when they run out, the toy's core takes the defense as "none" and the
 * active GM applies the full blow. Written as a ruleset's own modules
 * would be (docs/rulesets.md, "A real-time limit"); imported by
 * ./toy-ruleset.ts.
 */

type Loose = Record<string, unknown>;

/* -------------------------------------------- */
/*  The rules core's half (pure)                */
/* -------------------------------------------- */

export const TOY_LIMIT_ID = "toyDefense";
/** The seconds the toy's rules give a defender; a world may change them. */
export const TOY_LIMIT_SECONDS = 10;
export const TOY_LIMIT_LABEL = "TOY.Limit.Defense";

/** What a defender chose; "none" is what the rules make of no answer in time. */
export type ToyDefense = "dodge" | "brace" | "none";

export interface ToyStrikeOutcome {
  readonly outcome: "dodged" | "hit";
  /** Hit points the blow drains. */
  readonly drain: number;
}

/**
 * The toy's rule: a dodge avoids a strike rolled at 10 or less, a brace halves
 * its damage (rounded down), and a defender who gave no answer in time
 * ("none") takes it whole.
 */
export function toyStrikeOutcome(defense: ToyDefense, roll: number, damage: number): ToyStrikeOutcome {
  if (defense === "dodge" && roll <= 10) return { outcome: "dodged", drain: 0 };
  if (defense === "brace") return { outcome: "hit", drain: Math.floor(damage / 2) };
  return { outcome: "hit", drain: damage };
}

/* -------------------------------------------- */
/*  Its card                                    */
/* -------------------------------------------- */

const { ArrayField, NumberField, ObjectField, StringField } = foundry.data.fields;

const int = (initial: number) => new NumberField({ required: true, nullable: false, integer: true, initial });
const text = () => new StringField({ required: true, nullable: true, blank: false, initial: null });

/** A strike: its roll and damage, the defender who must answer in time, and what came of it. */
export class ToyStrikeModel extends foundry.abstract.TypeDataModel<
  ReturnType<typeof strikeSchema>,
  ChatMessage.Implementation
> {
  static override defineSchema() {
    return strikeSchema();
  }
}
function strikeSchema() {
  return {
    revision: int(0),
    roll: int(0),
    damage: int(1),
    defenderId: new StringField({ required: true, blank: true, initial: "" }),
    stage: new StringField({ required: true, blank: false, initial: "awaitDefense" }),
    defense: text(),
    outcome: text(),
    deltas: new ArrayField(new ObjectField()),
    deadline: deadlineField(),
  };
}

interface StrikeSystem {
  readonly revision: number;
  readonly roll: number;
  readonly damage: number;
  readonly defenderId: string;
  readonly stage: string;
}

const strikeOf = (message: unknown) =>
  (message as { system: { toObject(): Loose } }).system.toObject() as unknown as StrikeSystem;

/** The blow the core decided, applied through the shared applier as the toy's Drain. */
async function land(system: StrikeSystem, defense: ToyDefense): Promise<Loose> {
  const { outcome, drain } = toyStrikeOutcome(defense, system.roll, system.damage);
  let deltas: AppliedDelta[] = [];
  if (drain > 0) {
    const applied = await applyEffects([
      { kind: "ruleset", effectKind: toyDrain.id, actorId: system.defenderId, data: { amount: drain } },
    ]);
    deltas = applied.deltas;
  }
  return { revision: system.revision + 1, stage: "resolved", defense, outcome, deltas };
}

/**
 * On the active GM: a strike at `defender`, who has the limit's seconds to
 * answer (none when the world switched limits off).
 */
export async function postToyStrike(
  defender: { readonly uuid: string },
  roll: number,
  damage: number,
): Promise<ChatMessage.Implementation> {
  const cls = ChatMessage as unknown as { create(d: unknown): Promise<ChatMessage.Implementation> };
  return cls.create({
    type: "toyStrike",
    system: {
      roll,
      damage,
      defenderId: defender.uuid,
      deadline: startCardDeadline(TOY_LIMIT_ID, defender.uuid),
    },
  });
}

/**
 * The defender's answer: dodge or brace. Named as FANGS's exchange intent
 * on purpose: the authority reads an intent with the parser of the card's
 * own ruleset, so a ruleset's type may reuse one of FANGS's names.
 */
export const TOY_DEFEND = "defend";

export const DEFEND_SHAPE: IntentShape = { choice: { type: "choice", options: ["dodge", "brace"] } };

const defendParser: IntentParser = (data) => {
  const read = readIntentData(data, DEFEND_SHAPE);
  return read.ok ? read : { ok: false, messageKey: "FANGS.Chat.Refusal.BadIntent" };
};

const refuse = (code: string, messageKey: string): ExchangeAnswer => ({ ok: false, code, messageKey });

async function defendStep(request: ExchangeRequest, user: User.Implementation): Promise<ExchangeAnswer> {
  const message = game.messages?.get(request.messageId);
  if (!message) return refuse("wrong-message", "FANGS.Chat.Refusal.WrongMessage");
  const system = strikeOf(message);
  if (system.revision !== request.revision) return refuse("stale", "FANGS.Chat.Refusal.Stale");
  // The expiry and the answer both wait in the GM's queue: whichever came first has resolved the card.
  if (system.stage !== "awaitDefense" || cardDeadline(message)?.spentAt != null)
    return refuse("wrong-stage", "FANGS.Chat.Refusal.WrongStage");
  const intent = rulesetIntentOf(request);
  if (intent.type !== TOY_DEFEND) return refuse("wrong-stage", "FANGS.Chat.Refusal.WrongStage");
  const defender = await actorAt(system.defenderId);
  if (!defender || !(user.isGM || defender.testUserPermission(user, "OWNER")))
    return refuse("not-permitted", "FANGS.Chat.Refusal.NotPermitted");
  const changes = await land(system, intent.data.choice as ToyDefense);
  // Answered in time: the limit is lifted with the answer.
  await (message as unknown as { update(d: Loose): Promise<unknown> }).update({
    system: { ...changes, deadline: null },
  });
  return { ok: true, stage: "resolved" };
}

/** The toy's card flow with its Strike's step; other cards go to `base`. */
export function toyLimitFlow(base: CardFlow): CardFlow {
  return {
    intents: base.intents,
    parsers: { ...base.parsers, [TOY_DEFEND]: defendParser },
    async runStep(request, user) {
      const message = game.messages?.get(request.messageId) as unknown as { type: string } | undefined;
      return message?.type === "toyStrike" ? defendStep(request, user) : base.runStep(request, user);
    },
  };
}

/* -------------------------------------------- */
/*  Its limit                                   */
/* -------------------------------------------- */

/** What the active GM made of each strike whose time ran out, for the tests. */
export const toyLimitLog = { expiries: [] as DeadlineExpiry[] };

/** On the active GM, once, inside the write queue: no answer in time is no defense. */
async function onExpiry(expiry: DeadlineExpiry): Promise<Loose | undefined> {
  toyLimitLog.expiries.push(expiry);
  const system = strikeOf(expiry.message);
  if (system.stage !== "awaitDefense") return undefined;
  return land(system, "none");
}

export function registerToyLimit(): void {
  registerRealTimeLimit({
    id: TOY_LIMIT_ID,
    ruleset: "toy",
    labelKey: TOY_LIMIT_LABEL,
    seconds: TOY_LIMIT_SECONDS,
    onExpiry,
  });
}

/**
 * The toy's options with its limit: the limit is registered with the
 * toy's settings, in `init` before the shared facility registers each
 * limit's seconds setting (src/fangs.ts), rather than on import, so a test
 * that imports the toy for its phases alone registers no limit.
 */
export function withToyLimit(options: RulesetOptions): RulesetOptions {
  return {
    ...options,
    registerSettings() {
      registerToyLimit();
      options.registerSettings?.();
    },
  };
}
