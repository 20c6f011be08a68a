import { characteristicCheck, resolveCheck } from "../rules/fangs/check";
import { SuccessLevel } from "../rules/fangs/types";
import { ScriptedDice } from "../rules/kernel/dice";
import { RulesError } from "../rules/kernel/errors";
import { MoreDiceNeeded, PrerolledDice, type RollDie, resolveWithRolledDice } from "./check-card";

/** A die roller that plays back fixed results and counts its calls, standing in for Foundry's Roll. */
function scriptedRoller(results: number[]): RollDie<string> & { calls: number[] } {
  const calls: number[] = [];
  const roll = async (faces: number) => {
    calls.push(faces);
    const result = results[calls.length - 1];
    if (result === undefined) throw new Error("roller ran out");
    return { result, roll: `d${faces}=${result}` };
  };
  return Object.assign(roll, { calls });
}

describe("PrerolledDice", () => {
  it("serves the rolled dice in order and asks for more past the end", () => {
    const dice = new PrerolledDice([
      { faces: 20, result: 7 },
      { faces: 20, result: 13 },
    ]);
    expect(dice.roll(20)).toBe(7);
    expect(dice.roll(20)).toBe(13);
    expect(dice.used).toBe(2);
    expect(() => dice.roll(6)).toThrow(MoreDiceNeeded);
  });

  it("refuses a die of other faces than the one rolled at that place", () => {
    const dice = new PrerolledDice([{ faces: 20, result: 7 }]);
    expect(() => dice.roll(6)).toThrow(RulesError);
  });
});

describe("resolveWithRolledDice", () => {
  it("rolls one d20 for a plain success and hands back that one roll", async () => {
    const roller = scriptedRoller([11, 19]);
    const { value, rolls, dice } = await resolveWithRolledDice(
      (d) => resolveCheck({ skill: 12, modifiers: 0 }, d),
      roller,
    );
    expect(value.level).toBe(SuccessLevel.Success);
    expect(roller.calls).toEqual([20]);
    expect(rolls).toEqual(["d20=11"]);
    expect(dice).toEqual([{ faces: 20, result: 11 }]);
  });

  it("rolls the second d20 only when the rules ask for it (a Special to confirm)", async () => {
    const roller = scriptedRoller([19, 15]);
    const { value, rolls } = await resolveWithRolledDice(
      (d) => resolveCheck({ skill: 12, modifiers: 0 }, d),
      roller,
    );
    expect(value).toMatchObject({ natural: 19, confirmation: 15, level: SuccessLevel.Critical });
    expect(roller.calls).toEqual([20, 20]);
    expect(rolls).toEqual(["d20=19", "d20=15"]);
  });

  it("gives the same result the rules give for the same dice", async () => {
    for (const script of [[1, 2], [1, 15], [20, 3], [2, 1], [10]]) {
      const { value } = await resolveWithRolledDice(
        (d) => characteristicCheck({ value: 7, multiplier: 1 }, d),
        scriptedRoller(script),
      );
      expect(value).toEqual(characteristicCheck({ value: 7, multiplier: 1 }, new ScriptedDice(script)));
    }
  });

  it("passes the rules' own errors through and rolls nothing for bad input", async () => {
    const roller = scriptedRoller([10]);
    await expect(
      resolveWithRolledDice((d) => characteristicCheck({ value: 12, multiplier: 0 }, d), roller),
    ).rejects.toMatchObject({ code: "invalid-value" });
    expect(roller.calls).toEqual([]);
  });

  it("refuses a die result out of range", async () => {
    await expect(
      resolveWithRolledDice((d) => resolveCheck({ skill: 5, modifiers: 0 }, d), scriptedRoller([21])),
    ).rejects.toMatchObject({ code: "die-out-of-range" });
  });
});
