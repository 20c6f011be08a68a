import { describe, expect, it } from "vitest";
import { RulesError } from "../kernel/errors";
import { resolveRhfOptions } from "./config";
import { validateFighter } from "./fighter";
import type { RhfFighter } from "./types";

const joe: RhfFighter = {
  id: "joe",
  name: "Joe",
  strength: 10,
  quickness: 12,
  skills: { weapon: 15, unarmed: 8, dodge: 9, spot: 12 },
  weapon: {
    kind: "revolver",
    name: ".357 magnum",
    firearm: { recoil: 5, grip: "oneHand", rateOfFire: 5, magazine: 6, autofire: false },
  },
  familiar: true,
  npc: false,
};

describe("validateFighter", () => {
  it("returns a sound sheet as it is", () => {
    expect(validateFighter(joe)).toBe(joe);
  });

  it.each([
    [{ id: "" }, /no id/],
    [{ name: "" }, /no name/],
    [{ strength: -1 }, /strength/],
    [{ strength: 10.5 }, /strength/],
    [{ quickness: 0 }, /quickness/],
    [{ skills: { weapon: 15, unarmed: 8, dodge: 9, spot: Number.NaN } }, /spot/],
    [{ skills: undefined }, /no skills/],
    [{ familiar: "yes" }, /familiar/],
    [{ npc: 1 }, /npc/],
    [{ weapon: undefined }, /no weapon/],
    [{ weapon: { kind: "blaster", name: "Blaster" } }, /blaster/],
    [{ weapon: { ...joe.weapon, firearm: { ...joe.weapon.firearm!, recoil: -1 } } }, /recoil/],
    [{ weapon: { ...joe.weapon, firearm: { ...joe.weapon.firearm!, magazine: 0 } } }, /magazine/],
    [{ weapon: { ...joe.weapon, firearm: { ...joe.weapon.firearm!, autofire: "no" } } }, /autofire/],
  ])("refuses %j with a RulesError naming the field", (change, message) => {
    const bad = { ...joe, ...change } as unknown as RhfFighter;
    expect(() => validateFighter(bad)).toThrow(RulesError);
    expect(() => validateFighter(bad)).toThrow(message);
  });

  it("reads the weapon table of the rules it is given", () => {
    const withBlaster = resolveRhfOptions({
      weapons: { blaster: { range: "close", injury: 6, parries: false } },
    });
    const han = { ...joe, weapon: { kind: "blaster", name: "Blaster" } };
    expect(validateFighter(han, withBlaster)).toBe(han);
  });
});
