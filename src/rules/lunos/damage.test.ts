import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LUNOS_DEFAULTS, resolveLunosOptions } from "./config";
import { damagePoints, NO_DAMAGE, splitDamage } from "./damage";

const R = LUNOS_DEFAULTS;

describe("damage", () => {
  it("LUN-DMG-1: net successes + attacker's Body + weapon − defender's Body − armor, at least 0", () => {
    // 2 net, Body 3, a medium weapon (+2) against Body 2 in +1 armor: 2 + 3 + 2 − 2 − 1.
    expect(damagePoints(2, 3, 2, 0, 2, 1)).toBe(4);
    expect(damagePoints(1, 1, 0, 0, 4, 3)).toBe(0);
    // Increase damage adds a point each.
    expect(damagePoints(1, 2, 2, 2, 2, 0)).toBe(5);
    // … after the floor: what was bought is dealt even when the blow alone does nothing.
    expect(damagePoints(0, 0, 0, 2, 5, 0)).toBe(2);
    // Unarmored against wounding: Body counts 2 lower (protection −2).
    expect(damagePoints(1, 2, 2, 0, 2, -2)).toBe(5);
  });

  it("LUN-HLT-3: more than 3 points from one source: the excess is trauma, whatever the kind", () => {
    expect(splitDamage(3, "wounding", R)).toEqual({ points: 3, bruising: 0, wounding: 3, trauma: 0 });
    expect(splitDamage(5, "wounding", R)).toEqual({ points: 5, bruising: 0, wounding: 3, trauma: 2 });
    expect(splitDamage(4, "bruising", R)).toEqual({ points: 4, bruising: 3, wounding: 0, trauma: 1 });
    expect(splitDamage(0, "bruising", R)).toBe(NO_DAMAGE);
    expect(splitDamage(4, "bruising", resolveLunosOptions({ traumaAbove: 4 })).trauma).toBe(0);
  });

  it("never deals less than 0, and the parts always add up to the points", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: -2, max: 6 }),
        fc.boolean(),
        (net, body, weapon, defBody, armor, bruising) => {
          const points = damagePoints(net, body, weapon, 0, defBody, armor);
          expect(points).toBeGreaterThanOrEqual(0);
          const d = splitDamage(points, bruising ? "bruising" : "wounding", R);
          expect(d.bruising + d.wounding + d.trauma).toBe(points);
          expect(d.bruising + d.wounding).toBeLessThanOrEqual(R.traumaAbove);
        },
      ),
    );
  });
});
