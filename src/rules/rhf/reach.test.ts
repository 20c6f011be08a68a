import { describe, expect, it } from "vitest";
import { RulesError } from "../kernel/errors";
import { RHF_DEFAULTS } from "./config";
import { canParryAt, canStrikeAt, maneuverToward, rangeIndex, weaponRange } from "./reach";
import { RANGES } from "./types";

describe("reach", () => {
  it("RHF-RNG-1: a weapon strikes only at its own range: the dagger reaches the pike wielder only close in", () => {
    expect(weaponRange("dagger")).toBe("close");
    expect(weaponRange("pike")).toBe("long");
    expect(canStrikeAt("dagger", "long")).toBe(false);
    expect(canStrikeAt("dagger", "medium")).toBe(false);
    expect(canStrikeAt("dagger", "close")).toBe(true);
    expect(canStrikeAt("pike", "close")).toBe(false);
    expect(canStrikeAt("pike", "long")).toBe(true);
    for (const [kind, row] of Object.entries(RHF_DEFAULTS.weapons))
      for (const range of RANGES) expect(canStrikeAt(kind, range)).toBe(row.range === range);
  });

  it("RHF-RNG-2: a shorter weapon parries out of its range; a longer one cannot; a weapon that never parries never does", () => {
    expect(canParryAt("dagger", "long")).toBe(true);
    expect(canParryAt("sword", "long")).toBe(true);
    expect(canParryAt("sword", "medium")).toBe(true);
    expect(canParryAt("pike", "medium")).toBe(false);
    expect(canParryAt("pike", "close")).toBe(false);
    expect(canParryAt("revolver", "close")).toBe(false);
  });

  it("RHF-RNG-3: the shorter weapon advances, the longer withdraws, one at its range needs neither", () => {
    expect(maneuverToward("dagger", "long")).toBe("advance");
    expect(maneuverToward("pike", "close")).toBe("withdraw");
    expect(maneuverToward("sword", "medium")).toBeNull();
  });

  it("refuses a range the core does not know", () => {
    expect(() => rangeIndex("arm's length" as never)).toThrow(RulesError);
    expect(() => canStrikeAt("trident", "close")).toThrow(/no weapon/);
  });
});
