import "../foundry/setup";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { combatView } from "../../src/apps/combat-tracker/tracker";
import { openEncounterOdds } from "../../src/apps/encounter-odds";
import { registerRulesetMenu } from "../../src/apps/settings/ruleset-menu";
import { TICK_MS, tickerRunning } from "../../src/chat/countdown";
import { registerRealTimeLimits } from "../../src/chat/real-time";
import { pairsOf, readPair, writePair } from "../../src/combat/pairs";
import {
  COMBAT_QUERY,
  combatActionSubject,
  handleCombatAction,
  requestCombatAction,
} from "../../src/combat/request";
import { configureDocuments } from "../../src/config/document-classes";
import { registerSettings } from "../../src/config/settings";
import { FangsCombat } from "../../src/documents/combat";
import { writesSettled } from "../../src/documents/write-queue";
import { whilePending } from "../../src/requester";
import { registerRulesetDefinition } from "../../src/rulesets/registry";
import { runRange } from "../../src/sim/fight-runner";
import { type ExchangeModules, loadExchange } from "../foundry/chat-fixtures";
import { setOwners, type TestUser, world } from "../foundry/chat-stand-in";
import { standIn } from "../foundry/setup";
import { queries } from "../foundry/stand-in/index";
import { TOY_DAZED } from "./toy-cards";
import { postToyStrike, TOY_LIMIT_LABEL, toyLimitLog } from "./toy-limit";
import { TOY_MENU_KEY, TOY_SETTING, toyFightRunner, toySimLog } from "./toy-options-sim";
import { TOY_ID, toyDefinition } from "./toy-ruleset";

/**
 * One short fight in a world whose ruleset is the toy, played through the
 * unchanged shared code, step after step on one world: the toy's fighters
 * and blades made through the create path, a Combat started and walked to
 * the toy's act phase, a player's Lunge through the request path, a range
 * between two fighters that goes when one leaves, a volley where each
 * target answers once, the toy's Drain applied and undone exactly, a
 * strike whose defender runs out of time, and the toy's options and
 * simulator. Each step asserts what the documents, the cards and the
 * refusals show; the steps share the world, in order.
 *
 * Not here, because the hooks are not on this branch yet: the toy's
 * tracker row part and Token HUD palette, simultaneous turns, a timed
 * status as an effect kind, starting an attack (docs/rulesets.md, "The
 * test ruleset").
 */

type Loose = Record<string, unknown>;
interface Doc {
  readonly id: string;
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly system: { toObject(): Loose };
  readonly statuses: Set<string>;
  readonly items: { contents: Doc[] };
  readonly updates: { by: string }[];
  createEmbeddedDocuments(name: string, data: Loose[]): Promise<Doc[]>;
}
/** The stand-in's Combat of the system's class, as this scenario reads it. */
interface Combat {
  readonly id: string;
  readonly round: number;
  readonly turn: number | null;
  readonly system: { phase: string; order: string[]; pairs?: Loose };
  readonly combatant: Combatant | undefined;
  readonly combatants: { contents: Combatant[]; size: number };
  startCombat(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
  inTurn<T>(fn: () => Promise<T>): Promise<T>;
  createEmbeddedDocuments(name: "Combatant", data: Loose[]): Promise<Combatant[]>;
  deleteEmbeddedDocuments(name: "Combatant", ids: string[]): Promise<unknown>;
}
interface Combatant {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly actorId: string | null;
  readonly system: Loose;
  readonly writers: string[];
}

let modules: ExchangeModules;
const T0 = Date.UTC(2025, 0, 1, 20, 0, 0);

beforeAll(async () => {
  (game as unknown as { system: object }).system ??= { id: "fangs" };
  // What `init` does in a world whose "Combat rules" setting is the toy.
  standIn.game.settings.storage.set("fangs.ruleset", TOY_ID);
  registerRulesetDefinition(toyDefinition);
  configureDocuments();
  registerSettings();
  registerRealTimeLimits();
  registerRulesetMenu();
  modules = await loadExchange();
  queries[COMBAT_QUERY] = handleCombatAction as never;
  world.reset();
  toyLimitLog.expiries.length = 0;
});

afterAll(() => {
  vi.useRealTimers();
  standIn.game.settings.storage.delete("fangs.ruleset");
});

const notices = () => standIn.ui.notifications.shown.map((n) => n.message);
const hp = (actor: Doc) => (actor.system.toObject().hp as { value: number }).value;
const card = (message: unknown) => (message as Doc).system.toObject();

/** Who is in the fight: Tin (the player's), Lead (the defender's), Rag (the stranger's). */
const fighters = {} as { tin: Doc; lead: Doc; rag: Doc };
let combat: Combat;
const combatantOf = (actor: Doc) => combat.combatants.contents.find((c) => c.actorId === actor.id)!;

describe("a toy world plays one fight through the shared code", () => {
  it("documents: the toy's fighters and blades are made through the create path; a FANGS weapon is refused", async () => {
    world.as(world.gm);
    const cls = CONFIG.Actor.documentClass as unknown as { create(d: Loose): Promise<Doc> };
    const make = async (name: string, value: number, owner: TestUser) => {
      const actor = await cls.create({ name, type: "toyFighter", system: { hp: { value, max: value } } });
      setOwners(actor, owner.id);
      return actor;
    };
    fighters.tin = await make("Tin", 10, world.player);
    fighters.lead = await make("Lead", 9, world.defender);
    fighters.rag = await make("Rag", 6, world.stranger);
    expect(Object.values(fighters).map((a) => [a.name, a.type, hp(a)])).toEqual([
      ["Tin", "toyFighter", 10],
      ["Lead", "toyFighter", 9],
      ["Rag", "toyFighter", 6],
    ]);
    const [blade] = await fighters.tin.createEmbeddedDocuments("Item", [
      { name: "Tin Blade", type: "toyBlade", system: { damage: 3 } },
    ]);
    expect(blade?.type).toBe("toyBlade");
    expect(fighters.tin.items.contents.map((i) => [i.name, i.system.toObject().damage])).toEqual([
      ["Tin Blade", 3],
    ]);
    // A FANGS item is another ruleset's: kept out of a toy fighter, with a notice.
    expect(await fighters.lead.createEmbeddedDocuments("Item", [{ name: "Spear", type: "weapon" }])).toEqual(
      [],
    );
    expect(fighters.lead.items.contents).toEqual([]);
    expect(notices()).toEqual([
      'Spear belongs to the combat rules "FANGS Normal Combat" and cannot be given to Lead, who belongs to "TOY.Ruleset".',
    ]);
  });

  it("the Combat: the toy's combatants join, and its two phases run in initiative order", async () => {
    world.as(world.gm);
    combat = new FangsCombat() as unknown as Combat;
    world.combat = combat as never;
    const created = await combat.createEmbeddedDocuments("Combatant", [
      { actorId: fighters.tin.id, initiative: 15 },
      { actorId: fighters.lead.id, initiative: 12 },
      { actorId: fighters.rag.id, initiative: 9 },
    ]);
    expect(created.map((c) => [c.name, c.type])).toEqual([
      ["Tin", "toyCombatant"],
      ["Lead", "toyCombatant"],
      ["Rag", "toyCombatant"],
    ]);
    await combat.startCombat();
    const at = () => `${combat.round}:${combat.system.phase}:${combat.combatant?.name ?? "-"}`;
    const seen = [at()];
    for (let i = 0; i < 3; i++) {
      await combat.nextTurn();
      seen.push(at());
    }
    expect(seen).toEqual(["1:declare:Tin", "1:declare:Lead", "1:declare:Rag", "1:act:Tin"]);
    const view = combatView(combat as unknown as Combat.Implementation);
    expect(view.steps.map((s) => [s.id, s.css])).toEqual([
      ["declare", "done"],
      ["act", "current"],
    ]);
    expect(view.acting.map((r) => r.name)).toEqual(["Tin", "Lead", "Rag"]);
  });

  it("a round action with data: the player's Lunge is authorised on the active GM; a forged one is refused", async () => {
    const tin = combatantOf(fighters.tin);
    const lead = combatantOf(fighters.lead);
    // The player's own client asks, as its tracker button would.
    world.as(world.player);
    expect(await requestCombatAction(combat as never, "lunge", [tin.id], { dice: 2 })).toBe(true);
    expect(tin.system).toMatchObject({ lunged: true });
    expect(tin.writers.at(-1)).toBe(world.gm.id);
    // The same player asks for the defender's fighter: not theirs, refused with a notice.
    world.as(world.player);
    expect(await requestCombatAction(combat as never, "lunge", [lead.id], { dice: 2 })).toBe(false);
    // Data out of the toy's shape: refused too.
    expect(await requestCombatAction(combat as never, "lunge", [tin.id], { dice: 9 })).toBe(false);
    expect(notices().slice(-2)).toEqual([
      "You do not control that combatant.",
      "That combat request could not be read.",
    ]);
    // A forged request: the player names the defender as its sender; the defender's client never asked.
    const forged = {
      action: "lunge",
      combatId: combat.id,
      userId: world.defender.id,
      requestId: "forged0000000001",
      combatantIds: [lead.id],
      expected: { round: combat.round, turn: combat.turn, phase: combat.system.phase },
      data: { dice: 3 },
    };
    world.as(world.player);
    const answer = await whilePending(forged.requestId, combatActionSubject(forged), () =>
      world.gm.query(COMBAT_QUERY, forged),
    );
    expect(answer).toMatchObject({ ok: false, reason: "unconfirmed" });
    expect(lead.system.lunged).not.toBe(true);
    world.as(world.gm);
  });

  it("state between two fighters: the active GM sets a range; it goes when one of them leaves", async () => {
    const tin = combatantOf(fighters.tin);
    const rag = combatantOf(fighters.rag);
    world.as(world.gm);
    expect(await writePair(combat as never, tin.id, rag.id, { range: "close" })).toBe(true);
    expect(readPair(combat, rag.id, tin.id)).toEqual({ range: "close" });
    // Another client, or a shape not the toy's: nothing written.
    world.as(world.player);
    expect(await writePair(combat as never, tin.id, rag.id, { range: "far" })).toBe(false);
    world.as(world.gm);
    expect(await writePair(combat as never, tin.id, rag.id, { range: "sideways" })).toBe(false);
    expect(readPair(combat, tin.id, rag.id)).toEqual({ range: "close" });
    await combat.deleteEmbeddedDocuments("Combatant", [rag.id]);
    await combat.inTurn(async () => undefined);
    expect(combat.combatants.size).toBe(2);
    expect(readPair(combat, tin.id, rag.id)).toBeNull();
    expect(pairsOf(combat, tin.id)).toEqual([]);
  });

  let volley: Doc;
  const step = (message: Doc, intent: unknown, revision: number) =>
    modules.authority.requestStep(message.id, intent as never, revision);

  it("a card against two targets: each answers once for itself; a second answer is refused", async () => {
    world.as(world.gm);
    const cls = ChatMessage as unknown as { create(d: unknown): Promise<Doc> };
    const targets = [fighters.lead, fighters.tin].map((t) => ({
      actorId: t.uuid,
      answer: null,
      outcome: null,
    }));
    volley = await cls.create({ type: "toyVolley", system: { roll: 8, damage: 9, targets } });
    // The player may not answer for the defender's fighter.
    world.as(world.player);
    expect(await step(volley, { type: "answer", data: { target: 0, choice: "take" } }, 0)).toMatchObject({
      ok: false,
      code: "not-permitted",
    });
    expect(await step(volley, { type: "answer", data: { target: 1, choice: "block" } }, 0)).toEqual({
      ok: true,
      stage: "open",
    });
    world.as(world.defender);
    expect(await step(volley, { type: "answer", data: { target: 0, choice: "take" } }, 1)).toEqual({
      ok: true,
      stage: "resolved",
    });
    // Answered already: the defender's second answer changes nothing.
    expect(await step(volley, { type: "answer", data: { target: 0, choice: "block" } }, 2)).toMatchObject({
      ok: false,
      code: "wrong-stage",
    });
    const answered = (card(volley).targets as Loose[]).map((t) => [t.answer, t.outcome]);
    expect(answered).toEqual([
      ["take", "hit"],
      ["block", "blocked"],
    ]);
    expect(card(volley).revision).toBe(2);
    expect(hp(fighters.tin)).toBe(10);
  });

  it("the toy's effect kind: the Drain took Lead to 0 and dazed him; the GM's Undo gives back exactly that", async () => {
    expect(hp(fighters.lead)).toBe(0);
    expect(fighters.lead.statuses.has(TOY_DAZED)).toBe(true);
    // Only a GM takes an outcome back: the defender's Undo reaches the toy's flow (the toy's
    // parser reads it, though FANGS has an `undo` too) and the toy's own rule refuses it.
    world.as(world.defender);
    expect(await step(volley, { type: "undo", data: { target: 0 } }, 2)).toEqual({
      ok: false,
      code: "not-permitted",
      messageKey: "FANGS.Chat.Refusal.NotPermitted",
    });
    expect(hp(fighters.lead)).toBe(0);
    expect(card(volley).revision).toBe(2);
    world.as(world.gm);
    expect(await step(volley, { type: "undo", data: { target: 0 } }, 2)).toEqual({ ok: true, stage: "open" });
    expect(hp(fighters.lead)).toBe(9);
    expect(fighters.lead.statuses.has(TOY_DAZED)).toBe(false);
    expect((card(volley).targets as Loose[])[0]).toMatchObject({ answer: null, outcome: null, deltas: [] });
    // Nothing left to undo: a second Undo is refused and Lead keeps his points.
    expect((await step(volley, { type: "undo", data: { target: 0 } }, 3)).ok).toBe(false);
    expect(hp(fighters.lead)).toBe(9);
  });

  it("the real-time limit: Lead does not answer the strike in time, and the active GM lands it undefended, once", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    vi.setSystemTime(T0);
    world.as(world.gm);
    const strike = (await postToyStrike(fighters.lead, 8, 4)) as unknown as Doc;
    expect(card(strike)).toMatchObject({ stage: "awaitDefense", deadline: { seconds: 10, startedAt: T0 } });
    const slot = () => ({
      textContent: "" as string | null,
      isConnected: true,
      setAttribute() {},
    });
    const views = [world.player, world.defender].map((user) => {
      const view = slot();
      world.as(user);
      const html = { querySelector: (s: string) => (s === "[data-fangs-deadline]" ? view : null) };
      (Hooks.callAll as (hook: string, ...args: unknown[]) => unknown)("renderChatMessageHTML", strike, html);
      return view;
    });
    expect(views.map((v) => v.textContent)).toEqual([`${TOY_LIMIT_LABEL}: 10 s`, `${TOY_LIMIT_LABEL}: 10 s`]);
    world.as(world.gm2);
    vi.advanceTimersByTime(11_000);
    await writesSettled();
    // The second GM's client saw the time run out and did nothing.
    expect(toyLimitLog.expiries).toHaveLength(0);
    world.as(world.gm);
    vi.advanceTimersByTime(1_000);
    await writesSettled();
    expect(toyLimitLog.expiries).toHaveLength(1);
    expect(card(strike)).toMatchObject({ stage: "resolved", defense: "none", outcome: "hit" });
    expect(hp(fighters.lead)).toBe(5);
    expect(views.map((v) => v.textContent)).toEqual([
      `${TOY_LIMIT_LABEL}: time is up`,
      `${TOY_LIMIT_LABEL}: time is up`,
    ]);
    // Lead's answer now comes too late.
    world.as(world.defender);
    expect(
      await step(strike, { type: "defend", data: { choice: "dodge" } }, card(strike).revision as number),
    ).toMatchObject({ ok: false, code: "wrong-stage" });
    world.as(world.gm);
    vi.advanceTimersByTime(10_000 + TICK_MS);
    await writesSettled();
    expect(toyLimitLog.expiries).toHaveLength(1);
    expect(hp(fighters.lead)).toBe(5);
    expect(tickerRunning()).toBe(false);
    vi.useRealTimers();
  });

  it("options and simulator: the toy's menu and setting; Encounter odds runs the toy's fight of these two through the shared runner", async () => {
    const settings = standIn.game.settings as unknown as {
      settings: Map<string, unknown>;
      menus: Map<string, unknown>;
    };
    expect(settings.settings.has(`fangs.${TOY_SETTING}`)).toBe(true);
    expect([...settings.menus.keys()]).toContain(`fangs.${TOY_MENU_KEY}`);
    expect([...settings.menus.keys()]).not.toContain("fangs.rulesMenu");
    const token = (actor: Doc) => ({ name: actor.name, disposition: 0, actor: actor as never });
    const tally = await openEncounterOdds([token(fighters.tin), token(fighters.lead)]);
    expect(toySimLog.lastOdds?.names).toEqual(["Tin", "Lead"]);
    // The fighters as the fight left them (Tin 10, Lead 5), fought by the toy's runner.
    const job = {
      seed: 7,
      fighters: [
        { name: "Tin", hp: 10, damage: 3 },
        { name: "Lead", hp: 5, damage: 3 },
      ] as const,
    };
    expect(tally).toEqual(runRange(toyFightRunner, job, 0, 200));
    expect(tally).toMatchObject({ fights: 200 });
  });
});
