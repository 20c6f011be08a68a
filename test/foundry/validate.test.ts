import { validateDocumentSource, validateSystemData } from "./validate";

describe("validateSystemData (pack validation for the build)", () => {
  it("accepts a well-formed weapon and returns it as stored, defaults filled in", () => {
    const report = validateSystemData("Item", "weapon", {
      damage: "1d8+2",
      itemSp: { value: 10, max: 10 },
      skill: "broadsword",
    });
    expect(report.failures).toEqual([]);
    expect(report.valid).toBe(true);
    expect(report.source).toMatchObject({ damage: "1d8+2", hands: "one", kind: "melee", reach: 1 });
  });

  it("names the field of a malformed damage formula", () => {
    const report = validateSystemData("Item", "weapon", { damage: "1d8+" });
    expect(report.valid).toBe(false);
    expect(report.failures).toEqual([{ path: "system.damage", message: expect.stringContaining('"1d8+"') }]);
  });

  it("reports keys the model would drop (typos) and data in an older shape", () => {
    const typo = validateSystemData("Item", "armor", { armorProtection: 3, equiped: true });
    expect(typo.failures).toEqual([
      { path: "system.equiped", message: "is not a field of this type and would be dropped" },
    ]);
    const old = validateSystemData("Item", "weapon", { damage: "1d6", sp: 8 });
    expect(old.failures.map((f) => f.path)).toEqual(["system"]);
    expect(old.failures[0]!.message).toMatch(/older data shape/);
  });

  it("refuses an unknown type and a system that is not an object", () => {
    expect(validateSystemData("Item", "spell", {}).failures).toEqual([
      { path: "type", message: 'unknown Item type "spell"' },
    ]);
    expect(validateSystemData("Actor", "character", null).valid).toBe(false);
  });

  it("checks a whole actor source with its embedded items, with paths to each problem", () => {
    const report = validateDocumentSource("Actor", {
      name: "Gru",
      type: "character",
      system: { characteristics: { st: 14, ag: 12, co: 12, in: 13, pw: 9, sz: 11, ap: 0 } },
      items: [
        { name: "Broadsword", type: "weapon", system: { damage: "1d8+2" } },
        { name: "", type: "shield", system: { itemSp: { value: 9, max: 8 } } },
      ],
    });
    expect(report.failures.map((f) => f.path)).toEqual([
      "system.characteristics.ap",
      "items.1.name",
      "items.1.system",
    ]);
  });
});
