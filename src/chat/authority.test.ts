import { describe, expect, it } from "vitest";
import { readFangsIntent } from "../rulesets/fangs/card-intents";
import { confirmRequest } from "./authority";
import { parseRequest as parseWith, withMessageLock } from "./authority-gm";
import type { CardFlow } from "./card-flows";

/**
 * The authority's pure parts: the untrusted payload read field by field, the
 * requester's confirmation (only a request it has pending), and the lock
 * that runs one message's steps one after the other.
 */

/** A request for a FANGS exchange card: FANGS's flow reads its intent. */
const fangsFlow: CardFlow = { runStep: async () => ({ ok: true, stage: "" }), readIntent: readFangsIntent };
const parseRequest = (payload: unknown) => parseWith(payload, fangsFlow);

const good = {
  messageId: "msg0000000000001",
  intent: { type: "defend", choice: "dodge" },
  revision: 2,
  userId: "player0000000002",
  requestId: "abcdefabcdefabcdefabcdef",
};

describe("reading a request", () => {
  it("keeps only the fields it knows, typed", () => {
    expect(parseRequest({ ...good, extra: "ignored", intent: { ...good.intent, evil: true } })).toEqual(good);
    expect(
      parseRequest({
        ...good,
        intent: { type: "resolveFumble", option: "hitAnother", victimUuid: "Actor.x" },
      })?.intent,
    ).toEqual({ type: "resolveFumble", option: "hitAnother", victimUuid: "Actor.x" });
    // NC-SUB-3: the GM's health-damaging ruling travels as a boolean.
    expect(
      parseRequest({ ...good, intent: { type: "resolveFumble", option: "hitSelf", healthDamaging: true } })
        ?.intent,
    ).toEqual({ type: "resolveFumble", option: "hitSelf", victimUuid: null, healthDamaging: true });
    expect(parseRequest({ ...good, intent: { type: "apply", choice: "x" } })?.intent).toEqual({
      type: "apply",
    });
  });

  it("refuses anything malformed", () => {
    const bad: unknown[] = [
      null,
      "x",
      { ...good, messageId: 7 },
      { ...good, messageId: "ChatMessage.x" },
      { ...good, userId: "" },
      { ...good, requestId: "a b" },
      { ...good, revision: 1.5 },
      { ...good, revision: -1 },
      { ...good, intent: null },
      { ...good, intent: { type: "defend" } },
      { ...good, intent: { type: "defend", choice: "<script>" } },
      { ...good, intent: { type: "resolveFumble" } },
      { ...good, intent: { type: "resolveFumble", option: "hitAnother", victimUuid: 5 } },
      { ...good, intent: { type: "resolveFumble", option: "hitSelf", healthDamaging: "yes" } },
      { ...good, intent: { type: "delete" } },
    ];
    for (const payload of bad) expect(parseRequest(payload)).toBeNull();
  });
});

describe("confirming a request", () => {
  it("denies what this client has not sent", () => {
    expect(confirmRequest({ requestId: good.requestId, messageId: good.messageId, type: "defend" })).toBe(
      false,
    );
    expect(confirmRequest(null)).toBe(false);
    expect(confirmRequest({})).toBe(false);
  });
});

describe("one step of a message at a time", () => {
  it("runs a message's steps in order, even when the first awaits; other messages are not held up", async () => {
    const log: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = withMessageLock("m1", async () => {
      log.push("m1 first: start");
      await gate;
      log.push("m1 first: end");
      return 1;
    });
    const second = withMessageLock("m1", async () => {
      log.push("m1 second");
      return 2;
    });
    const other = withMessageLock("m2", async () => {
      log.push("m2");
      return 3;
    });
    expect(await other).toBe(3);
    release();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(log).toEqual(["m1 first: start", "m2", "m1 first: end", "m1 second"]);
  });

  it("goes on after a step that failed", async () => {
    const failed = withMessageLock("m3", async () => {
      throw new Error("boom");
    });
    const next = withMessageLock("m3", async () => "ran");
    await expect(failed).rejects.toThrow("boom");
    expect(await next).toBe("ran");
  });
});
