import type { ExchangeAnswer, ExchangeRequest } from "../../src/chat/authority";
import { type CardFlow, type IntentParser, rulesetIntentOf } from "../../src/chat/card-flows";
import type { CardRenderer } from "../../src/chat/card-render";
import type { AppliedDelta } from "../../src/chat/card-steps";
import type { RulesetCheckLabels, RulesetCheckResult } from "../../src/chat/check-card";
import { actorAt, documentAtSync } from "../../src/documents/uuid";
import { applyEffects, revertDeltas } from "../../src/effects/apply-effects";
import {
  type EffectKindDefinition,
  type PoolDefinition,
  poolAfter,
} from "../../src/rules/kernel/effect-kinds";
import { type IntentShape, readIntentData } from "../../src/rules/kernel/intent-data";
import { answerTarget, type CardTarget } from "../../src/rules/kernel/targets";

/**
 * The toy's cards beyond its one-step card (toy-ruleset.ts): a pool, an
 * effect kind with its undo, an intent that carries data, and a card
 * against several targets where each defender answers on their own. Written
 * as a ruleset's own modules would be; nothing in src/ knows them.
 */

type Loose = Record<string, unknown>;

/* -------------------------------------------- */
/*  Its pool and its effect kind (pure)         */
/* -------------------------------------------- */

/** The toy fighter's one pool: `system.hp`, never below 0. */
export const TOY_HP: PoolDefinition = { name: "toyHp", path: "hp", labelKey: "TOY.Pool.Hp", min: 0 };

export const TOY_DAZED = "toyDazed";

/**
 * "Drain": takes `amount` from toyHp (never below 0) and dazes a fighter it
 * leaves at 0. Its record holds the pool before and after and whether the
 * fighter was dazed already, so the undo gives back exactly what it took.
 */
export const toyDrain: EffectKindDefinition = {
  id: "toyDrain",
  apply(effect, subject, pools) {
    const before = subject.pools[TOY_HP.name];
    const amount = effect.data.amount;
    if (before === undefined || typeof amount !== "number") return null;
    const after = poolAfter(before, amount, pools[TOY_HP.name]);
    const dazedBefore = subject.statuses.has(TOY_DAZED);
    subject.pools[TOY_HP.name] = after;
    if (after === 0) subject.statuses.add(TOY_DAZED);
    return { before, after, dazedBefore };
  },
  invert(record, subject) {
    const now = subject.pools[TOY_HP.name];
    if (now !== undefined) subject.pools[TOY_HP.name] = now + Number(record.before) - Number(record.after);
    if (record.dazedBefore === false) subject.statuses.delete(TOY_DAZED);
  },
};

/* -------------------------------------------- */
/*  Its volley card: one roll, several targets  */
/* -------------------------------------------- */

const { ArrayField, NumberField, ObjectField, SchemaField, StringField } = foundry.data.fields;

const int = (initial: number) => new NumberField({ required: true, nullable: false, integer: true, initial });
const text = () => new StringField({ required: true, nullable: true, blank: false, initial: null });

/** A volley: one attack roll, its damage, and each target with its own answer, outcome and applied deltas. */
export class ToyVolleyModel extends foundry.abstract.TypeDataModel<
  ReturnType<typeof volleySchema>,
  ChatMessage.Implementation
> {
  static override defineSchema() {
    return volleySchema();
  }
}
function volleySchema() {
  return {
    revision: int(0),
    roll: int(0),
    damage: int(1),
    targets: new ArrayField(
      new SchemaField({
        actorId: new StringField({ required: true, blank: false }),
        answer: text(),
        outcome: text(),
        deltas: new ArrayField(new ObjectField()),
      }),
    ),
  };
}

interface VolleyTarget extends CardTarget {
  readonly deltas: AppliedDelta[];
}

/** A defender's answer: which target it is (its place on the card) and "block" or "take". */
export const ANSWER_SHAPE: IntentShape = {
  target: { type: "integer", min: 0, max: 15 },
  choice: { type: "choice", options: ["block", "take"] },
};
/** The GM takes one target's outcome back. */
export const UNDO_SHAPE: IntentShape = { target: { type: "integer", min: 0, max: 15 } };

const parser =
  (shape: IntentShape): IntentParser =>
  (data) => {
    const read = readIntentData(data, shape);
    return read.ok ? read : { ok: false, messageKey: "FANGS.Chat.Refusal.BadIntent" };
  };

/** What the flow was given, for the tests: the validated intents, in order. */
export const toyCardsLog = { intents: [] as unknown[] };

const refuse = (code: string, messageKey: string): ExchangeAnswer => ({ ok: false, code, messageKey });

async function volleyStep(request: ExchangeRequest, user: User.Implementation): Promise<ExchangeAnswer> {
  const message = game.messages?.get(request.messageId) as unknown as {
    system: { toObject(): Loose };
    update(data: Loose, options: Loose): Promise<unknown>;
  };
  const system = message.system.toObject() as { revision: number; roll: number; damage: number } & {
    targets: VolleyTarget[];
  };
  if (system.revision !== request.revision) return refuse("stale", "FANGS.Chat.Refusal.Stale");
  const intent = rulesetIntentOf(request);
  toyCardsLog.intents.push(intent);
  const index = intent.data.target as number;
  const target = system.targets[index];
  if (!target) return refuse("wrong-stage", "FANGS.Chat.Refusal.WrongStage");
  let targets: VolleyTarget[];
  if (intent.type === "answer") {
    // Each defender answers for themselves: the owner of that target, or a GM.
    const actor = await actorAt(target.actorId);
    if (!actor || !(user.isGM || actor.testUserPermission(user, "OWNER")))
      return refuse("not-permitted", "FANGS.Chat.Refusal.NotPermitted");
    const choice = intent.data.choice as string;
    const outcome = choice === "block" && system.roll <= 10 ? "blocked" : "hit";
    const answered = answerTarget(system.targets, index, choice, outcome);
    if (!answered.ok) return refuse("wrong-stage", "FANGS.Chat.Refusal.WrongStage");
    targets = answered.targets;
    if (outcome === "hit") {
      const applied = await applyEffects([
        {
          kind: "ruleset",
          effectKind: toyDrain.id,
          actorId: target.actorId,
          data: { amount: system.damage },
        },
      ]);
      targets[index] = { ...targets[index]!, deltas: applied.deltas };
    }
  } else {
    if (!user.isGM) return refuse("not-permitted", "FANGS.Chat.Refusal.NotPermitted");
    if (target.deltas.length === 0) return refuse("wrong-stage", "FANGS.Chat.Refusal.WrongStage");
    await revertDeltas(target.deltas);
    targets = system.targets.map((t, i) =>
      i === index ? { ...t, answer: null, outcome: null, deltas: [] } : t,
    );
  }
  await message.update(
    { system: { ...system, revision: system.revision + 1, targets } },
    { recursive: false },
  );
  return { ok: true, stage: targets.every((t) => t.answer !== null) ? "resolved" : "open" };
}

/** The toy's card flow: the volley's steps, and the one-step card's (`base`) for its other cards. */
export function toyCardsFlow(base: CardFlow): CardFlow {
  return {
    intents: base.intents,
    parsers: { answer: parser(ANSWER_SHAPE), undo: parser(UNDO_SHAPE) },
    async runStep(request, user) {
      const message = game.messages?.get(request.messageId) as unknown as { type: string } | undefined;
      return message?.type === "toyVolley" ? volleyStep(request, user) : base.runStep(request, user);
    },
  };
}

/* -------------------------------------------- */
/*  Its volley card, drawn                      */
/* -------------------------------------------- */

export const TOY_VOLLEY_TEMPLATE = "systems/fangs/test/toy-volley.hbs";

/** Each target with its answer and outcome; the viewer's own open targets get their buttons. */
export const toyVolleyRenderer: CardRenderer = {
  template: TOY_VOLLEY_TEMPLATE,
  context(message, viewer) {
    const system = (message.system as unknown as { toObject(): Loose }).toObject() as {
      roll: number;
      targets: VolleyTarget[];
    };
    return {
      roll: system.roll,
      targets: system.targets.map((t, index) => {
        const actor = documentAtSync(t.actorId) as Actor.Implementation | null;
        const mine = viewer.isGM || actor?.testUserPermission(viewer, "OWNER") === true;
        return {
          index,
          name: actor?.name ?? "",
          answer: t.answer,
          outcome: t.outcome,
          open: mine && !t.answer,
        };
      }),
    };
  },
};

/* -------------------------------------------- */
/*  Its check card                              */
/* -------------------------------------------- */

/** A toy check: d6s rolled against a difficulty, every 5 or 6 a success beyond the first. */
export interface ToyCheckResult extends RulesetCheckResult {
  readonly extra: number;
}

export const toyCheckLabels: RulesetCheckLabels<ToyCheckResult> = {
  level: (r) =>
    !r.success
      ? { id: "toyMiss", labelKey: "TOY.Check.Miss", icon: "fa-solid fa-xmark" }
      : r.extra > 0
        ? { id: "toyStrong", labelKey: "TOY.Check.Strong", icon: "fa-solid fa-star" }
        : { id: "toyHit", labelKey: "TOY.Check.Hit", icon: "fa-solid fa-check" },
};
