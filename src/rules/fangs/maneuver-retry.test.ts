import { describe, expect, it } from "vitest";
import { codeOf } from "../../../test/support/rules-error";
import { emptyDefenseUsage, takeDefense } from "./defenses";
import { retryLostManeuver } from "./maneuver-retry";
import { MANEUVER_IDS } from "./types";

const free = { engaged: false, outOfAction: false };
const engaged = { engaged: true, outOfAction: false };

describe("NC-MAN-2: the lost maneuver is tried again next round", () => {
  it("NC-MAN-2: every maneuver a dodge can take away is declared again for the next round", () => {
    const lost = ["attack", "changeWeapon", "engage", "move", "run"] as const;
    for (const id of lost) expect(retryLostManeuver(id, free)).toEqual({ maneuver: id, dropped: null });
    // Engaged or not does not matter to those that may be chosen engaged.
    for (const id of ["attack", "changeWeapon", "engage"] as const) {
      expect(retryLostManeuver(id, engaged).maneuver).toBe(id);
    }
  });

  it("NC-MAN-2: nothing lost, nothing declared", () => {
    expect(retryLostManeuver(null, engaged)).toEqual({ maneuver: null, dropped: null });
  });

  it("NC-MAN-2: a Move or Run is not retried by a fighter engaged when the round begins (Move: 'must use the Melee Dodge or Retreat maneuvers instead')", () => {
    expect(retryLostManeuver("move", engaged)).toEqual({ maneuver: null, dropped: "mustNotBeEngaged" });
    expect(retryLostManeuver("run", engaged)).toEqual({ maneuver: null, dropped: "mustNotBeEngaged" });
  });

  it("NC-MAN-2: a fighter out of the fight retries nothing", () => {
    expect(retryLostManeuver("attack", { engaged: true, outOfAction: true })).toEqual({
      maneuver: null,
      dropped: "outOfAction",
    });
  });

  it("NC-MAN-2: what the defense step says was lost is what the next round declares", () => {
    const taken = takeDefense(
      {
        maneuver: "engage",
        maneuverPerformed: false,
        usage: emptyDefenseUsage(),
        attack: { attackerId: "orc", kind: "melee" },
        loadout: { weapon: "oneHanded", offHand: "none" },
      },
      "dodge",
    );
    expect(taken.dodgeInstead?.retryNextRound).toBe(true);
    expect(retryLostManeuver(taken.dodgeInstead!.lostManeuver, free).maneuver).toBe("engage");
  });

  it("NC-MAN-2: an unknown maneuver id is refused with the rules core's error", () => {
    expect(codeOf(() => retryLostManeuver("cartwheel", free))).toBe("unknown-maneuver");
    // Every real id is accepted.
    for (const id of MANEUVER_IDS) expect(() => retryLostManeuver(id, free)).not.toThrow();
  });
});
