import "../../../../../test/foundry/setup";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { NO_AIM, rollAim } from "../../../../rules/fangs/firearms";
import { ScriptedDice } from "../../../../rules/kernel/dice";
import { RulesError } from "../../../../rules/kernel/errors";
import { aimFrom, aimOf } from "../../combat/aim-flag";
import { aimRefusalKey, spotOf } from "./aim";

const translations = JSON.parse(
  readFileSync(resolve(__dirname, "../../../../../lang/en.json"), "utf8"),
) as Record<string, string>;

describe("aiming at the table (RHF-AIM-1 on FANGS)", () => {
  it("RHF-AIM-1 (FANGS module): the Spot roll is a skill keyed spot, else the fighter's Idea", () => {
    expect(spotOf({ natural: 3, bought: 4, total: 7 }, 12)).toBe(7);
    expect(spotOf(null, 12)).toBe(12);
  });

  it("RHF-AIM-1 (FANGS module): a kept aim reads back as the rules core wrote it, anything malformed as no aim", () => {
    const kept = { rounds: 2, bonus: 10, round: 3, weaponId: "gun" };
    expect(aimFrom(kept)).toEqual(kept);
    expect(aimFrom({ rounds: 2, bonus: 10 })).toEqual(NO_AIM);
    for (const raw of [
      undefined,
      null,
      {},
      { rounds: 0, bonus: 5 },
      { rounds: -1, bonus: 0 },
      { rounds: 1.5, bonus: 5 },
      "aim",
    ])
      expect(aimFrom(raw)).toEqual(NO_AIM);
  });

  it("RHF-AIM-1 (FANGS module): a kept aim is never more than its rounds earned: five a round, two rounds", () => {
    const kept = { rounds: 2, bonus: 10, round: 3, weaponId: "gun" };
    expect(aimFrom({ ...kept, rounds: 1, bonus: 100 })).toEqual(NO_AIM);
    expect(aimFrom({ ...kept, rounds: 1, bonus: 6 })).toEqual(NO_AIM);
    expect(aimFrom({ ...kept, rounds: 3, bonus: 10 })).toEqual(NO_AIM);
    expect(aimFrom({ ...kept, rounds: 1, bonus: 5 })).toEqual({ ...kept, rounds: 1, bonus: 5 });
  });

  it("reads the aim from the GM's copy on the Combat, never from the player-writable combatant", () => {
    const combatant = { id: "c1", flags: { fangs: { aim: { rounds: 1, bonus: 5 } } } };
    const combat = { flags: { fangs: { aim: { c2: { rounds: 2, bonus: 10, round: 3, weaponId: "gun" } } } } };
    expect(aimOf(combat as never, combatant.id)).toEqual(NO_AIM);
    expect(aimOf(combat as never, "c2")).toEqual({ rounds: 2, bonus: 10, round: 3, weaponId: "gun" });
    expect(aimOf(null, "c2")).toEqual(NO_AIM);
  });

  it("words every refusal of a round of aiming", () => {
    const weapon = { id: "gun", kind: "missile" as const, autofire: false };
    const base = { spot: 10, aim: NO_AIM, weapon, skill: { bought: 0 }, counter: { made: [] }, round: 2 };
    const refusals = [
      () => rollAim(base, new ScriptedDice([10]), {}),
      () =>
        rollAim({ ...base, weapon: { ...weapon, kind: "melee" } }, new ScriptedDice([10]), {
          aimingModule: true,
        }),
      () =>
        rollAim({ ...base, counter: { made: ["maneuver"] } }, new ScriptedDice([10]), { aimingModule: true }),
      () =>
        rollAim({ ...base, weapon: { ...weapon, autofire: true } }, new ScriptedDice([10]), {
          aimingModule: true,
        }),
      () =>
        rollAim(
          { ...base, aim: { rounds: 1, bonus: 5, round: 1, weaponId: "gun" } },
          new ScriptedDice([10]),
          {
            aimingModule: true,
          },
        ),
    ];
    const keys = refusals.map((fn) => {
      try {
        fn();
      } catch (error) {
        expect(error).toBeInstanceOf(RulesError);
        return aimRefusalKey(error);
      }
      throw new Error("expected a refusal");
    });
    expect(keys).toEqual([
      "FANGS.Aim.Refusal.ModuleOff",
      "FANGS.Aim.Refusal.NotShot",
      "FANGS.Aim.Refusal.Busy",
      "FANGS.Aim.Refusal.Autofire",
      "FANGS.Aim.Refusal.AimDone",
    ]);
    for (const key of [
      ...keys,
      aimRefusalKey(new Error("x")),
      "FANGS.Aim.Refusal.GMOnly",
      "FANGS.Aim.Refusal.NoCombat",
    ])
      expect(translations[key], key).toBeTruthy();
  });
});
