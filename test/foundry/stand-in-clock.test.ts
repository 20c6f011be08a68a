import "./setup";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetWorld, standIn } from "./setup";
import { ChatMessage } from "./stand-in";

/**
 * The stand-in's pause, shared clock and chat message hooks, which
 * real-time limits (src/chat/real-time.ts) rely on; each is a row of the
 * table in docs/development.md ("The Foundry stand-in").
 */

const { gm, player } = standIn.users;

afterEach(() => {
  standIn.game.paused = false;
  vi.useRealTimers();
  resetWorld();
});

/** Records the hook on each client it runs on, as `client:args`. */
function listen(event: string, seen: string[]): number {
  return standIn.Hooks.on(event, (...args: unknown[]) => {
    seen.push(
      `${standIn.game.user.id}:${args.map((a) => (typeof a === "object" ? "doc" : String(a))).join(",")}`,
    );
  });
}

describe("the game's pause and clock", () => {
  it("togglePause sets game.paused and runs pauseGame on every client with who paused", () => {
    const seen: string[] = [];
    const options: unknown[] = [];
    const id = listen("pauseGame", seen);
    const opt = standIn.Hooks.on("pauseGame", (_paused: unknown, o: unknown) => void options.push(o));
    standIn.as(gm);
    expect(standIn.game.paused).toBe(false);
    expect(standIn.game.togglePause(true)).toBe(true);
    expect(standIn.game.paused).toBe(true);
    expect(seen.map((s) => s.split(":")[0])).toEqual([...standIn.game.users].map((u) => u.id));
    expect(seen.every((s) => s.endsWith(":true,doc"))).toBe(true);
    expect(options[0]).toEqual({ broadcast: true, userId: gm.id });
    // Without an argument it toggles.
    expect(standIn.game.togglePause()).toBe(false);
    standIn.Hooks.off("pauseGame", id);
    standIn.Hooks.off("pauseGame", opt);
  });

  it("game.time.serverTime is one clock for every client, and fake timers move it", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(5_000_000);
    standIn.as(player);
    const seen = standIn.game.time.serverTime;
    standIn.as(gm);
    expect(standIn.game.time.serverTime).toBe(seen);
    vi.advanceTimersByTime(1_500);
    expect(standIn.game.time.serverTime).toBe(seen + 1_500);
  });
});

describe("chat message hooks", () => {
  it("an update runs updateChatMessage, a delete deleteChatMessage, on every connected client", async () => {
    const updated: string[] = [];
    const deleted: string[] = [];
    const u = listen("updateChatMessage", updated);
    const d = listen("deleteChatMessage", deleted);
    player.active = false;
    standIn.as(gm);
    const message = await ChatMessage.create({ content: "a card" });
    await message.update({ content: "changed" });
    const connected = [...standIn.game.users].filter((user) => user.active).map((user) => user.id);
    expect(updated.map((s) => s.split(":")[0])).toEqual(connected);
    expect(updated[0]).toBe(`${connected[0]}:doc,doc,doc,${gm.id}`);
    await message.delete();
    expect(deleted.map((s) => s.split(":")[0])).toEqual(connected);
    standIn.Hooks.off("updateChatMessage", u);
    standIn.Hooks.off("deleteChatMessage", d);
  });
});
