import type { HitLocationTable } from "../kernel/hit-locations";

/**
 * Sharene's location table, as its text gives it (docs/rules/texts/
 * sharene-combat.md, "6/DAMAGE LOCATION"; clause SHA-LOC-1): a d20, 1–2
 * head, 3–5 right arm, 6–8 left arm, 9–12 torso, 13–16 right leg, 17–20
 * left leg. Arms and legs are limbs: a limb can be made useless or severed
 * (SHA-DMG-4, "It doesn't apply to the head"). A head blow multiplies what
 * gets through (SHA-DMG-2); by how much is the ruleset's figure, not the
 * table's. Only data: the Sharene ruleset registers it
 * (`registerHitLocationTable`, src/rulesets/sharene/index.ts), and its
 * exchange card rolls on the table registered under its id.
 */
export const SHARENE_HIT_LOCATIONS: HitLocationTable = Object.freeze({
  id: "sharene.d20",
  faces: 20,
  locations: [
    { id: "head", labelKey: "FANGS.HitLocation.Head", limb: false, data: { damageMultiplied: true } },
    { id: "rightArm", labelKey: "FANGS.HitLocation.RightArm", limb: true },
    { id: "leftArm", labelKey: "FANGS.HitLocation.LeftArm", limb: true },
    { id: "torso", labelKey: "FANGS.HitLocation.Torso", limb: false },
    { id: "rightLeg", labelKey: "FANGS.HitLocation.RightLeg", limb: true },
    { id: "leftLeg", labelKey: "FANGS.HitLocation.LeftLeg", limb: true },
  ],
  ranges: [
    { from: 1, to: 2, location: "head" },
    { from: 3, to: 5, location: "rightArm" },
    { from: 6, to: 8, location: "leftArm" },
    { from: 9, to: 12, location: "torso" },
    { from: 13, to: 16, location: "rightLeg" },
    { from: 17, to: 20, location: "leftLeg" },
  ],
});
