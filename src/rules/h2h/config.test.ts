import { describe, expect, it } from "vitest";
import { expectRefusal } from "../../../test/support/h2h-fixtures";
import { H2H_DEFAULTS, resolveH2hOptions } from "./config";
import { H2H_MOVES } from "./moves";

describe("the Hand to Hand options", () => {
  it("are frozen defaults; an override is checked and merged one level deep", () => {
    expect(Object.isFrozen(H2H_DEFAULTS)).toBe(true);
    expect(Object.isFrozen(H2H_DEFAULTS.multipliers)).toBe(true);
    expect(Object.isFrozen(H2H_DEFAULTS.moves.punch)).toBe(true);
    expect(resolveH2hOptions()).toBe(H2H_DEFAULTS);
    const rules = resolveH2hOptions({ tieGoesTo: "attacker", minimumStrike: 5 });
    expect(rules).toMatchObject({ tieGoesTo: "attacker", minimumStrike: 5, koSave: 14 });
    expect(resolveH2hOptions(rules)).toBe(rules);
  });

  it("hold the text's figures: 15 s melees, 10 s choices, 70% coma, save 14, disarm 16, −2/−3/−4/−6/−8", () => {
    expect(H2H_DEFAULTS).toMatchObject({
      secondsPerMelee: 15,
      attackSeconds: 10,
      defenseSeconds: 10,
      comaChance: 70,
      comaDays: "1d6",
      koSave: 14,
      koStunLostAttacks: 2,
      koStunMelees: "1d4",
      koUnconsciousMinutes: "1d4",
      disarmTarget: 16,
      dashStrikePenalty: -2,
      grappleFromFightingPenalty: -2,
      comboPenalty: -3,
      powerParryPenalty: -3,
      tieDefendPenalty: -4,
      passDefenseBonus: 4,
      passStrikeBonus: 3,
      wildAttackPenalty: -6,
      barehandedParryPenalty: -8,
      pullPunchOver: { handToHand: 11, martialArt: 7 },
      powerParryDamage: { arm: "1d4", leg: "1d6" },
    });
  });

  it("refuse a bad value with a RulesError naming it", () => {
    expectRefusal(() => resolveH2hOptions({ minimumStrike: 4.5 }), "invalid-value");
    expectRefusal(() => resolveH2hOptions({ tieGoesTo: "nobody" as never }), "invalid-value");
    expectRefusal(() => resolveH2hOptions({ rounding: "sideways" as never }), "invalid-value");
    expectRefusal(() => resolveH2hOptions({ comaChance: 101 }), "invalid-value");
    expectRefusal(() => resolveH2hOptions({ armorShare: { num: 5, den: 4 } }), "invalid-value");
    expectRefusal(() => resolveH2hOptions({ rollShare: { num: 1, den: 0 } }), "invalid-value");
    expectRefusal(
      () => resolveH2hOptions({ multipliers: { ...H2H_DEFAULTS.multipliers, spin: 0 } }),
      "invalid-value",
    );
    expectRefusal(() => resolveH2hOptions({ comaDays: "1d" }), "malformed-dice");
    expectRefusal(() => resolveH2hOptions({ secondsPerMelee: 0 }), "invalid-value");
    expectRefusal(() => resolveH2hOptions({ deadAtHp: 5 }), "invalid-value");
    expect(() => resolveH2hOptions({ passRule: "yes" as never })).toThrow(/passRule/);
  });

  it("take a moves list as data, every move of it checked", () => {
    const moves = { ...H2H_MOVES, punch: { ...H2H_MOVES.punch, dice: "1d6" } };
    expect(resolveH2hOptions({ moves }).moves.punch.dice).toBe("1d6");
    expectRefusal(
      () => resolveH2hOptions({ moves: { ...H2H_MOVES, punch: { ...H2H_MOVES.punch, dice: "d" } } }),
      "malformed-dice",
    );
    expectRefusal(
      () =>
        resolveH2hOptions({
          moves: { ...H2H_MOVES, punch: { ...H2H_MOVES.punch, ranges: ["space" as never] } },
        }),
      "invalid-value",
    );
    const { hook: _gone, ...lacking } = H2H_MOVES;
    expectRefusal(() => resolveH2hOptions({ moves: lacking as never }), "invalid-value");
    expectRefusal(
      () => resolveH2hOptions({ moves: { ...H2H_MOVES, haymaker: H2H_MOVES.punch } as never }),
      "invalid-value",
    );
  });
});

describe("the Hand to Hand options, held to what they mean", () => {
  it("refuse a key that is no option, rather than ignore it", () => {
    expectRefusal(() => resolveH2hOptions({ minimumStrik: 5 } as never), "invalid-value");
    expect(() => resolveH2hOptions({ koSaves: 12 } as never)).toThrow(/koSaves/);
  });

  it("copy and freeze the tables they are given: changing them afterwards changes nothing", () => {
    const multipliers = { critical: 2, spin: 2, power: 3, deathBlow: 2 };
    const punch = { ...H2H_MOVES.punch };
    const options = { multipliers, moves: { ...H2H_MOVES, punch } };
    const rules = resolveH2hOptions(options);
    multipliers.power = 10;
    (punch as { dice: string }).dice = "9d6";
    expect(rules.multipliers.power).toBe(3);
    expect(rules.moves.punch.dice).toBe("1d4");
    expect(Object.isFrozen(rules.multipliers)).toBe(true);
    expect(Object.isFrozen(rules.moves.punch)).toBe(true);
    expect(Object.isFrozen(rules.moves.punch.ranges)).toBe(true);
  });

  it("refuse a penalty above 0 or a bonus under 0", () => {
    expectRefusal(() => resolveH2hOptions({ wildAttackPenalty: 6 }), "invalid-value");
    expectRefusal(() => resolveH2hOptions({ barehandedParryPenalty: 8 }), "invalid-value");
    expectRefusal(() => resolveH2hOptions({ passStrikeBonus: -3 }), "invalid-value");
    expect(resolveH2hOptions({ wildAttackPenalty: 0, passStrikeBonus: 2 })).toMatchObject({
      wildAttackPenalty: 0,
      passStrikeBonus: 2,
    });
  });

  it("refuse a move of an unknown family, or a flag that is not true or false", () => {
    const withPunch = (more: object) => ({ ...H2H_MOVES, punch: { ...H2H_MOVES.punch, ...more } });
    expectRefusal(
      () => resolveH2hOptions({ moves: withPunch({ family: "arms" }) as never }),
      "invalid-value",
    );
    expectRefusal(
      () => resolveH2hOptions({ moves: withPunch({ unparryable: "no" }) as never }),
      "invalid-value",
    );
    expectRefusal(
      () =>
        resolveH2hOptions({
          moves: withPunch({
            effect: { loseAttacks: 1, loseInitiative: "yes", balanceSaves: false, falls: false },
          }) as never,
        }),
      "invalid-value",
    );
  });

  it("hold minimumStrike to what a d20 strike can beat", () => {
    expectRefusal(() => resolveH2hOptions({ minimumStrike: 100 }), "invalid-value");
    expectRefusal(() => resolveH2hOptions({ minimumStrike: -1 }), "invalid-value");
    expect(resolveH2hOptions({ minimumStrike: 19 }).minimumStrike).toBe(19);
  });
});
