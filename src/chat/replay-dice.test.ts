import { describe, expect, it } from "vitest";
import { resolveCheck } from "../rules/fangs/check";
import { RulesError } from "../rules/kernel/errors";
import { NeedDie, ReplayDice, rollDataFor, runWithDice } from "./replay-dice";

/** A "real" die for the tests: plays a list and counts how often it was asked. */
function realDice(results: number[]) {
  const asked: number[] = [];
  return {
    asked,
    roll: async (faces: number) => {
      asked.push(faces);
      const next = results.shift();
      if (next === undefined) throw new Error("test rolled more dice than scripted");
      return next;
    },
  };
}

describe("dice: replaying the rules against real dice", () => {
  it("rolls exactly the dice a check asks for: one d20 when nothing special happens", async () => {
    const real = realDice([12]);
    const { value, dice } = await runWithDice(
      (d) => resolveCheck({ skill: 10, modifiers: 0 }, d),
      real.roll,
      "attack",
    );
    expect(real.asked).toEqual([20]);
    expect(value.natural).toBe(12);
    expect(dice).toEqual({ step: "attack", dice: [{ faces: 20, result: 12 }] });
  });

  it("rolls the second d20 only when the first calls for it (a Special confirmed as Critical)", async () => {
    const real = realDice([19, 15]);
    const { value, dice } = await runWithDice(
      (d) => resolveCheck({ skill: 12, modifiers: 0 }, d),
      real.roll,
      "attack",
    );
    expect(real.asked).toEqual([20, 20]);
    expect(value.confirmation).toBe(15);
    expect(dice.dice.map((d) => d.result)).toEqual([19, 15]);
  });

  it("lets a rules refusal through without rolling anything", async () => {
    const real = realDice([]);
    await expect(
      runWithDice((d) => resolveCheck({ skill: 1.5, modifiers: 0 }, d), real.roll, "attack"),
    ).rejects.toBeInstanceOf(RulesError);
    expect(real.asked).toEqual([]);
  });

  it("stops a step that never ends", async () => {
    const step = (d: { roll(f: number): number }) => {
      for (;;) d.roll(6);
    };
    await expect(runWithDice(step, async () => 3, "damage")).rejects.toThrow(/more than 100 dice/);
  });

  it("replays a pool and asks for the next die by size", () => {
    const replay = new ReplayDice([{ faces: 20, result: 7 }]);
    expect(replay.roll(20)).toBe(7);
    expect(replay.used).toBe(1);
    expect(() => replay.roll(8)).toThrow(NeedDie);
    try {
      replay.roll(8);
    } catch (error) {
      expect((error as NeedDie).faces).toBe(8);
    }
  });

  it("refuses a replay that asks for a different die than was rolled", () => {
    const replay = new ReplayDice([{ faces: 20, result: 7 }]);
    expect(() => replay.roll(6)).toThrow(/diverged/);
  });
});

describe("dice: Roll data for the message", () => {
  it("groups consecutive dice of one size into a term", () => {
    const data = rollDataFor(
      {
        step: "damage",
        dice: [
          { faces: 6, result: 2 },
          { faces: 6, result: 5 },
          { faces: 4, result: 3 },
        ],
      },
      "Damage",
    );
    expect(data?.formula).toBe("2d6 + 1d4");
    expect(data?.total).toBe(10);
    expect(data?.evaluated).toBe(true);
    expect(data?.options).toEqual({ flavor: "Damage", fangsStep: "damage" });
    expect(data?.terms).toEqual([
      {
        class: "Die",
        options: {},
        evaluated: true,
        number: 2,
        faces: 6,
        modifiers: [],
        results: [
          { result: 2, active: true },
          { result: 5, active: true },
        ],
      },
      { class: "OperatorTerm", options: {}, evaluated: true, operator: "+" },
      {
        class: "Die",
        options: {},
        evaluated: true,
        number: 1,
        faces: 4,
        modifiers: [],
        results: [{ result: 3, active: true }],
      },
    ]);
  });

  it("keeps a d20 and its confirmation as one 2d20 term", () => {
    const data = rollDataFor(
      {
        step: "attack",
        dice: [
          { faces: 20, result: 20 },
          { faces: 20, result: 20 },
        ],
      },
      "Attack",
    );
    expect(data?.formula).toBe("2d20");
  });

  it("gives no Roll for a step that rolled nothing", () => {
    expect(rollDataFor({ step: "defense", dice: [] }, "Defense")).toBeNull();
  });
});
