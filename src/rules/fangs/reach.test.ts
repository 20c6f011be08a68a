import { describe, expect, it } from "vitest";
import { ScriptedDice } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import { type AttackNowContext, canAttackNow, canTakeFreeAttack } from "./attack-checks";
import { AttackSource, emptyAttackCounter } from "./attacks";
import { FANGS_DEFAULTS, type FangsOptions, resolveOptions } from "./config";
import { type DefenseContext, emptyDefenseUsage, explainDefenses } from "./defenses";
import {
  engagementRange,
  fangsWeaponRange,
  hardModifier,
  type Range,
  type ReachWeapon,
  rangeManeuver,
  reachAllowsParry,
} from "./reach";

const ON = { reachModule: true } as const;
const OFF = { reachModule: false } as const;
const KEY = "FANGS.Rules.Attack.Refusal.";

const DAGGER: ReachWeapon = { skillKey: "knife", kind: "melee" };
const SWORD: ReachWeapon = { skillKey: "broadsword", kind: "melee" };
const SPEAR: ReachWeapon = { skillKey: "spear", kind: "melee" };
const BOW: ReachWeapon = { skillKey: "shortBow", kind: "missile" };

function melee(weapon: ReachWeapon, range: Range, partial: Partial<AttackNowContext> = {}): AttackNowContext {
  return {
    phase: "melee",
    round: 1,
    attacker: { maneuver: "attack" },
    counter: emptyAttackCounter(),
    weapon: { kind: "melee", itemSp: { value: 10, max: 10 } },
    targetId: "orc",
    engagedWithTarget: true,
    attackerEngaged: true,
    targetStartedUnengaged: false,
    reach: { range, weapon },
    ...partial,
  };
}

/** The defender's choices against a melee attack, with its weapon's answer from the module. */
function defenses(weapon: ReachWeapon, range: Range, rules: FangsOptions = ON): DefenseContext {
  return {
    maneuver: "attack",
    usage: emptyDefenseUsage(),
    attack: { attackerId: "orc", kind: "melee" },
    loadout: { weapon: "oneHanded", offHand: "shield" },
    maneuverPerformed: true,
    rules,
    reach: { weaponParries: reachAllowsParry(weapon, range, rules) },
  };
}

describe("the reach module's switch", () => {
  it("is off by default, and a bad table of weapon lengths is refused", () => {
    expect(FANGS_DEFAULTS.reachModule).toBe(false);
    expect(() => resolveOptions({ reachModule: 1 as unknown as boolean })).toThrow(
      /reachModule must be true or false/,
    );
    expect(() =>
      fangsWeaponRange(SPEAR, { reachWeaponKinds: { spear: 3 } as unknown as Record<string, string> }),
    ).toThrow(RulesError);
    // A world's table overrides skill by skill; the module's "*" row still serves the rest (review R2).
    expect(fangsWeaponRange(SPEAR, { reachWeaponKinds: { spear: "knife" } })).toBe("close");
    expect(
      fangsWeaponRange({ skillKey: "whip", kind: "melee" }, { reachWeaponKinds: { spear: "knife" } }),
    ).toBe("medium");
    expect(fangsWeaponRange({ skillKey: "whip", kind: "melee" }, { reachWeaponKinds: { "*": "pike" } })).toBe(
      "long",
    );
    // A skill named to a weapon the RHF table lacks is refused when read.
    expect(() => fangsWeaponRange(SPEAR, { reachWeaponKinds: { spear: "lance", "*": "sword" } })).toThrow(
      /lance/,
    );
  });

  it("off, canAttackNow and explainDefenses answer exactly as without the module's facts", () => {
    for (const range of ["close", "medium", "long"] as const) {
      for (const weapon of [DAGGER, SWORD, SPEAR]) {
        const ctx = melee(weapon, range, { rules: OFF });
        const { reach: _, ...plain } = ctx;
        expect(canAttackNow(ctx)).toEqual(canAttackNow(plain));
        const d = defenses(weapon, range, OFF);
        const { reach: __, ...plainDefense } = d;
        expect(explainDefenses(d)).toEqual(explainDefenses(plainDefense));
      }
    }
    expect(() =>
      rangeManeuver(
        { weapon: DAGGER, range: "long", skill: 12, madeThisRound: 0 },
        new ScriptedDice([20]),
        OFF,
      ),
    ).toThrow(/reach module, which is off/);
  });
});

describe("the reach module on FANGS", () => {
  it("RHF-RNG-1 (FANGS module): each FANGS weapon has a range by its skill, and engaged fighters start at the longer weapon's", () => {
    expect([DAGGER, SWORD, SPEAR].map((w) => fangsWeaponRange(w))).toEqual(["close", "medium", "long"]);
    expect(fangsWeaponRange({ skillKey: "fist", kind: "melee" })).toBe("close");
    expect(fangsWeaponRange({ skillKey: "someHouseWeapon", kind: "melee" })).toBe("medium");
    expect(engagementRange([DAGGER, SPEAR])).toBe("long");
    expect(engagementRange([DAGGER, SWORD])).toBe("medium");
    expect(engagementRange([DAGGER, null])).toBe("close");
    expect(engagementRange([null, BOW])).toBe("close");
  });

  it("RHF-RNG-1 (FANGS module): a dagger cannot attack a spear wielder at long range, only once in close; the spear only at long", () => {
    expect(canAttackNow(melee(DAGGER, "long", { rules: ON })).reasonKey).toBe(`${KEY}OutOfReach`);
    expect(canAttackNow(melee(DAGGER, "medium", { rules: ON })).reasonKey).toBe(`${KEY}OutOfReach`);
    expect(canAttackNow(melee(DAGGER, "close", { rules: ON })).allowed).toBe(true);
    expect(canAttackNow(melee(SPEAR, "close", { rules: ON })).reasonKey).toBe(`${KEY}OutOfReach`);
    expect(canAttackNow(melee(SPEAR, "long", { rules: ON })).allowed).toBe(true);
    // Shot weapons are not hand-to-hand: the module never reads them.
    const shot = melee(BOW, "close", {
      rules: ON,
      phase: "missile",
      weapon: { kind: "missile", itemSp: null },
      engagedWithTarget: false,
      attackerEngaged: false,
      targetStartedUnengaged: true,
    });
    expect(canAttackNow(shot).allowed).toBe(true);
  });

  it("RHF-RNG-1 (FANGS module): a free attack (a Charge's, a Dodge Past's) is struck only at its weapon's range too", () => {
    const free = (weapon: ReachWeapon, range: Range, options: FangsOptions = ON) =>
      canTakeFreeAttack({
        kind: AttackSource.ChargeFreeAttack,
        attacker: { maneuver: "attack" },
        counter: emptyAttackCounter(),
        options,
        weapon: { kind: "melee", itemSp: { value: 10, max: 10 } },
        reach: { range, weapon },
      });
    // The charger closes to the dagger's range; the spear, caught inside, has no free blow.
    expect(free(SPEAR, "close").reasonKey).toBe(`${KEY}OutOfReach`);
    expect(free(DAGGER, "long").reasonKey).toBe(`${KEY}OutOfReach`);
    expect(free(DAGGER, "close").allowed).toBe(true);
    // Off, the range is never read.
    expect(free(SPEAR, "close", OFF).allowed).toBe(true);
  });

  it("RHF-RNG-2 (FANGS module): a shorter weapon parries out of its range; a longer one caught inside cannot, and a dodge always can", () => {
    const allowed = (weapon: ReachWeapon, range: Range) => explainDefenses(defenses(weapon, range)).allowed;
    // A dagger parries at long and medium range, out of its own.
    expect(allowed(DAGGER, "long")).toContain("weaponParry");
    expect(allowed(DAGGER, "medium")).toContain("weaponParry");
    // A spear inside its range: no weapon parry, with the reason; the dodge and the shield stay open.
    const inside = explainDefenses(defenses(SPEAR, "close"));
    expect(inside.allowed).not.toContain("weaponParry");
    expect(inside.refused).toContainEqual({
      choice: "weaponParry",
      reasonKey: "FANGS.Rules.Defense.Refusal.OutOfReachParry",
    });
    const dodging = explainDefenses({ ...defenses(SPEAR, "close"), maneuver: "dodgeMelee" });
    expect(dodging.allowed).toContain("dodge");
    expect(allowed(SPEAR, "long")).toContain("weaponParry");
  });

  it("RHF-RNG-3 (FANGS module): an advance is a FANGS check at the Hard difficulty (half the skill, rounded up); made, the range is the weapon's", () => {
    expect(hardModifier(12)).toBe(-6);
    expect(hardModifier(15)).toBe(-7);
    // A Hard check never helps: at a skill of 0 or less it costs nothing more (review R3).
    expect(hardModifier(0)).toBe(0);
    expect(hardModifier(-5)).toBe(0);
    // Knife 12 at long range: d20 14 + 12 − 6 = 20, made: now close.
    const made = rangeManeuver(
      { weapon: DAGGER, range: "long", skill: 12, madeThisRound: 0 },
      new ScriptedDice([14]),
      ON,
    );
    expect(made).toMatchObject({ maneuver: "advance", range: "close" });
    expect(made.check).toMatchObject({ natural: 14, skill: 12, modifiers: -6, total: 20, success: true });
    // d20 13: 19, missed: the range stays.
    const missed = rangeManeuver(
      { weapon: DAGGER, range: "long", skill: 12, madeThisRound: 0 },
      new ScriptedDice([13]),
      ON,
    );
    expect(missed).toMatchObject({ maneuver: "advance", range: "long" });
    expect(missed.check.success).toBe(false);
  });

  it("RHF-RNG-3 (FANGS module): a spear caught in close withdraws to long; one maneuver a round; none when the weapon is at its range", () => {
    const back = rangeManeuver(
      { weapon: SPEAR, range: "close", skill: 10, madeThisRound: 0 },
      new ScriptedDice([19, 5]),
      ON,
    );
    expect(back).toMatchObject({ maneuver: "withdraw", range: "long" });
    const refusal = (input: Parameters<typeof rangeManeuver>[0]) => {
      try {
        rangeManeuver(input, new ScriptedDice([]), ON);
      } catch (error) {
        return error as RulesError;
      }
      throw new Error("not refused");
    };
    const second = refusal({ weapon: SPEAR, range: "close", skill: 10, madeThisRound: 1 });
    expect(second).toBeInstanceOf(RulesError);
    expect(second.details).toEqual({ reason: "OneRangeManeuver" });
    expect(second.message).toMatch(/one advance or withdraw a round/);
    const home = refusal({ weapon: SPEAR, range: "long", skill: 10, madeThisRound: 0 });
    expect(home.details).toEqual({ reason: "AtOwnRange" });
  });
});
