import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { SimError } from "../../../sim/sim-error";
import { fighterFromActorData } from "./fighter";
import { loadRoster } from "./packs";
import { findFighter } from "./roster";

const root = resolve(__dirname, "../../../..");

function actor(system: Record<string, unknown>, items: unknown[] = []) {
  return {
    name: "Test",
    type: "character",
    system: { characteristics: { st: 10, ag: 10, co: 10, in: 10, pw: 10, sz: 10, ap: 10 }, ...system },
    items,
  };
}

describe("fighters from Actor JSON", () => {
  it("builds every sample character and creature of the pack sources", () => {
    const roster = loadRoster(root);
    expect(roster.length).toBeGreaterThan(0);
    for (const entry of roster) {
      const fighter = findFighter(roster, entry.name);
      expect(fighter.name).toBe(entry.name);
      expect(fighter.attributes.hitPoints).toBeGreaterThan(0);
      expect(fighter.weapons.length, `${entry.name} has a ready weapon`).toBeGreaterThan(0);
    }
  });

  it("finds a fighter by name regardless of case and spacing, or by a unique prefix", () => {
    const roster = loadRoster(root);
    const first = roster[0]!;
    expect(findFighter(roster, first.name.toUpperCase()).name).toBe(first.name);
    expect(findFighter(roster, ` ${first.name.toLowerCase().replace(/ /g, "-")} `).name).toBe(first.name);
  });

  it("refuses an unknown fighter with the list of known ones", () => {
    const roster = loadRoster(root);
    expect(() => findFighter(roster, "Nobody At All")).toThrowError(
      /unknown fighter "Nobody At All"\. Known fighters: /,
    );
  });

  it("derives HP, Stun and Dodge through the rules core and sums equipped armor", () => {
    const f = fighterFromActorData(
      actor({ dodgeSkill: { bought: 2 } }, [
        { name: "Jack", type: "armor", system: { armorProtection: 2, equipped: true } },
        { name: "Spare mail", type: "armor", system: { armorProtection: 6, equipped: false } },
      ]),
    );
    expect(f.armorProtection).toBe(2);
    expect(f.attributes.hitPoints).toBe(10);
    expect(f.attributes.stunPoints).toBe(20);
    expect(f.attributes.dodge).toBe(10 + 2 - 2);
    expect(f.hitPoints).toBe(10);
  });

  it("NC-TAC-2: reads a weapon's damage bonus (enchantment), 0 when the sheet has none", () => {
    const sword = (system: Record<string, unknown>) => ({
      name: "Sword",
      type: "weapon",
      system: { damage: "1d8+2", itemSp: { value: 10, max: 10 }, ...system },
    });
    expect(
      fighterFromActorData(actor({}, [sword({ damageBonus: 2 })]), "f.json").weapons[0]?.damageBonus,
    ).toBe(2);
    expect(fighterFromActorData(actor({}, [sword({})]), "f.json").weapons[0]?.damageBonus).toBe(0);
    expect(() => fighterFromActorData(actor({}, [sword({ damageBonus: -1 })]), "f.json")).toThrowError(
      /system.damageBonus/,
    );
  });

  it("RHF-REC-1 (FANGS module): reads a gun's Recoil and tripod as the weapon model bounds them, none when absent", () => {
    const gun = (system: Record<string, unknown>) => ({
      name: "Pistol",
      type: "weapon",
      system: { damage: "2d6", kind: "missile", natural: true, ...system },
    });
    const read = (system: Record<string, unknown>) =>
      fighterFromActorData(actor({}, [gun(system)]), "f.json").weapons[0];
    expect(read({ recoil: 5, tripod: true })).toMatchObject({ recoil: 5, tripod: true });
    expect(read({})).not.toHaveProperty("recoil");
    expect(read({})).not.toHaveProperty("tripod");
    expect(() => read({ recoil: 101 })).toThrowError(/system.recoil/);
    expect(() => read({ recoil: -1 })).toThrowError(/system.recoil/);
  });

  it.each([
    [{ ...actor({}), type: "dragonkin" }, /type must be one of character, creature/],
    [actor({ characteristics: { st: 10 } }), /characteristics: AG must be a whole number/],
    [
      actor({}, [{ name: "Axe", type: "weapon", system: { damage: "d8+", itemSp: { value: 8, max: 8 } } }]),
      /weapon "Axe" system.damage: "d8\+" is not a dice formula/,
    ],
    [
      actor({}, [{ name: "Axe", type: "weapon", system: { damage: "1d8", itemSp: { value: 9, max: 8 } } }]),
      /itemSp.value \(9\) is above its max \(8\)/,
    ],
    [actor({ hitPoints: { value: "ten" } }), /system.hitPoints.value must be a whole number/],
    ["not an actor", /the actor must be an object/],
  ])("refuses malformed actor data with a message naming the field (%#)", (data, message) => {
    expect(() => fighterFromActorData(data, "file.json")).toThrowError(SimError);
    expect(() => fighterFromActorData(data, "file.json")).toThrowError(message);
  });
});
