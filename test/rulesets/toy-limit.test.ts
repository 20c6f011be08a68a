import "../foundry/setup";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TICK_MS, tickerRunning } from "../../src/chat/countdown";
import { registerRealTimeLimits } from "../../src/chat/real-time";
import { registerSettings } from "../../src/config/settings";
import { writesSettled } from "../../src/documents/write-queue";
import type { Deadline } from "../../src/rules/kernel/deadline";
import { registerRulesetDefinition } from "../../src/rulesets/registry";
import { type ExchangeModules, loadExchange } from "../foundry/chat-fixtures";
import { setOwners, type TestUser, world } from "../foundry/chat-stand-in";
import { resetWorld, standIn } from "../foundry/setup";
import { TOY_DAZED } from "./toy-cards";
import {
  postToyStrike,
  TOY_DEFEND,
  TOY_LIMIT_ID,
  TOY_LIMIT_LABEL,
  TOY_LIMIT_SECONDS,
  toyLimitLog,
  toyStrikeOutcome,
} from "./toy-limit";
import { TOY_ID, toyDefinition } from "./toy-ruleset";

/**
 * The toy's own real-time limit through the shared facility: its Strike
 * card gives the defender ten seconds (a toy world setting) to dodge or
 * brace, and when they run out the toy's core takes the defense as "none"
 * and the active GM applies the whole blow. Time is vitest's fake clock
 * (setInterval and Date); the stand-in's server round trips stay real.
 */

const T0 = Date.UTC(2025, 0, 1, 20, 0, 0);
const SECONDS_SETTING = `realTimeSeconds-${TOY_LIMIT_ID}`;

type Loose = Record<string, unknown>;
type Doc = { id: string; uuid: string; system: { toObject(): Loose }; updates: { by: string }[] };
let modules: ExchangeModules;

beforeAll(async () => {
  (game as unknown as { system: object }).system ??= { id: "fangs" };
  registerRulesetDefinition(toyDefinition);
  (await import("../../src/config/document-classes")).configureDocuments();
  // As `init` runs for a world that plays the toy: every ruleset's settings, then the limits'.
  standIn.game.settings.storage.set("fangs.ruleset", TOY_ID);
  registerSettings();
  registerRealTimeLimits();
  modules = await loadExchange();
});

let defender: Doc;
beforeEach(async () => {
  world.reset();
  resetWorld();
  standIn.game.settings.storage.set("fangs.ruleset", TOY_ID);
  toyLimitLog.expiries.length = 0;
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
  vi.setSystemTime(T0);
  const cls = CONFIG.Actor.documentClass as unknown as { create(d: Loose): Promise<Doc> };
  defender = await cls.create({ name: "Lead", type: "toyFighter", system: { hp: { value: 9, max: 9 } } });
  setOwners(defender, world.defender.id);
});

afterEach(() => {
  world.reset();
  if (game.paused) standIn.game.togglePause(false);
  vi.advanceTimersByTime(TICK_MS);
  expect(tickerRunning()).toBe(false);
  vi.useRealTimers();
});

const hp = () => (defender.system.toObject().hp as { value: number }).value;
const card = (message: unknown) => (message as Doc).system.toObject();
const deadlineOf = (message: unknown) => card(message).deadline as Deadline | null;

/** The active GM strikes the defender: a roll of 8, a blow of 4. */
async function strike(roll = 8, damage = 4): Promise<Doc> {
  world.as(world.gm);
  return (await postToyStrike(defender, roll, damage)) as unknown as Doc;
}

interface Slot {
  textContent: string | null;
  isConnected: boolean;
  readonly attributes: Record<string, string>;
  setAttribute(name: string, value: string): void;
}

/** The card drawn on `user`'s client (Foundry's render hook), with a countdown slot in its template. */
function draw(message: Doc, user: TestUser): Slot {
  const view: Slot = {
    textContent: "",
    isConnected: true,
    attributes: {},
    setAttribute(name, value) {
      this.attributes[name] = value;
    },
  };
  world.as(user);
  const html = { querySelector: (selector: string) => (selector === "[data-fangs-deadline]" ? view : null) };
  (Hooks.callAll as (hook: string, ...args: unknown[]) => unknown)(
    "renderChatMessageHTML",
    message,
    html,
    {},
  );
  return view;
}

const shown = (views: Slot[]) => [...new Set(views.map((v) => v.textContent))];

/** Moves the clock on, with the ticker's beats running on `user`'s client. */
function wait(ms: number, user: TestUser = world.gm): void {
  world.as(user);
  vi.advanceTimersByTime(ms);
}

/** The defender's click: a dodge or a brace, sent to the active GM. */
function defend(message: Doc, choice: string, revision = 0) {
  world.as(world.defender);
  return modules.authority.requestStep(message.id, { type: TOY_DEFEND, data: { choice } } as never, revision);
}

describe("the toy's real-time limit", () => {
  it("the toy's core: a dodge avoids a roll of 10 or less, a brace halves, no answer takes it whole", () => {
    expect(toyStrikeOutcome("dodge", 10, 4)).toEqual({ outcome: "dodged", drain: 0 });
    expect(toyStrikeOutcome("dodge", 11, 4)).toEqual({ outcome: "hit", drain: 4 });
    expect(toyStrikeOutcome("brace", 15, 5)).toEqual({ outcome: "hit", drain: 2 });
    expect(toyStrikeOutcome("none", 3, 4)).toEqual({ outcome: "hit", drain: 4 });
  });

  it("its seconds are a toy world setting through the facility, shown in a toy world", () => {
    const settings = standIn.game.settings.settings;
    expect(settings.get("fangs.realTimeLimits")).toMatchObject({ config: true, default: true });
    expect(settings.get(`fangs.${SECONDS_SETTING}`)).toMatchObject({
      name: TOY_LIMIT_LABEL,
      scope: "world",
      config: true,
      default: TOY_LIMIT_SECONDS,
    });
  });

  it("the countdown shows on the attacker's and the defender's clients and goes down each second", async () => {
    const message = await strike();
    expect(deadlineOf(message)).toMatchObject({
      limit: TOY_LIMIT_ID,
      answerer: defender.uuid,
      seconds: 10,
      startedAt: T0,
      spentAt: null,
    });
    const views = [draw(message, world.player), draw(message, world.defender)];
    expect(shown(views)).toEqual([`${TOY_LIMIT_LABEL}: 10 s`]);
    expect(views.every((v) => v.attributes.role === "timer")).toBe(true);
    wait(1_000, world.player);
    expect(shown(views)).toEqual([`${TOY_LIMIT_LABEL}: 9 s`]);
    wait(6_000, world.defender);
    expect(shown(views)).toEqual([`${TOY_LIMIT_LABEL}: 3 s`]);
    expect(hp()).toBe(9);
  });

  it("unanswered, the active GM alone takes the defense as none and applies the blow once, two GMs connected", async () => {
    const message = await strike(8, 4);
    const views = [draw(message, world.player), draw(message, world.defender)];
    // The second GM's client sees the time run out and does nothing: it is not the active GM.
    wait(12_000, world.gm2);
    await writesSettled();
    expect(shown(views)).toEqual([`${TOY_LIMIT_LABEL}: 0 s`]);
    expect(toyLimitLog.expiries).toHaveLength(0);
    expect(hp()).toBe(9);
    wait(2_000, world.gm);
    await writesSettled();
    expect(toyLimitLog.expiries).toHaveLength(1);
    expect(card(message)).toMatchObject({
      stage: "resolved",
      defense: "none",
      outcome: "hit",
      revision: 1,
      deadline: { spentAt: T0 + 12_250 },
    });
    expect(hp()).toBe(5);
    expect(message.updates.map((u) => u.by)).toEqual([world.gm.id]);
    // Too late: the defender's answer is refused and changes nothing.
    expect(await defend(message, "dodge", 1)).toMatchObject({ ok: false, code: "wrong-stage" });
    // The active GM leaves; the other finds the deadline spent and acts on nothing.
    world.gm.active = false;
    wait(5_000, world.gm2);
    await writesSettled();
    expect(toyLimitLog.expiries).toHaveLength(1);
    expect(message.updates).toHaveLength(1);
    expect(hp()).toBe(5);
    expect(shown(views)).toEqual([`${TOY_LIMIT_LABEL}: time is up`]);
  });

  it("a pause freezes the countdown on every client, and nothing runs out while paused", async () => {
    const message = await strike();
    const views = [draw(message, world.player), draw(message, world.defender)];
    wait(3_000);
    world.as(world.gm);
    standIn.game.togglePause(true);
    expect(shown(views)).toEqual([`${TOY_LIMIT_LABEL}: 7 s (game paused)`]);
    await writesSettled();
    wait(60_000);
    await writesSettled();
    expect(shown(views)).toEqual([`${TOY_LIMIT_LABEL}: 7 s (game paused)`]);
    expect(toyLimitLog.expiries).toHaveLength(0);
    expect(hp()).toBe(9);
    world.as(world.gm);
    standIn.game.togglePause(false);
    await writesSettled();
    expect(deadlineOf(message)).toMatchObject({ pausedAt: null, pausedMs: 60_000 });
    wait(6_000);
    await writesSettled();
    expect(shown(views)).toEqual([`${TOY_LIMIT_LABEL}: 1 s`]);
    expect(hp()).toBe(9);
    wait(1_000);
    await writesSettled();
    expect(toyLimitLog.expiries).toHaveLength(1);
    expect(hp()).toBe(5);
  });

  it("answered in time: the defender's dodge lifts the limit and nothing runs out", async () => {
    const message = await strike(8, 4);
    const view = draw(message, world.defender);
    wait(4_000);
    expect(await defend(message, "dodge")).toEqual({ ok: true, stage: "resolved" });
    expect(card(message)).toMatchObject({ stage: "resolved", defense: "dodge", outcome: "dodged" });
    expect(deadlineOf(message)).toBeNull();
    wait(30_000);
    await writesSettled();
    expect(toyLimitLog.expiries).toHaveLength(0);
    expect(view.textContent).toBe("");
    expect(hp()).toBe(9);
  });

  it("a toy intent named like FANGS's: the defender's `defend` reaches the toy's flow with its data; a FANGS-shaped one is refused", async () => {
    expect(TOY_DEFEND).toBe("defend");
    const message = await strike(8, 4);
    world.as(world.defender);
    // FANGS's exchange shape on the toy's card: the toy's parser reads it, and refuses the stray field.
    expect(
      await modules.authority.requestStep(message.id, { type: "defend", choice: "dodge" } as never, 0),
    ).toMatchObject({ ok: false, code: "invalid" });
    expect(card(message)).toMatchObject({ stage: "awaitDefense", revision: 0 });
    expect(hp()).toBe(9);
    expect(await defend(message, "brace")).toEqual({ ok: true, stage: "resolved" });
    expect(card(message)).toMatchObject({ stage: "resolved", defense: "brace", outcome: "hit" });
    expect(hp()).toBe(7);
  });

  it("the seconds come from the toy world's setting", async () => {
    await standIn.game.settings.set("fangs", SECONDS_SETTING, 4);
    const message = await strike(8, 4);
    expect(deadlineOf(message)?.seconds).toBe(4);
    expect(draw(message, world.player).textContent).toBe(`${TOY_LIMIT_LABEL}: 4 s`);
    wait(4_000);
    await writesSettled();
    expect(toyLimitLog.expiries).toHaveLength(1);
    expect(hp()).toBe(5);
  });

  it("switched off: the strike waits for its answer as if the rules had no limit", async () => {
    world.as(world.gm);
    await standIn.game.settings.set("fangs", "realTimeLimits", false);
    const message = await strike(15, 9);
    expect(deadlineOf(message)).toBeNull();
    expect(draw(message, world.defender).textContent).toBe("");
    wait(120_000);
    await writesSettled();
    expect(toyLimitLog.expiries).toHaveLength(0);
    expect(card(message)).toMatchObject({ stage: "awaitDefense", defense: null });
    expect(hp()).toBe(9);
    // Long after, the brace still counts: half of 9, and the Drain leaves the defender standing.
    expect(await defend(message, "brace")).toEqual({ ok: true, stage: "resolved" });
    expect(hp()).toBe(5);
    expect((defender as unknown as { statuses: Set<string> }).statuses.has(TOY_DAZED)).toBe(false);
  });
});
