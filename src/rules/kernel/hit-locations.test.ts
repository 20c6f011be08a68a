import { describe, expect, it } from "vitest";
import { SHARENE_HIT_LOCATIONS } from "../sharene/hit-locations";
import { ScriptedDice } from "./dice";
import { RulesError } from "./errors";
import {
  type HitLocationTable,
  listHitLocationTables,
  locationAt,
  registeredHitLocationTable,
  registerHitLocationTable,
  rollHitLocation,
  validateHitLocationTable,
} from "./hit-locations";

const refusal = (f: () => unknown): RulesError => {
  try {
    f();
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error("no RulesError was thrown");
};

/** Sharene's table with some of its ranges changed. */
const withRanges = (ranges: HitLocationTable["ranges"]): HitLocationTable => ({
  ...SHARENE_HIT_LOCATIONS,
  ranges,
});

describe("SHA-LOC-1: Sharene's d20 location table", () => {
  it("SHA-LOC-1: is a valid table of a d20", () => {
    expect(validateHitLocationTable(SHARENE_HIT_LOCATIONS).faces).toBe(20);
  });

  it.each([
    [1, "head"],
    [2, "head"],
    [3, "rightArm"],
    [5, "rightArm"],
    [6, "leftArm"],
    [8, "leftArm"],
    [9, "torso"],
    [12, "torso"],
    [13, "rightLeg"],
    [16, "rightLeg"],
    [17, "leftLeg"],
    [20, "leftLeg"],
  ])("SHA-LOC-1: a %i hits the %s", (face, location) => {
    expect(locationAt(SHARENE_HIT_LOCATIONS, face).id).toBe(location);
  });

  it("SHA-LOC-1: the roll is one d20 through the dice source, kept to show", () => {
    const dice = new ScriptedDice([11]);
    const rolled = rollHitLocation(SHARENE_HIT_LOCATIONS, dice);
    expect(rolled).toMatchObject({
      table: "sharene.d20",
      die: { faces: 20, result: 11 },
      location: { id: "torso", labelKey: "FANGS.HitLocation.Torso", limb: false },
    });
    expect(dice.remaining).toBe(0);
  });

  it("SHA-DMG-4: arms and legs are limbs, the head and the torso are not", () => {
    const limbs = SHARENE_HIT_LOCATIONS.locations.filter((l) => l.limb).map((l) => l.id);
    expect(limbs).toEqual(["rightArm", "leftArm", "rightLeg", "leftLeg"]);
  });

  it("SHA-DMG-2: a head blow carries the table's word that its damage is multiplied", () => {
    expect(locationAt(SHARENE_HIT_LOCATIONS, 1).data).toEqual({ damageMultiplied: true });
    expect(locationAt(SHARENE_HIT_LOCATIONS, 10).data).toBeUndefined();
  });

  it("a face off the die is no location", () => {
    expect(refusal(() => locationAt(SHARENE_HIT_LOCATIONS, 21)).code).toBe("invalid-value");
  });
});

describe("a malformed table is refused with what is wrong", () => {
  it.each([
    [
      "a gap",
      withRanges([
        { from: 1, to: 2, location: "head" },
        { from: 4, to: 20, location: "torso" },
      ]),
      /no range covers face 3 of the d20/,
    ],
    ["the die not covered to its end", withRanges([{ from: 1, to: 18, location: "torso" }]), /face 19–20/],
    [
      "an overlap",
      withRanges([
        { from: 1, to: 5, location: "head" },
        { from: 5, to: 20, location: "torso" },
      ]),
      /face 5 is in two ranges \(head 1–5, torso 5–20\)/,
    ],
    ["a range off the die", withRanges([{ from: 1, to: 21, location: "torso" }]), /not within 1–20/],
    ["a range upside down", withRanges([{ from: 20, to: 1, location: "torso" }]), /low to high/],
    ["an unknown location", withRanges([{ from: 1, to: 20, location: "tail" }]), /"tail", which is not one/],
    ["a die of no faces", { ...SHARENE_HIT_LOCATIONS, faces: 0 }, /1 to 1000 faces/],
    [
      "a location listed twice",
      {
        ...SHARENE_HIT_LOCATIONS,
        locations: [...SHARENE_HIT_LOCATIONS.locations, SHARENE_HIT_LOCATIONS.locations[0]!],
      },
      /"head" is listed twice/,
    ],
    [
      "a location that does not say whether it is a limb",
      { ...SHARENE_HIT_LOCATIONS, locations: [{ id: "head", labelKey: "FANGS.HitLocation.Head" }] },
      /limb: true or false/,
    ],
    [
      "per-location data that is not a plain value",
      {
        ...SHARENE_HIT_LOCATIONS,
        locations: [{ id: "torso", labelKey: "FANGS.HitLocation.Torso", limb: false, data: { armor: [1] } }],
        ranges: [{ from: 1, to: 20, location: "torso" }],
      },
      /data "armor"/,
    ],
  ])("refuses %s", (_what, table, message) => {
    const error = refusal(() => validateHitLocationTable(table));
    expect(error.code).toBe("invalid-hit-locations");
    expect(error.message).toMatch(/^hit-location table "sharene.d20": /);
    expect(error.message).toMatch(message);
  });

  it("registers nothing it refuses", () => {
    const broken = { ...withRanges([{ from: 2, to: 20, location: "torso" }]), id: "kernelTest.broken" };
    expect(refusal(() => registerHitLocationTable(broken)).code).toBe("invalid-hit-locations");
    expect(registeredHitLocationTable("kernelTest.broken")).toBeUndefined();
  });

  it("keeps a frozen copy of what it registers: changing the original later changes nothing", () => {
    const table = structuredClone({ ...SHARENE_HIT_LOCATIONS, id: "kernelTest.copy" }) as {
      -readonly [K in keyof HitLocationTable]: HitLocationTable[K];
    };
    registerHitLocationTable(table);
    table.faces = 6;
    const registered = registeredHitLocationTable("kernelTest.copy")!;
    expect(registered.faces).toBe(20);
    expect(Object.isFrozen(registered.ranges[0])).toBe(true);
    expect(listHitLocationTables().map((t) => t.id)).toContain("kernelTest.copy");
  });
});
