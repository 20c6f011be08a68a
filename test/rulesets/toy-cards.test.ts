import fc from "fast-check";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { applyEffectsTo, type EffectSubject, invertApplied } from "../../src/rules/kernel/apply";
import { type EffectKindDefinition, registerEffectKind } from "../../src/rules/kernel/effect-kinds";
import { readIntentData } from "../../src/rules/kernel/intent-data";
import { type ExchangeModules, loadExchange } from "../foundry/chat-fixtures";
import { setOwners, world } from "../foundry/chat-stand-in";
import { standIn } from "../foundry/setup";
import { ANSWER_SHAPE, TOY_DAZED, TOY_HP, TOY_VOLLEY_TEMPLATE, toyCardsLog, toyDrain } from "./toy-cards";
import { TOY_ID, toyDefinition } from "./toy-ruleset";

/**
 * The card hooks of a ruleset, proven with the toy: intents that carry data
 * its parser validates on the GM's client, a card against two targets where
 * each defender answers on their own, and a pool and an effect kind of its
 * own whose Apply then Undo gives back exactly what was taken.
 */

type Loose = Record<string, unknown>;
type Doc = { id: string; uuid: string; system: { toObject(): Loose }; updates: unknown[] };
let modules: ExchangeModules;

beforeAll(async () => {
  (game as unknown as { system: object }).system ??= { id: "fangs" };
  const { registerRulesetDefinition } = await import("../../src/rulesets/registry");
  registerRulesetDefinition(toyDefinition);
  (await import("../../src/config/document-classes")).configureDocuments();
  modules = await loadExchange();
});

let a: Doc;
let b: Doc;
beforeEach(async () => {
  world.reset();
  standIn.game.settings.storage.set("fangs.ruleset", TOY_ID);
  toyCardsLog.intents.length = 0;
  const cls = CONFIG.Actor.documentClass as unknown as { create(d: Loose): Promise<Doc> };
  a = await cls.create({ name: "Tin", type: "toyFighter", system: { hp: { value: 7, max: 7 } } });
  b = await cls.create({ name: "Lead", type: "toyFighter", system: { hp: { value: 9, max: 9 } } });
  setOwners(a, world.player.id);
  setOwners(b, world.defender.id);
});
afterEach(() => standIn.game.settings.storage.delete("fangs.ruleset"));

const hp = (actor: Doc) => (actor.system.toObject().hp as { value: number }).value;
const dazed = (actor: Doc) => (actor as unknown as { statuses: Set<string> }).statuses.has(TOY_DAZED);

async function volley(roll: number, damage: number): Promise<Doc> {
  world.as(world.gm);
  const cls = ChatMessage as unknown as { create(d: unknown): Promise<Doc> };
  const targets = [a, b].map((t) => ({ actorId: t.uuid, answer: null, outcome: null, deltas: [] }));
  const message = await cls.create({ type: "toyVolley", system: { roll, damage, targets } });
  world.as(world.player);
  return message;
}

const step = (message: Doc, intent: unknown, revision: number) =>
  modules.authority.requestStep(message.id, intent as never, revision);

describe("an intent with data, read by the card's ruleset", () => {
  it("the flow gets the validated data; forged payloads are refused and change nothing", async () => {
    const message = await volley(8, 3);
    const before = message.system.toObject();
    world.as(world.defender);
    const forged: unknown[] = [
      { type: "answer", data: { target: 1, choice: "take", evil: true } },
      { type: "answer", data: { target: "1", choice: "take" } },
      { type: "answer", data: { target: 1, choice: "x".repeat(100_000) } },
      { type: "answer", data: { target: 99, choice: "take" } },
      { type: "answer", data: { target: 1.5, choice: "take" } },
      { type: "answer", data: [1, "take"] },
      { type: "answer" },
      { type: "answer", data: { target: 1, choice: "take" }, evil: true },
    ];
    for (const intent of forged) expect((await step(message, intent, 0)).ok).toBe(false);
    expect(message.updates).toEqual([]);
    expect(message.system.toObject()).toEqual(before);
    expect(hp(b)).toBe(9);
    expect(toyCardsLog.intents).toEqual([]);

    expect(await step(message, { type: "answer", data: { target: 1, choice: "take" } }, 0)).toEqual({
      ok: true,
      stage: "open",
    });
    expect(toyCardsLog.intents).toEqual([{ type: "answer", data: { target: 1, choice: "take" } }]);
  });

  it("readIntentData names the field that is off", () => {
    expect(readIntentData({ target: 1, choice: "block" }, ANSWER_SHAPE)).toEqual({
      ok: true,
      data: { target: 1, choice: "block" },
    });
    expect(readIntentData({ target: 1, choice: "block", x: 1 }, ANSWER_SHAPE)).toMatchObject({
      ok: false,
      field: "x",
      problem: "unknown-field",
    });
    expect(readIntentData({ choice: "block" }, ANSWER_SHAPE)).toMatchObject({
      field: "target",
      problem: "missing",
    });
    expect(readIntentData({ target: 1, choice: "parry" }, ANSWER_SHAPE)).toMatchObject({
      field: "choice",
      problem: "out-of-range",
    });
    expect(readIntentData("x", ANSWER_SHAPE)).toMatchObject({ ok: false, problem: "not-an-object" });
    const text = { note: { type: "text", maxLength: 10 } } as const;
    expect(readIntentData({ note: "x".repeat(11) }, text)).toMatchObject({
      ok: false,
      problem: "out-of-range",
    });
  });
});

describe("one card against several targets", () => {
  it("one roll, two defenders: each answers on their own and gets their own outcome", async () => {
    const message = await volley(8, 3);
    // The player owns target 0 only: target 1 is the defender's to answer.
    expect(await step(message, { type: "answer", data: { target: 1, choice: "take" } }, 0)).toMatchObject({
      ok: false,
      code: "not-permitted",
    });
    world.as(world.defender);
    expect((await step(message, { type: "answer", data: { target: 1, choice: "take" } }, 0)).ok).toBe(true);
    // A target answers once.
    expect((await step(message, { type: "answer", data: { target: 1, choice: "block" } }, 1)).ok).toBe(false);
    world.as(world.player);
    expect(await step(message, { type: "answer", data: { target: 0, choice: "block" } }, 1)).toEqual({
      ok: true,
      stage: "resolved",
    });
    const targets = message.system.toObject().targets as Loose[];
    expect(targets.map((t) => [t.answer, t.outcome])).toEqual([
      ["block", "blocked"],
      ["take", "hit"],
    ]);
    expect([hp(a), hp(b)]).toEqual([7, 6]);
  });
});

describe("the check card, labelled by the world's ruleset", () => {
  it("a toy check reads the toy's labels; FANGS's labels are the ones its card always showed", async () => {
    const { activeRulesetDefinition, getRulesetDefinition } = await import("../../src/rulesets/registry");
    const { rulesetCheckContext } = await import("../../src/chat/check-card");
    const { checkCardContext } = await import("../../src/rulesets/fangs/chat/check-card");
    const labels = activeRulesetDefinition().cards?.check;
    expect(labels).toBeDefined();
    const meta = { actorName: "Tin", label: "TOY.Check.Defense", localizeLabel: true };
    const strong = rulesetCheckContext(
      labels!,
      { natural: 3, total: 3, target: 1, success: true, extra: 2 },
      meta,
    );
    expect(strong.level).toMatchObject({
      id: "toyStrong",
      label: "TOY.Check.Strong",
      cssClass: "fangs-check--toyStrong",
    });
    expect(
      rulesetCheckContext(labels!, { natural: 0, total: 0, target: 1, success: false, extra: 0 }, meta).level
        .label,
    ).toBe("TOY.Check.Miss");
    const { SuccessLevel } = await import("../../src/rules/fangs/types");
    const fangs = getRulesetDefinition("fangs")!.cards!.check!;
    for (const level of [
      SuccessLevel.Fumble,
      SuccessLevel.Failure,
      SuccessLevel.Success,
      SuccessLevel.Special,
      SuccessLevel.Critical,
    ]) {
      const result = {
        level,
        natural: 5,
        total: 5,
        skill: 10,
        modifiers: 0,
        success: true,
        confirmation: null,
      };
      const own = checkCardContext(result as never, meta).level;
      expect(fangs.level(result)).toEqual({ id: own.id, labelKey: own.label, icon: own.icon });
    }
  });
});

describe("a ruleset's card, drawn by its renderer", () => {
  it("each viewer sees the buttons of their own target; a click sends the intent with its data", async () => {
    const { renderRulesetCard, onRulesetCardClick } = await import("../../src/chat/card-render");
    const drawn: Loose[] = [];
    const applications = (foundry as unknown as { applications?: Loose }).applications ?? {};
    (foundry as unknown as { applications: Loose }).applications = {
      ...applications,
      handlebars: {
        getTemplate: async (path: string) => (context: Loose) => {
          drawn.push({ path, context });
          return "drawn";
        },
      },
    };
    const message = await volley(8, 2);
    const draw = async () => {
      const content = { innerHTML: "", addEventListener() {} };
      const html = { querySelector: (s: string) => (s === ".message-content" ? content : null) };
      await renderRulesetCard(message as never, html as never);
      return content.innerHTML;
    };
    world.as(world.defender);
    expect(await draw()).toBe("drawn");
    const seen = drawn.at(-1) as { path: string; context: { targets: Loose[] } };
    expect(seen.path).toBe(TOY_VOLLEY_TEMPLATE);
    expect(seen.context.targets.map((t) => [t.name, t.open])).toEqual([
      ["Tin", false],
      ["Lead", true],
    ]);
    const button = { dataset: { cardIntent: "answer", cardData: '{"target":1,"choice":"take"}' } };
    const event = { target: { closest: () => button }, preventDefault() {} };
    await onRulesetCardClick(event as never, message as never);
    expect((message.system.toObject().targets as Loose[])[1]).toMatchObject({
      answer: "take",
      outcome: "hit",
    });
    expect(hp(b)).toBe(7);
  });
});

describe("a ruleset's pool and effect kind, with exact undo", () => {
  it("a kind without its undo cannot be registered, nor an unprefixed one", async () => {
    const noUndo = { id: "toyBroken", apply: () => null };
    // @ts-expect-error the type requires `invert`
    const typed: EffectKindDefinition = noUndo;
    expect(() => registerEffectKind(typed)).toThrow(/without its undo/);
    const { registerRulesetDefinition } = await import("../../src/rulesets/registry");
    expect(() =>
      registerRulesetDefinition({ ...toyDefinition, effectKinds: [{ ...toyDrain, id: "drain" }] }),
    ).toThrow(/effect kind "drain" must start with "toy"/);
    expect(() => registerEffectKind({ ...toyDrain, id: "pool" })).toThrow(/kernel's own/);
  });

  it("the kernel: Apply then its invert restores the pool and the status exactly", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: -5, max: 40 }),
        fc.boolean(),
        (value, amount, was) => {
          const subject: EffectSubject = {
            pools: { [TOY_HP.name]: value },
            items: new Map(),
            statuses: new Set(was ? [TOY_DAZED] : []),
          };
          const rules = { poolMin: { [TOY_HP.name]: 0 } };
          const effect = { kind: "ruleset", effectKind: "toyDrain", actorId: "x", data: { amount } } as const;
          const applied = applyEffectsTo([effect], () => subject, rules);
          expect(subject.pools[TOY_HP.name]).toBe(Math.max(0, value - amount));
          invertApplied(applied, () => subject, rules);
          expect(subject.pools[TOY_HP.name]).toBe(value);
          expect(subject.statuses.has(TOY_DAZED)).toBe(was);
        },
      ),
    );
  });

  it("the table: the card's Apply then the GM's Undo restores the actor exactly, for any damage", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 20 }), async (damage) => {
        world.as(world.gm);
        await (a as unknown as { update(d: Loose): Promise<unknown> }).update({
          system: { hp: { value: 7 } },
        });
        const message = await volley(15, damage);
        expect((await step(message, { type: "answer", data: { target: 0, choice: "take" } }, 0)).ok).toBe(
          true,
        );
        expect(hp(a)).toBe(Math.max(0, 7 - damage));
        expect(dazed(a)).toBe(damage >= 7);
        world.as(world.gm);
        expect((await step(message, { type: "undo", data: { target: 0 } }, 1)).ok).toBe(true);
        expect(hp(a)).toBe(7);
        expect(dazed(a)).toBe(false);
      }),
      { numRuns: 12 },
    );
  });
});
