import { describe, expect, it } from "vitest";
import { attackDeclaration, defenderProfile, weaponProfile } from "../../../test/support/fangs-fixtures";
import { codeOf } from "../../../test/support/rules-error";
import { ScriptedDice } from "../kernel/dice";
import { poolTotal } from "../kernel/effects";
import { autofireHitsThroughDodge, rollAutofireDamage } from "./autofire";
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
function outcomeOf(attack: AttackRoll, defense: DefenseRoll): ExchangeOutcome {
  return decideOutcome(attack, defense, new ScriptedDice([]));
}

describe("Autofire through a dodge", () => {
  it("NC-MAN-12: Gru dodges 24 against the Troll-Martian's autofire 27: the dodge stops one shot, three hits get through", () => {
    const attack = attackRoll(27);
    const defense = dodgeRoll(24);
    const outcome = outcomeOf(attack, defense);
    expect(outcome.kind).toBe(OutcomeKind.Dodged);
    expect(autofireHitsThroughDodge(burst, attack, defense, outcome)).toBe(3);
  });

  it("NC-MAN-12: no extra hits for a weapon without autofire or a dodge that beats the attack", () => {
    const attack = attackRoll(27);
    expect(autofireHitsThroughDodge(single, attack, dodgeRoll(24), outcomeOf(attack, dodgeRoll(24)))).toBe(0);
    expect(autofireHitsThroughDodge(burst, attack, dodgeRoll(28), outcomeOf(attack, dodgeRoll(28)))).toBe(0);
    const failed = dodgeRoll(15);
    expect(autofireHitsThroughDodge(single, attack, failed, outcomeOf(attack, failed))).toBe(0);
  });

  it("NC-MAN-12: a failed dodge takes the difference in hits too (27 against 19: eight), never fewer than a better dodge", () => {
    const attack = attackRoll(27);
    const failed = dodgeRoll(19);
    const hit = outcomeOf(attack, failed);
    expect(hit.kind).toBe(OutcomeKind.Hit);
    expect(autofireHitsThroughDodge(burst, attack, failed, hit)).toBe(8);
    // A worse dodge never lets fewer shots through: from 27 down to 1, the hits only grow.
    let previous = 0;
    for (let total = 27; total >= 1; total -= 1) {
      const dodge = dodgeRoll(total);
      const hits = autofireHitsThroughDodge(burst, attack, dodge, outcomeOf(attack, dodge));
      expect(hits).toBe(27 - total);
      expect(hits).toBeGreaterThanOrEqual(previous);
      previous = hits;
    }
  });

  it("NC-MAN-12: a Special burst that a plain dodge does not stop (NC-DMG-15) takes the difference in normal hits; beaten, one", () => {
    const special: AttackRoll = { ...attackRoll(27), check: check(27, SuccessLevel.Special) };
    const dodge = dodgeRoll(24);
    const outcome = outcomeOf(special, dodge);
    expect(outcome.kind).toBe(OutcomeKind.Hit);
    expect(autofireHitsThroughDodge(burst, special, dodge, outcome)).toBe(3);
    // A dodge of 28 beats the total: the matrix's one normal hit stands (no count).
    const better = dodgeRoll(28);
    const one = outcomeOf(special, better);
    expect(one.kind).toBe(OutcomeKind.Hit);
    expect(autofireHitsThroughDodge(burst, special, better, one)).toBe(0);
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
