import { describe, expect, it } from "vitest";
import { codeOf } from "../../../test/support/rules-error";
import { LUNOS_DEFAULTS, resolveLunosOptions } from "./config";
import { LUNOS_HEALTH_RULES } from "./health-rules";
import { rollPenalty, startFight } from "./round-engine";
import { healthTrack } from "./sheet";
import type { LunosFighter } from "./types";

const none = { bruising: 0, wounding: 0, trauma: 0 };

describe("a sheet's health track", () => {
  it("its figures are keys of LUNOS_DEFAULTS, the same values", () => {
    for (const [key, value] of Object.entries(LUNOS_HEALTH_RULES))
      expect(LUNOS_DEFAULTS[key as keyof typeof LUNOS_DEFAULTS]).toEqual(value);
  });

  it("LUN-HLT-1: one box a level, 5 + Body of them, each with its penalty; nothing taken, no penalty", () => {
    const track = healthTrack(none, 3, 2);
    expect(track.boxes.map((b) => b.penalty)).toEqual([1, 2, 3, 3, 4, 4, 5, 5]);
    expect(track.boxes.every((b) => b.kind === null)).toBe(true);
    expect(track).toMatchObject({ levels: 8, taken: 0, left: 8, woundPenalty: 0, unconscious: false });
  });

  it("LUN-HLT-3: fills the boxes gravest kind first, the penalty that of the last level taken", () => {
    const track = healthTrack({ bruising: 2, wounding: 1, trauma: 1 }, 3, 5);
    expect(track.boxes.map((b) => b.kind)).toEqual([
      "trauma",
      "wounding",
      "bruising",
      "bruising",
      null,
      null,
      null,
      null,
    ]);
    expect(track.woundPenalty).toBe(3);
    expect(track.left).toBe(4);
  });

  it("LUN-HLT-2: out once the wound penalty exceeds Willpower, not when it equals it", () => {
    expect(healthTrack({ ...none, wounding: 2 }, 0, 2).unconscious).toBe(false);
    expect(healthTrack({ ...none, wounding: 3 }, 0, 2).unconscious).toBe(true);
  });

  it("LUN-HLT-4: every level used, and a level past the last counted but not drawn", () => {
    const track = healthTrack({ ...none, bruising: 6 }, 0, 5);
    expect(track).toMatchObject({ levels: 5, taken: 6, left: 0, allUsed: true, woundPenalty: 5 });
    expect(track.boxes).toHaveLength(5);
  });

  it("follows the world's reading of Body's extra levels", () => {
    const rules = resolveLunosOptions({ extraLevels: "allAtLargest" });
    expect(healthTrack(none, 2, 3, rules).boxes.map((b) => b.penalty)).toEqual([1, 2, 3, 4, 5, 5, 5]);
  });

  it("its wound penalty is the one the round engine takes off a fighter's pools", () => {
    const kell: LunosFighter = {
      id: "kell",
      name: "Kell",
      abilities: { agility: 4, body: 3, reflexes: 3, willpower: 3 },
      skills: {
        combat: 3,
        archery: 0,
        projectile: 0,
        thrown: 1,
        brawl: 2,
        martialArts: 1,
        weapon: 4,
        athletics: 2,
      },
      weapon: null,
      armor: null,
    };
    const f = { ...startFight(["kell", "other"]).fighters[0]!, bruising: 1, wounding: 2, trauma: 1 };
    const track = healthTrack(f, kell.abilities.body, kell.abilities.willpower);
    expect(track.woundPenalty).toBe(3);
    expect(track.woundPenalty).toBe(rollPenalty(f, kell, LUNOS_DEFAULTS));
  });

  it("refuses a negative tally or a rating out of range", () => {
    expect(codeOf(() => healthTrack({ ...none, trauma: -1 }, 2, 2))).toBe("invalid-value");
    expect(codeOf(() => healthTrack(none, 6, 2))).toBe("invalid-value");
    expect(codeOf(() => healthTrack(none, 2, 9))).toBe("invalid-value");
  });
});
