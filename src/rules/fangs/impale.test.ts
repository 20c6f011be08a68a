import { describe, expect, it } from "vitest";
import { combatantState } from "../../../test/support/fangs-fixtures";
import { ScriptedDice } from "../kernel/dice";
import { impaledRoundDamage, removalMultiplier, removeStuckWeapon } from "./impale";

describe("impaling", () => {
  it("NC-DMG-13: each round impaled does the weapon's rolled damage, full to Stun, half to HP, no armor", () => {
    const dice = new ScriptedDice([6]);
    const r = impaledRoundDamage({ targetId: "dagmar", perRoundDamage: "1d8+1", holdingStill: false }, dice);
    expect(dice.remaining).toBe(0);
    expect(r).toMatchObject({ damage: 7, stunDamage: 7, hitPointDamage: 4 });
    expect(r.effects).toEqual([
      { kind: "pool", actorId: "dagmar", pool: "stunPoints", amount: 7 },
      { kind: "pool", actorId: "dagmar", pool: "hitPoints", amount: 4 },
    ]);
  });

  it("NC-DMG-13: holding very still avoids the damage and rolls nothing", () => {
    const dice = new ScriptedDice([]);
    const r = impaledRoundDamage({ targetId: "dagmar", perRoundDamage: "1d8+1", holdingStill: true }, dice);
    expect(r.damage).toBe(0);
    expect(r.effects).toEqual([]);
  });

  it("NC-DMG-13: a malformed stuck-weapon formula is refused even when holding still", () => {
    expect(() =>
      impaledRoundDamage(
        { targetId: "dagmar", perRoundDamage: "1d8+", holdingStill: true },
        new ScriptedDice([]),
      ),
    ).toThrowError(expect.objectContaining({ code: "malformed-dice" }));
  });

  it("CORE-CON-3: a dying target takes the impaled weapon's Stun as HP", () => {
    const r = impaledRoundDamage(
      {
        targetId: "dagmar",
        perRoundDamage: "1d4+2",
        holdingStill: false,
        state: combatantState({
          stunPoints: { value: 3, max: 20 },
          hitPoints: { value: 0, max: 10 },
          armorProtection: 5,
        }),
      },
      new ScriptedDice([3]),
    );
    expect(r.hitPointDamage).toBe(5);
  });

  it("NC-DMG-13, CORE-CON-2: the round's damage that takes Stun to 0 knocks the target out, as a blow would", () => {
    const r = impaledRoundDamage(
      {
        targetId: "dagmar",
        perRoundDamage: "1d6",
        holdingStill: false,
        state: combatantState({ stunPoints: { value: 3, max: 20 }, hitPoints: { value: 10, max: 10 } }),
      },
      new ScriptedDice([5]),
    );
    expect(r.effects).toContainEqual({
      kind: "status",
      actorId: "dagmar",
      status: "unconscious",
      active: true,
    });
  });

  it("NC-DMG-13: a target state the dying rule cannot read is refused", () => {
    expect(() =>
      impaledRoundDamage(
        {
          targetId: "dagmar",
          perRoundDamage: "1d4",
          holdingStill: false,
          state: combatantState({ hitPoints: { value: Number.NaN, max: 10 } }),
        },
        new ScriptedDice([3]),
      ),
    ).toThrowError(expect.objectContaining({ code: "invalid-value" }));
  });

  it("NC-DMG-12: the attacker pulls the weapon out on ST×2, the target on ST×1", () => {
    expect(removalMultiplier("attacker")).toBe(2);
    expect(removalMultiplier("target")).toBe(1);
    const attacker = removeStuckWeapon(
      { remover: "attacker", st: 8, ownerId: "gru", itemId: "spear" },
      new ScriptedDice([4]),
    );
    expect(attacker.check.total).toBe(20);
    expect(attacker.removed).toBe(true);
    expect(attacker.effects).toEqual([
      {
        kind: "note",
        key: "FANGS.Rules.Impale.Removed",
        data: { ownerId: "gru", itemId: "spear", remover: "attacker" },
      },
    ]);
    const target = removeStuckWeapon(
      { remover: "target", st: 8, ownerId: "gru", itemId: "spear" },
      new ScriptedDice([11]),
    );
    expect(target.removed).toBe(false);
    expect(
      removeStuckWeapon({ remover: "target", st: 8, ownerId: "gru", itemId: "spear" }, new ScriptedDice([12]))
        .removed,
    ).toBe(true);
  });

  it("NC-DMG-17: a weapon stuck in a shield comes out on a ST check (ST×1)", () => {
    expect(removalMultiplier("fromShield")).toBe(1);
    const r = removeStuckWeapon(
      { remover: "fromShield", st: 12, ownerId: "gru", itemId: "spear" },
      new ScriptedDice([8]),
    );
    expect(r.removed).toBe(true);
    expect(() => removalMultiplier("anyone" as "target")).toThrowError(
      expect.objectContaining({ code: "invalid-value" }),
    );
  });
});
