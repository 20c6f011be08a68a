import "../../test/foundry/setup";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { resetWorld, standIn } from "../../test/foundry/setup";
import { ScriptedDice } from "../rules/kernel/dice";
import { type HitLocationTable, registerHitLocationTable } from "../rules/kernel/hit-locations";
import { SHARENE_HIT_LOCATIONS } from "../rules/sharene/hit-locations";
import { registerFangsConfig } from "./fangs-config";
import { hitLocationTable, rollWorldHitLocation } from "./hit-location-config";

/*
 * A hit-location table is data a world may change: the registered table
 * is copied into CONFIG.FANGS at `init`, a module or a world script edits
 * it in its own `init`, and the system rolls what it finds there, checked.
 */

type Mutable = { -readonly [K in keyof HitLocationTable]: HitLocationTable[K] };
const ID = SHARENE_HIT_LOCATIONS.id;

beforeAll(() => {
  // As the Sharene ruleset will, before the system's init.
  registerHitLocationTable(SHARENE_HIT_LOCATIONS);
});

beforeEach(() => {
  resetWorld();
  registerFangsConfig();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

const configured = () => CONFIG.FANGS.hitLocations[ID] as Mutable;

describe("SHA-LOC-1: a world's hit-location table", () => {
  it("SHA-LOC-1: CONFIG.FANGS holds an editable copy of each registered table", () => {
    expect(CONFIG.FANGS.hitLocations[ID]).toEqual(SHARENE_HIT_LOCATIONS);
    expect(Object.isFrozen(configured().ranges)).toBe(false);
    expect(hitLocationTable(ID)).toEqual(SHARENE_HIT_LOCATIONS);
  });

  it("SHA-LOC-1: a table a world script changed is the one rolled (a d20 with the head on 1–4)", () => {
    configured().ranges = [
      { from: 1, to: 4, location: "head" },
      { from: 5, to: 20, location: "torso" },
    ];
    expect(rollWorldHitLocation(ID, new ScriptedDice([3])).location.id).toBe("head");
    expect(standIn.ui.notifications.shown).toEqual([]);
  });

  it("SHA-LOC-1: a malformed table a module left is refused: the registered one is rolled and the GM told once", () => {
    configured().ranges = [
      { from: 1, to: 2, location: "head" },
      { from: 4, to: 20, location: "torso" },
    ];
    expect(rollWorldHitLocation(ID, new ScriptedDice([3])).location.id).toBe("rightArm");
    expect(rollWorldHitLocation(ID, new ScriptedDice([3])).location.id).toBe("rightArm");
    expect(standIn.ui.notifications.shown).toEqual([
      {
        type: "error",
        message:
          'The hit-location table "sharene.d20" set by a module or a world script is not valid, so the system\'s own table is rolled instead. The browser console says what is wrong.',
      },
    ]);
    expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/no range covers face 3 of the d20/));
  });

  it("refuses a table filed under another id than its own", () => {
    CONFIG.FANGS.hitLocations.other = { ...SHARENE_HIT_LOCATIONS };
    expect(hitLocationTable("other")).toBeUndefined();
    expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/says its id is "sharene.d20"/));
  });

  it("a table a module adds under a new id is rolled; an id no one has is a RulesError", () => {
    CONFIG.FANGS.hitLocations.coin = {
      id: "coin",
      faces: 2,
      locations: [
        { id: "high", labelKey: "MYMODULE.High", limb: false },
        { id: "low", labelKey: "MYMODULE.Low", limb: true },
      ],
      ranges: [
        { from: 1, to: 1, location: "high" },
        { from: 2, to: 2, location: "low" },
      ],
    };
    expect(rollWorldHitLocation("coin", new ScriptedDice([2])).location).toMatchObject({
      id: "low",
      limb: true,
    });
    expect(() => rollWorldHitLocation("nowhere", new ScriptedDice([1]))).toThrow(
      /no hit-location table "nowhere"/,
    );
  });
});
