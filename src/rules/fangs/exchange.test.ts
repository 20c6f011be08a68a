import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { attackDeclaration, defenderProfile } from "../../../test/support/fangs-fixtures";
import { RecordingDice, ScriptedDice, SeededDice } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import { FANGS_DEFAULTS } from "./config";
import { assessBlow } from "./consequences";
import { halfUp, rollDamage } from "./damage";
import { type ExchangeInput, resolveExchange } from "./exchange";
import { decideOutcome, OutcomeKind, rollAttack, rollDefense } from "./outcome";
import {
  type AttackDeclaration,
  type CombatantState,
  type DefenseChoice,
  type DefenseDeclaration,
  type ParryItemProfile,
  SuccessLevel,
  type WeaponProfile,
} from "./types";

const whole = (min: number, max: number) => fc.integer({ min, max });

const stateArb: fc.Arbitrary<CombatantState> = fc
  .record({
    stunMax: whole(5, 40),
    stunLoss: whole(0, 50),
    hpMax: whole(3, 20),
    hpLoss: whole(0, 25),
    armorProtection: whole(0, 8),
    magicalProtection: whole(0, 2),
    co: whole(1, 20),
    sz: whole(1, 20),
    stunned: fc.boolean(),
  })
  .map((s) => ({
    stunPoints: { value: s.stunMax - s.stunLoss, max: s.stunMax },
    hitPoints: { value: s.hpMax - s.hpLoss, max: s.hpMax },
    armorProtection: s.armorProtection,
    magicalProtection: s.magicalProtection,
    co: s.co,
    sz: s.sz,
    stunned: s.stunned,
  }));

const weaponArb: fc.Arbitrary<WeaponProfile> = fc
  .record({ row: fc.constantFrom(...FANGS_DEFAULTS.weapons), wear: whole(0, 100), bonus: whole(0, 3) })
  .map(({ row, wear, bonus }) => {
    const max = row.itemSp;
    return {
      id: row.id,
      name: row.id,
      damage: row.damage,
      damageBonus: bonus,
      // Usable: at least half its SP.
      itemSp:
        max === null
          ? null
          : { value: Math.ceil(max / 2) + Math.floor(((max - Math.ceil(max / 2)) * wear) / 100), max },
      impales: row.impales,
      hands: row.hands[row.hands.length - 1]!,
      kind: row.kind,
      extendedReload: row.extendedReload,
      autofire: false,
    };
  });

const itemArb: fc.Arbitrary<ParryItemProfile> = fc
  .record({
    type: fc.constantFrom("weapon" as const, "shield" as const),
    max: whole(4, 14),
    left: whole(1, 14),
    // One in eight parries is a bare hand (NC-MAN-4).
    bareHand: whole(1, 8).map((n) => n === 1),
  })
  .map(({ type, max, left, bareHand }) => ({
    id: `${type}-item`,
    name: type,
    type,
    itemSp: { value: Math.min(left, max), max },
    damage: bareHand ? "0" : type === "shield" ? "1d4" : "1d6+1",
    ...(bareHand ? { bareHand } : {}),
  }));

const inputArb: fc.Arbitrary<ExchangeInput> = fc
  .record({
    weapon: weaponArb,
    mode: fc.constantFrom("strike" as const, "flatOfBlade" as const, "grapple" as const),
    subdual: fc.boolean(),
    dm: whole(0, 10),
    extra: whole(0, 10),
    attackSkill: whole(0, 25),
    attackMods: whole(-10, 10),
    luck: fc.option(whole(0, 18)),
    attackerState: fc.option(stateArb),
    defender: stateArb,
    defenderDm: whole(0, 6),
    choice: fc.constantFrom<DefenseChoice>("none", "dodge", "weaponParry", "shieldParry", "monsterParry"),
    item: itemArb,
    monsterItem: fc.option(itemArb),
    defenseSkill: whole(0, 25),
    defenseMods: whole(-10, 10),
  })
  .map((r) => {
    const mode = r.weapon.kind === "melee" ? r.mode : "strike";
    let choice = r.choice;
    if (r.weapon.kind !== "melee" && choice !== "none") choice = "dodge";
    if (mode === "grapple" && choice !== "none" && choice !== "dodge") choice = "grappleParry";
    const attack: AttackDeclaration = {
      attacker: { id: "a", st: 12, damageModifier: r.dm, luck: r.luck, state: r.attackerState },
      weapon: mode === "grapple" ? { ...r.weapon, itemSp: null } : r.weapon,
      skill: { natural: 0, bought: r.attackSkill, total: r.attackSkill },
      modifiers: r.attackMods,
      // A shot missile takes no points traded to damage (CORE-CHR-8).
      extraDamageModifier: r.weapon.kind === "missile" ? 0 : r.extra,
      mode,
      subdual: r.subdual,
    };
    const item =
      choice === "weaponParry" || choice === "shieldParry"
        ? { ...r.item, type: choice === "weaponParry" ? ("weapon" as const) : ("shield" as const) }
        : choice === "monsterParry"
          ? r.monsterItem
          : null;
    const defense: DefenseDeclaration = {
      defender: { id: "d", damageModifier: r.defenderDm, ...r.defender },
      choice,
      skill: choice === "none" ? null : { natural: 0, bought: r.defenseSkill, total: r.defenseSkill },
      item,
      modifiers: r.defenseMods,
    };
    return { attack, defense };
  });

function everyNumber(value: unknown, visit: (n: number) => void): void {
  if (typeof value === "number") visit(value);
  else if (Array.isArray(value)) for (const v of value) everyNumber(v, visit);
  else if (value !== null && typeof value === "object")
    for (const v of Object.values(value)) everyNumber(v, visit);
}

describe("the whole exchange (properties over random fighters and dice)", () => {
  it("NC-DMG-1: no NaN or infinity anywhere in a resolution", () => {
    fc.assert(
      fc.property(inputArb, whole(0, 2 ** 31), (input, seed) => {
        const r = resolveExchange(input, new SeededDice(seed));
        everyNumber(r, (n) => expect(Number.isFinite(n)).toBe(true));
      }),
      { numRuns: 500 },
    );
  });

  it("NC-DMG-8: damage and SP loss are never negative; an item never loses more SP than it has", () => {
    fc.assert(
      fc.property(inputArb, whole(0, 2 ** 31), (input, seed) => {
        const r = resolveExchange(input, new SeededDice(seed));
        for (const e of r.effects) {
          if (e.kind === "pool" && r.consequences.every((c) => c.effects.indexOf(e) < 0)) {
            expect(Number.isInteger(e.amount)).toBe(true);
            expect(e.amount).toBeGreaterThan(0);
          }
          if (e.kind === "itemDurability") {
            expect(e.delta).toBeLessThan(0);
            const current =
              e.itemId === input.attack.weapon.id && e.actorId === "a"
                ? input.attack.weapon.itemSp!.value
                : input.defense.item!.itemSp.value;
            expect(-e.delta).toBeLessThanOrEqual(current);
          }
        }
        for (const n of [
          r.damage.damage,
          r.damage.stunDamage,
          r.damage.hitPointDamage,
          r.damage.parryItemWear,
          r.damage.weaponWear,
          r.damage.counterDamage,
        ]) {
          expect(n).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("NC-DMG-3: damage after armor and parry is never more than the blow carried", () => {
    fc.assert(
      fc.property(inputArb, whole(0, 2 ** 31), (input, seed) => {
        const r = resolveExchange(input, new SeededDice(seed));
        expect(r.damage.stunDamage).toBeLessThanOrEqual(r.damage.damage);
        expect(r.damage.hitPointDamage).toBeLessThanOrEqual(r.damage.damage);
        const healthy = input.defense.defender.hitPoints.value > 0;
        if (r.outcome.kind === OutcomeKind.Hit && healthy) {
          expect(r.damage.hitPointDamage).toBeLessThanOrEqual(halfUp(r.damage.damage));
        }
      }),
      { numRuns: 500 },
    );
  });

  it("NC-DMG-3: more armor never lets more damage through, from the same dice", () => {
    fc.assert(
      fc.property(inputArb, whole(1, 6), whole(0, 2 ** 31), (input, more, seed) => {
        const defender = input.defense.defender;
        const light = resolveExchange(input, new SeededDice(seed));
        const heavy = resolveExchange(
          {
            ...input,
            defense: {
              ...input.defense,
              defender: { ...defender, armorProtection: defender.armorProtection + more },
            },
          },
          new SeededDice(seed),
        );
        // Armor is read after every die of the attack, defense and damage: the blow is the same.
        expect(heavy.damage.damage).toBe(light.damage.damage);
        expect(heavy.damage.stunDamage).toBeLessThanOrEqual(light.damage.stunDamage);
        expect(heavy.damage.hitPointDamage).toBeLessThanOrEqual(light.damage.hitPointDamage);
        // A Critical ignores armor (NC-DMG-14), and so does a fumbled defense's blow (NC-DMG-23).
        if (
          light.outcome.attackLevel === SuccessLevel.Critical ||
          light.outcome.kind === "fumbledDefenseHit"
        ) {
          expect(heavy.damage.stunDamage).toBe(light.damage.stunDamage);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("CORE-CHK-1: the same dice give the same resolution", () => {
    fc.assert(
      fc.property(inputArb, whole(0, 2 ** 31), (input, seed) => {
        expect(resolveExchange(input, new SeededDice(seed))).toEqual(
          resolveExchange(input, new SeededDice(seed)),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("NC-RND-9: the steps run one at a time (as a chat card does) give the all-in-one result from the same dice", () => {
    fc.assert(
      fc.property(inputArb, whole(0, 2 ** 31), (input, seed) => {
        const whole = resolveExchange(input, new SeededDice(seed));
        const dice = new SeededDice(seed);
        const attack = rollAttack(input.attack, dice);
        const defense =
          attack.check.success && input.defense.choice !== "none" ? rollDefense(input.defense, dice) : null;
        const outcome = decideOutcome(attack, defense, dice);
        const damage = rollDamage(outcome, input.attack, input.defense, dice);
        expect(attack).toEqual(whole.attack);
        expect(defense).toEqual(whole.defense);
        expect(outcome).toEqual(whole.outcome);
        expect(damage).toEqual(whole.damage);
        if (damage.stunDamage > 0 || damage.hitPointDamage > 0) {
          const d = input.defense.defender;
          const c = assessBlow(
            { actorId: d.id, state: d, stunLost: damage.stunDamage, hitPointsLost: damage.hitPointDamage },
            dice,
          );
          expect(c).toEqual(whole.consequences[0]);
        }
      }),
      { numRuns: 300 },
    );
  });
});

const gruVsDagmar: ExchangeInput = {
  attack: attackDeclaration({ attacker: { id: "gru", st: 14, damageModifier: 4, luck: null, state: null } }),
  defense: {
    defender: defenderProfile(),
    choice: "dodge",
    skill: { natural: 10, bought: 0, total: 10 },
    modifiers: 0,
    item: null,
  },
};

describe("dice order", () => {
  it("NC-RND-9: attack, defense, damage (weapon then DM), then the CO check, as docs/rules/api.md says", () => {
    const input = gruVsDagmar;
    const dice = new RecordingDice(new ScriptedDice([12, 3, 8, 4, 9]));
    const r = resolveExchange(input, dice);
    expect(dice.log).toEqual([
      { faces: 20, result: 12 }, // attack
      { faces: 20, result: 3 }, // dodge (failed)
      { faces: 8, result: 8 }, // Broadsword d8
      { faces: 4, result: 4 }, // DM +4: 1d4
      { faces: 20, result: 9 }, // 14 of 20 Stun lost: CO check (failed)
    ]);
    expect(r.damage.stunDamage).toBe(14);
    expect(r.consequences[0]?.stunned).toBe(true);
  });
});

describe("bad declarations are refused before any die is rolled", () => {
  const { attack, defense } = gruVsDagmar;
  const refusedWith = (input: ExchangeInput): string => {
    const dice = new ScriptedDice([]);
    try {
      resolveExchange(input, dice);
    } catch (error) {
      expect(error).toBeInstanceOf(RulesError);
      return (error as RulesError).code;
    }
    throw new Error("expected a RulesError");
  };

  it.each([
    ["NaN armor", { armorProtection: Number.NaN }],
    ["negative armor", { armorProtection: -2 }],
    ["fractional magical protection", { magicalProtection: 0.5 }],
    ["a missing Stun maximum", { stunPoints: { value: 20 } }],
    ["fractional Hit Points", { hitPoints: { value: 9.5, max: 10 } }],
    ["a missing CO", { co: undefined }],
    ["a stunned flag that is not a boolean", { stunned: "no" }],
    ["a negative DM", { damageModifier: -1 }],
  ])(
    "NC-DMG-3: a defender with %s is refused (invalid-value), even when it does not defend",
    (_what, over) => {
      for (const choice of ["none", "dodge"] as const) {
        const bad = { ...defense, choice, defender: { ...defense.defender, ...over } } as DefenseDeclaration;
        expect(refusedWith({ attack, defense: bad })).toBe("invalid-value");
      }
    },
  );

  it.each([
    ["a negative DM", { attacker: { ...attack.attacker, damageModifier: -1 } }],
    ["a fractional DM", { attacker: { ...attack.attacker, damageModifier: 1.5 } }],
    ["no id", { attacker: { ...attack.attacker, id: undefined } }],
    ["an unknown weapon kind", { weapon: { ...attack.weapon, kind: "spell" } }],
    ["NaN modifiers", { modifiers: Number.NaN }],
    ["a fractional skill", { skill: { natural: 5, bought: 7, total: 12.5 } }],
  ])("NC-DMG-1: an attack with %s is refused (invalid-value)", (_what, over) => {
    expect(refusedWith({ attack: { ...attack, ...over } as AttackDeclaration, defense })).toBe(
      "invalid-value",
    );
  });

  it("NC-DMG-19: an attacker's state is read, and refused if unreadable, when a Critical parry strikes back", () => {
    const shaky = {
      ...attack,
      attacker: { ...attack.attacker, state: { ...defense.defender, armorProtection: Number.NaN } },
    };
    const shield = {
      ...defense,
      choice: "shieldParry" as const,
      item: {
        id: "kite",
        name: "Kite",
        type: "shield" as const,
        itemSp: { value: 10, max: 10 },
        damage: "1d4",
      },
    };
    // Attack 10 succeeds; the parry 20, 20 is Critical: its blow would go through NaN armor.
    expect(() =>
      resolveExchange({ attack: shaky, defense: shield }, new ScriptedDice([10, 20, 20, 3])),
    ).toThrowError(expect.objectContaining({ code: "invalid-value" }));
    // No Critical parry, no reading: a hit on the defender does not need the attacker's armor.
    const hit = resolveExchange(
      { attack: shaky, defense: { ...defense, choice: "none" } },
      new ScriptedDice([10, 1, 1]),
    );
    expect(hit.damage.stunDamage).toBeGreaterThan(0);
  });

  it("NC-DMG-1: a malformed weapon or club formula is refused before the attack roll (malformed-dice)", () => {
    expect(
      refusedWith({ attack: { ...attack, weapon: { ...attack.weapon, damage: "1d8 2" } }, defense }),
    ).toBe("malformed-dice");
    expect(
      refusedWith({ attack: { ...attack, mode: "flatOfBlade", flatOfBladeDamage: "club" }, defense }),
    ).toBe("malformed-dice");
  });

  it("NC-DMG-19: a parrying item with a malformed damage formula or an unknown type is refused", () => {
    const item: ParryItemProfile = {
      id: "kite",
      name: "Kite",
      type: "shield",
      itemSp: { value: 10, max: 10 },
      damage: "1d4",
    };
    const parry = (over: Partial<ParryItemProfile>): DefenseDeclaration => ({
      ...defense,
      choice: "shieldParry",
      item: { ...item, ...over },
    });
    expect(refusedWith({ attack, defense: parry({ damage: "d" }) })).toBe("malformed-dice");
    expect(refusedWith({ attack, defense: parry({ type: "cape" as "shield" }) })).toBe("invalid-value");
    expect(refusedWith({ attack, defense: parry({ itemSp: { value: 0, max: 10 } }) })).toBe("item-shattered");
    expect(refusedWith({ attack, defense: parry({ itemSp: { value: 11, max: 10 } }) })).toBe("invalid-value");
  });
});
