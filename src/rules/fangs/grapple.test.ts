import { describe, expect, it } from "vitest";
import { codeOf } from "../../../test/support/rules-error";
import { ScriptedDice } from "../kernel/dice";
import { allowedDefenses, emptyDefenseUsage } from "./defenses";
import {
  applyGrapple,
  boundLimbsOf,
  breakFree,
  HUMANOID_LIMBS,
  limbsBoundByGrapple,
  releaseGrapple,
} from "./grapple";

describe("binding limbs", () => {
  it("NC-GRP-2: a grapple binds two limbs, the head counting as one", () => {
    expect(limbsBoundByGrapple()).toBe(2);
    expect(HUMANOID_LIMBS).toContain("head");
    const hold = applyGrapple({ grapplerId: "ogre", targetId: "gru" });
    expect(hold).toEqual({ grapplerId: "ogre", targetId: "gru", boundLimbs: ["mainArm", "offArm"] });
    expect(
      applyGrapple({ grapplerId: "ogre", targetId: "gru", chosenLimbs: ["head", "offArm"] }).boundLimbs,
    ).toEqual(["head", "offArm"]);
    expect(
      codeOf(() =>
        applyGrapple({ grapplerId: "ogre", targetId: "gru", chosenLimbs: ["head", "offArm", "leftLeg"] }),
      ),
    ).toBe("invalid-value");
  });

  it("NC-GRP-2: a grappler with extra manipulative limbs binds one more limb per extra limb", () => {
    expect(limbsBoundByGrapple(8)).toBe(8);
    expect(limbsBoundByGrapple(3)).toBe(3);
    expect(limbsBoundByGrapple(1)).toBe(2);
    const octopus = applyGrapple({ grapplerId: "octopus", targetId: "gru", grapplerManipulativeLimbs: 8 });
    expect(octopus.boundLimbs).toEqual([...HUMANOID_LIMBS]);
    expect(codeOf(() => limbsBoundByGrapple(2.5))).toBe("invalid-value");
  });

  it("NC-GRP-2: a limb is bound once, must belong to the target, and a grapple needs two fighters", () => {
    expect(
      codeOf(() =>
        applyGrapple({ grapplerId: "a", targetId: "b", chosenLimbs: ["head"], alreadyBound: ["head"] }),
      ),
    ).toBe("invalid-value");
    expect(codeOf(() => applyGrapple({ grapplerId: "a", targetId: "b", chosenLimbs: ["wing"] }))).toBe(
      "invalid-value",
    );
    expect(
      codeOf(() => applyGrapple({ grapplerId: "a", targetId: "b", chosenLimbs: ["head", "head"] })),
    ).toBe("invalid-value");
    expect(codeOf(() => applyGrapple({ grapplerId: "a", targetId: "a" }))).toBe("invalid-value");
    const second = applyGrapple({ grapplerId: "c", targetId: "b", alreadyBound: ["mainArm", "offArm"] });
    expect(second.boundLimbs).toEqual(["head", "leftLeg"]);
  });
});

describe("defending while grappled, and against grapples", () => {
  it("NC-GRP-4: once grappled by the arms the target can neither dodge nor parry", () => {
    const holds = [applyGrapple({ grapplerId: "ogre", targetId: "gru" })];
    const boundLimbs = boundLimbsOf(holds, "gru");
    const defenses = allowedDefenses({
      maneuver: "move",
      usage: emptyDefenseUsage(),
      attack: { attackerId: "goblin", kind: "melee" },
      loadout: { weapon: "oneHanded", offHand: "shield" },
      boundLimbs,
    });
    expect(defenses).toEqual(["none"]);
    expect(boundLimbsOf(holds, "ogre")).toEqual([]);
  });

  it("NC-GRP-1: against a grapple, a dodge or a Grapple parry only", () => {
    expect(
      allowedDefenses({
        maneuver: "engage",
        maneuverPerformed: false,
        usage: emptyDefenseUsage(),
        attack: { attackerId: "ogre", kind: "melee", grapple: true },
        loadout: { weapon: "oneHanded", offHand: "shield" },
      }),
    ).toEqual(["dodge", "grappleParry", "none"]);
  });
});

describe("breaking free", () => {
  const attempt = {
    target: { skill: 8, modifiers: 0 },
    grappler: { skill: 10, modifiers: 0 },
    onTargetsInitiative: true,
  };

  it("NC-GRP-3: the target breaks free with a higher Grapple roll than the grappler's", () => {
    const dice = new ScriptedDice([15, 10]);
    const result = breakFree(attempt, dice);
    expect(result.freed).toBe(true);
    expect(result.target.total).toBe(23);
    expect(result.grappler.total).toBe(20);
    expect(dice.remaining).toBe(0);
    const holds = [applyGrapple({ grapplerId: "ogre", targetId: "gru" })];
    expect(releaseGrapple(holds, "ogre", "gru")).toEqual([]);
  });

  it("NC-GRP-3: an equal or lower roll keeps the hold", () => {
    expect(breakFree(attempt, new ScriptedDice([12, 10])).freed).toBe(false);
    expect(breakFree(attempt, new ScriptedDice([5, 10])).freed).toBe(false);
  });

  it("NC-GRP-3: only on the target's own initiative", () => {
    expect(
      codeOf(() => breakFree({ ...attempt, onTargetsInitiative: false }, new ScriptedDice([20, 1]))),
    ).toBe("invalid-state");
  });
});
