import { describe, expect, it } from "vitest";
import { attackDeclaration, defenderProfile, weaponProfile } from "../../../test/support/fangs-fixtures";
import { ScriptedDice, SeededDice } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import { RHF_DEFAULTS } from "../rhf/config";
import { type AttackNowContext, canAttackNow } from "./attack-checks";
import { emptyAttackCounter } from "./attacks";
import { FANGS_DEFAULTS, type FangsOptions, type FangsRules, resolveOptions } from "./config";
import { resolveExchange } from "./exchange";
import { type AimInput, NO_AIM, possibleAim, rollAim } from "./firearms";
import { breakFreeFromHolds, holdMade, holdRound } from "./holds";
import { type QuicknessFacts, quicknessRound } from "./quickness";
import { fangsWeaponRange, hardModifier, type Range, type ReachWeapon, rangeManeuver } from "./reach";
import { rhfRulesOf } from "./rhf-figures";
import type { AttackDeclaration, DefenseDeclaration, WeaponProfile } from "./types";

/**
 * The reach, holds and firearms rules' figures as FANGS keys: the defaults
 * are the RHF core's, so nothing changes; each key, set, changes what the
 * engine (canAttackNow, resolveExchange, the holds', aiming's and range
 * maneuvers' functions the simulator and the table call) answers; a bad
 * value is refused by resolveOptions naming the key.
 */

/** Every key this file is about, with the value the RHF core gives it. */
const RHF_FIGURES = {
  reachWeaponRanges: {},
  reachHardDivisor: RHF_DEFAULTS.hardDivisor,
  rangeManeuversPerRound: RHF_DEFAULTS.rangeManeuversPerRound,
  controlPointsDivisor: RHF_DEFAULTS.controlPointsDivisor,
  holdFirstRoundCounts: RHF_DEFAULTS.holdFirstRoundCounts,
  immobilizedMayBreak: RHF_DEFAULTS.immobilizedMayBreak,
  quicknessBands: RHF_DEFAULTS.quickness,
  multipleAttackPenalty: RHF_DEFAULTS.multipleAttackPenalty,
  additionalAttacks: RHF_DEFAULTS.additionalAttacks,
  additionalAttackSkill: RHF_DEFAULTS.additionalAttackSkill,
  recoilOneHandMultiplier: RHF_DEFAULTS.gripMultipliers.oneHand,
  recoilTwoHandsMultiplier: RHF_DEFAULTS.gripMultipliers.twoHands,
  recoilTripodMultiplier: RHF_DEFAULTS.gripMultipliers.tripod,
  recoilStrengthRounding: RHF_DEFAULTS.strengthRounding,
  aimBonus: RHF_DEFAULTS.aimBonus,
  aimMaxRounds: RHF_DEFAULTS.aimMaxRounds,
  aimRoundsUnfamiliar: RHF_DEFAULTS.aimRoundsUnfamiliar,
} as const satisfies Partial<FangsRules>;

const MODULES_ON = {
  reachModule: true,
  controlPointsModule: true,
  multipleAttacksModule: true,
  recoilModule: true,
  aimingModule: true,
} as const;

function refusal(fn: () => unknown): RulesError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RulesError);
    return error as RulesError;
  }
  throw new Error("expected a RulesError");
}

/* -------------------------------------------- */
/*  Fixtures                                    */
/* -------------------------------------------- */

const SWORD = { kind: "melee", itemSp: { value: 10, max: 10 } } as const;
const TWO_ATTACKS = { maneuver: "attack", offHandWeapon: true } as const;

function melee(partial: Partial<AttackNowContext> = {}): AttackNowContext {
  return {
    phase: "melee",
    round: 1,
    attacker: { maneuver: "attack" },
    counter: emptyAttackCounter(),
    weapon: SWORD,
    targetId: "orc",
    engagedWithTarget: true,
    attackerEngaged: true,
    targetStartedUnengaged: false,
    ...partial,
  };
}

const facts = (partial: Partial<QuicknessFacts> = {}): QuicknessFacts => ({
  ag: 10,
  skill: 15,
  round: 1,
  lastFreeAttackRound: 0,
  ...partial,
});

const noDefense: DefenseDeclaration = {
  defender: defenderProfile(),
  choice: "none",
  skill: null,
  item: null,
  modifiers: 0,
};

/** The attack roll's modifier the multiple attacks module gives an attack with a dagger in the off hand, both declared. */
function twoAttackModifier(options: FangsOptions, quickness: Partial<QuicknessFacts> = {}): number {
  const verdict = canAttackNow(
    melee({
      attacker: TWO_ATTACKS,
      rules: { multipleAttacksModule: true, ...options },
      quickness: facts({ attacks: 2, ...quickness }),
    }),
  );
  // Through the exchange: the roll carries the slot's modifier.
  const rolled = resolveExchange(
    { attack: attackDeclaration({ modifiers: verdict.slot!.modifier }), defense: noDefense },
    new ScriptedDice([10, 3, 3]),
    { multipleAttacksModule: true, ...options },
  );
  return rolled.attack.check.modifiers;
}

function gun(over: Partial<WeaponProfile> = {}): WeaponProfile {
  return weaponProfile({
    id: "rifle",
    name: "Rifle",
    damage: "2d6",
    itemSp: null,
    impales: true,
    kind: "missile",
    recoil: 10,
    ...over,
  });
}

/** The attack roll's modifiers of an ST 7 shooter's shots 2 to 4 in a round, through the exchange. */
function recoilOnShots(weapon: WeaponProfile, options: FangsOptions = {}): number[] {
  return [2, 3, 4].map((shot) => {
    const attack: AttackDeclaration = attackDeclaration({
      attacker: { id: "joe", st: 7, damageModifier: 0, luck: null, state: null },
      weapon,
      skill: { natural: 2, bought: 8, total: 10 },
      shot,
    });
    return resolveExchange({ attack, defense: noDefense }, new ScriptedDice([10, 3, 3]), {
      recoilModule: true,
      ...options,
    }).attack.check.modifiers;
  });
}

const TRAINED = { bought: 8 } as const;
const UNTRAINED = { bought: 0 } as const;

function aimInput(aim = NO_AIM, skill: { bought: number } = TRAINED, round = aim.rounds + 1): AimInput {
  return { spot: 10, aim, weapon: gun(), skill, counter: emptyAttackCounter(), round };
}

/** Aims round after round with a d20 of 12 (always made) until refused; the aims kept, the refusal's reason. */
function aimUntilRefused(options: FangsOptions, skill: { bought: number } = TRAINED) {
  const aims = [];
  let aim = NO_AIM;
  for (;;) {
    try {
      aim = rollAim(aimInput(aim, skill), new ScriptedDice([12]), { aimingModule: true, ...options }).aim;
      aims.push(aim.bonus);
    } catch (error) {
      return { bonuses: aims, reason: (error as RulesError).details.reason };
    }
  }
}

const SPEAR: ReachWeapon = { skillKey: "spear", kind: "melee" };
const KNIFE: ReachWeapon = { skillKey: "knife", kind: "melee" };

function reachAttack(weapon: ReachWeapon, range: Range, options: FangsOptions = {}) {
  return canAttackNow(melee({ reach: { weapon, range }, rules: { reachModule: true, ...options } }));
}

/* -------------------------------------------- */
/*  Tests                                       */
/* -------------------------------------------- */

describe("the RHF figures as FANGS keys: the defaults", () => {
  it("are the RHF core's: the rules the modules hand its helpers are its own defaults, key for key", () => {
    for (const [key, value] of Object.entries(RHF_FIGURES))
      expect(FANGS_DEFAULTS[key as keyof FangsRules], key).toEqual(value);
    expect(rhfRulesOf()).toEqual(RHF_DEFAULTS);
    expect(rhfRulesOf(FANGS_DEFAULTS)).toEqual(RHF_DEFAULTS);
    expect(rhfRulesOf({ ...MODULES_ON })).toEqual(RHF_DEFAULTS);
    // A world that writes every default out plays the same rules.
    expect(rhfRulesOf({ ...MODULES_ON, ...structuredClone(RHF_FIGURES) })).toEqual(RHF_DEFAULTS);
  });

  it("give exactly what they gave before: every module on, the same seeded exchanges and the same answers with the defaults written out", () => {
    const written: FangsOptions = { ...MODULES_ON, ...structuredClone(RHF_FIGURES) };
    for (let seed = 1; seed <= 30; seed++) {
      for (const shot of [1, 3, 5]) {
        const attack = attackDeclaration({
          attacker: { id: "joe", st: 7, damageModifier: 0, luck: null, state: null },
          weapon: gun({ hands: 2 }),
          skill: { natural: 2, bought: 8, total: 10 },
          shot,
          aimBonus: 5,
        });
        const input = { attack, defense: noDefense };
        expect(resolveExchange(input, new SeededDice(seed), written)).toEqual(
          resolveExchange(input, new SeededDice(seed), MODULES_ON),
        );
      }
    }
    for (const ag of [3, 10, 14, 17, 20])
      for (const skill of [4, 5, 6, 16])
        expect(quicknessRound(facts({ ag, skill }), 2, written)).toEqual(
          quicknessRound(facts({ ag, skill }), 2, MODULES_ON),
        );
    expect(holdMade(14, 16, written)).toEqual({ controlPoints: 5, immobilized: false });
    expect(holdRound({ controlPoints: 5, immobilized: false }, 14, 16, written)!.controlPoints).toBe(10);
    expect(hardModifier(12, written)).toBe(-6);
    expect(twoAttackModifier(written)).toBe(-5);
    expect(recoilOnShots(gun({ hands: 2, recoil: 10 }), written)).toEqual([0, -4, -9]);
    expect(aimUntilRefused(written)).toEqual({ bonuses: [5, 10], reason: "AimDone" });
  });
});

describe("the RHF figures as FANGS keys: with their modules off", () => {
  it("every figure changed changes nothing: the same seeded exchanges and the same answers as no options (review 2)", () => {
    const changed: FangsOptions = {
      reachWeaponRanges: { spear: "close", knife: "long" },
      reachHardDivisor: 3,
      rangeManeuversPerRound: 2,
      controlPointsDivisor: 2,
      holdFirstRoundCounts: false,
      immobilizedMayBreak: true,
      quicknessBands: [
        { from: 1, to: 9, attacks: 1 },
        { from: 10, to: 30, attacks: 2 },
      ],
      multipleAttackPenalty: 3,
      additionalAttacks: "beyondFirst",
      additionalAttackSkill: "atLeastPenalty",
      recoilOneHandMultiplier: 3,
      recoilTwoHandsMultiplier: 3,
      recoilTripodMultiplier: 3,
      recoilStrengthRounding: "down",
      aimBonus: 3,
      aimMaxRounds: 3,
      aimRoundsUnfamiliar: 2,
    };
    for (let seed = 1; seed <= 30; seed++)
      for (const [shot, hands] of [
        [1, 1],
        [2, 2],
        [4, 1],
      ] as const) {
        const attack = attackDeclaration({
          attacker: { id: "joe", st: 7, damageModifier: 0, luck: null, state: null },
          weapon: gun({ hands, tripod: hands === 1 }),
          skill: { natural: 2, bought: 8, total: 10 },
          shot,
          aimBonus: 5,
        });
        const input = { attack, defense: noDefense };
        expect(resolveExchange(input, new SeededDice(seed), changed)).toEqual(
          resolveExchange(input, new SeededDice(seed)),
        );
      }
    for (const ag of [3, 10, 14]) expect(quicknessRound(facts({ ag, attacks: 2 }), 2, changed)).toBeNull();
    const ctx = melee({
      attacker: TWO_ATTACKS,
      quickness: facts({ ag: 10, attacks: 2 }),
      reach: { weapon: SPEAR, range: "close" },
    });
    expect(canAttackNow({ ...ctx, rules: changed })).toEqual(canAttackNow(ctx));
    expect(holdMade(14, 10, changed)).toBeNull();
    expect(holdRound({ controlPoints: 5, immobilized: false }, 14, 10, changed)).toBeNull();
    const held = [{ controlPoints: 30, immobilized: true }];
    const attempt = {
      target: { skill: 12, modifiers: 0 },
      grappler: { skill: 10, modifiers: 0 },
      onTargetsInitiative: true,
    } as const;
    expect(breakFreeFromHolds(attempt, held, new ScriptedDice([12, 9]), changed)).toEqual(
      breakFreeFromHolds(attempt, held, new ScriptedDice([12, 9])),
    );
    expect(
      refusal(() =>
        rangeManeuver(
          { weapon: KNIFE, range: "long", skill: 12, madeThisRound: 0 },
          new ScriptedDice([14]),
          changed,
        ),
      ).code,
    ).toBe("invalid-state");
    expect(refusal(() => rollAim(aimInput(), new ScriptedDice([12]), changed)).details.reason).toBe(
      "ModuleOff",
    );
  });
});

describe("the RHF figures as FANGS keys: each changes the engine's answer", () => {
  it("multipleAttackPenalty: −3 puts −3 on every attack roll of a round of one attack too many", () => {
    expect(twoAttackModifier({})).toBe(-5);
    expect(twoAttackModifier({ multipleAttackPenalty: 3 })).toBe(-3);
    expect(twoAttackModifier({ multipleAttackPenalty: 0 })).toBe(0);
  });

  it("quicknessBands: a table giving AG 10 two attacks a round makes the second free", () => {
    const bands = [
      { from: 1, to: 9, attacks: 1 },
      { from: 10, to: 30, attacks: 2 },
    ];
    expect(twoAttackModifier({ quicknessBands: bands })).toBe(0);
    expect(
      quicknessRound(facts({ ag: 10 }), 2, { multipleAttacksModule: true, quicknessBands: bands }),
    ).toEqual({ allowance: 2, most: 4, attacks: 2, penalty: 0 });
    // AG 9 stays at one a round.
    expect(twoAttackModifier({ quicknessBands: bands }, { ag: 9 })).toBe(-5);
  });

  it('additionalAttacks: "beyondFirst" prices the second attack of AG 14\'s two', () => {
    expect(twoAttackModifier({}, { ag: 14 })).toBe(0);
    expect(twoAttackModifier({ additionalAttacks: "beyondFirst" }, { ag: 14 })).toBe(-5);
  });

  it('additionalAttackSkill: "atLeastPenalty" lets skill 5 carry one additional attack', () => {
    const most = (options: FangsOptions) =>
      quicknessRound(facts({ ag: 10, skill: 5 }), 4, { multipleAttacksModule: true, ...options })!.most;
    expect(most({})).toBe(1);
    expect(most({ additionalAttackSkill: "atLeastPenalty" })).toBe(2);
    expect(() => twoAttackModifier({}, { skill: 5 })).toThrow(/the most allowed is 1/);
    expect(twoAttackModifier({ additionalAttackSkill: "atLeastPenalty" }, { skill: 5 })).toBe(-5);
  });

  it("controlPointsDivisor: ST 14 gains 7 a round at 2, 5 at the default 3", () => {
    const on = { controlPointsModule: true };
    expect(holdMade(14, 20, on)!.controlPoints).toBe(5);
    const made = holdMade(14, 20, { ...on, controlPointsDivisor: 2 })!;
    expect(made.controlPoints).toBe(7);
    expect(holdRound(made, 14, 20, { ...on, controlPointsDivisor: 2 })!.controlPoints).toBe(14);
  });

  it("holdFirstRoundCounts: off, the round of the grapple gains nothing and immobilizing takes a round longer", () => {
    const rules = { controlPointsModule: true, holdFirstRoundCounts: false };
    const made = holdMade(15, 10, rules)!;
    expect(made).toEqual({ controlPoints: 0, immobilized: false });
    const two = holdRound(made, 15, 10, rules)!;
    const three = holdRound(two, 15, 10, rules)!;
    expect([two.immobilized, three.immobilized]).toEqual([false, false]);
    expect(holdRound(three, 15, 10, rules)!.immobilized).toBe(true);
  });

  it("immobilizedMayBreak: on, an immobilized fighter rolls to break free instead of being refused", () => {
    const attempt = {
      target: { skill: 12, modifiers: 0 },
      grappler: { skill: 10, modifiers: 0 },
      onTargetsInitiative: true,
    } as const;
    const held = [{ controlPoints: 13, immobilized: true }];
    const on = { controlPointsModule: true };
    expect(refusal(() => breakFreeFromHolds(attempt, held, new ScriptedDice([12, 9]), on)).details).toEqual({
      reason: "Immobilized",
    });
    const freed = breakFreeFromHolds(attempt, held, new ScriptedDice([12, 9]), {
      ...on,
      immobilizedMayBreak: true,
    });
    expect(freed.freed).toBe(true);
  });

  it("recoil's multipliers: a tripod ×3, two hands ×2, one hand ×2 each hold the shots better", () => {
    // ST 7, Recoil 10: the second shot 7 − 10, the third 7 − 10 − 5, the fourth 7 − 10 − 10.
    expect(recoilOnShots(gun())).toEqual([-3, -8, -13]);
    expect(recoilOnShots(gun(), { recoilOneHandMultiplier: 2 })).toEqual([0, -1, -6]);
    // Tripod: 14 at ×2, 21 at ×3.
    expect(recoilOnShots(gun({ tripod: true }))).toEqual([0, -1, -6]);
    expect(recoilOnShots(gun({ tripod: true }), { recoilTripodMultiplier: 3 })).toEqual([0, 0, 0]);
    // Two hands: 11 (10.5 rounded up) at ×1.5, 14 at ×2.
    expect(recoilOnShots(gun({ hands: 2 }))).toEqual([0, -4, -9]);
    expect(recoilOnShots(gun({ hands: 2 }), { recoilTwoHandsMultiplier: 2 })).toEqual([0, -1, -6]);
  });

  it('recoilStrengthRounding: "down" holds ST 7 with two hands as 10, not 11', () => {
    expect(recoilOnShots(gun({ hands: 2 }), { recoilStrengthRounding: "down" })).toEqual([0, -5, -10]);
  });

  it("aimBonus, aimMaxRounds, aimRoundsUnfamiliar: the bonus a round earns and the rounds allowed", () => {
    expect(aimUntilRefused({})).toEqual({ bonuses: [5, 10], reason: "AimDone" });
    expect(aimUntilRefused({ aimBonus: 3 })).toEqual({ bonuses: [3, 6], reason: "AimDone" });
    expect(aimUntilRefused({ aimMaxRounds: 3 })).toEqual({ bonuses: [5, 10, 15], reason: "AimDone" });
    expect(aimUntilRefused({}, UNTRAINED)).toEqual({ bonuses: [5], reason: "AimDone" });
    expect(aimUntilRefused({ aimRoundsUnfamiliar: 2 }, UNTRAINED)).toEqual({
      bonuses: [5, 10],
      reason: "AimDone",
    });
    expect(aimUntilRefused({ aimRoundsUnfamiliar: 0 }, UNTRAINED)).toEqual({
      bonuses: [],
      reason: "AimDone",
    });
  });

  it("aimBonus and aimMaxRounds bound the aim an attack may carry, and the aim a table reads back", () => {
    const aimed = (aimBonus: number, options: FangsOptions) =>
      resolveExchange(
        { attack: attackDeclaration({ weapon: gun({ recoil: undefined }), aimBonus }), defense: noDefense },
        new ScriptedDice([10, 3, 3]),
        { aimingModule: true, ...options },
      ).attack.aim;
    expect(aimed(15, { aimMaxRounds: 3 })).toBe(15);
    expect(refusal(() => aimed(15, {})).code).toBe("invalid-value");
    expect(refusal(() => aimed(7, { aimBonus: 3 })).code).toBe("invalid-value");
    const three = { rounds: 3, bonus: 15, round: 3, weaponId: "rifle" };
    expect(possibleAim(three)).toBe(false);
    expect(possibleAim(three, { aimMaxRounds: 3 })).toBe(true);
  });

  it("reachHardDivisor: at 3 an advance is a check at a third of the skill (−8 at 12), not half (−6)", () => {
    expect(hardModifier(12)).toBe(-6);
    expect(hardModifier(12, { reachHardDivisor: 3 })).toBe(-8);
    // Knife 12 at long range, d20 14: 20 made at −6, 18 missed at −8.
    const advance = (options: FangsOptions) =>
      rangeManeuver({ weapon: KNIFE, range: "long", skill: 12, madeThisRound: 0 }, new ScriptedDice([14]), {
        reachModule: true,
        ...options,
      });
    expect(advance({})).toMatchObject({ range: "close", check: { modifiers: -6, success: true } });
    expect(advance({ reachHardDivisor: 3 })).toMatchObject({
      range: "long",
      check: { modifiers: -8, success: false },
    });
  });

  it("rangeManeuversPerRound: at 2 a second advance or withdraw is allowed, a third refused", () => {
    const second = (options: FangsOptions, madeThisRound = 1) =>
      rangeManeuver({ weapon: KNIFE, range: "long", skill: 12, madeThisRound }, new ScriptedDice([14]), {
        reachModule: true,
        ...options,
      });
    expect(refusal(() => second({})).details).toEqual({ reason: "OneRangeManeuver" });
    expect(second({ rangeManeuversPerRound: 2 }).range).toBe("close");
    const third = refusal(() => second({ rangeManeuversPerRound: 2 }, 2));
    expect(third.details).toEqual({ reason: "OneRangeManeuver" });
    expect(third.message).toMatch(/2 advances or withdraws a round/);
  });

  it("reachWeaponRanges: a spear made medium strikes at medium and not at long; a kind the world adds has its range", () => {
    expect(reachAttack(SPEAR, "long").allowed).toBe(true);
    const medium = { reachWeaponRanges: { spear: "medium" } } as const;
    expect(fangsWeaponRange(SPEAR, medium)).toBe("medium");
    expect(reachAttack(SPEAR, "long", medium).reasonKey).toBe("FANGS.Rules.Attack.Refusal.OutOfReach");
    expect(reachAttack(SPEAR, "medium", medium).allowed).toBe(true);
    // A whip: no RHF kind of the text; the world adds it, long, and names it for its skill.
    const whip: ReachWeapon = { skillKey: "whip", kind: "melee" };
    expect(fangsWeaponRange(whip)).toBe("medium");
    const withWhip = { reachWeaponRanges: { whip: "long" }, reachWeaponKinds: { whip: "whip" } } as const;
    expect(fangsWeaponRange(whip, withWhip)).toBe("long");
    expect(reachAttack(whip, "long", withWhip).allowed).toBe(true);
  });
});

describe("the RHF figures as FANGS keys: resolveOptions refuses a bad value, naming the key", () => {
  const refused = (options: FangsOptions) => refusal(() => resolveOptions(options));

  it.each([
    ["reachHardDivisor", 0],
    ["reachHardDivisor", 1.5],
    ["rangeManeuversPerRound", -1],
    ["controlPointsDivisor", 0],
    ["controlPointsDivisor", "3"],
    ["multipleAttackPenalty", -5],
    ["multipleAttackPenalty", 2.5],
    ["multipleAttackPenalty", 21],
    ["aimBonus", -1],
    ["aimMaxRounds", 11],
    ["aimRoundsUnfamiliar", -1],
  ] as const)("%s = %j: not a whole number in its bounds", (key, value) => {
    const error = refused({ [key]: value } as FangsOptions);
    expect(error.code).toBe("invalid-value");
    expect(error.message).toContain(`option ${key}`);
  });

  it.each([
    ["additionalAttacks", "beyondfirst"],
    ["additionalAttacks", "beyond first"],
    ["additionalAttackSkill", "abovezero"],
    ["recoilStrengthRounding", "nearest"],
  ] as const)("%s = %j: a misspelt reading", (key, value) => {
    const error = refused({ [key]: value } as unknown as FangsOptions);
    expect(error.message).toMatch(new RegExp(`^option ${key} must be one of`));
    expect(error.details).toMatchObject({ key, value });
  });

  it.each([
    ["recoilOneHandMultiplier", 0],
    ["recoilTwoHandsMultiplier", -1.5],
    ["recoilTripodMultiplier", Number.NaN],
    ["recoilTripodMultiplier", Number.POSITIVE_INFINITY],
    ["recoilTripodMultiplier", "2"],
    ["recoilTripodMultiplier", 11],
  ] as const)("%s = %j: a multiplier is a number above 0, at most 10", (key, value) => {
    expect(refused({ [key]: value } as unknown as FangsOptions).message).toMatch(
      new RegExp(`^option ${key} must be a number above 0`),
    );
  });

  it.each([["holdFirstRoundCounts"], ["immobilizedMayBreak"]] as const)("%s: true or false", (key) => {
    expect(refused({ [key]: "yes" } as unknown as FangsOptions).message).toBe(
      `option ${key} must be true or false`,
    );
  });

  it("quicknessBands: bands that overlap, leave a gap, start past 1, end before they start, or give odd attacks", () => {
    const bands = (...rows: [number, number, number][]) => ({
      quicknessBands: rows.map(([from, to, attacks]) => ({ from, to, attacks })),
    });
    const cases: [FangsOptions, RegExp][] = [
      [bands([1, 6, 0.5], [6, 12, 1]), /without gap or overlap: band 2 starts at 6, not 7/],
      [bands([1, 6, 0.5], [8, 12, 1]), /without gap or overlap: band 2 starts at 8, not 7/],
      [bands([2, 6, 1]), /band 1 starts at 2, not 1/],
      [bands([1, 6, 1], [7, 5, 2]), /option quicknessBands\[1\]\.to must be between 7 and 1000/],
      [bands([1, 6, 1.5]), /band 1's attacks must be 0.5 or a whole number from 1 to 20, got 1.5/],
      [bands([1, 6, 0]), /attacks must be 0.5 or a whole number/],
      [{ quicknessBands: [] }, /must be a list of bands/],
      [{ quicknessBands: "1-6: 1" as never }, /must be a list of bands/],
    ];
    for (const [options, message] of cases) {
      const error = refused(options);
      expect(error.message).toMatch(/quicknessBands/);
      expect(error.message).toMatch(message);
    }
    expect(resolveOptions(bands([1, 9, 1], [10, 30, 2])).quicknessBands).toHaveLength(2);
  });

  it("aimRoundsUnfamiliar above aimMaxRounds is refused, naming it", () => {
    expect(refused({ aimRoundsUnfamiliar: 3 }).message).toMatch(
      /^option aimRoundsUnfamiliar \(3\) must not be above aimMaxRounds \(2\)/,
    );
    expect(refused({ aimMaxRounds: 0 }).message).toMatch(/aimRoundsUnfamiliar \(1\) must not be above/);
    expect(resolveOptions({ aimMaxRounds: 3, aimRoundsUnfamiliar: 3 }).aimRoundsUnfamiliar).toBe(3);
  });

  it("reachWeaponRanges: a kind that is no weapon of the reach rules nor one the world names for a skill, a miscased one too (review 1)", () => {
    for (const kind of ["Spear", "shortsword", "whip"])
      expect(refused({ reachWeaponRanges: { [kind]: "medium" } } as never).message).toMatch(
        new RegExp(`^option reachWeaponRanges names "${kind}", which is no weapon kind`),
      );
    // Every kind of the reach rules' own table may be given a range.
    for (const kind of Object.keys(RHF_DEFAULTS.weapons))
      expect(resolveOptions({ reachWeaponRanges: { [kind]: "long" } }).reachWeaponRanges).toEqual({
        [kind]: "long",
      });
    // A kind the world names for a skill may be given its range.
    expect(
      resolveOptions({ reachWeaponRanges: { whip: "long" }, reachWeaponKinds: { whip: "whip" } })
        .reachWeaponRanges,
    ).toEqual({ whip: "long" });
  });

  it("quicknessBands: attacks that fall as AG rises are refused, naming the band (review 3)", () => {
    const bands = (...rows: [number, number, number][]) => ({
      quicknessBands: rows.map(([from, to, attacks]) => ({ from, to, attacks })),
    });
    for (const [options, band] of [
      [bands([1, 6, 1], [7, 30, 0.5]), 2],
      [bands([1, 6, 4], [7, 12, 1]), 2],
      [bands([1, 6, 0.5], [7, 12, 2], [13, 20, 1]), 3],
    ] as const)
      expect(refused(options).message).toMatch(
        new RegExp(`^option quicknessBands .*band ${band}'s attacks .* fewer than the band before`),
      );
    expect(resolveOptions(bands([1, 6, 1], [7, 12, 1], [13, 20, 2])).quicknessBands).toHaveLength(3);
  });

  it("reachWeaponRanges: a range that is none of close, medium, long, or a table that is no table", () => {
    expect(refused({ reachWeaponRanges: { spear: "far" } } as never).message).toMatch(
      /^option reachWeaponRanges must give "spear" one of close, medium, long, got far/,
    );
    expect(refused({ reachWeaponRanges: ["long"] } as never).message).toMatch(/^option reachWeaponRanges/);
    expect(refused({ reachWeaponRanges: null } as never).message).toMatch(/^option reachWeaponRanges/);
  });
});
