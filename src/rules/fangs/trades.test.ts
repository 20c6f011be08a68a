import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maximumOf, parseDiceFormula } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import { damageModifierFormula } from "./character";
import { applyTrades, type TradeContext, tradeCapDamage } from "./trades";

function refusal(fn: () => unknown): RulesError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RulesError);
    return error as RulesError;
  }
  throw new Error("expected a RulesError");
}

/** Gru: Sword 12, of which 7 is bought skill; a Broadsword (1d8+2); DM +1. */
const gru: TradeContext = {
  attackSkill: { natural: 5, bought: 7, total: 12 },
  parrySkill: { natural: 4, bought: 6, total: 10 },
  weaponBaseDamage: "1d8+2",
};

describe("trading skill for power", () => {
  it("NC-TAC-1: Gru puts his 7 bought Sword points into damage: −7 to hit, DM +1 becomes +8, a d8", () => {
    const trade = applyTrades(gru, { attackToDamage: 7 });
    expect(trade).toMatchObject({
      attackModifier: -7,
      extraDamageModifier: 7,
      parryModifier: 0,
      dodgeModifier: 0,
    });
    expect(1 + trade.extraDamageModifier).toBe(8);
    expect(damageModifierFormula(1 + trade.extraDamageModifier)).toBe("1d8");
  });

  it("NC-TAC-1: only bought points move, never the natural ability", () => {
    const error = refusal(() => applyTrades(gru, { attackToDamage: 8 }));
    expect(error.code).toBe("invalid-trade");
    expect(error.message).toMatch(/only the 7 bought attack points/);
  });

  it("NC-TAC-2, NC-SUB-2: with the flat of the blade the cap is the club's maximum (a greatsword's flat: 1d8, 8)", () => {
    const many = { natural: 5, bought: 20, total: 25 };
    const flat = { attackSkill: many, weaponBaseDamage: "2d8", mode: "flatOfBlade", weaponHands: 2 } as const;
    expect(applyTrades(flat, { attackToDamage: 8 }).extraDamageModifier).toBe(8);
    expect(() => applyTrades(flat, { attackToDamage: 9 })).toThrowError(/at most 8 points.*1d8/);
    // One hand: the one-handed club (1d6); the club of the options when the GM changed it.
    const oneHand = { ...flat, weaponBaseDamage: "1d8+2", weaponHands: 1 } as const;
    expect(() => applyTrades(oneHand, { attackToDamage: 7 })).toThrowError(/at most 6 points/);
    expect(
      applyTrades(oneHand, { attackToDamage: 7 }, { clubDamage: { 1: "1d8", 2: "1d10" } }),
    ).toMatchObject({
      extraDamageModifier: 7,
    });
    // Struck with the edge, the greatsword's own 16.
    expect(applyTrades({ ...flat, mode: "strike" }, { attackToDamage: 16 }).extraDamageModifier).toBe(16);
    expect(tradeCapDamage(flat)).toBe("1d8");
  });

  it("NC-TAC-2: the damage points are capped by the weapon's base maximum (Broadsword 10), bonuses aside", () => {
    const master: TradeContext = { ...gru, attackSkill: { natural: 5, bought: 14, total: 19 } };
    expect(applyTrades(master, { attackToDamage: 10 }).extraDamageModifier).toBe(10);
    const error = refusal(() => applyTrades(master, { attackToDamage: 11 }));
    expect(error.code).toBe("invalid-trade");
    expect(error.details).toMatchObject({ cap: 10 });
    // A dagger's base 1d4+2 caps at 6 however skilled the wielder.
    expect(
      refusal(() => applyTrades({ ...master, weaponBaseDamage: "1d4+2" }, { attackToDamage: 7 })).code,
    ).toBe("invalid-trade");
  });

  it("CORE-CHR-8, NC-TAC-1: a bowman's points cannot go to damage (they work as a DM, which a shot missile lacks)", () => {
    const bowman: TradeContext = { ...gru, weaponBaseDamage: "1d6+1", weaponKind: "missile" };
    const error = refusal(() => applyTrades(bowman, { attackToDamage: 1 }));
    expect(error.code).toBe("invalid-trade");
    expect(error.message).toMatch(/shot missile/);
    // The other trades are his to make, and a thrown knife keeps the damage trade.
    expect(applyTrades(bowman, { attackToParry: 3 }).parryModifier).toBe(3);
    const knife = { ...gru, weaponBaseDamage: "1d4+2", weaponKind: "thrown" as const };
    expect(applyTrades(knife, { attackToDamage: 6 }).extraDamageModifier).toBe(6);
  });
});

describe("trading defense for attack, and back", () => {
  it("NC-TAC-3: bought parry points raise one attack; parry and dodge stay lowered until the next initiative", () => {
    const trade = applyTrades(gru, { parryToAttack: 4 });
    expect(trade).toEqual({
      attackModifier: 4,
      extraDamageModifier: 0,
      parryModifier: -4,
      dodgeModifier: -4,
      attackDuration: "oneAttack",
      defenseDuration: "untilNextInitiative",
    });
  });

  it("NC-TAC-3: only bought parry points move, and the attack rises by no more than its base skill", () => {
    expect(refusal(() => applyTrades(gru, { parryToAttack: 7 })).message).toMatch(/6 bought parry points/);
    const clumsy: TradeContext = {
      ...gru,
      attackSkill: { natural: 3, bought: 1, total: 4 },
      parrySkill: { natural: 2, bought: 9, total: 11 },
    };
    expect(applyTrades(clumsy, { parryToAttack: 4 }).attackModifier).toBe(4);
    expect(refusal(() => applyTrades(clumsy, { parryToAttack: 5 })).message).toMatch(
      /no more than its base skill 4/,
    );
    expect(refusal(() => applyTrades({ ...gru, parrySkill: null }, { parryToAttack: 1 })).code).toBe(
      "invalid-trade",
    );
  });

  it("NC-TAC-4: the reverse: bought attack points raise the parry, with the same durations", () => {
    expect(applyTrades(gru, { attackToParry: 3 })).toEqual({
      attackModifier: -3,
      extraDamageModifier: 0,
      parryModifier: 3,
      dodgeModifier: 0,
      attackDuration: "oneAttack",
      defenseDuration: "untilNextInitiative",
    });
    expect(refusal(() => applyTrades(gru, { attackToParry: 8 })).code).toBe("invalid-trade");
  });

  it("NC-TAC-4: working in reverse, the parry rises by no more than its base parry skill", () => {
    const weakParry: TradeContext = { ...gru, parrySkill: { natural: 2, bought: 1, total: 3 } };
    expect(applyTrades(weakParry, { attackToParry: 3 }).parryModifier).toBe(3);
    const error = refusal(() => applyTrades(weakParry, { attackToParry: 4 }));
    expect(error.code).toBe("invalid-trade");
    expect(error.message).toMatch(/parry can be raised by no more than its base skill 3/);
    expect(refusal(() => applyTrades({ ...gru, parrySkill: null }, { attackToParry: 1 })).code).toBe(
      "invalid-trade",
    );
  });
});

describe("which trades combine", () => {
  it("NC-TAC-5: attack points may be split between damage and parry", () => {
    expect(applyTrades(gru, { attackToDamage: 4, attackToParry: 3 })).toMatchObject({
      attackModifier: -7,
      extraDamageModifier: 4,
      parryModifier: 3,
    });
    expect(refusal(() => applyTrades(gru, { attackToDamage: 4, attackToParry: 4 })).code).toBe(
      "invalid-trade",
    );
  });

  it("NC-TAC-5: attack points to damage with parry points to attack is allowed", () => {
    expect(applyTrades(gru, { attackToDamage: 7, parryToAttack: 6 })).toMatchObject({
      attackModifier: -1,
      extraDamageModifier: 7,
      parryModifier: -6,
      dodgeModifier: -6,
    });
  });

  it("NC-TAC-5: parry points moved to the attack cannot go on to damage", () => {
    // 7 bought attack points + 3 from the parry: 10 into damage would carry parry points to damage.
    const error = refusal(() => applyTrades(gru, { parryToAttack: 3, attackToDamage: 10 }));
    expect(error.code).toBe("invalid-trade");
    expect(error.message).toMatch(/parry points moved to attack cannot go on to damage/);
  });

  it("NC-TAC-5: points cannot flow from parry to attack and back in one trade", () => {
    expect(refusal(() => applyTrades(gru, { parryToAttack: 2, attackToParry: 1 })).code).toBe(
      "invalid-trade",
    );
  });

  it("NC-TAC-1: refuses negative, fractional or inconsistent figures with invalid-trade", () => {
    expect(refusal(() => applyTrades(gru, { attackToDamage: -1 })).code).toBe("invalid-trade");
    expect(refusal(() => applyTrades(gru, { attackToDamage: 1.5 })).code).toBe("invalid-trade");
    expect(
      refusal(() =>
        applyTrades({ ...gru, attackSkill: { natural: 5, bought: 7, total: 15 } }, { attackToDamage: 1 }),
      ).code,
    ).toBe("invalid-trade");
    expect(
      refusal(() => applyTrades({ ...gru, weaponBaseDamage: "sharp" }, { attackToDamage: 1 })).code,
    ).toBe("malformed-dice");
    expect(refusal(() => applyTrades(gru, null as never)).code).toBe("invalid-trade");
    expect(refusal(() => applyTrades(gru, { attackToDamage: Number.NaN })).code).toBe("invalid-trade");
    // No trade is no change.
    expect(applyTrades(gru, {})).toMatchObject({ attackModifier: 0, extraDamageModifier: 0 });
  });
});

describe("trades over any skills (property)", () => {
  const skillArb = fc
    .record({ natural: fc.integer({ min: 0, max: 12 }), bought: fc.integer({ min: 0, max: 15 }) })
    .map((k) => ({ ...k, total: k.natural + k.bought }));
  const request = fc.record(
    {
      attackToDamage: fc.integer({ min: 0, max: 20 }),
      parryToAttack: fc.integer({ min: 0, max: 20 }),
      attackToParry: fc.integer({ min: 0, max: 20 }),
    },
    { requiredKeys: [] },
  );

  it("NC-TAC-5: a trade is refused with invalid-trade, or it moves only bought points within every limit", () => {
    fc.assert(
      fc.property(
        skillArb,
        skillArb,
        fc.constantFrom("1d8+2", "1d4+2", "2d8", "1d6"),
        request,
        (attack, parry, base, req) => {
          let trade: ReturnType<typeof applyTrades>;
          try {
            trade = applyTrades({ attackSkill: attack, parrySkill: parry, weaponBaseDamage: base }, req);
          } catch (error) {
            expect(error).toBeInstanceOf(RulesError);
            expect((error as RulesError).code).toBe("invalid-trade");
            return;
          }
          const toDamage = req.attackToDamage ?? 0;
          const p2a = req.parryToAttack ?? 0;
          const a2p = req.attackToParry ?? 0;
          expect(trade.attackModifier).toBe(p2a - toDamage - a2p);
          expect(trade.extraDamageModifier).toBe(toDamage);
          expect(trade.parryModifier).toBe(a2p - p2a);
          expect(trade.dodgeModifier).toBe(0 - p2a);
          // NC-TAC-1, -5: only the attack's own bought points leave it.
          expect(toDamage + a2p).toBeLessThanOrEqual(attack.bought);
          // NC-TAC-2: never past the base weapon's maximum.
          expect(toDamage).toBeLessThanOrEqual(maximumOf(parseDiceFormula(base)));
          // NC-TAC-3, -4: only bought parry points leave the parry; neither side rises past its base skill.
          expect(p2a).toBeLessThanOrEqual(Math.min(parry.bought, attack.total));
          expect(a2p).toBeLessThanOrEqual(parry.total);
          expect(p2a > 0 && a2p > 0).toBe(false);
        },
      ),
    );
  });
});

describe("the cap on parry points moved to the attack (parryToAttackCap)", () => {
  /** Little bought in the attack (2 of 7), more in the parry (6 of 10). */
  const novice: TradeContext = {
    attackSkill: { natural: 5, bought: 2, total: 7 },
    parrySkill: { natural: 4, bought: 6, total: 10 },
    weaponBaseDamage: "1d8+2",
  };

  it("NC-TAC-3: by default the base attack Skill is the attack's total: 4 parry points may go to an attack of 7", () => {
    expect(applyTrades(novice, { parryToAttack: 4 })).toMatchObject({
      attackModifier: 4,
      parryModifier: -4,
      dodgeModifier: -4,
    });
    const error = refusal(() =>
      applyTrades({ ...novice, attackSkill: { natural: 1, bought: 2, total: 3 } }, { parryToAttack: 4 }),
    );
    expect(error.details).toMatchObject({ base: 3, parryToAttack: 4 });
  });

  it('NC-TAC-3: under "boughtPoints" only the attack\'s 2 bought points cap it: 2 may move, 4 may not', () => {
    const bought = { parryToAttackCap: "boughtPoints" } as const;
    expect(applyTrades(novice, { parryToAttack: 2 }, bought)).toMatchObject({
      attackModifier: 2,
      dodgeModifier: -2,
    });
    const error = refusal(() => applyTrades(novice, { parryToAttack: 4 }, bought));
    expect(error.code).toBe("invalid-trade");
    expect(error.details).toMatchObject({ base: 2, parryToAttack: 4 });
    // The reverse (NC-TAC-4) is not this option's: the parry's own total still caps it.
    expect(applyTrades(novice, { attackToParry: 2 }, bought)).toMatchObject({ parryModifier: 2 });
  });
});
