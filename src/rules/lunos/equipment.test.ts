import { describe, expect, it } from "vitest";
import { BOW, CLUB, fighter, LANCE, LONGSWORD, MAIL } from "../../../test/support/lunos-fixtures";
import { codeOf } from "../../../test/support/rules-error";
import { LUNOS_DEFAULTS } from "./config";
import {
  armorDice,
  armorProtection,
  attacksAtRange,
  distanceDice,
  heavyWeaponDice,
  moveFeet,
  usableInGrapple,
  weaponDamage,
  weaponDamageType,
} from "./equipment";
import type { LunosArmor } from "./types";

const R = LUNOS_DEFAULTS;
const armor = (patch: Partial<LunosArmor>): LunosArmor => ({ ...MAIL, ...patch });

describe("armor", () => {
  it("LUN-EQP-1: armor adds its rating to Body against damage; no armor counts Body 2 lower against wounding only", () => {
    expect(armorProtection(armor({ rating: 2 }), "bruising", false, R)).toBe(2);
    expect(armorProtection(armor({ rating: 2 }), "wounding", false, R)).toBe(2);
    expect(armorProtection(null, "wounding", false, R)).toBe(-2);
    expect(armorProtection(null, "bruising", false, R)).toBe(0);
  });

  it("LUN-EQP-1: Rigid stops 2 more of bruising and wounding; Flex 1 more of wounding and nothing of bruising", () => {
    expect(armorProtection(armor({ rating: 1, kind: "rigid" }), "bruising", false, R)).toBe(3);
    expect(armorProtection(armor({ rating: 1, kind: "rigid" }), "wounding", false, R)).toBe(3);
    expect(armorProtection(armor({ rating: 1, kind: "flex" }), "wounding", false, R)).toBe(2);
    expect(armorProtection(armor({ rating: 1, kind: "flex" }), "bruising", false, R)).toBe(0);
    // Avoid Armor: the armor gives nothing, and the wearer is not counted as unarmored either.
    expect(armorProtection(armor({ rating: 3, kind: "rigid" }), "wounding", true, R)).toBe(0);
  });

  it("LUN-EQP-1: +2 and +3 armor cost a die of Agility, Dexterity and Perception; Rigid 2 more; Flex none", () => {
    expect(armorDice(armor({ rating: 1 }), "agility", R)).toBe(0);
    expect(armorDice(armor({ rating: 2 }), "agility", R)).toBe(1);
    expect(armorDice(armor({ rating: 3 }), "dexterity", R)).toBe(1);
    expect(armorDice(armor({ rating: 3 }), "senses", R)).toBe(1);
    expect(armorDice(armor({ rating: 0, kind: "rigid" }), "agility", R)).toBe(2);
    expect(armorDice(armor({ rating: 3, kind: "rigid" }), "agility", R)).toBe(3);
    expect(armorDice(armor({ rating: 3, kind: "flex" }), "agility", R)).toBe(0);
    expect(armorDice(null, "agility", R)).toBe(0);
    // Partial armor (no gloves, no helmet) spares Dexterity and the senses, not Agility.
    expect(armorDice(armor({ rating: 3, partial: true }), "dexterity", R)).toBe(0);
    expect(armorDice(armor({ rating: 3, partial: true }), "agility", R)).toBe(1);
    expect(armorDice(armor({ rating: 3, partial: true }), "senses", R)).toBe(0);
  });
});

describe("weapons", () => {
  it("LUN-EQP-2: a weapon adds its size's damage (and its quality) to Body and sets the kind of damage", () => {
    expect(weaponDamage(fighter("a"), true, R)).toBe(2);
    expect(weaponDamageType(fighter("a"), true)).toBe("wounding");
    expect(weaponDamage(fighter("a", { weapon: { ...CLUB, quality: 2 } }), true, R)).toBe(3);
    expect(weaponDamageType(fighter("a", { weapon: CLUB }), true)).toBe("bruising");
    // Bare-handed, or disarmed: Martial Arts is the damage rating, bruising.
    expect(weaponDamage(fighter("a", { weapon: null, skills: { martialArts: 3 } }), true, R)).toBe(3);
    expect(weaponDamage(fighter("a", { skills: { martialArts: 2 } }), false, R)).toBe(2);
    expect(weaponDamageType(fighter("a"), false)).toBe("bruising");
  });

  it("LUN-EQP-3: the size table: Tiny +0 range 10, Small +1 20, Medium +2 40, Large +3 50, Polearm +3 no range", () => {
    // The text's rows, proven on what the engine calls: the damage a weapon adds, and its reach when thrown.
    const rows = [
      ["tiny", 0, 10],
      ["small", 1, 20],
      ["medium", 2, 40],
      ["large", 3, 50],
      ["polearm", 3, null],
    ] as const;
    for (const [size, damage, range] of rows) {
      const thrown = fighter("a", { weapon: { ...CLUB, size, skill: "thrown" } });
      expect(weaponDamage(thrown, true, R)).toBe(damage);
      if (range === null) expect(distanceDice(thrown, true, 1, R)).toBeNull();
      else {
        // Metres at 3 feet each: no die lost within the first increment, one just past it.
        expect(distanceDice(thrown, true, range * 3, R)).toBe(0);
        expect(distanceDice(thrown, true, range * 3 + 1, R)).toBe(1);
      }
    }
  });

  it("LUN-EQP-3: Large and Polearm weapons cost a die below Body 4", () => {
    const large = { ...LONGSWORD, size: "large" as const };
    expect(heavyWeaponDice(fighter("a", { weapon: large, abilities: { body: 3 } }), true, R)).toBe(1);
    expect(heavyWeaponDice(fighter("a", { weapon: large, abilities: { body: 4 } }), true, R)).toBe(0);
    expect(heavyWeaponDice(fighter("a", { weapon: LANCE, abilities: { body: 2 } }), true, R)).toBe(1);
    expect(heavyWeaponDice(fighter("a", { abilities: { body: 1 } }), true, R)).toBe(0);
  });

  it("LUN-EQP-3: −1 die per range increment beyond the first, five at most; archery triples the range", () => {
    const thrower = fighter("a", { weapon: { ...CLUB, skill: "thrown" } });
    // Small: 20 m, 60 feet an increment at 3 feet a metre.
    expect(distanceDice(thrower, true, 60, R)).toBe(0);
    expect(distanceDice(thrower, true, 61, R)).toBe(1);
    expect(distanceDice(thrower, true, 360, R)).toBe(5);
    expect(distanceDice(thrower, true, 361, R)).toBeNull();
    const archer = fighter("a", { weapon: BOW });
    // Medium bow: 40 m × 3 = 120 m an increment, 360 feet.
    expect(distanceDice(archer, true, 360, R)).toBe(0);
    expect(distanceDice(archer, true, 361, R)).toBe(1);
    expect(attacksAtRange(archer, true)).toBe(true);
    expect(attacksAtRange(fighter("a"), true)).toBe(false);
  });

  it("LUN-EQP-3: a polearm reaches two spaces, at −2 in the next one; other melee weapons the next space", () => {
    const lancer = fighter("a", { weapon: LANCE });
    expect(distanceDice(lancer, true, 5, R)).toBe(2);
    expect(distanceDice(lancer, true, 10, R)).toBe(0);
    expect(distanceDice(lancer, true, 15, R)).toBeNull();
    expect(distanceDice(fighter("a"), true, 5, R)).toBe(0);
    expect(distanceDice(fighter("a"), true, 10, R)).toBeNull();
    expect(codeOf(() => distanceDice(fighter("a"), true, -1, R))).toBe("invalid-value");
    expect(codeOf(() => distanceDice(fighter("a"), true, Number.NaN, R))).toBe("invalid-value");
  });

  it("LUN-GRP-3: no weapon of medium size or larger in a grapple", () => {
    expect(usableInGrapple(fighter("a", { weapon: CLUB }), true, R)).toBe(true);
    expect(usableInGrapple(fighter("a"), true, R)).toBe(false);
    expect(usableInGrapple(fighter("a", { weapon: null }), true, R)).toBe(true);
  });

  it("LUN-ACT-5: a Move covers 20 feet and 2 more per dot of Athletics", () => {
    expect(moveFeet(fighter("a", { skills: { athletics: 0 } }), R)).toBe(20);
    expect(moveFeet(fighter("a", { skills: { athletics: 3 } }), R)).toBe(26);
  });
});
