import { describe, expect, it } from "vitest";
import { expectRefusal } from "../../../test/support/h2h-fixtures";
import { H2H_FIGHTER_DEFAULTS, makeH2hFighter, validateH2hFighter } from "./fighter";

describe("a Hand to Hand fighter's sheet", () => {
  it("starts from the defaults: the sheet's numbers, not the rules'", () => {
    const f = makeH2hFighter({ id: "al", name: "Al", bonuses: { strike: 2 } });
    expect(f).toMatchObject({ pp: 10, ps: 10, pe: 10, hitPoints: 20, attacksPerMelee: 4, ar: 0 });
    expect(f.bonuses).toMatchObject({ strike: 2, parry: 0, damage: 0 });
    expect(Object.isFrozen(H2H_FIGHTER_DEFAULTS)).toBe(true);
  });

  it("refuses an out-of-range or malformed figure, naming it", () => {
    const ok = makeH2hFighter({ id: "al", name: "Al" });
    expectRefusal(() => validateH2hFighter({ ...ok, attacksPerMelee: 0 }), "invalid-value");
    expectRefusal(() => validateH2hFighter({ ...ok, hitPoints: 1.5 }), "invalid-value");
    expectRefusal(() => validateH2hFighter({ ...ok, pp: -1 }), "invalid-value");
    expectRefusal(
      () => validateH2hFighter({ ...ok, bonuses: { ...ok.bonuses, strike: 99 } }),
      "invalid-value",
    );
    expectRefusal(
      () => validateH2hFighter({ ...ok, bonuses: { ...ok.bonuses, luck: 1 } as never }),
      "invalid-value",
    );
    expectRefusal(() => validateH2hFighter({ ...ok, arKind: "plate" as never }), "invalid-value");
    expectRefusal(
      () => validateH2hFighter({ ...ok, weapon: { name: "Knife", damage: "x" } }),
      "malformed-dice",
    );
    expectRefusal(() => validateH2hFighter({ ...ok, id: "" }), "invalid-value");
    expect(() => validateH2hFighter({ ...ok, balance: 21 })).toThrow(/balance/);
  });
});
