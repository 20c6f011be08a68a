import type { ExchangeAnswer, ExchangeRequest } from "../../src/chat/authority";
import type { CardFlow } from "../../src/chat/card-flows";
import type { AppliedDelta } from "../../src/chat/card-steps";
import { applyEffects, revertDeltas } from "../../src/effects/apply-effects";
import { registerTimedStatuses } from "../../src/rules/kernel/timed-status";
import { TOY_DAZED } from "./toy-cards";

/**
 * The toy's timed status, put on by a card as an effect like any other: a
 * knock-out that dazes for 2 rounds, then leaves the fighter groggy for 1
 * round, then out (`toyOut`). Its card, `toyKnockout`, applies it through
 * the shared applier (`applyEffects`) and takes it back through the shared
 * undo (`revertDeltas`); its clock runs on the active GM's client by itself.
 */

type Loose = Record<string, unknown>;

export const TOY_TIMED_KNOCKOUT = "toy.knockedOut";
export const TOY_TIMED_GROGGY = "toy.groggy";
export const TOY_GROGGY = "toyGroggy";
export const TOY_OUT = "toyOut";

registerTimedStatuses([
  {
    id: TOY_TIMED_GROGGY,
    status: TOY_GROGGY,
    duration: { dice: "1", unit: "rounds" },
    end: { kind: "replace", status: TOY_OUT },
  },
  {
    id: TOY_TIMED_KNOCKOUT,
    status: TOY_DAZED,
    duration: { dice: "2", unit: "rounds" },
    end: { kind: "replaceTimed", timedStatus: TOY_TIMED_GROGGY },
  },
]);

const { ArrayField, NumberField, ObjectField, StringField } = foundry.data.fields;

/** A knock-out card: its target and what its Apply recorded. */
export class ToyKnockoutModel extends foundry.abstract.TypeDataModel<
  ReturnType<typeof knockoutSchema>,
  ChatMessage.Implementation
> {
  static override defineSchema() {
    return knockoutSchema();
  }
}
function knockoutSchema() {
  return {
    revision: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
    targetId: new StringField({ required: true, blank: false }),
    deltas: new ArrayField(new ObjectField()),
  };
}

export const TOY_TIMED_CARDS = { toyKnockout: { model: ToyKnockoutModel, labelKey: "TOY.Chat.Knockout" } };

const refuse = (code: string, messageKey: string): ExchangeAnswer => ({ ok: false, code, messageKey });

/** "knockOut" applies the timed status to the card's target; "revive" (the GM) takes it back. */
async function knockoutStep(request: ExchangeRequest, user: User.Implementation): Promise<ExchangeAnswer> {
  const message = game.messages?.get(request.messageId) as unknown as {
    system: { toObject(): Loose };
    update(data: Loose, options: Loose): Promise<unknown>;
  };
  const system = message.system.toObject() as { revision: number; targetId: string; deltas: AppliedDelta[] };
  if (system.revision !== request.revision) return refuse("stale", "FANGS.Chat.Refusal.Stale");
  if (!user.isGM) return refuse("not-permitted", "FANGS.Chat.Refusal.NotPermitted");
  const type = request.intent.type as string;
  let deltas: AppliedDelta[];
  if (type === "knockOut") {
    if (system.deltas.length > 0) return refuse("wrong-stage", "FANGS.Chat.Refusal.WrongStage");
    deltas = (
      await applyEffects([{ kind: "timedStatus", actorId: system.targetId, timedStatus: TOY_TIMED_KNOCKOUT }])
    ).deltas;
  } else {
    if (system.deltas.length === 0) return refuse("wrong-stage", "FANGS.Chat.Refusal.WrongStage");
    await revertDeltas(system.deltas);
    deltas = [];
  }
  await message.update(
    { system: { ...system, revision: system.revision + 1, deltas } },
    { recursive: false },
  );
  return { ok: true, stage: deltas.length > 0 ? "applied" : "open" };
}

/** The toy's flow with its knock-out card's two steps. */
export function toyTimedFlow(base: CardFlow): CardFlow {
  return {
    ...base,
    intents: [...(base.intents ?? []), "knockOut", "revive"],
    async runStep(request, user) {
      const message = game.messages?.get(request.messageId) as unknown as { type: string } | undefined;
      return message?.type === "toyKnockout" ? knockoutStep(request, user) : base.runStep(request, user);
    },
  };
}
