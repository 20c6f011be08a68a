import { describe, expect, it } from "vitest";
import { ScriptedDice } from "../kernel/dice";
import { dropWeaponEffects, FUMBLE_OPTIONS, FumbleResult, rollFumbleLuck } from "./fumble";

describe("fumbled attacks", () => {
  it("NC-DMG-21: the GM's three options are data: hit another, hit oneself, drop the weapon", () => {
    expect(FUMBLE_OPTIONS.map((o) => o.id)).toEqual([
      FumbleResult.HitAnother,
      FumbleResult.HitSelf,
      FumbleResult.DropWeapon,
    ]);
    expect(FUMBLE_OPTIONS.every((o) => o.labelKey.startsWith("FANGS.Rules.Fumble."))).toBe(true);
    expect(FUMBLE_OPTIONS.find((o) => o.id === "hitAnother")?.needsTarget).toBe(true);
    expect(Object.isFrozen(FUMBLE_OPTIONS)).toBe(true);
  });

  it("NC-DMG-21: a Luck roll (d20 + Luck ≥ 20) suggests one: made drops the weapon, missed hits oneself", () => {
    const made = rollFumbleLuck(9, new ScriptedDice([11]));
    expect(made.check.total).toBe(20);
    expect(made.suggested).toBe("dropWeapon");
    expect(rollFumbleLuck(9, new ScriptedDice([10])).suggested).toBe("hitSelf");
  });

  it("NC-DMG-21: the suggestions are options a table can change", () => {
    const r = rollFumbleLuck(9, new ScriptedDice([10]), { fumbleLuckFailure: "hitAnother" });
    expect(r.suggested).toBe("hitAnother");
    expect(() => rollFumbleLuck(-1, new ScriptedDice([10]))).toThrowError(
      expect.objectContaining({ code: "invalid-value" }),
    );
  });

  it("NC-DMG-21: a dropped weapon leaves a note naming it", () => {
    expect(dropWeaponEffects("gru", "broadsword")).toEqual([
      {
        kind: "note",
        key: "FANGS.Rules.Fumble.WeaponDropped",
        data: { actorId: "gru", itemId: "broadsword" },
      },
    ]);
  });
});
