import { describe, expect, it } from "vitest";
import { attackDeclaration, defenderProfile } from "../../../test/support/fangs-fixtures";
import { ScriptedDice } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import { type AttackNowContext, canAttackNow, canTakeFreeAttack } from "./attack-checks";
import { AttackSource, emptyAttackCounter, recordAttack } from "./attacks";
import { FANGS_DEFAULTS, resolveOptions } from "./config";
import { resolveExchange } from "./exchange";
import { type QuicknessFacts, quicknessRound } from "./quickness";

const SWORD = { kind: "melee", itemSp: { value: 10, max: 10 } } as const;
const ON = { multipleAttacksModule: true } as const;
const OFF = { multipleAttacksModule: false } as const;
const KEY = "FANGS.Rules.Attack.Refusal.";

function melee(partial: Partial<AttackNowContext> = {}): AttackNowContext {
  return {
    phase: "melee",
    round: 1,
    attacker: { maneuver: "attack" },
    counter: emptyAttackCounter(),
    weapon: SWORD,
    targetId: "orc",
    engagedWithTarget: true,
    attackerEngaged: true,
    targetStartedUnengaged: false,
    ...partial,
  };
}

const facts = (partial: Partial<QuicknessFacts> = {}): QuicknessFacts => ({
  ag: 10,
  skill: 15,
  round: 1,
  lastFreeAttackRound: 0,
  ...partial,
});

/** An Attack with a dagger in the off hand: the main hand now, the off hand in Post-Melee (NC-ATK-7). */
const TWO_ATTACKS = { maneuver: "attack", offHandWeapon: true } as const;
const afterMain = recordAttack(emptyAttackCounter(), {
  source: AttackSource.Maneuver,
  kind: "melee",
  targetId: "orc",
});

describe("the multiple attacks module's switch", () => {
  it("is off by default, and refuses a switch that is not true or false", () => {
    expect(FANGS_DEFAULTS.multipleAttacksModule).toBe(false);
    expect(() => resolveOptions({ multipleAttacksModule: "yes" as unknown as boolean })).toThrow(RulesError);
    expect(() => resolveOptions({ multipleAttacksModule: "yes" as unknown as boolean })).toThrow(
      /multipleAttacksModule must be true or false/,
    );
  });

  it("off, canAttackNow answers exactly as without the module's facts, whatever they say", () => {
    const cases: AttackNowContext[] = [
      melee(),
      melee({ attacker: TWO_ATTACKS }),
      melee({ attacker: TWO_ATTACKS, counter: afterMain, phase: "postMelee", hand: "off" }),
      melee({ attacker: { maneuver: "allOutAttack" }, counter: afterMain, phase: "postMelee" }),
    ];
    for (const ctx of cases) {
      const plain = canAttackNow(ctx);
      for (const quickness of [facts({ ag: 3 }), facts({ ag: 10, skill: 4 }), facts({ ag: 20 })]) {
        expect(canAttackNow({ ...ctx, quickness })).toEqual(plain);
        expect(canAttackNow({ ...ctx, quickness, rules: OFF })).toEqual(plain);
        expect(quicknessRound(quickness, 2, OFF)).toBeNull();
      }
    }
  });

  it("off, an exchange with the same scripted dice gives the same whole result as before", () => {
    const verdict = canAttackNow(melee({ quickness: facts({ ag: 10 }), rules: OFF }));
    const attack = attackDeclaration({ modifiers: verdict.slot!.modifier });
    const defense = {
      defender: defenderProfile(),
      choice: "none",
      skill: null,
      item: null,
      modifiers: 0,
    } as const;
    const rolls = [9, 5, 3];
    const before = resolveExchange({ attack: attackDeclaration(), defense }, new ScriptedDice(rolls));
    const after = resolveExchange({ attack, defense }, new ScriptedDice(rolls), OFF);
    expect(after).toEqual(before);
  });
});

describe("the multiple attacks module on FANGS", () => {
  it("RHF-MAT-1 (FANGS module): AG read as Quickness gives the attacks a round: 6 every other round, 7–12 one, 13–15 two, 16–18 three, 19–21 four", () => {
    const allowance = (ag: number, round = 1, last = 0) =>
      quicknessRound(facts({ ag, round, lastFreeAttackRound: last, skill: 30 }), 4, ON)!.allowance;
    expect([1, 6, 7, 12, 13, 15, 16, 18, 19, 21].map((ag) => allowance(ag))).toEqual([
      1, 1, 1, 1, 2, 2, 3, 3, 4, 4,
    ]);
    // One every other round: not in the round right after its attack, again the round after that.
    expect(allowance(5, 3, 2)).toBe(0);
    expect(allowance(5, 4, 2)).toBe(1);
    // An AG past the table reads as its last row; an AG below 1 as its first.
    expect(allowance(25)).toBe(4);
    expect(allowance(0)).toBe(1);
  });

  it("RHF-MAT-1 (FANGS module): a slow fighter who attacked last round has no attack this round on the engine, and may again the next", () => {
    const slow = (round: number, last: number, skill = 5) =>
      canAttackNow(
        melee({ round, rules: ON, quickness: facts({ ag: 4, skill, round, lastFreeAttackRound: last }) }),
      );
    expect(slow(1, 0).allowed).toBe(true);
    expect(slow(1, 0).slot!.modifier).toBe(0);
    expect(slow(2, 1).reasonKey).toBe(`${KEY}QuicknessOffRound`);
    expect(slow(3, 1).allowed).toBe(true);
    // A skilled slow fighter may still strike in its off round, as an additional attack at −5.
    expect(slow(2, 1, 12).slot!.modifier).toBe(-5);
  });

  it("RHF-MAT-2 (FANGS module): undeclared, an off-hand attack never made costs nothing; the one past the allowance carries −5 (review 1)", () => {
    const first = canAttackNow(melee({ attacker: TWO_ATTACKS, rules: ON, quickness: facts({ ag: 10 }) }));
    expect(first.slot!.modifier).toBe(0);
    const second = canAttackNow(
      melee({
        attacker: TWO_ATTACKS,
        counter: afterMain,
        phase: "postMelee",
        hand: "off",
        rules: ON,
        quickness: facts({ ag: 10 }),
      }),
    );
    // The off hand's own −10 (NC-ATK-9) and the module's −5 together.
    expect(second.slot!.modifier).toBe(-15);
    expect(second.quicknessPenalty).toBe(-5);
  });

  it("RHF-MAT-2 (FANGS module): two attacks declared put −5 on every attack roll of the round, the first included", () => {
    // AG 10 allows one; an off-hand dagger's second attack makes two: −5 on both.
    const first = canAttackNow(
      melee({ attacker: TWO_ATTACKS, rules: ON, quickness: facts({ ag: 10, attacks: 2 }) }),
    );
    expect(first.allowed).toBe(true);
    expect(first.slot!.modifier).toBe(-5);
    expect(first.quicknessPenalty).toBe(-5);
    const second = canAttackNow(
      melee({
        attacker: TWO_ATTACKS,
        counter: afterMain,
        phase: "postMelee",
        hand: "off",
        rules: ON,
        quickness: facts({ ag: 10, attacks: 2 }),
      }),
    );
    expect(second.slot!.modifier).toBe(-15);
    // AG 14 allows two: no penalty on either.
    const quick = canAttackNow(melee({ attacker: TWO_ATTACKS, rules: ON, quickness: facts({ ag: 14 }) }));
    expect(quick.slot!.modifier).toBe(0);
    expect(quick.quicknessPenalty).toBe(0);
  });

  it("RHF-MAT-2 (FANGS module): the penalty reaches the roll: the same dice hit without it and miss with it", () => {
    const verdict = canAttackNow(
      melee({ attacker: TWO_ATTACKS, rules: ON, quickness: facts({ ag: 10, skill: 10, attacks: 2 }) }),
    );
    const defense = {
      defender: defenderProfile(),
      choice: "none",
      skill: null,
      item: null,
      modifiers: 0,
    } as const;
    const skill = { natural: 10, bought: 0, total: 10 };
    // d20 12 + skill 10 = 22 hits; with −5, 17 misses.
    const plain = resolveExchange(
      { attack: attackDeclaration({ skill, modifiers: 0 }), defense },
      new ScriptedDice([12, 4, 2]),
      ON,
    );
    const penalised = resolveExchange(
      { attack: attackDeclaration({ skill, modifiers: verdict.slot!.modifier }), defense },
      new ScriptedDice([12]),
      ON,
    );
    expect(plain.attack.check.success).toBe(true);
    expect(penalised.attack.check.total).toBe(17);
    expect(penalised.attack.check.success).toBe(false);
  });

  it("RHF-MAT-2 (FANGS module): additional attacks only while the skill so lowered stays above zero (skill 4: none; skill 16: three more)", () => {
    const most = (skill: number) => quicknessRound(facts({ ag: 10, skill }), 4, ON)!.most;
    expect(most(4)).toBe(1);
    expect(most(5)).toBe(1);
    expect(most(6)).toBe(2);
    expect(most(16)).toBe(4);
    // Skill 4 and an off-hand dagger: the off hand's attack is not declared, so the main one carries no penalty…
    const lowSkill = facts({ ag: 10, skill: 4 });
    const main = canAttackNow(melee({ attacker: TWO_ATTACKS, rules: ON, quickness: lowSkill }));
    expect(main.slot!.modifier).toBe(0);
    // …and, once made, no other attack is left this round.
    const off = canAttackNow(
      melee({
        attacker: TWO_ATTACKS,
        counter: afterMain,
        phase: "postMelee",
        hand: "off",
        rules: ON,
        quickness: lowSkill,
      }),
    );
    expect(off.reasonKey).toBe(`${KEY}QuicknessNoAttacksLeft`);
  });

  it("RHF-MAT-2 (FANGS module): a declaration of more attacks than the skill allows is refused with a RulesError before any die", () => {
    const declared = facts({ ag: 10, skill: 4, attacks: 2 });
    let caught: unknown;
    try {
      canAttackNow(melee({ attacker: TWO_ATTACKS, rules: ON, quickness: declared }));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RulesError);
    expect((caught as RulesError).code).toBe("round-refused");
    expect((caught as RulesError).message).toMatch(/2 attacks this round: the most allowed is 1/);
    // More than the maneuver holds is refused too.
    expect(() => canAttackNow(melee({ rules: ON, quickness: facts({ ag: 20, attacks: 3 }) }))).toThrow(
      /3 attacks declared: the maneuver holds 1/,
    );
  });

  it("RHF-MAT-2 (FANGS module): one attack declared of two the round holds costs nothing and leaves the second refused", () => {
    const one = facts({ ag: 10, attacks: 1 });
    expect(canAttackNow(melee({ attacker: TWO_ATTACKS, rules: ON, quickness: one })).slot!.modifier).toBe(0);
    const off = canAttackNow(
      melee({
        attacker: TWO_ATTACKS,
        counter: afterMain,
        phase: "postMelee",
        hand: "off",
        rules: ON,
        quickness: one,
      }),
    );
    expect(off.reasonKey).toBe(`${KEY}QuicknessNoAttacksLeft`);
  });

  it("RHF-MAT-2 (FANGS module): a Charge's free attack is one of the round's attack rolls: past the allowance it carries −5, and so does the attack after it", () => {
    const charged = { maneuver: "attack" } as const;
    // AG 10, one attack a round: the free attack comes first, at no penalty; the maneuver's attack after it is the second.
    const free = canTakeFreeAttack({
      kind: "chargeFreeAttack",
      attacker: charged,
      counter: emptyAttackCounter(),
      options: ON,
      quickness: facts({ ag: 10 }),
    });
    expect(free).toMatchObject({ allowed: true, slot: { modifier: 0 }, quicknessPenalty: 0 });
    const afterFree = recordAttack(emptyAttackCounter(), {
      source: AttackSource.ChargeFreeAttack,
      kind: "melee",
      targetId: "orc",
    });
    const own = canAttackNow(melee({ counter: afterFree, rules: ON, quickness: facts({ ag: 10 }) }));
    expect(own.slot).toMatchObject({ source: "maneuver", modifier: -5 });
    expect(own.quicknessPenalty).toBe(-5);
    // The other way round: its own attack made, the free attack is the second, at −5.
    const late = canTakeFreeAttack({
      kind: "chargeFreeAttack",
      attacker: charged,
      counter: afterMain,
      options: ON,
      quickness: facts({ ag: 10 }),
    });
    expect(late).toMatchObject({ allowed: true, slot: { modifier: -5 }, quicknessPenalty: -5 });
    // AG 13, two a round: neither costs anything.
    expect(
      canTakeFreeAttack({
        kind: "chargeFreeAttack",
        attacker: charged,
        counter: afterMain,
        options: ON,
        quickness: facts({ ag: 13 }),
      }).slot!.modifier,
    ).toBe(0);
  });

  it("RHF-MAT-2 (FANGS module): a free attack the skill cannot carry past the allowance is refused, and one made leaves the maneuver's attack refused", () => {
    const charged = { maneuver: "attack" } as const;
    const late = canTakeFreeAttack({
      kind: "chargeFreeAttack",
      attacker: charged,
      counter: afterMain,
      options: ON,
      quickness: facts({ ag: 10, skill: 5 }),
    });
    expect(late.reasonKey).toBe(`${KEY}QuicknessNoAttacksLeft`);
    const afterFree = recordAttack(emptyAttackCounter(), {
      source: AttackSource.ChargeFreeAttack,
      kind: "melee",
      targetId: "orc",
    });
    expect(
      canAttackNow(melee({ counter: afterFree, rules: ON, quickness: facts({ ag: 10, skill: 5 }) }))
        .reasonKey,
    ).toBe(`${KEY}QuicknessNoAttacksLeft`);
  });

  it("off, a free attack and the attack after it are what they were: the module's facts are not read", () => {
    const charged = { maneuver: "attack" } as const;
    const afterFree = recordAttack(emptyAttackCounter(), {
      source: AttackSource.ChargeFreeAttack,
      kind: "melee",
      targetId: "orc",
    });
    for (const rules of [OFF, undefined]) {
      expect(
        canTakeFreeAttack({
          kind: "chargeFreeAttack",
          attacker: charged,
          counter: afterMain,
          options: rules,
          quickness: facts({ ag: 4, skill: 1, round: 2, lastFreeAttackRound: 1 }),
        }),
      ).toEqual(canTakeFreeAttack({ kind: "chargeFreeAttack", attacker: charged, counter: afterMain }));
      expect(
        canAttackNow(
          melee({
            counter: afterFree,
            rules,
            quickness: facts({ ag: 4, skill: 1, round: 2, lastFreeAttackRound: 1 }),
          }),
        ),
      ).toEqual(canAttackNow(melee({ counter: afterFree })));
    }
  });
});
