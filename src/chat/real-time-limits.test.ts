import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { world } from "../../test/foundry/chat-stand-in";
import { resetWorld, standIn } from "../../test/foundry/setup";
import { StringField, TypeDataModel, type User } from "../../test/foundry/stand-in/index";
import { toyRuleset } from "../../test/rulesets/toy-ruleset";
import { realTimeLimitsOn } from "../config/real-time-settings";
import { deadlineField } from "../data/fields";
import { writesSettled } from "../documents/write-queue";
import type { Deadline } from "../rules/kernel/deadline";
import { registerRuleset } from "../rules/kernel/ruleset";
import { TICK_MS, tickerRunning } from "./countdown";
import { registerRealTimeLimits } from "./real-time";
import { type DeadlineExpiry, registerRealTimeLimit, startCardDeadline } from "./real-time-limits";

/**
 * Real-time limits on the stand-in, as a ruleset uses them: a card type of
 * the toy ruleset with `deadlineField()`, a limit of ten seconds whose
 * expiry marks the card "timedOut", and the facility started as `init`
 * starts it. Time is vitest's fake clock (setInterval and Date; the
 * stand-in's server round trips stay real), so a test moves the seconds.
 */

const T0 = Date.UTC(2025, 0, 1, 20, 0, 0);
const LABEL = "FANGS.Test.ToyAnswer";

interface TimedCard {
  readonly id: string;
  readonly author: string;
  system: { deadline: Deadline | null; outcome: string; toObject(): Record<string, unknown> };
  readonly updates: { data: Record<string, unknown>; by: string }[];
  update(data: Record<string, unknown>): Promise<unknown>;
}

/** The toy's timed card: its outcome, and the deadline field a ruleset's card model adds. */
class ToyTimedCard extends TypeDataModel {
  static override defineSchema() {
    return {
      ruleset: new StringField({ required: true, blank: false, initial: "toy" }),
      outcome: new StringField({ required: true, blank: true, initial: "" }),
      deadline: deadlineField() as never,
    };
  }
}

const expiries: DeadlineExpiry[] = [];
let failNextExpiry = false;

async function post(by: User, system: Record<string, unknown>): Promise<TimedCard> {
  world.as(by);
  const cls = ChatMessage as unknown as { create(d: unknown): Promise<TimedCard> };
  return cls.create({ type: "toyTimed", system });
}

/** The active GM's step that asks the player to answer in ten seconds. */
async function askInTime(): Promise<TimedCard> {
  world.as(world.gm);
  return post(world.gm, { deadline: startCardDeadline("toyAnswer", "Actor.defender") });
}

interface Slot {
  textContent: string | null;
  isConnected: boolean;
  readonly attributes: Record<string, string>;
  setAttribute(name: string, value: string): void;
}

function slot(): Slot {
  return {
    textContent: "",
    isConnected: true,
    attributes: {},
    setAttribute(name, value) {
      this.attributes[name] = value;
    },
  };
}

/** Foundry's render hook for a card's HTML (its types know only its own message classes). */
function renderHook(message: TimedCard, html: object): void {
  (Hooks.callAll as (hook: string, ...args: unknown[]) => unknown)(
    "renderChatMessageHTML",
    message,
    html,
    {},
  );
}

/** The card drawn on `user`'s client (Foundry's render hook), with a countdown slot in its template. */
function draw(message: TimedCard, user: User): Slot {
  const view = slot();
  world.as(user);
  const html = { querySelector: (selector: string) => (selector === "[data-fangs-deadline]" ? view : null) };
  renderHook(message, html);
  return view;
}

const everyClient = () => [world.gm, world.gm2, world.player, world.defender, world.stranger];
const shown = (views: Slot[]) => [...new Set(views.map((v) => v.textContent))];
const deadlineOf = (message: TimedCard) => message.system.deadline;

/** Moves the clock on, with the ticker's beats running on `user`'s client. */
function wait(ms: number, user: User = world.gm): void {
  world.as(user);
  vi.advanceTimersByTime(ms);
}

describe("a world whose rulesets register no real-time limit (FANGS)", () => {
  it("registers no setting, and no limit runs", () => {
    registerRealTimeLimits();
    expect(standIn.game.settings.settings.has("fangs.realTimeLimits")).toBe(false);
    expect([...standIn.game.settings.settings.keys()].some((k) => k.includes("realTime"))).toBe(false);
    expect(realTimeLimitsOn()).toBe(false);
  });
});

describe("real-time limits", () => {
  beforeAll(() => {
    registerRuleset(toyRuleset);
    // The world plays the toy ruleset (stored as a GM would have chosen it).
    standIn.game.settings.storage.set("fangs.ruleset", "toy");
    (CONFIG.ChatMessage.dataModels as Record<string, unknown>).toyTimed = ToyTimedCard;
    registerRealTimeLimit({
      id: "toyAnswer",
      ruleset: "toy",
      labelKey: LABEL,
      seconds: 10,
      async onExpiry(expiry) {
        expiries.push(expiry);
        if (failNextExpiry) {
          failNextExpiry = false;
          throw new Error("the consequence failed");
        }
        return { outcome: "timedOut" };
      },
    });
    registerRealTimeLimit({
      id: "otherAnswer",
      ruleset: "other",
      labelKey: "FANGS.Test.OtherAnswer",
      seconds: 30,
      onExpiry: async () => undefined,
    });
    registerRealTimeLimits();
  });

  beforeEach(() => {
    world.reset();
    resetWorld();
    expiries.length = 0;
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    vi.setSystemTime(T0);
  });

  afterEach(() => {
    // Nothing left counting down: the one ticker stops on its next beat.
    world.reset();
    if (game.paused) standIn.game.togglePause(false);
    vi.advanceTimersByTime(TICK_MS);
    expect(tickerRunning()).toBe(false);
    vi.useRealTimers();
  });

  it("registers the switch and each limit's seconds, showing only the world's ruleset's", () => {
    const settings = standIn.game.settings.settings;
    expect(settings.get("fangs.realTimeLimits")).toMatchObject({
      scope: "world",
      config: true,
      default: true,
    });
    expect(settings.get("fangs.realTimeSeconds-toyAnswer")).toMatchObject({
      name: LABEL,
      scope: "world",
      config: true,
      default: 10,
    });
    expect(settings.get("fangs.realTimeSeconds-otherAnswer")).toMatchObject({ config: false, default: 30 });
  });

  it("refuses a limit whose id is no key or whose seconds are not whole", () => {
    const limit = { ruleset: "toy", labelKey: LABEL, onExpiry: async () => undefined };
    expect(() => registerRealTimeLimit({ ...limit, id: "toy.answer", seconds: 10 })).toThrow();
    expect(() => registerRealTimeLimit({ ...limit, id: "toyOther", seconds: 0 })).toThrow();
    expect(() => registerRealTimeLimit({ ...limit, id: "toyOther", seconds: 2.5 })).toThrow();
  });

  it("a card's countdown shows on every client and goes down each second", async () => {
    const message = await askInTime();
    expect(deadlineOf(message)).toMatchObject({
      limit: "toyAnswer",
      seconds: 10,
      startedAt: T0,
      spentAt: null,
    });
    const views = everyClient().map((user) => draw(message, user));
    expect(shown(views)).toEqual([`${LABEL}: 10 s`]);
    expect(views.every((v) => v.attributes.role === "timer")).toBe(true);
    expect(tickerRunning()).toBe(true);
    wait(1_000, world.player);
    expect(shown(views)).toEqual([`${LABEL}: 9 s`]);
    wait(6_000, world.defender);
    expect(shown(views)).toEqual([`${LABEL}: 3 s`]);
    // A client that draws the card now sees the same time left.
    expect(draw(message, world.stranger).textContent).toBe(`${LABEL}: 3 s`);
  });

  it("a card without a countdown slot gets one at the end of its content", async () => {
    const message = await askInTime();
    const added = slot();
    let inserted = "";
    const content = {
      insertAdjacentHTML(_where: string, markup: string) {
        inserted = markup;
      },
    };
    const html = {
      querySelector: (selector: string) =>
        selector === ".message-content"
          ? content
          : selector === "[data-fangs-deadline]" && inserted
            ? added
            : null,
    };
    renderHook(message, html);
    expect(inserted).toContain("data-fangs-deadline");
    expect(added.textContent).toBe(`${LABEL}: 10 s`);
  });

  it("the seconds come from the world's setting, the ruleset's figure by default", async () => {
    await standIn.game.settings.set("fangs", "realTimeSeconds-toyAnswer", 4);
    const message = await askInTime();
    expect(deadlineOf(message)?.seconds).toBe(4);
    const view = draw(message, world.player);
    expect(view.textContent).toBe(`${LABEL}: 4 s`);
  });

  it("runs out once, on the active GM alone, though two GMs are connected", async () => {
    const message = await askInTime();
    const views = everyClient().map((user) => draw(message, user));
    // The second GM's client sees the time run out and does nothing: it is not the active GM.
    wait(12_000, world.gm2);
    await writesSettled();
    expect(shown(views)).toEqual([`${LABEL}: 0 s`]);
    expect(expiries).toHaveLength(0);
    expect(deadlineOf(message)?.spentAt).toBeNull();
    // The active GM's beats: several come before its write lands, one expiry is queued.
    wait(2_000, world.gm);
    await writesSettled();
    expect(expiries).toHaveLength(1);
    expect(expiries[0]!.deadline.spentAt).toBeNull();
    expect(expiries[0]!.spent.spentAt).toBe(T0 + 12_250);
    expect(message.system.outcome).toBe("timedOut");
    expect(deadlineOf(message)?.spentAt).toBe(T0 + 12_250);
    // The consequence and the spent deadline were written in one update, by the active GM.
    expect(message.updates.map((u) => u.by)).toEqual([world.gm.id]);
    // The active GM leaves: the other becomes active and finds nothing left to run out.
    world.gm.active = false;
    wait(5_000, world.gm2);
    await writesSettled();
    expect(expiries).toHaveLength(1);
    expect(message.updates).toHaveLength(1);
    expect(shown(views.slice(1))).toEqual([`${LABEL}: time is up`]);
    expect(tickerRunning()).toBe(false);
    expect(draw(message, world.player).textContent).toBe(`${LABEL}: time is up`);
  });

  it("a pause freezes every countdown, and the paused time is not counted", async () => {
    const message = await askInTime();
    const views = everyClient().map((user) => draw(message, user));
    wait(3_000);
    world.as(world.gm);
    standIn.game.togglePause(true);
    expect(shown(views)).toEqual([`${LABEL}: 7 s (game paused)`]);
    expect(tickerRunning()).toBe(false);
    await writesSettled();
    expect(deadlineOf(message)).toMatchObject({ pausedAt: T0 + 3_000, pausedMs: 0 });
    // A minute of pause: nothing moves, nothing runs out, whoever's client it is.
    wait(60_000, world.gm);
    await writesSettled();
    expect(shown(views)).toEqual([`${LABEL}: 7 s (game paused)`]);
    expect(draw(message, world.stranger).textContent).toBe(`${LABEL}: 7 s (game paused)`);
    expect(expiries).toHaveLength(0);
    world.as(world.gm);
    standIn.game.togglePause(false);
    await writesSettled();
    expect(deadlineOf(message)).toMatchObject({ pausedAt: null, pausedMs: 60_000 });
    expect(tickerRunning()).toBe(true);
    wait(6_000);
    expect(shown(views)).toEqual([`${LABEL}: 1 s`]);
    await writesSettled();
    expect(expiries).toHaveLength(0);
    wait(1_000);
    await writesSettled();
    expect(expiries).toHaveLength(1);
    expect(deadlineOf(message)?.spentAt).toBe(T0 + 70_000);
    // Only the active GM wrote the deadline: the pause, the resume, the expiry.
    expect(new Set(message.updates.map((u) => u.by))).toEqual(new Set([world.gm.id]));
  });

  it("a deadline started during a pause waits for the game to resume", async () => {
    world.as(world.gm);
    standIn.game.togglePause(true);
    const message = await askInTime();
    expect(deadlineOf(message)).toMatchObject({ pausedAt: T0 });
    wait(30_000);
    world.as(world.gm);
    standIn.game.togglePause(false);
    await writesSettled();
    expect(deadlineOf(message)).toMatchObject({ pausedAt: null, pausedMs: 30_000 });
    expect(draw(message, world.player).textContent).toBe(`${LABEL}: 10 s`);
  });

  it("an answer in time lifts the deadline: the countdown goes, nothing runs out", async () => {
    const message = await askInTime();
    const view = draw(message, world.defender);
    wait(4_000);
    // The ruleset's step for the defender's answer, on the GM's client.
    world.as(world.gm);
    await message.update({ system: { outcome: "answered", deadline: null } });
    wait(20_000);
    await writesSettled();
    expect(expiries).toHaveLength(0);
    expect(view.textContent).toBe("");
    expect(message.system.outcome).toBe("answered");
  });

  it("switched off: no deadline starts, a running one is lifted, nothing counts down or runs out", async () => {
    const running = await askInTime();
    const view = draw(running, world.player);
    wait(2_000);
    world.as(world.gm);
    await standIn.game.settings.set("fangs", "realTimeLimits", false);
    await writesSettled();
    expect(deadlineOf(running)).toBeNull();
    expect(startCardDeadline("toyAnswer", "Actor.defender")).toBeNull();
    const later = await askInTime();
    expect(deadlineOf(later)).toBeNull();
    expect(draw(later, world.player).textContent).toBe("");
    wait(30_000);
    await writesSettled();
    expect(view.textContent).toBe("");
    expect(expiries).toHaveLength(0);
    expect(tickerRunning()).toBe(false);
    // Switched on again: what was lifted stays lifted.
    await standIn.game.settings.set("fangs", "realTimeLimits", true);
    wait(30_000);
    await writesSettled();
    expect(expiries).toHaveLength(0);
  });

  it("a player cannot move a GM card's deadline: the server refuses, and the time runs as the GM set it", async () => {
    const message = await askInTime();
    const before = structuredClone(message.system.toObject().deadline);
    world.as(world.defender);
    // Giving itself more time, or ending the limit.
    await expect(message.update({ system: { deadline: { startedAt: T0 + 600_000 } } })).rejects.toThrow();
    await expect(message.update({ system: { deadline: null } })).rejects.toThrow();
    expect(message.system.toObject().deadline).toEqual(before);
    wait(10_000);
    await writesSettled();
    expect(expiries).toHaveLength(1);
  });

  it("a player's own card claiming a deadline is ignored: no countdown, and the GM never acts on it", async () => {
    const forged: Deadline = {
      limit: "toyAnswer",
      answerer: "Actor.someone",
      seconds: 1,
      startedAt: T0 - 60_000,
      pausedMs: 0,
      pausedAt: null,
      spentAt: null,
    };
    const message = await post(world.player, { deadline: forged });
    expect(deadlineOf(message)).toMatchObject({ seconds: 1 });
    expect(draw(message, world.player).textContent).toBe("");
    expect(draw(message, world.gm).textContent).toBe("");
    wait(5_000, world.gm);
    await writesSettled();
    expect(expiries).toHaveLength(0);
    expect(message.updates).toHaveLength(0);
  });

  it("a failed consequence is told to the GM and the deadline is spent all the same", async () => {
    const message = await askInTime();
    failNextExpiry = true;
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    wait(10_000);
    await writesSettled();
    errors.mockRestore();
    expect(expiries).toHaveLength(1);
    expect(deadlineOf(message)?.spentAt).toBe(T0 + 10_000);
    expect(message.system.outcome).toBe("");
    expect(standIn.ui.notifications.shown.map((n) => n.type)).toEqual(["error"]);
    wait(10_000);
    await writesSettled();
    expect(expiries).toHaveLength(1);
  });
});
