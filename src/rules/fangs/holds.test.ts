import { describe, expect, it } from "vitest";
import { ScriptedDice } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import { canAttackNow } from "./attack-checks";
import { emptyAttackCounter } from "./attacks";
import { FANGS_DEFAULTS, resolveOptions } from "./config";
import { emptyDefenseUsage, explainDefenses } from "./defenses";
import { breakFree } from "./grapple";
import { breakFreeFromHolds, holdControlOf, holdMade, holdRound, immobilizedBy } from "./holds";

const ON = { controlPointsModule: true } as const;
const OFF = { controlPointsModule: false } as const;
const attempt = {
  target: { skill: 12, modifiers: 0 },
  grappler: { skill: 10, modifiers: 0 },
  onTargetsInitiative: true,
} as const;

describe("the holds module's switch", () => {
  it("is off by default, refuses a non-boolean, and off nothing of it is read", () => {
    expect(FANGS_DEFAULTS.controlPointsModule).toBe(false);
    expect(() => resolveOptions({ controlPointsModule: "on" as unknown as boolean })).toThrow(
      /controlPointsModule must be true or false/,
    );
    expect(holdMade(14, 10, OFF)).toBeNull();
    expect(holdRound({ controlPoints: 30, immobilized: true }, 14, 10, OFF)).toBeNull();
    expect(immobilizedBy([{ controlPoints: 30, immobilized: true }], OFF)).toBe(false);
  });

  it("off, breaking free is FANGS's roll with the same dice and the same whole result", () => {
    const held = [{ controlPoints: 30, immobilized: true }];
    for (const rolls of [
      [12, 9],
      [3, 15],
      [20, 20, 1, 1],
    ]) {
      expect(breakFreeFromHolds(attempt, held, new ScriptedDice(rolls), OFF)).toEqual(
        breakFree(attempt, new ScriptedDice(rolls)),
      );
    }
  });
});

describe("the holds module on FANGS", () => {
  it("RHF-HLD-1 (FANGS module): a made grapple gains the grappler ceil(ST/3) control points, the round of the grapple counting, then each round held", () => {
    // ST 14: 5 a round (14/3 = 4.67, rounded up).
    const made = holdMade(14, 16, ON)!;
    expect(made).toEqual({ controlPoints: 5, immobilized: false });
    const second = holdRound(made, 14, 16, ON)!;
    expect(second.controlPoints).toBe(10);
    expect(holdRound(second, 14, 16, ON)!.controlPoints).toBe(15);
    expect(holdMade(9, 10, ON)!.controlPoints).toBe(3);
    expect(() => holdMade(-1, 10, ON)).toThrow(RulesError);
  });

  it("RHF-HLD-2 (FANGS module): past the victim's ST, not at it, the victim is immobilized: no attack and no defense", () => {
    // ST 15 grappler on an ST 10 victim: 5, then 10 (not past), then 15: immobilized.
    const one = holdMade(15, 10, ON)!;
    const two = holdRound(one, 15, 10, ON)!;
    const three = holdRound(two, 15, 10, ON)!;
    expect([one.immobilized, two.immobilized, three.immobilized]).toEqual([false, false, true]);
    // A kept hold's points read back (the table's): the same verdict at 10 and at 15; a bad value refused.
    expect(holdControlOf(10, 10)).toEqual(two);
    expect(holdControlOf(15, 10)).toEqual(three);
    expect(() => holdControlOf(-1, 10)).toThrow(RulesError);
    expect(immobilizedBy([null, two], ON)).toBe(false);
    expect(immobilizedBy([null, three], ON)).toBe(true);
    const attack = canAttackNow({
      phase: "melee",
      round: 3,
      attacker: { maneuver: "attack" },
      counter: emptyAttackCounter(),
      weapon: { kind: "melee", itemSp: null },
      targetId: "orc",
      engagedWithTarget: true,
      attackerEngaged: true,
      targetStartedUnengaged: false,
      immobilized: immobilizedBy([three], ON),
    });
    expect(attack.reasonKey).toBe("FANGS.Rules.Attack.Refusal.Immobilized");
    const defense = explainDefenses({
      maneuver: "dodgeMelee",
      usage: emptyDefenseUsage(),
      attack: { attackerId: "orc", kind: "melee" },
      loadout: { weapon: "oneHanded", offHand: "shield" },
      immobilized: true,
    });
    expect(defense.allowed).toEqual(["none"]);
    expect(defense.refused.map((r) => r.reasonKey)).toContain("FANGS.Rules.Defense.Refusal.Immobilized");
  });

  it("RHF-HLD-3 (FANGS module): one held but not immobilized breaks free by FANGS's roll; one immobilized may not try, refused before any die", () => {
    const held = [holdMade(10, 12, ON)];
    // Target d20 12 + 12 = 24 against grappler d20 9 + 10 = 19: free.
    const freed = breakFreeFromHolds(attempt, held, new ScriptedDice([12, 9]), ON);
    expect(freed.freed).toBe(true);
    const dice = new ScriptedDice([12, 9]);
    let caught: unknown;
    try {
      breakFreeFromHolds(attempt, [{ controlPoints: 13, immobilized: true }], dice, ON);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RulesError);
    expect((caught as RulesError).details).toEqual({ reason: "Immobilized" });
    expect((caught as RulesError).message).toMatch(/immobilized fighter cannot try to break free/);
    // No die was taken.
    expect(dice.roll(20)).toBe(12);
  });
});
