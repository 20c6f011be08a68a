import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAIL } from "../../../test/support/lunos-fixtures";
import { codeOf } from "../../../test/support/rules-error";
import { LUNOS_DEFAULTS } from "./config";
import { buyManeuvers, checkDeclaration, freeSuccesses, maneuverCost, requireManeuver } from "./maneuvers";
import { MANEUVERS, type Maneuver } from "./types";

const R = LUNOS_DEFAULTS;

describe("maneuvers", () => {
  it("LUN-MNV-1: Grapple 1, Increase damage 1, Push 2, Tag 2, Disarm 3, Stun 3, Trip 3, Avoid Armor 4, Coup de Grâce 5, Threaten 5", () => {
    expect(MANEUVERS.slice(0, 10).map((m) => [m, maneuverCost(m, null, R)])).toEqual([
      ["grapple", 1],
      ["increaseDamage", 1],
      ["push", 2],
      ["tag", 2],
      ["disarm", 3],
      ["stun", 3],
      ["trip", 3],
      ["avoidArmor", 4],
      ["coupDeGrace", 5],
      ["threaten", 5],
    ]);
  });

  it("LUN-MNV-1: Avoid Armor costs 2 less against partial armor and cannot be bought against magical armor", () => {
    expect(maneuverCost("avoidArmor", MAIL, R)).toBe(4);
    expect(maneuverCost("avoidArmor", { ...MAIL, partial: true }, R)).toBe(2);
    expect(codeOf(() => maneuverCost("avoidArmor", { ...MAIL, magical: true }, R))).toBe("invalid-value");
  });

  it("LUN-MNV-1: Increase damage repeats, Push goes twice (10 feet), the others once; the extra successes must cover them", () => {
    expect(
      buyManeuvers(["increaseDamage", "increaseDamage", "increaseDamage"], 3, 0, null, null, false, R),
    ).toEqual({
      counts: { increaseDamage: 3 },
      spent: 3,
      freeUsed: 0,
    });
    expect(buyManeuvers(["push", "push"], 4, 0, null, null, false, R).spent).toBe(4);
    expect(codeOf(() => buyManeuvers(["push", "push", "push"], 6, 0, null, null, false, R))).toBe(
      "invalid-value",
    );
    expect(codeOf(() => buyManeuvers(["stun", "stun"], 6, 0, null, null, false, R))).toBe("invalid-value");
    expect(codeOf(() => buyManeuvers(["disarm"], 2, 0, null, null, false, R))).toBe("invalid-value");
  });

  it("LUN-MNV-2: a declared maneuver has a free success, forgoing damage one more; not for Increase damage or Coup de Grâce", () => {
    expect(freeSuccesses("trip", false, R)).toBe(1);
    expect(freeSuccesses("trip", true, R)).toBe(2);
    expect(freeSuccesses(null, false, R)).toBe(0);
    // Trip costs 3: declared, 2 extra successes buy it; declared and forgoing damage, 1 does.
    expect(buyManeuvers(["trip"], 2, 1, "trip", null, false, R).spent).toBe(2);
    expect(buyManeuvers(["trip"], 1, 2, "trip", null, false, R).spent).toBe(1);
    expect(codeOf(() => buyManeuvers(["trip"], 1, 1, "trip", null, false, R))).toBe("invalid-value");
    // The free success buys only the declared maneuver.
    expect(codeOf(() => buyManeuvers(["stun"], 2, 1, "trip", null, false, R))).toBe("invalid-value");
    expect(codeOf(() => checkDeclaration("increaseDamage", false))).toBe("invalid-value");
    expect(codeOf(() => checkDeclaration("coupDeGrace", false))).toBe("invalid-value");
    expect(codeOf(() => checkDeclaration(null, true))).toBe("invalid-value");
    expect(() => checkDeclaration("disarm", true)).not.toThrow();
  });

  it("LUN-GRP-3: Pin costs 4 and Choke 3, only against the one the attacker grapples", () => {
    expect(maneuverCost("pin", null, R)).toBe(4);
    expect(maneuverCost("choke", null, R)).toBe(3);
    expect(buyManeuvers(["pin"], 4, 0, null, null, true, R).spent).toBe(4);
    expect(codeOf(() => buyManeuvers(["choke"], 5, 0, null, null, false, R))).toBe("invalid-value");
  });

  it("refuses a maneuver the game does not have with unknown-maneuver", () => {
    expect(codeOf(() => requireManeuver("kick"))).toBe("unknown-maneuver");
    expect(codeOf(() => buyManeuvers(["kick" as never], 5, 0, null, null, false, R))).toBe(
      "unknown-maneuver",
    );
  });
});

describe("a purchase under any successes", () => {
  it("never spends more than the extra successes, nor buys past a maneuver's limit", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...MANEUVERS), { maxLength: 6 }),
        fc.integer({ min: 0, max: 12 }),
        fc.option(
          fc.constantFrom(
            "grapple",
            "push",
            "tag",
            "disarm",
            "stun",
            "trip",
            "threaten",
          ) as fc.Arbitrary<Maneuver>,
          { nil: null },
        ),
        fc.boolean(),
        (list, extra, declared, forgo) => {
          const free = freeSuccesses(declared, forgo, R);
          let bought: ReturnType<typeof buyManeuvers> | null = null;
          try {
            bought = buyManeuvers(list, extra, free, declared, null, true, R);
          } catch (error) {
            expect((error as { code?: string }).code).toBe("invalid-value");
            return;
          }
          expect(bought.spent).toBeGreaterThanOrEqual(0);
          expect(bought.spent).toBeLessThanOrEqual(extra);
          for (const [m, n] of Object.entries(bought.counts))
            expect(n).toBeLessThanOrEqual(R.maneuverLimits[m as Maneuver]);
          expect((bought.counts.push ?? 0) * R.pushFeet).toBeLessThanOrEqual(10);
        },
      ),
    );
  });
});
