import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Deadline,
  elapsedMs,
  expireDeadline,
  isExpired,
  pauseDeadline,
  readDeadline,
  remainingMs,
  resumeDeadline,
  secondsShown,
  startDeadline,
} from "./deadline";
import { RulesError } from "./errors";

const T0 = 1_000_000;
const ten = (t = T0, paused = false) =>
  startDeadline({ limit: "answer", answerer: "Actor.a", seconds: 10 }, t, paused);

describe("a real-time deadline", () => {
  it("counts down from its seconds and shows whole seconds rounded up", () => {
    const d = ten();
    expect(remainingMs(d, T0)).toBe(10_000);
    expect(secondsShown(d, T0)).toBe(10);
    expect(secondsShown(d, T0 + 800)).toBe(10);
    expect(secondsShown(d, T0 + 1_000)).toBe(9);
    expect(secondsShown(d, T0 + 9_999)).toBe(1);
    expect(secondsShown(d, T0 + 10_000)).toBe(0);
    expect(remainingMs(d, T0 + 60_000)).toBe(0);
  });

  it("expires once its time is used up, not a moment before", () => {
    const d = ten();
    expect(isExpired(d, T0 + 9_999)).toBe(false);
    expect(expireDeadline(d, T0 + 9_999)).toBeNull();
    expect(isExpired(d, T0 + 10_000)).toBe(true);
    expect(expireDeadline(d, T0 + 10_000)).toEqual({ ...d, spentAt: T0 + 10_000 });
  });

  it("cannot expire twice", () => {
    const spent = expireDeadline(ten(), T0 + 12_000)!;
    expect(spent.spentAt).toBe(T0 + 12_000);
    expect(isExpired(spent, T0 + 13_000)).toBe(false);
    expect(expireDeadline(spent, T0 + 13_000)).toBeNull();
    // Pausing and resuming a spent deadline does not bring it back.
    const again = resumeDeadline(pauseDeadline(spent, T0 + 14_000), T0 + 20_000);
    expect(expireDeadline(again, T0 + 30_000)).toBeNull();
  });

  it("pauses freeze the countdown; the time paused is not counted", () => {
    let d = ten();
    d = pauseDeadline(d, T0 + 3_000);
    expect(remainingMs(d, T0 + 3_000)).toBe(7_000);
    // Frozen however long the pause lasts, and never expired while paused.
    expect(remainingMs(d, T0 + 500_000)).toBe(7_000);
    expect(isExpired(d, T0 + 500_000)).toBe(false);
    d = resumeDeadline(d, T0 + 8_000);
    expect(d.pausedMs).toBe(5_000);
    expect(d.pausedAt).toBeNull();
    expect(remainingMs(d, T0 + 8_000)).toBe(7_000);
    expect(remainingMs(d, T0 + 10_000)).toBe(5_000);
    // A second pause adds to the first.
    d = resumeDeadline(pauseDeadline(d, T0 + 11_000), T0 + 14_000);
    expect(d.pausedMs).toBe(8_000);
    expect(remainingMs(d, T0 + 14_000)).toBe(4_000);
    expect(isExpired(d, T0 + 17_999)).toBe(false);
    expect(isExpired(d, T0 + 18_000)).toBe(true);
  });

  it("a pause that reaches zero holds it at zero without expiring until the game resumes", () => {
    const d = pauseDeadline(ten(), T0 + 10_500);
    expect(remainingMs(d, T0 + 11_000)).toBe(0);
    expect(isExpired(d, T0 + 11_000)).toBe(false);
    expect(isExpired(resumeDeadline(d, T0 + 20_000), T0 + 20_000)).toBe(true);
  });

  it("a deadline started during a pause waits for the game to resume", () => {
    const d = ten(T0, true);
    expect(remainingMs(d, T0 + 30_000)).toBe(10_000);
    const running = resumeDeadline(d, T0 + 30_000);
    expect(remainingMs(running, T0 + 31_000)).toBe(9_000);
  });

  it("pausing or resuming twice changes nothing more", () => {
    const paused = pauseDeadline(ten(), T0 + 2_000);
    expect(pauseDeadline(paused, T0 + 5_000)).toBe(paused);
    const running = resumeDeadline(paused, T0 + 4_000);
    expect(resumeDeadline(running, T0 + 9_000)).toBe(running);
  });

  it("a clock read before the start counts nothing rather than adding time", () => {
    expect(elapsedMs(ten(), T0 - 500)).toBe(0);
    expect(remainingMs(ten(), T0 - 500)).toBe(10_000);
  });

  it("remaining time equals the seconds minus the running time outside any pause", () => {
    // Any sequence of pauses: the time left is the allowance less the time spent running.
    const intervals = fc.array(fc.tuple(fc.nat(5_000), fc.nat(5_000)), { maxLength: 6 });
    fc.assert(
      fc.property(intervals, fc.nat(5_000), (steps, tail) => {
        let d: Deadline = ten();
        let t = T0;
        let running = 0;
        for (const [run, pause] of steps) {
          t += run;
          running += run;
          d = pauseDeadline(d, t);
          t += pause;
          d = resumeDeadline(d, t);
        }
        t += tail;
        running += tail;
        expect(remainingMs(d, t)).toBe(Math.max(0, 10_000 - running));
        expect(isExpired(d, t)).toBe(running >= 10_000);
      }),
    );
  });

  it("refuses a limit of no seconds, of a fraction of a second, or without a name", () => {
    for (const seconds of [0, -1, 2.5, Number.NaN]) {
      expect(() => startDeadline({ limit: "answer", answerer: "a", seconds }, T0)).toThrowError(RulesError);
    }
    expect(() => startDeadline({ limit: "", answerer: "a", seconds: 10 }, T0)).toThrowError(RulesError);
    expect(() => startDeadline({ limit: "answer", answerer: "a", seconds: 10 }, Number.NaN)).toThrowError(
      RulesError,
    );
  });

  it("reads stored data back, and reads anything malformed as no deadline", () => {
    const d = ten();
    expect(readDeadline(JSON.parse(JSON.stringify(d)))).toEqual(d);
    expect(readDeadline(null)).toBeNull();
    expect(readDeadline(undefined)).toBeNull();
    expect(readDeadline({ ...d, seconds: 0 })).toBeNull();
    expect(readDeadline({ ...d, startedAt: "soon" })).toBeNull();
    expect(readDeadline({ ...d, pausedMs: -5 })).toBeNull();
    expect(readDeadline({ ...d, limit: "" })).toBeNull();
    expect(readDeadline({ ...d, spentAt: undefined })).toBeNull();
  });
});
