import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codeOf } from "../../../test/support/rules-error";
import { maximumOf, minimumOf, parseDiceFormula } from "../kernel/dice";
import {
  characteristicCost,
  characteristicsCost,
  damageModifier,
  damageModifierDice,
  damageModifierFormula,
  deriveAttributes,
  itemCondition,
  naturalAbility,
  skillValue,
  validateCharacteristics,
  weaponAtHand,
} from "./character";
import { FANGS_DEFAULTS } from "./config";
import type { Characteristics } from "./types";

const average: Characteristics = { st: 10, ag: 10, co: 10, in: 10, pw: 10, sz: 10, ap: 10 };
const gru: Characteristics = { st: 14, ag: 12, co: 13, in: 11, pw: 9, sz: 11, ap: 10 };

describe("characteristics", () => {
  it("CORE-CHR-1: seven characteristics, each a whole number", () => {
    expect(() => validateCharacteristics(average)).not.toThrow();
    expect(codeOf(() => validateCharacteristics({ ...average, st: -1 }))).toBe("invalid-characteristic");
    expect(codeOf(() => validateCharacteristics({ ...average, ag: 10.5 }))).toBe("invalid-characteristic");
    expect(codeOf(() => validateCharacteristics({ ...average, co: Number.NaN }))).toBe(
      "invalid-characteristic",
    );
    const { ap: _ap, ...missing } = average;
    expect(codeOf(() => validateCharacteristics(missing))).toBe("invalid-characteristic");
    expect(codeOf(() => validateCharacteristics(null))).toBe("invalid-characteristic");
  });

  it("CORE-CHR-1: buying up costs 11 = 5 … 18 = 100; 18 is the starting maximum", () => {
    const costs = [10, 11, 12, 13, 14, 15, 16, 17, 18].map((v) => characteristicCost(v));
    expect(costs).toEqual([0, 5, 10, 20, 30, 45, 60, 80, 100]);
    expect(characteristicCost(7)).toBe(0);
    expect(codeOf(() => characteristicCost(19))).toBe("invalid-characteristic");
    expect(codeOf(() => characteristicCost(-2))).toBe("invalid-characteristic");
    // Gru: ST 14 (30) + AG 12 (10) + CO 13 (20) + IN 11 (5) + SZ 11 (5)
    expect(characteristicsCost(gru)).toBe(70);
  });

  it("CORE-CHR-1: the cost table and starting maximum are options", () => {
    expect(
      characteristicCost(19, { characteristicStartingMax: 20, characteristicCosts: { 19: 125, 20: 150 } }),
    ).toBe(125);
    expect(codeOf(() => characteristicCost(17, { characteristicCosts: { 11: 5 } }))).toBe("invalid-value");
  });
});

describe("attributes", () => {
  it("CORE-CHR-2: HP = ceil((CO+SZ)/2), 10 on average", () => {
    expect(deriveAttributes(average, { armorProtection: 0, dodgeBought: 0 }).hitPoints).toBe(10);
    expect(
      deriveAttributes({ ...average, co: 13, sz: 10 }, { armorProtection: 0, dodgeBought: 0 }).hitPoints,
    ).toBe(12);
  });

  it("CORE-CHR-3: Stun = CO + ceil((ST+SZ)/2), 20 on average", () => {
    expect(deriveAttributes(average, { armorProtection: 0, dodgeBought: 0 }).stunPoints).toBe(20);
    // Gru: 13 + ceil(25/2) = 13 + 13
    expect(deriveAttributes(gru, { armorProtection: 0, dodgeBought: 0 }).stunPoints).toBe(26);
  });

  it.each([
    [14, 11, 1],
    [15, 11, 1],
    [25, 20, 5],
    [40, 40, 10],
    [10, 10, 0],
    [3, 3, 0],
  ])("CORE-CHR-4: ST %i / SZ %i gives DM +%i", (st, sz, dm) => {
    expect(damageModifier(st, sz)).toBe(dm);
    expect(
      deriveAttributes({ ...average, st, sz }, { armorProtection: 0, dodgeBought: 0 }).damageModifier,
    ).toBe(dm);
  });

  it("CORE-CHR-4: the DM formula's threshold, step and cap are options", () => {
    expect(damageModifier(40, 40, { damageModifierCap: 20 })).toBe(12);
    expect(damageModifier(15, 11, { damageModifierStep: 3 })).toBe(2);
    // A step of 0 would divide by zero; a fractional cap would make a fractional DM.
    expect(codeOf(() => damageModifier(15, 11, { damageModifierStep: 0 }))).toBe("invalid-value");
    expect(codeOf(() => damageModifier(15, 11, { damageModifierCap: 2.5 }))).toBe("invalid-value");
  });

  it.each([
    [0, "0"],
    [1, "1"],
    [2, "1d2"],
    [3, "1d2+1"],
    [4, "1d4"],
    [5, "1d4+1"],
    [8, "1d8"],
    [10, "1d10"],
    [12, "2d6"],
    [15, "1d8+1d6+1"],
    [20, "2d10"],
    [23, "2d10+1d2+1"],
    [40, "4d10"],
  ])("CORE-CHR-4: DM %i rolls %s", (dm, text) => {
    expect(damageModifierFormula(dm)).toBe(text);
  });

  it("CORE-CHR-4: the DM dice's maximum is the DM, for every DM (odd: dice of DM−1, then +1)", () => {
    for (let dm = 0; dm <= 60; dm += 1) {
      const dice = damageModifierDice(dm);
      expect(maximumOf(dice)).toBe(dm);
      if (dm % 2 === 1) expect(dice.flat).toBe(1);
      if (dm > 0) expect(minimumOf(dice)).toBeGreaterThan(0);
    }
    // Gru's trade example: DM +1 plus 7 skill points = +8, a d8.
    expect(damageModifierFormula(8)).toBe("1d8");
  });

  it("CORE-CHR-4: the DM dice table is an option; a bad DM is refused", () => {
    expect(
      damageModifierFormula(12, { damageModifierDice: { ...FANGS_DEFAULTS.damageModifierDice, 12: "1d12" } }),
    ).toBe("1d12");
    expect(codeOf(() => damageModifierFormula(-1))).toBe("invalid-value");
    expect(codeOf(() => damageModifierFormula(2.5))).toBe("invalid-value");
    expect(codeOf(() => damageModifierFormula(4, { damageModifierDice: { 8: "1d8" } }))).toBe(
      "invalid-value",
    );
  });

  it("CORE-CHR-5: MV = ST + AG − SZ (ST 14, AG 12, SZ 11 → 15)", () => {
    expect(
      deriveAttributes({ ...average, st: 14, ag: 12, sz: 11 }, { armorProtection: 0, dodgeBought: 0 })
        .movement,
    ).toBe(15);
    expect(
      deriveAttributes(average, { armorProtection: 0, dodgeBought: 0 }, { movementFormula: "ST+AG" })
        .movement,
    ).toBe(20);
  });

  it("CORE-CHR-7: Dodge = AG + bought − 1 per armor SP", () => {
    const base = deriveAttributes(gru, { armorProtection: 0, dodgeBought: 3 });
    expect(base.dodge).toBe(15);
    expect(deriveAttributes(gru, { armorProtection: 4, dodgeBought: 3 }).dodge).toBe(11);
    expect(deriveAttributes(gru, { armorProtection: 8, dodgeBought: 0 }).dodge).toBe(4);
  });

  it("CORE-CHR-2: Idea = IN, Luck = PW, Fatigue = ST + CO, Power Points = PW ([default]s)", () => {
    const a = deriveAttributes(gru, { armorProtection: 0, dodgeBought: 0 });
    expect([a.idea, a.luck, a.fatigue, a.powerPoints]).toEqual([11, 9, 27, 9]);
  });

  it("CORE-CHR-7: negative or fractional armor and dodge points are refused", () => {
    expect(codeOf(() => deriveAttributes(gru, { armorProtection: -1, dodgeBought: 0 }))).toBe(
      "invalid-value",
    );
    expect(codeOf(() => deriveAttributes(gru, { armorProtection: 0, dodgeBought: 1.5 }))).toBe(
      "invalid-value",
    );
    expect(codeOf(() => deriveAttributes({ ...gru, sz: -3 }, { armorProtection: 0, dodgeBought: 0 }))).toBe(
      "invalid-characteristic",
    );
  });

  it("CORE-CHR-2: derived attributes are whole numbers, never NaN, for any valid characteristics", () => {
    const ch = fc.integer({ min: 0, max: 60 });
    fc.assert(
      fc.property(
        fc.record({ st: ch, ag: ch, co: ch, in: ch, pw: ch, sz: ch, ap: ch }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 20 }),
        (c, armorProtection, dodgeBought) => {
          const a = deriveAttributes(c, { armorProtection, dodgeBought });
          for (const value of Object.values(a)) expect(Number.isInteger(value)).toBe(true);
          expect(a.hitPoints).toBeGreaterThanOrEqual(0);
          expect(a.damageModifier).toBeGreaterThanOrEqual(0);
          expect(a.damageModifier).toBeLessThanOrEqual(10);
          expect(a.hitPoints).toBe(Math.ceil((c.co + c.sz) / 2));
          expect(a.stunPoints).toBe(c.co + Math.ceil((c.st + c.sz) / 2));
        },
      ),
    );
  });
});

describe("skills", () => {
  it.each([
    ["(ST+AG+SZ)/5", 8], // Fist, 1H Melee Weapon: 37/5 = 7.4 → 8
    ["(ST+AG)/5", 6], // Knife, Kick, Shield Parry: 26/5 → 6
    ["(ST+2*AG)/5", 8], // Throw: 38/5 → 8
    ["(2*AG+2*ST-SZ)/5", 9], // Climb, Jump, Run: 41/5 → 9
    ["2*IN/5", 5], // First Aid: 22/5 → 5
    ["AG/5", 3], // Short Bow: 12/5 → 3
    ["(AG+PW)/5", 5], // Ride: 21/5 → 5
    ["(st + 2·ag) / 5", 8],
    ["(ST+2×AG)/5", 8],
  ])("CORE-CHR-6: natural ability %s for Gru is %i (fractions rounded up)", (formula, value) => {
    expect(naturalAbility(formula, gru)).toBe(value);
  });

  it("CORE-CHR-6: a whole result is not rounded up (35/5 = 7)", () => {
    expect(naturalAbility("(ST+AG+SZ)/5", { ...average, st: 15 })).toBe(7);
    expect(naturalAbility("(ST/3)*3", { ...average, st: 10 })).toBe(10);
  });

  it("CORE-CHR-6: skill = natural + bought (Gru's Sword 12, of which 7 bought)", () => {
    const sword = skillValue("(ST+AG+SZ)/5", { ...gru, st: 13, sz: 0 }, 7);
    expect(sword).toEqual({ natural: 5, bought: 7, total: 12 });
  });

  it.each(["", "ST+", "(ST+AG", "ST+XX", "ST$AG", "ST AG", "ST/0", ")"])(
    "CORE-CHR-6: malformed formula %j is refused with invalid-value",
    (formula) => {
      expect(codeOf(() => naturalAbility(formula, gru))).toBe("invalid-value");
    },
  );

  it("CORE-CHR-6: negative or fractional bought points are refused", () => {
    expect(codeOf(() => skillValue("AG/5", gru, -1))).toBe("invalid-value");
    expect(codeOf(() => skillValue("AG/5", gru, 0.5))).toBe("invalid-value");
    expect(codeOf(() => skillValue("AG/5", { ...gru, ag: 1.5 }, 0))).toBe("invalid-characteristic");
  });
});

describe("weapons at hand", () => {
  it("CORE-CHR-6: a natural weapon (fist, kick, claws: a skill, not gear) is always at hand; a held weapon only when equipped", () => {
    expect(weaponAtHand({ natural: true, equipped: false })).toBe(true);
    expect(weaponAtHand({ natural: true })).toBe(true);
    expect(weaponAtHand({ natural: false, equipped: true })).toBe(true);
    expect(weaponAtHand({ natural: false, equipped: false })).toBe(false);
    expect(weaponAtHand({})).toBe(false);
  });
});

describe("item condition", () => {
  it("NC-DMG-6: an item below its maximum SP is nicked", () => {
    expect(itemCondition({ value: 10, max: 10 })).toBe("sound");
    expect(itemCondition({ value: 9, max: 10 })).toBe("nicked");
    expect(itemCondition({ value: 5, max: 10 })).toBe("nicked");
  });

  it("NC-DMG-7: under 50% of its SP an item cannot attack (exactly half still can)", () => {
    expect(itemCondition({ value: 4, max: 10 })).toBe("unusableForAttack");
    expect(itemCondition({ value: 3, max: 7 })).toBe("unusableForAttack");
    expect(itemCondition({ value: 4, max: 7 })).toBe("nicked");
  });

  it("NC-DMG-8: at 0 SP an item is shattered", () => {
    expect(itemCondition({ value: 0, max: 10 })).toBe("shattered");
  });

  it("NC-DMG-8: an impossible SP track is refused", () => {
    expect(codeOf(() => itemCondition({ value: 11, max: 10 }))).toBe("invalid-value");
    expect(codeOf(() => itemCondition({ value: -1, max: 10 }))).toBe("invalid-value");
    expect(codeOf(() => itemCondition({ value: 1, max: 0 }))).toBe("invalid-value");
  });
});

describe("equipment defaults", () => {
  it("CORE-EQP-1: the armor table from Leathers 1 to Plate Mail 8, with its prices", () => {
    expect(FANGS_DEFAULTS.armor.map((a) => [a.id, a.armorProtection, a.price])).toEqual([
      ["leathers", 1, 18],
      ["jack", 2, 30],
      ["leatherArmor", 3, 45],
      ["ring", 4, 175],
      ["scale", 5, 350],
      ["mail", 6, 550],
      ["lightChain", 7, 750],
      ["plateMail", 8, 1000],
    ]);
  });

  it("CORE-EQP-2: the weapon table: damage, SP, impaling, hands, reload ([default]s but the Broadsword)", () => {
    expect(
      FANGS_DEFAULTS.weapons.map((w) => [
        w.id,
        w.damage,
        w.itemSp,
        w.impales,
        w.hands,
        w.kind,
        w.reload,
        w.extendedReload,
      ]),
    ).toEqual([
      ["dagger", "1d4+2", 6, true, [1], "melee", 0, false],
      ["shortsword", "1d6+1", 8, true, [1], "melee", 0, false],
      ["broadsword", "1d8+2", 10, false, [1], "melee", 0, false],
      ["battleAxe", "1d8+2", 8, false, [1], "melee", 0, false],
      ["mace", "1d8+2", 10, false, [1], "melee", 0, false],
      ["spear", "1d8+1", 8, true, [1, 2], "melee", 0, false],
      ["greatsword", "2d8", 12, false, [2], "melee", 0, false],
      ["quarterstaff", "1d8", 8, false, [2], "melee", 0, false],
      ["shortBow", "1d6+1", null, true, [2], "missile", 0, false],
      ["lightCrossbow", "2d4+2", null, true, [2], "missile", 1, false],
      ["heavyCrossbow", "2d6+2", null, true, [2], "missile", 2, true],
    ]);
    expect(FANGS_DEFAULTS.shields.map((sh) => [sh.id, sh.itemSp])).toEqual([
      ["buckler", 6],
      ["round", 8],
      ["kite", 10],
      ["tower", 12],
    ]);
  });

  it("CORE-EQP-2: the weapon table's formulas parse; Broadsword d8+2 has maximum 10", () => {
    for (const weapon of FANGS_DEFAULTS.weapons) expect(() => parseDiceFormula(weapon.damage)).not.toThrow();
    const broadsword = FANGS_DEFAULTS.weapons.find((w) => w.id === "broadsword")!;
    expect(maximumOf(parseDiceFormula(broadsword.damage))).toBe(10);
    expect(FANGS_DEFAULTS.shields.map((s) => s.itemSp)).toEqual([6, 8, 10, 12]);
  });

  it("CORE-EQP-2: the defaults are frozen; options override without touching them", () => {
    expect(Object.isFrozen(FANGS_DEFAULTS)).toBe(true);
    expect(Object.isFrozen(FANGS_DEFAULTS.weapons[0])).toBe(true);
    expect(() => {
      (FANGS_DEFAULTS as { damageModifierCap: number }).damageModifierCap = 99;
    }).toThrow(TypeError);
    expect(damageModifier(40, 40)).toBe(10);
    expect(codeOf(() => damageModifier(40, 40, { damageModifierCap: -1 }))).toBe("invalid-value");
  });
});
