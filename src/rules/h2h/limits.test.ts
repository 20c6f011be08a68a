import { describe, expect, it } from "vitest";
import { AL_FIRST, AL_INIT, duel, expectRefusal, hp, play } from "../../../test/support/h2h-fixtures";
import { expireDeadline, isExpired, startDeadline } from "../kernel/deadline";
import { ScriptedDice } from "../kernel/dice";
import { resolveH2hOptions } from "./config";
import { choiceLimit, expiredInput, H2H_LIMIT_IDS } from "./limits";
import { act } from "./melee";

describe("the ten seconds on the kernel's real-time limits", () => {
  it("H2H-ATK-1: the attacker has 10 s; when they run out the melee takes a flinch", () => {
    const m = play(duel(), AL_FIRST, [...AL_INIT]).melee;
    const start = choiceLimit(m);
    expect(start).toEqual({ limit: H2H_LIMIT_IDS.attack, answerer: "al", seconds: 10 });
    const deadline = startDeadline(start!, 1000);
    expect(isExpired(deadline, 10_999)).toBe(false);
    const spent = expireDeadline(deadline, 11_000)!;
    const r = act(m, expiredInput(m, spent), new ScriptedDice([11]));
    expect(r.events).toEqual([{ kind: "flinch", by: ["al"] }]);
    expect(r.melee.current?.stage).toBe("catchFlinch");
  });

  it("H2H-DEF-1: the defender has 10 s (a GM may set other figures); out of time, hit in full, no reduction", () => {
    const m = play(duel(), [...AL_FIRST, { type: "attack", by: "al", move: "kick" }], [15, 8, 12]).melee;
    expect(choiceLimit(m, resolveH2hOptions({ defenseSeconds: 7 }))).toEqual({
      limit: H2H_LIMIT_IDS.defense,
      answerer: "bo",
      seconds: 7,
    });
    const spent = { limit: H2H_LIMIT_IDS.defense, answerer: "bo" };
    const r = act(m, expiredInput(m, spent), new ScriptedDice([5]));
    expect(hp(r.melee, "bo")).toBe(25);
    expect(r.melee.current).toBeNull();
    expectRefusal(() => expiredInput(r.melee, spent), "round-refused", "WrongStage");
    expect(choiceLimit(r.melee)).toBeNull();
  });
});
