import { describe, expect, it } from "vitest";
import { ScriptedDice } from "./dice";
import { RulesError } from "./errors";
import {
  hasExpired,
  lengthOf,
  planExpiry,
  type RunningTimedStatus,
  registerTimedStatuses,
  remainingOf,
  rollLength,
  type StatusTimer,
  startTimer,
  type TimedStatusDefinition,
  timedStatusDefinition,
  validateTimedStatus,
} from "./timed-status";

/*
 * The definitions below are shaped on the texts of the rulesets to come
 * (docs/rules/texts/other-rulesets-clauses.md) to show the data can say
 * them; those rulesets are not built here.
 */
const SHORT_KNOCKOUT: TimedStatusDefinition = {
  id: "kernelTest.knockedOut",
  status: "unconscious",
  duration: { dice: "1d10", unit: "rounds" },
  end: { kind: "remove" },
};
const LONG_KNOCKOUT: TimedStatusDefinition = {
  id: "kernelTest.outForHours",
  status: "unconscious",
  duration: { dice: "1d10", unit: "hours" },
  end: { kind: "remove" },
};
const COMA: TimedStatusDefinition = {
  id: "kernelTest.coma",
  status: "comatose",
  duration: { dice: "1d20", times: 5, unit: "minutes" },
  end: { kind: "replace", status: "dead" },
};
const CHOKED: TimedStatusDefinition = {
  id: "kernelTest.choked",
  status: "unconscious",
  duration: { dice: "1", unit: "minutes" },
  end: { kind: "replace", status: "dead" },
};
const CHOKING: TimedStatusDefinition = {
  id: "kernelTest.choking",
  status: "grappled",
  duration: { dice: "3", unit: "minutes" },
  end: { kind: "replaceTimed", timedStatus: "kernelTest.choked" },
};
registerTimedStatuses([SHORT_KNOCKOUT, LONG_KNOCKOUT, COMA, CHOKED, CHOKING]);

const refusal = (f: () => unknown): RulesError => {
  try {
    f();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error("no RulesError was thrown");
};

describe("a timed status's length", () => {
  it("SHA-CON-1: 1d10 rounds is rolled once, on the rounds clock", () => {
    const dice = new ScriptedDice([7]);
    expect(rollLength(SHORT_KNOCKOUT.duration, dice).length).toEqual({ clock: "rounds", amount: 7 });
    expect(dice.remaining).toBe(0);
  });

  it("SHA-CON-5: 1d10 hours is world seconds", () => {
    expect(rollLength(LONG_KNOCKOUT.duration, new ScriptedDice([3])).length).toEqual({
      clock: "seconds",
      amount: 3 * 3600,
    });
  });

  it("SHA-CON-6: 1d20 × 5 minutes multiplies the roll, and keeps the roll to show", () => {
    const { length, roll } = rollLength(COMA.duration, new ScriptedDice([4]));
    expect(length).toEqual({ clock: "seconds", amount: 4 * 5 * 60 });
    expect(roll.dice).toEqual([{ faces: 20, result: 4 }]);
  });

  it("LUN-GRP-3: a length the ruleset works out (Body minutes) is given outright", () => {
    expect(lengthOf(4, "minutes")).toEqual({ clock: "seconds", amount: 240 });
    expect(refusal(() => lengthOf(0, "minutes")).code).toBe("invalid-timed-status");
  });
});

describe("a clock", () => {
  const inCombat = { worldTime: 1000, combat: { id: "c1", round: 3 }, secondsPerRound: 6 };

  it("counts rounds in the running combat: put on in round 3 for 2 rounds, it ends as round 5 begins", () => {
    const timer = startTimer({ clock: "rounds", amount: 2 }, inCombat);
    expect(timer).toEqual({
      clock: "rounds",
      combatId: "c1",
      startRound: 3,
      rounds: 2,
      startTime: 1000,
      secondsPerRound: 6,
    });
    expect(hasExpired(timer, { worldTime: 1006, rounds: { c1: 4 } })).toBe(false);
    expect(remainingOf(timer, { worldTime: 1006, rounds: { c1: 4 } })).toEqual({
      clock: "rounds",
      amount: 1,
    });
    expect(hasExpired(timer, { worldTime: 1012, rounds: { c1: 5 } })).toBe(true);
  });

  it("goes on in world seconds when its combat is gone: 2 rounds of 6 s", () => {
    const timer = startTimer({ clock: "rounds", amount: 2 }, inCombat);
    expect(remainingOf(timer, { worldTime: 1005, rounds: {} })).toEqual({ clock: "seconds", amount: 7 });
    expect(hasExpired(timer, { worldTime: 1011, rounds: {} })).toBe(false);
    expect(hasExpired(timer, { worldTime: 1012, rounds: {} })).toBe(true);
  });

  it("out of combat, rounds become world seconds at once", () => {
    const timer = startTimer({ clock: "rounds", amount: 3 }, { ...inCombat, combat: null });
    expect(timer).toEqual({ clock: "seconds", startTime: 1000, seconds: 18 });
  });

  it("counts world seconds, whatever combat runs", () => {
    const timer = startTimer({ clock: "seconds", amount: 60 }, inCombat);
    expect(hasExpired(timer, { worldTime: 1059, rounds: { c1: 20 } })).toBe(false);
    expect(hasExpired(timer, { worldTime: 1060, rounds: { c1: 20 } })).toBe(true);
    expect(remainingOf(timer, { worldTime: 2000, rounds: {} }).amount).toBe(0);
  });

  it("refuses a round of no seconds", () => {
    expect(
      refusal(() => startTimer({ clock: "rounds", amount: 1 }, { ...inCombat, secondsPerRound: 0 })).code,
    ).toBe("invalid-timed-status");
  });
});

describe("what happens when the time is up", () => {
  const running = (definition: string, timer: StatusTimer, key = "e1"): RunningTimedStatus => ({
    key,
    definition,
    timer,
    combat: null,
  });
  const seconds = (startTime: number, length: number): StatusTimer => ({
    clock: "seconds",
    startTime,
    seconds: length,
  });

  it("SHA-CON-1: an unconsciousness of some rounds is simply removed", () => {
    const timer = startTimer(
      { clock: "rounds", amount: 2 },
      { worldTime: 0, combat: { id: "c1", round: 1 }, secondsPerRound: 6 },
    );
    const dice = new ScriptedDice([]);
    expect(
      planExpiry([running(SHORT_KNOCKOUT.id, timer)], { worldTime: 6, rounds: { c1: 2 } }, dice, 6),
    ).toEqual([]);
    expect(
      planExpiry([running(SHORT_KNOCKOUT.id, timer)], { worldTime: 12, rounds: { c1: 3 } }, dice, 6),
    ).toEqual([{ key: "e1", ended: [SHORT_KNOCKOUT.id], status: null, next: null }]);
  });

  it("SHA-CON-6: a coma that runs out is replaced by death", () => {
    const outcome = planExpiry(
      [running(COMA.id, seconds(0, 1200))],
      { worldTime: 1200, rounds: {} },
      new ScriptedDice([]),
      6,
    );
    expect(outcome).toEqual([{ key: "e1", ended: [COMA.id], status: "dead", next: null }]);
  });

  it("LUN-GRP-3: choking is followed by a minute unconscious, which starts when the choking ended", () => {
    const [outcome] = planExpiry(
      [running(CHOKING.id, seconds(100, 180))],
      { worldTime: 300, rounds: {} },
      new ScriptedDice([]),
      6,
    );
    expect(outcome).toMatchObject({ ended: [CHOKING.id], status: null });
    expect(outcome!.next).toMatchObject({
      definition: CHOKED.id,
      timer: { clock: "seconds", startTime: 280, seconds: 60 },
    });
  });

  it("LUN-GRP-3: a jump of the clock past the whole chain ends it where it stands now: dead", () => {
    const [outcome] = planExpiry(
      [running(CHOKING.id, seconds(100, 180))],
      { worldTime: 3600, rounds: {} },
      new ScriptedDice([]),
      6,
    );
    expect(outcome).toEqual({ key: "e1", ended: [CHOKING.id, CHOKED.id], status: "dead", next: null });
  });

  it("leaves a timed status whose ruleset is not registered as it is", () => {
    expect(
      planExpiry(
        [running("gone.sleep", seconds(0, 1))],
        { worldTime: 99, rounds: {} },
        new ScriptedDice([]),
        6,
      ),
    ).toEqual([]);
  });
});

describe("a definition is checked when it is registered", () => {
  const base = SHORT_KNOCKOUT;
  it.each([
    ["no id", { ...base, id: "" }, /id/],
    ["no status", { ...base, status: " " }, /status/],
    ["an unknown unit", { ...base, duration: { dice: "1d10", unit: "turns" } }, /unit must be one of/],
    [
      "dice that are no formula",
      { ...base, duration: { dice: "1dx", unit: "rounds" } },
      /not a dice formula/,
    ],
    ["dice that can roll 0", { ...base, duration: { dice: "1d4-1", unit: "rounds" } }, /can roll 0/],
    ["a multiplier of 0", { ...base, duration: { dice: "1d4", times: 0, unit: "rounds" } }, /times must be/],
    ["an unknown end", { ...base, end: { kind: "wake" } }, /remove, replace or replaceTimed/],
    ["a replacement with no status", { ...base, end: { kind: "replace", status: "" } }, /replacing/],
  ])("refuses %s", (_what, definition, message) => {
    const error = refusal(() => validateTimedStatus(definition));
    expect(error.code).toBe("invalid-timed-status");
    expect(error.message).toMatch(message);
  });

  it("refuses a chain to a timed status never registered, and registers nothing of the call", () => {
    const lost = {
      ...base,
      id: "kernelTest.lost",
      end: { kind: "replaceTimed", timedStatus: "kernelTest.nowhere" },
    } as const;
    const fine = { ...base, id: "kernelTest.fine" };
    expect(refusal(() => registerTimedStatuses([fine, lost])).message).toMatch(/not registered/);
    expect(timedStatusDefinition("kernelTest.fine")).toBeUndefined();
  });

  it("refuses a chain that comes back to itself", () => {
    const a = {
      ...base,
      id: "kernelTest.a",
      end: { kind: "replaceTimed", timedStatus: "kernelTest.b" },
    } as const;
    const b = {
      ...base,
      id: "kernelTest.b",
      end: { kind: "replaceTimed", timedStatus: "kernelTest.a" },
    } as const;
    expect(refusal(() => registerTimedStatuses([a, b])).message).toMatch(/a chain must end/);
  });
});
