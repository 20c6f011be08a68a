import { describe, expect, it } from "vitest";
import { attackDeclaration, defenderProfile, weaponProfile } from "../../../test/support/fangs-fixtures";
import { codeOf } from "../../../test/support/rules-error";
import { ScriptedDice, SeededDice } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import { emptyAttackCounter, recordAttack } from "./attacks";
import { FANGS_DEFAULTS, type FangsOptions, resolveOptions } from "./config";
import { type ExchangeInput, resolveExchange } from "./exchange";
import { aimBonusFor, NO_AIM, recoilModifier, rollAim, shotNumber } from "./firearms";
import type { AttackDeclaration, DefenseDeclaration, WeaponProfile } from "./types";

const RECOIL: FangsOptions = { recoilModule: true };

/** Joe's .357 magnum (Recoil 5), one-handed, unless told otherwise. */
function magnum(over: Partial<WeaponProfile> = {}): WeaponProfile {
  return weaponProfile({
    id: "magnum",
    name: ".357 magnum",
    damage: "2d6",
    itemSp: null,
    impales: true,
    kind: "missile",
    recoil: 5,
    ...over,
  });
}

/** Joe (ST 10) firing his `shot`-th shot of the round at Gun 10. */
function joeFires(shot: number, weapon: WeaponProfile = magnum(), st = 10): AttackDeclaration {
  return attackDeclaration({
    attacker: { id: "joe", st, damageModifier: 0, luck: null, state: null },
    weapon,
    skill: { natural: 2, bought: 8, total: 10 },
    shot,
  });
}

const noDefense: DefenseDeclaration = {
  defender: defenderProfile(),
  choice: "none",
  skill: null,
  item: null,
  modifiers: 0,
};

function exchange(attack: AttackDeclaration, dice: number[] | number, options?: FangsOptions) {
  const input: ExchangeInput = { attack, defense: noDefense };
  return resolveExchange(
    input,
    typeof dice === "number" ? new SeededDice(dice) : new ScriptedDice(dice),
    options,
  );
}

describe("the recoil module (RHF-REC-1, -2 on FANGS)", () => {
  it("off, it changes nothing: the same seeded exchange as a weapon with no Recoil, whole results compared", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const plain = exchange(joeFires(1, magnum({ recoil: undefined })), seed);
      for (const options of [undefined, {}, { recoilModule: false }, FANGS_DEFAULTS])
        expect(exchange(joeFires(5), seed, options)).toEqual(plain);
    }
    expect(FANGS_DEFAULTS.recoilModule).toBe(false);
  });

  it("RHF-REC-1 (FANGS module): Joe, ST 10, fires five shots with a Recoil 5 magnum: 0, 0, 0, −1, −4 on the attack roll", () => {
    const modifiers = [1, 2, 3, 4, 5].map((shot) => {
      // A natural 10 each time: Gun 10 + 10 = 20 makes it only with no penalty.
      const r = exchange(joeFires(shot), [10, 3, 3], RECOIL);
      return {
        modifiers: r.attack.check.modifiers,
        recoil: r.attack.recoil ?? 0,
        hit: r.attack.check.success,
      };
    });
    expect(modifiers).toEqual([
      { modifiers: 0, recoil: 0, hit: true },
      { modifiers: 0, recoil: 0, hit: true },
      { modifiers: 0, recoil: 0, hit: true },
      { modifiers: -1, recoil: -1, hit: false },
      { modifiers: -4, recoil: -4, hit: false },
    ]);
  });

  it("RHF-REC-1 (FANGS module): the penalty adds to the attack's own modifiers", () => {
    const r = exchange({ ...joeFires(5), modifiers: 3 }, [10], RECOIL);
    expect(r.attack.check.modifiers).toBe(-1);
    expect(r.attack.check.total).toBe(19);
  });

  it("RHF-REC-2 (FANGS module): ST 7 holds a Recoil 5 weapon as 7 with one hand, 11 with two (×1.5 rounded up), 14 on a tripod", () => {
    const penalties = (weapon: WeaponProfile) =>
      [2, 3, 4, 5].map(
        (shot) => exchange(joeFires(shot, weapon, 7), [10, 3, 3], RECOIL).attack.check.modifiers,
      );
    expect(penalties(magnum())).toEqual([0, -1, -4, -7]);
    expect(penalties(magnum({ hands: 2 }))).toEqual([0, 0, 0, -3]);
    expect(penalties(magnum({ hands: 2, tripod: true }))).toEqual([0, 0, 0, 0]);
    expect(penalties(magnum({ tripod: true }))).toEqual([0, 0, 0, 0]);
  });

  it("RHF-REC-1 (FANGS module): only a shot missile with a Recoil pays it; a burst is its own rolls", () => {
    expect(recoilModifier(joeFires(5, magnum({ recoil: 0 })), RECOIL)).toBe(0);
    expect(recoilModifier(joeFires(5, magnum({ autofire: true })), RECOIL)).toBe(0);
    expect(recoilModifier(joeFires(5, magnum({ kind: "thrown" })), RECOIL)).toBe(0);
    expect(recoilModifier(joeFires(5, weaponProfile({ recoil: 5 })), RECOIL)).toBe(0);
  });

  it("RHF-REC-1 (FANGS module): the shot's number is one more than the round's ranged attacks so far", () => {
    let counter = emptyAttackCounter();
    expect(shotNumber(counter)).toBe(1);
    counter = recordAttack(counter, { source: "maneuver", kind: "missile", targetId: "dagmar" });
    expect(shotNumber(counter)).toBe(2);
    counter = recordAttack(counter, { source: "allOutAttackSecond", kind: "missile", targetId: "dagmar" });
    expect(shotNumber(counter)).toBe(3);
    const melee = recordAttack(emptyAttackCounter(), {
      source: "maneuver",
      kind: "melee",
      targetId: "dagmar",
    });
    expect(shotNumber(melee)).toBe(1);
  });

  it("RHF-REC-1 (FANGS module): a creature stronger than the RHF core's ratings fires its first shot freely and holds the rest", () => {
    expect(recoilModifier(joeFires(1, magnum(), 101), RECOIL)).toBe(0);
    expect(recoilModifier(joeFires(3, magnum(), 400), RECOIL)).toBe(0);
    expect(recoilModifier(joeFires(5, magnum({ recoil: 100 }), 999), RECOIL)).toBe(0);
  });

  it("refuses a Recoil or a shot's number that is not a whole number, and a switch that is not true or false", () => {
    expect(codeOf(() => exchange(joeFires(2, magnum({ recoil: -1 })), [10], RECOIL))).toBe("invalid-value");
    expect(codeOf(() => exchange(joeFires(2, magnum({ recoil: 2.5 })), [10], RECOIL))).toBe("invalid-value");
    expect(codeOf(() => exchange(joeFires(0), [10], RECOIL))).toBe("invalid-value");
    expect(codeOf(() => resolveOptions({ recoilModule: "yes" as never }))).toBe("invalid-value");
    expect(() => exchange(joeFires(0), [10, 3, 3])).not.toThrow();
  });
});

const AIMING: FangsOptions = { aimingModule: true };
const GUN = { natural: 2, bought: 8, total: 10 };
const UNTRAINED = { natural: 2, bought: 0, total: 2 };

function aim(spotDie: number, aimed = NO_AIM, skill = GUN, options: FangsOptions = AIMING) {
  return rollAim(
    { spot: 10, aim: aimed, weapon: magnum(), skill, counter: emptyAttackCounter(), round: aimed.rounds + 1 },
    new ScriptedDice([spotDie, 5]),
    options,
  );
}

function refusalOf(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RulesError);
    return (error as RulesError).details.reason;
  }
  throw new Error("expected a RulesError");
}

describe("the aiming module (RHF-AIM-1 on FANGS)", () => {
  it("off, it changes nothing: an attack carrying an aim bonus rolls as one without, whole results compared", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const plain = exchange(joeFires(1, magnum({ recoil: undefined })), seed);
      const aimed = { ...joeFires(1, magnum({ recoil: undefined })), aimBonus: 10 };
      for (const options of [undefined, {}, { aimingModule: false }, FANGS_DEFAULTS])
        expect(exchange(aimed, seed, options)).toEqual(plain);
    }
    expect(FANGS_DEFAULTS.aimingModule).toBe(false);
    expect(refusalOf(() => aim(10, NO_AIM, GUN, {}))).toBe("ModuleOff");
  });

  it("RHF-AIM-1 (FANGS module): a round of aiming is a Spot check, d20 + Spot ≥ 20; a success is +5, a failure nothing", () => {
    const made = aim(10);
    expect(made.check).toMatchObject({ natural: 10, total: 20, success: true });
    expect(made.bonus).toBe(5);
    expect(made.aim).toMatchObject({ rounds: 1, bonus: 5 });
    const missed = aim(9);
    expect(missed.check.success).toBe(false);
    expect(missed.bonus).toBe(0);
    expect(missed.aim).toMatchObject({ rounds: 1, bonus: 0 });
  });

  it("RHF-AIM-1 (FANGS module): two rounds at most, the second only for one familiar with the weapon (bought points in its skill)", () => {
    const twice = aim(12, aim(11).aim);
    expect(twice.aim).toMatchObject({ rounds: 2, bonus: 10 });
    expect(refusalOf(() => aim(12, twice.aim))).toBe("AimDone");
    const once = aim(12, NO_AIM, UNTRAINED);
    expect(once.aim).toMatchObject({ rounds: 1, bonus: 5 });
    expect(refusalOf(() => aim(12, once.aim, UNTRAINED))).toBe("AimDone");
  });

  it("RHF-AIM-1 (FANGS module): the aim's bonus is on the next shot's attack roll, kept on the roll for the card", () => {
    const aimed = { ...joeFires(1, magnum({ recoil: undefined })), aimBonus: 10 };
    // A natural 1 with Gun 10 asks a second die for the fumble; 1 + 10 + 10 is 21.
    const r = exchange(aimed, [1, 15, 3, 3], AIMING);
    expect(r.attack.check).toMatchObject({ modifiers: 10, total: 21, success: true });
    expect(r.attack.aim).toBe(10);
    const both = exchange({ ...joeFires(5), aimBonus: 5 }, [10, 3, 3], { ...AIMING, ...RECOIL });
    expect(both.attack).toMatchObject({ recoil: -4, aim: 5, check: { modifiers: 1 } });
  });

  it("RHF-AIM-1 (FANGS module): a round of aiming is one round with one weapon; its bonus goes to that weapon in a later round", () => {
    const at = (round: number, aimed = NO_AIM, weaponId = "magnum") =>
      rollAim(
        {
          spot: 10,
          aim: aimed,
          weapon: magnum({ id: weaponId }),
          skill: GUN,
          counter: emptyAttackCounter(),
          round,
        },
        new ScriptedDice([12]),
        AIMING,
      ).aim;
    const first = at(1);
    expect(first).toEqual({ rounds: 1, bonus: 5, round: 1, weaponId: "magnum" });
    expect(refusalOf(() => at(1, first))).toBe("Busy");
    expect(at(2, first)).toEqual({ rounds: 2, bonus: 10, round: 2, weaponId: "magnum" });
    // Another weapon starts over.
    expect(at(2, first, "rifle")).toEqual({ rounds: 1, bonus: 5, round: 2, weaponId: "rifle" });
    expect(aimBonusFor(first, "magnum", 2)).toBe(5);
    expect(aimBonusFor(first, "magnum", 1)).toBe(0);
    expect(aimBonusFor(first, "rifle", 2)).toBe(0);
    expect(aimBonusFor(NO_AIM, "magnum", 2)).toBe(0);
  });

  it("RHF-AIM-1 (FANGS module): an autofire weapon is not aimed, so aim never becomes hits against a Missile Dodge (NC-MAN-12)", () => {
    const input = {
      spot: 10,
      aim: NO_AIM,
      weapon: magnum({ autofire: true }),
      skill: GUN,
      counter: emptyAttackCounter(),
      round: 1,
    };
    expect(refusalOf(() => rollAim(input, new ScriptedDice([12]), AIMING))).toBe("Autofire");
    expect(
      exchange({ ...joeFires(1, magnum({ autofire: true })), aimBonus: 10 }, [10, 3, 3], AIMING).attack.aim,
    ).toBeUndefined();
  });

  it("refuses aiming with a weapon that is not shot, in a round the aimer attacked, and an aim bonus past two rounds' worth", () => {
    const input = {
      spot: 10,
      aim: NO_AIM,
      weapon: magnum(),
      skill: GUN,
      counter: emptyAttackCounter(),
      round: 1,
    };
    const dice = () => new ScriptedDice([10]);
    expect(refusalOf(() => rollAim({ ...input, weapon: weaponProfile() }, dice(), AIMING))).toBe("NotShot");
    expect(refusalOf(() => rollAim({ ...input, weapon: magnum({ kind: "thrown" }) }, dice(), AIMING))).toBe(
      "NotShot",
    );
    const fired = recordAttack(emptyAttackCounter(), {
      source: "maneuver",
      kind: "missile",
      targetId: "dagmar",
    });
    expect(refusalOf(() => rollAim({ ...input, counter: fired }, dice(), AIMING))).toBe("Busy");
    expect(codeOf(() => exchange({ ...joeFires(1), aimBonus: 11 }, [10, 3, 3], AIMING))).toBe(
      "invalid-value",
    );
    expect(codeOf(() => exchange({ ...joeFires(1), aimBonus: -5 }, [10, 3, 3], AIMING))).toBe(
      "invalid-value",
    );
    expect(codeOf(() => resolveOptions({ aimingModule: 1 as never }))).toBe("invalid-value");
  });
});
