import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { attackDeclaration, defenderProfile, weaponProfile } from "../../../test/support/fangs-fixtures";
import { codeOf } from "../../../test/support/rules-error";
import { ScriptedDice } from "../kernel/dice";
import { poolTotal } from "../kernel/effects";
import { autofireBurst, rollAutofireDamage } from "./autofire";
import { FANGS_DEFAULTS, type FangsOptions } from "./config";
import {
  type AttackRoll,
  type DefenseRoll,
  decideOutcome,
  type ExchangeOutcome,
  OutcomeKind,
} from "./outcome";
import { type CheckResult, type DefenseDeclaration, SuccessLevel } from "./types";

const burst = attackDeclaration({
  weapon: weaponProfile({ id: "blaster", autofire: true, damage: "1d8+2" }),
});
const single = attackDeclaration();
const dodgeDeclaration: DefenseDeclaration = {
  defender: defenderProfile({ id: "gru" }),
  choice: "dodge",
  skill: { natural: 4, bought: 6, total: 10 },
  item: null,
  modifiers: 0,
};

function check(total: number, level: SuccessLevel): CheckResult {
  return {
    skill: 10,
    modifiers: 0,
    natural: total - 10,
    confirmation: null,
    total,
    success: total >= 20,
    level,
  };
}
function attackRoll(total: number): AttackRoll {
  return {
    attackerId: "troll",
    weaponId: "blaster",
    mode: "strike",
    weaponKind: "missile",
    impales: false,
    luck: null,
    check: check(total, total >= 20 ? SuccessLevel.Success : SuccessLevel.Failure),
  };
}
function dodgeRoll(total: number): DefenseRoll {
  return {
    defenderId: "gru",
    choice: "dodge",
    itemId: null,
    itemType: null,
    check: check(total, total >= 20 ? SuccessLevel.Success : SuccessLevel.Failure),
  };
}
function outcomeOf(attack: AttackRoll, defense: DefenseRoll | null): ExchangeOutcome {
  // A fumbled dodge against a plain success rolls a Critical confirmation (NC-DMG-22): a 10.
  return decideOutcome(attack, defense, new ScriptedDice([10]));
}

/** The hits the burst scores, as the table's flow and resolveExchange ask the core. */
function hitsOf(
  attack: AttackRoll,
  defense: DefenseRoll | null,
  declaration = burst,
  options?: FangsOptions,
): number {
  return autofireBurst(declaration, attack, defense, outcomeOf(attack, defense), options)?.hits ?? 0;
}
function special(total: number, level = SuccessLevel.Special): AttackRoll {
  return { ...attackRoll(total), check: check(total, level) };
}
function rolled(total: number, level: SuccessLevel): DefenseRoll {
  return { ...dodgeRoll(total), check: check(total, level) };
}
const notRolled: DefenseRoll = { ...dodgeRoll(0), choice: "none", check: null };

describe("Autofire: the hits a burst scores", () => {
  it("NC-MAN-12: Gru dodges 24 against the Troll-Martian's autofire 27: the dodge stops one shot, three hits get through", () => {
    const attack = attackRoll(27);
    const defense = dodgeRoll(24);
    const outcome = outcomeOf(attack, defense);
    expect(outcome.kind).toBe(OutcomeKind.Dodged);
    const counted = autofireBurst(burst, attack, defense, outcome);
    expect(counted?.hits).toBe(3);
    // The matrix has the burst dodged: every hit that gets through is a plain one.
    expect(counted?.first).toMatchObject({ kind: OutcomeKind.Hit, attackLevel: SuccessLevel.Success });
  });

  it("NC-MAN-12: no burst for a weapon without autofire, a dodge that matches the attack, a missed attack", () => {
    const attack = attackRoll(27);
    expect(hitsOf(attack, dodgeRoll(24), single)).toBe(0);
    expect(hitsOf(attack, null, single)).toBe(0);
    expect(hitsOf(attack, dodgeRoll(27))).toBe(0);
    expect(hitsOf(attack, dodgeRoll(28))).toBe(0);
    expect(hitsOf(attackRoll(19), null)).toBe(0);
  });

  it("NC-MAN-12: not dodging is never better than dodging: 27 undodged, dodged with a failed 19 or 5, or with 24: 8, 8, 8, 3", () => {
    const attack = attackRoll(27);
    expect(hitsOf(attack, null)).toBe(8);
    expect(hitsOf(attack, notRolled)).toBe(8);
    expect(hitsOf(attack, dodgeRoll(19))).toBe(8);
    expect(hitsOf(attack, dodgeRoll(5))).toBe(8);
    expect(hitsOf(attack, rolled(3, SuccessLevel.Fumble))).toBe(8);
    expect(hitsOf(attack, dodgeRoll(24))).toBe(3);
    // A bare success undodged is one hit: the matrix's own single blow.
    expect(hitsOf(attackRoll(20), null)).toBe(1);
    // A worse dodge never lets fewer shots through: from 30 down to 1, the hits only grow.
    let previous = 0;
    for (let total = 30; total >= 1; total -= 1) {
      const hits = hitsOf(attack, dodgeRoll(total));
      expect(hits).toBe(Math.max(0, 27 - Math.max(total, 19)));
      expect(hits).toBeGreaterThanOrEqual(previous);
      previous = hits;
    }
  });

  it("NC-MAN-12: a Special burst never scores fewer hits than a plain one of the same total", () => {
    for (const defense of [null, dodgeRoll(5), dodgeRoll(19), dodgeRoll(24), dodgeRoll(27), dodgeRoll(30)]) {
      for (const level of [SuccessLevel.Special, SuccessLevel.Critical]) {
        expect(hitsOf(special(27, level), defense)).toBeGreaterThanOrEqual(hitsOf(attackRoll(27), defense));
      }
    }
    // Undodged or through a failed dodge: 27 − 19 hits, the first of them the Special's blow.
    const through = autofireBurst(burst, special(27), dodgeRoll(12), outcomeOf(special(27), dodgeRoll(12)));
    expect(through?.hits).toBe(8);
    expect(through?.first.kind).toBe(OutcomeKind.SpecialHit);
  });

  it("NC-MAN-12, NC-DMG-15: a Special burst against a made plain dodge counts the totals, and is one hit when the dodge beat them", () => {
    const dodge = dodgeRoll(24);
    const outcome = outcomeOf(special(27), dodge);
    expect(outcome.kind).toBe(OutcomeKind.Hit);
    expect(autofireBurst(burst, special(27), dodge, outcome)).toEqual({ hits: 3, first: outcome });
    expect(hitsOf(special(27), dodgeRoll(28))).toBe(1);
  });

  it("NC-MAN-12, NC-DMG-23: a fumbled dodge takes the burst as a dodge not made, its first hit the fumble's blow", () => {
    const fumbled = rolled(4, SuccessLevel.Fumble);
    const outcome = outcomeOf(special(27), fumbled);
    expect(outcome.kind).toBe(OutcomeKind.FumbledDefenseHit);
    expect(autofireBurst(burst, special(27), fumbled, outcome)).toEqual({ hits: 8, first: outcome });
  });

  it("NC-MAN-12, NC-DMG-16: a Special dodge counts its total (default), or evades the whole burst as a GM option", () => {
    const dodge = rolled(24, SuccessLevel.Special);
    expect(FANGS_DEFAULTS.autofireSpecialDodge).toBe("countHits");
    expect(hitsOf(special(27), dodge)).toBe(3);
    expect(hitsOf(attackRoll(27), dodge)).toBe(3);
    const evades = { autofireSpecialDodge: "evadesBurst" } as const;
    expect(hitsOf(special(27), dodge, burst, evades)).toBe(0);
    expect(hitsOf(attackRoll(27), rolled(24, SuccessLevel.Critical), burst, evades)).toBe(0);
    // A plain dodge is not a Special one: the option leaves it alone.
    expect(hitsOf(attackRoll(27), dodgeRoll(24), burst, evades)).toBe(3);
  });

  it("NC-MAN-12: a parry that stops the burst is the matrix's one parried blow", () => {
    // A shot missile can only be dodged: a burst from a melee weapon, then.
    const attack: AttackRoll = { ...attackRoll(27), weaponKind: "melee" };
    const parry: DefenseRoll = {
      ...dodgeRoll(24),
      choice: "shieldParry",
      itemId: "kite",
      itemType: "shield",
    };
    expect(outcomeOf(attack, parry).kind).toBe(OutcomeKind.Parried);
    expect(hitsOf(attack, parry)).toBe(0);
    // A failed parry is a defense that is no dodge: a dodge not made.
    expect(hitsOf(attack, { ...parry, check: check(12, SuccessLevel.Failure) })).toBe(8);
  });

  it("NC-MAN-12: property: a worse defense, a higher total or a Special never scores fewer hits", () => {
    const level = (total: number, special: boolean): SuccessLevel =>
      total < 20 ? SuccessLevel.Failure : special ? SuccessLevel.Special : SuccessLevel.Success;
    const defenseArb = fc.oneof(
      fc.constant(null),
      fc.record({ total: fc.integer({ min: -10, max: 60 }), special: fc.boolean(), fumble: fc.boolean() }),
    );
    const defenseOf = (d: { total: number; special: boolean; fumble: boolean } | null): DefenseRoll | null =>
      d === null ? null : rolled(d.total, d.fumble ? SuccessLevel.Fumble : level(d.total, d.special));
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 60 }),
        fc.integer({ min: 0, max: 10 }),
        fc.boolean(),
        fc.boolean(),
        defenseArb,
        fc.integer({ min: 1, max: 10 }),
        fc.constantFrom("countHits" as const, "evadesBurst" as const),
        (total, more, isSpecial, higherSpecial, d, better, reading) => {
          const options = { autofireSpecialDodge: reading };
          const attack = isSpecial ? special(total) : attackRoll(total);
          const defense = defenseOf(d);
          const hits = hitsOf(attack, defense, burst, options);
          // Not dodging is never better for the target than this defense.
          expect(hitsOf(attack, null, burst, options)).toBeGreaterThanOrEqual(hits);
          // A higher total (as Special or not, if this one was plain) never scores fewer.
          const higher = isSpecial || higherSpecial ? special(total + more) : attackRoll(total + more);
          expect(hitsOf(higher, defense, burst, options)).toBeGreaterThanOrEqual(hits);
          // The same total as a Special never scores fewer.
          expect(hitsOf(special(total), defense, burst, options)).toBeGreaterThanOrEqual(
            hitsOf(attackRoll(total), defense, burst, options),
          );
          // A better dodge (a higher total, not fumbled) never lets more through.
          if (d !== null) {
            const up = { total: d.total + better, special: d.special, fumble: false };
            expect(hitsOf(attack, defenseOf(up), burst, options)).toBeLessThanOrEqual(hits);
          }
        },
      ),
    );
  });

  it("NC-MAN-12: each hit is its own damage roll, armor taken from each (three hits of 1d8+2 rolled 8, 5, 1)", () => {
    const armored: DefenseDeclaration = {
      ...dodgeDeclaration,
      defender: defenderProfile({ id: "gru", armorProtection: 2 }),
    };
    const dice = new ScriptedDice([8, 5, 1]);
    const r = rollAutofireDamage(3, burst, armored, dice);
    expect(r.hits).toBe(3);
    expect(r.blows.map((b) => b.damage)).toEqual([10, 7, 3]);
    expect(r.damage).toBe(20);
    // Stun: (10-2) + (7-2) + (3-2); HP: each halved up, then armor.
    expect(r.stunDamage).toBe(8 + 5 + 1);
    expect(poolTotal(r.effects, "gru", "stunPoints")).toBe(r.stunDamage);
    expect(poolTotal(r.effects, "gru", "hitPoints")).toBe(r.hitPointDamage);
    expect(r.blows.reduce((n, b) => n + b.hitPointDamage, 0)).toBe(r.hitPointDamage);
    expect(() => dice.roll(20)).toThrow();
  });

  it("NC-MAN-12, NC-DMG-10: an undodged Special burst of 22: three hits, the first the Special's maximum, then two rolled", () => {
    const attack = special(22);
    const counted = autofireBurst(burst, attack, null, outcomeOf(attack, null));
    expect(counted?.hits).toBe(3);
    const armored: DefenseDeclaration = {
      ...dodgeDeclaration,
      choice: "none",
      defender: defenderProfile({ id: "gru", armorProtection: 2 }),
    };
    // The maximum rolls no die: the 5 and the 1 are the two plain hits'.
    const dice = new ScriptedDice([5, 1]);
    const r = rollAutofireDamage(counted!, burst, armored, dice);
    expect(r.blows.map((b) => [b.damage, b.maximum])).toEqual([
      [10, true],
      [7, false],
      [3, false],
    ]);
    expect(r).toMatchObject({ hits: 3, kind: OutcomeKind.SpecialHit, damage: 20, maximum: false });
    expect(() => dice.roll(20)).toThrow();
  });

  it("CORE-CON-3: a burst hit that finds the target at 0 HP or less takes its Stun as HP (each hit is a further blow)", () => {
    // HP 2: the first hit (8 + 2 = 10) takes 10 Stun and 5 HP, leaving −3: dying. The next two hits
    // (10 and 4) are further blows: their Stun is taken as HP.
    const frail: DefenseDeclaration = {
      ...dodgeDeclaration,
      defender: defenderProfile({
        id: "gru",
        hitPoints: { value: 2, max: 10 },
        stunPoints: { value: 40, max: 40 },
      }),
    };
    const r = rollAutofireDamage(3, burst, frail, new ScriptedDice([8, 8, 2]));
    expect(r.blows.map((b) => [b.stunDamage, b.hitPointDamage])).toEqual([
      [10, 5],
      [10, 10],
      [4, 4],
    ]);
    expect(r.hitPointDamage).toBe(19);
    expect(poolTotal(r.effects, "gru", "hitPoints")).toBe(19);
  });

  it("NC-MAN-12: zero hits roll nothing and change nothing; a bad count is refused", () => {
    const r = rollAutofireDamage(0, burst, dodgeDeclaration, new ScriptedDice([]));
    expect(r).toMatchObject({ hits: 0, kind: OutcomeKind.Dodged, stunDamage: 0, hitPointDamage: 0 });
    expect(r.effects).toEqual([]);
    expect(codeOf(() => rollAutofireDamage(-1, burst, dodgeDeclaration, new ScriptedDice([])))).toBe(
      "invalid-value",
    );
    expect(codeOf(() => rollAutofireDamage(1.5, burst, dodgeDeclaration, new ScriptedDice([])))).toBe(
      "invalid-value",
    );
  });
});
