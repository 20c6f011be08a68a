import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  attackDeclaration,
  defenderProfile,
  GRU_SWORD,
  parryItem,
  SPEAR,
  weaponProfile,
} from "../../../test/support/fangs-fixtures";
import { maximumOf, parseDiceFormula, rollTotal, ScriptedDice } from "../kernel/dice";
import { type Effect, poolTotal } from "../kernel/effects";
import { FANGS_DEFAULTS } from "./config";
import {
  afterProtection,
  damageFormula,
  halfUp,
  normalDamage,
  normalParry,
  rollDamage,
  rollFumbleHit,
  specialParry,
} from "./damage";
import { shieldStrikeDamage } from "./defenses";
import { resolveExchange } from "./exchange";
import { OutcomeKind } from "./outcome";
import type {
  AttackDeclaration,
  DefenderProfile,
  DefenseChoice,
  DefenseDeclaration,
  ParryItemProfile,
} from "./types";
import { SuccessLevel } from "./types";

const weapon = weaponProfile;
const spear = SPEAR;
const greatsword = weapon({
  id: "greatsword",
  name: "Greatsword",
  damage: "2d8",
  itemSp: { value: 12, max: 12 },
  hands: 2,
});
const kite = parryItem();
const sword = parryItem({ id: "parrySword", name: "Sword", type: "weapon", damage: "1d8+2" });
const skill = GRU_SWORD;

function attackOf(over: Partial<AttackDeclaration> = {}, dm = 0): AttackDeclaration {
  return attackDeclaration({
    attacker: { id: "gru", st: 14, damageModifier: dm, luck: null, state: null },
    ...over,
  });
}

/** A sturdy Dagmar (Stun 40, HP 20, CO 30): most blows here call for no CO check. */
function defenderOf(over: Partial<DefenderProfile> = {}): DefenderProfile {
  return defenderProfile({
    stunPoints: { value: 40, max: 40 },
    hitPoints: { value: 20, max: 20 },
    co: 30,
    sz: 12,
    ...over,
  });
}

function defenseOf(choice: DefenseChoice, over: Partial<DefenseDeclaration> = {}): DefenseDeclaration {
  return {
    defender: defenderOf(),
    choice,
    skill: choice === "none" ? null : skill,
    item: choice === "shieldParry" ? kite : choice === "weaponParry" ? sword : null,
    modifiers: 0,
    ...over,
  };
}

/** Runs an exchange and checks the script was used up. */
function run(attack: AttackDeclaration, defense: DefenseDeclaration, script: number[], options = {}) {
  const dice = new ScriptedDice(script);
  const result = resolveExchange({ attack, defense }, dice, options);
  expect(dice.remaining).toBe(0);
  return result;
}

const stun = (effects: readonly Effect[], id = "dagmar") => poolTotal(effects, id, "stunPoints");
const hp = (effects: readonly Effect[], id = "dagmar") => poolTotal(effects, id, "hitPoints");
const wearOf = (effects: readonly Effect[]) => effects.filter((e) => e.kind === "itemDurability");

describe("damage arithmetic", () => {
  it("NC-DMG-2: 11 points of damage are 11 Stun and 6 HP", () => {
    expect(normalDamage(11, 0)).toEqual({ stunPoints: 11, hitPoints: 6 });
    expect(halfUp(11)).toBe(6);
    expect(halfUp(10)).toBe(5);
  });

  it("NC-DMG-3: 11 points against 4 points of armor are 7 Stun and 2 HP", () => {
    expect(normalDamage(11, 4)).toEqual({ stunPoints: 7, hitPoints: 2 });
    expect(normalDamage(3, 4)).toEqual({ stunPoints: 0, hitPoints: 0 });
    expect(afterProtection(2, 8)).toBe(0);
  });

  it("NC-DMG-5: the item's SP blocks; an equal blow does nothing and is no nick", () => {
    expect(normalParry(8, 8, "greater")).toEqual({ excess: 0, itemWear: 0, reason: null });
    expect(normalParry(5, 8, "greater")).toEqual({ excess: 0, itemWear: 0, reason: null });
  });

  it("NC-DMG-6: Stun damage over the item's SP nicks it (−1 SP)", () => {
    expect(normalParry(11, 8, "greater")).toEqual({ excess: 3, itemWear: 1, reason: "nick" });
  });

  it("NC-DMG-9: the HP part over the item's SP takes the whole difference off it (greater of the two, or the sum)", () => {
    // 20 against SP 6: HP part 10, 4 over; the nick is 1.
    expect(normalParry(20, 6, "greater")).toEqual({ excess: 14, itemWear: 4, reason: "excess" });
    expect(normalParry(20, 6, "sum")).toEqual({ excess: 14, itemWear: 5, reason: "excess" });
    // Never more than the item has.
    expect(normalParry(40, 3, "sum").itemWear).toBe(3);
  });

  it("NC-DMG-17: the full excess comes off the item; a weapon losing more than half its SP breaks", () => {
    expect(specialParry(14, 10, "shield")).toEqual({ excess: 4, itemWear: 4, reason: "excess" });
    expect(specialParry(14, 10, "weapon")).toEqual({ excess: 4, itemWear: 4, reason: "excess" });
    expect(specialParry(16, 10, "weapon")).toEqual({ excess: 6, itemWear: 10, reason: "broken" });
    expect(specialParry(16, 10, "shield")).toEqual({ excess: 6, itemWear: 6, reason: "excess" });
    expect(specialParry(10, 10, "weapon")).toEqual({ excess: 0, itemWear: 0, reason: null });
  });

  it("NC-DMG-17: a weapon that loses exactly half its SP survives (more than 50% breaks it)", () => {
    expect(specialParry(15, 10, "weapon")).toEqual({ excess: 5, itemWear: 5, reason: "excess" });
    expect(specialParry(16, 10, "weapon").reason).toBe("broken");
    // "Its SP" is what it has when it parries: a nicked 7-SP sword losing 4 breaks.
    expect(specialParry(11, 7, "weapon")).toEqual({ excess: 4, itemWear: 7, reason: "broken" });
  });

  it("NC-DMG-3: armor never lets more through than the blow, and more armor never lets more through (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 0, max: 12 }), (damage, armor) => {
        const through = normalDamage(damage, armor);
        expect(through.stunPoints).toBe(Math.max(0, damage - armor));
        expect(through.hitPoints).toBe(Math.max(0, halfUp(damage) - armor));
        expect(through.hitPoints).toBeLessThanOrEqual(through.stunPoints);
        const heavier = normalDamage(damage, armor + 1);
        expect(heavier.stunPoints).toBeLessThanOrEqual(through.stunPoints);
        expect(heavier.hitPoints).toBeLessThanOrEqual(through.hitPoints);
      }),
    );
  });

  it("NC-DMG-5: a parry's arithmetic (property): the item stops up to its SP and never loses more than it has", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 1, max: 14 }),
        fc.constantFrom("greater" as const, "sum" as const),
        (damage, sp, combination) => {
          const p = normalParry(damage, sp, combination);
          expect(p.excess).toBe(Math.max(0, damage - sp));
          expect(p.itemWear).toBeGreaterThanOrEqual(0);
          expect(p.itemWear).toBeLessThanOrEqual(sp);
          // NC-DMG-6: worn exactly when the blow exceeds the SP.
          expect(p.itemWear > 0).toBe(damage > sp);
          expect(p.reason === null).toBe(p.itemWear === 0);
          expect(normalParry(damage, sp, "sum").itemWear).toBeGreaterThanOrEqual(
            normalParry(damage, sp, "greater").itemWear,
          );
          const special = specialParry(damage, sp, "weapon");
          expect(special.itemWear).toBeLessThanOrEqual(sp);
          expect(special.reason === "broken").toBe(special.excess * 2 > sp);
          // NC-DMG-17 never wears less than NC-DMG-9 would.
          expect(specialParry(damage, sp, "shield").itemWear).toBeGreaterThanOrEqual(
            Math.min(sp, Math.max(0, halfUp(damage) - sp)),
          );
        },
      ),
    );
  });

  it("NC-DMG-10: a Broadsword's maximum damage is 10 (d8+2)", () => {
    expect(maximumOf(damageFormula("1d8+2"))).toBe(10);
    expect(rollTotal(parseDiceFormula("1d8+2"), new ScriptedDice([8]))).toBe(10);
  });
});

describe("the damage step", () => {
  it("NC-DMG-1: damage is the weapon roll plus the DM dice, weapon dice first (DM 4 rolls 1d4)", () => {
    const r = run(attackOf({}, 4), defenseOf("none"), [10, 5, 3]);
    expect(r.damage.damage).toBe(5 + 2 + 3);
    expect(stun(r.effects)).toBe(10);
    expect(hp(r.effects)).toBe(5);
  });

  it("NC-DMG-2: a blow of 11 (d8 8 + 2 + DM 1) takes 11 Stun and 6 HP", () => {
    const r = run(attackOf({}, 1), defenseOf("none"), [10, 8]);
    expect(r.damage.damage).toBe(11);
    expect(r.effects.filter((e) => e.kind === "pool")).toEqual([
      { kind: "pool", actorId: "dagmar", pool: "stunPoints", amount: 11 },
      { kind: "pool", actorId: "dagmar", pool: "hitPoints", amount: 6 },
    ]);
  });

  it("NC-DMG-3: the same 11 against armor 4 takes 7 Stun and 2 HP, and the armor does not wear", () => {
    const r = run(
      attackOf({}, 1),
      defenseOf("none", { defender: defenderOf({ armorProtection: 4 }) }),
      [10, 8],
    );
    expect([stun(r.effects), hp(r.effects)]).toEqual([7, 2]);
    expect(wearOf(r.effects)).toEqual([]);
  });

  it("NC-TAC-1: points traded for power add to the DM (Gru: DM +1 and 7 points roll a d8)", () => {
    const r = run(attackOf({ extraDamageModifier: 7, modifiers: -7 }, 1), defenseOf("none"), [15, 4, 6]);
    expect(r.damage.damage).toBe(4 + 2 + 6);
  });

  it("CORE-CHR-8: a shot missile adds no DM: a short bow at DM 6 deals its 1d6+1 alone, a Special its maximum", () => {
    const bow = weapon({ id: "bow", name: "Short bow", damage: "1d6+1", kind: "missile", impales: true });
    const r = run(attackOf({ weapon: bow }, 6), defenseOf("none"), [10, 4]);
    expect(r.damage.damage).toBe(5);
    const special = run(attackOf({ weapon: { ...bow, impales: false } }, 6), defenseOf("none"), [19, 2]);
    expect(special.damage).toMatchObject({ maximum: true, damage: 7 });
  });

  it("CORE-CHR-8: a thrown missile keeps the DM: a thrown knife at DM 6 adds its 1d6", () => {
    const knife = weapon({ id: "knife", name: "Throwing knife", damage: "1d4+2", kind: "thrown" });
    const r = run(attackOf({ weapon: knife }, 6), defenseOf("none"), [10, 3, 5]);
    expect(r.damage.damage).toBe(3 + 2 + 5);
  });

  it("CORE-CHR-8, NC-TAC-1: points traded for power are refused on a shot missile before any die", () => {
    const bow = weapon({ id: "bow", name: "Short bow", damage: "1d6+1", kind: "missile" });
    const dice = new ScriptedDice([10, 4]);
    expect(() =>
      resolveExchange(
        { attack: attackOf({ weapon: bow, extraDamageModifier: 2 }), defense: defenseOf("none") },
        dice,
      ),
    ).toThrow(expect.objectContaining({ code: "invalid-trade" }));
    expect(dice.remaining).toBe(2);
  });

  it("NC-TAC-2: a weapon's enchantment adds to the damage rolled and to its maximum, with the traded points", () => {
    const magic = weapon({ damageBonus: 2 });
    // 1d8 (5) + 2 + enchantment 2, then DM 1 + 7 traded = 1d8 (6).
    const r = run(
      attackOf({ weapon: magic, extraDamageModifier: 7, modifiers: -7 }, 1),
      defenseOf("none"),
      [15, 5, 6],
    );
    expect(r.damage.damage).toBe(5 + 2 + 2 + 6);
    // A Special of a non-impaling blade: 10 + 2 + DM 0.
    expect(run(attackOf({ weapon: magic }), defenseOf("none"), [19, 2]).damage.damage).toBe(12);
    // The flat of the blade is a club: the blade's enchantment does not come with it (1d6: 4).
    expect(
      run(attackOf({ weapon: magic, mode: "flatOfBlade" }), defenseOf("none"), [10, 4]).damage.damage,
    ).toBe(4);
  });

  it("NC-TAC-2: an enchantment beyond what a damage formula may hold is refused before any die", () => {
    const dice = new ScriptedDice([15, 5]);
    expect(() =>
      resolveExchange(
        { attack: attackOf({ weapon: weapon({ damageBonus: 10_000_000 }) }), defense: defenseOf("none") },
        dice,
      ),
    ).toThrow(expect.objectContaining({ code: "invalid-value" }));
    expect(dice.remaining).toBe(2);
  });

  it("NC-TAC-2: a stuck enchanted weapon's round damage keeps its enchantment, never the DM", () => {
    const magicSpear = { ...spear, damageBonus: 1 };
    const r = run(attackOf({ weapon: magicSpear }, 4), defenseOf("none"), [19, 2, 5, 3]);
    expect(r.effects).toContainEqual(
      expect.objectContaining({ kind: "stuckItem", perRoundDamage: "1d8+1+1" }),
    );
  });

  it("NC-TAC-2: a damage bonus that is not a whole number ≥ 0 is refused before any die", () => {
    for (const bad of [-1, 1.5, Number.NaN]) {
      const dice = new ScriptedDice([10, 4]);
      expect(() =>
        resolveExchange(
          { attack: attackOf({ weapon: weapon({ damageBonus: bad }) }), defense: defenseOf("none") },
          dice,
        ),
      ).toThrow(expect.objectContaining({ code: "invalid-value" }));
      expect(dice.remaining).toBe(2);
    }
  });

  it("NC-DMG-5: a parried blow's excess over the item's SP goes to Stun, half to HP", () => {
    // Greatsword 2d8 (8, 7) + DM 0 = 15 against a kite shield's 10: 5 through → 5 Stun, 3 HP.
    const r = run(attackOf({ weapon: greatsword }), defenseOf("shieldParry"), [10, 10, 8, 7]);
    expect(r.outcome.kind).toBe(OutcomeKind.Parried);
    expect([stun(r.effects), hp(r.effects)]).toEqual([5, 3]);
    expect(wearOf(r.effects)).toEqual([
      { kind: "itemDurability", actorId: "dagmar", itemId: "kite", delta: -1, reason: "nick" },
    ]);
  });

  it("NC-DMG-9: a parried blow whose HP part exceeds the item's SP takes the whole difference off it", () => {
    // Greatsword 16 + DM 10 (1d10: 10) = 26 against a buckler of 6: HP part 13, 7 over.
    const buckler = { ...kite, id: "buckler", itemSp: { value: 6, max: 6 } };
    const r = run(
      attackOf({ weapon: greatsword }, 10),
      defenseOf("shieldParry", { item: buckler }),
      [10, 10, 8, 8, 10],
    );
    expect(wearOf(r.effects)[0]).toMatchObject({ itemId: "buckler", delta: -6, reason: "excess" });
    expect(r.damage.parryItemShattered).toBe(true);
    expect(r.effects).toContainEqual({
      kind: "note",
      key: "FANGS.Rules.Item.Shattered",
      data: { actorId: "dagmar", itemId: "buckler" },
    });
  });

  it("NC-DMG-8: item SP never goes below 0: wear stops at what is left and the item is shattered", () => {
    const worn = { ...kite, itemSp: { value: 1, max: 10 } };
    const r = run(attackOf({ weapon: greatsword }), defenseOf("shieldParry", { item: worn }), [10, 10, 8, 8]);
    expect(wearOf(r.effects)).toEqual([
      { kind: "itemDurability", actorId: "dagmar", itemId: "kite", delta: -1, reason: "excess" },
    ]);
    expect(r.damage.parryItemShattered).toBe(true);
  });

  it("NC-DMG-10: a Special with a non-impaling weapon does maximum damage (Broadsword 10), less armor", () => {
    const r = run(attackOf(), defenseOf("none", { defender: defenderOf({ armorProtection: 2 }) }), [19, 2]);
    expect(r.damage.maximum).toBe(true);
    expect(r.damage.damage).toBe(10);
    expect([stun(r.effects), hp(r.effects)]).toEqual([8, 3]);
  });

  it("NC-DMG-11: a Special with an impaling weapon: rolled damage in full to Stun and HP, less armor; it sticks", () => {
    // Spear 1d8+1: 6 + 1 = 7; armor 3 → 4 Stun and 4 HP.
    const r = run(
      attackOf({ weapon: spear }),
      defenseOf("none", { defender: defenderOf({ armorProtection: 3 }) }),
      [19, 2, 6],
    );
    expect(r.damage.maximum).toBe(false);
    expect([stun(r.effects), hp(r.effects)]).toEqual([4, 4]);
    expect(r.effects).toContainEqual({
      kind: "stuckItem",
      ownerId: "gru",
      itemId: "spear",
      targetId: "dagmar",
      inItemId: null,
      perRoundDamage: "1d8+1",
    });
    expect(r.damage.impaled).toBe(true);
  });

  it("NC-DMG-11: an impaling weapon sticks only on a Special: a normal hit, or a Special turned normal by a dodge (NC-DMG-15), does not", () => {
    const hit = run(attackOf({ weapon: spear }), defenseOf("none"), [10, 6]);
    expect(hit.outcome.kind).toBe(OutcomeKind.Hit);
    expect([stun(hit.effects), hp(hit.effects)]).toEqual([7, 4]);
    expect(hit.damage.impaled).toBe(false);
    const dodged = run(attackOf({ weapon: spear }), defenseOf("dodge"), [19, 2, 10, 6]);
    expect(dodged.outcome.kind).toBe(OutcomeKind.Hit);
    expect([stun(dodged.effects), hp(dodged.effects)]).toEqual([7, 4]);
    expect(dodged.effects.some((e) => e.kind === "stuckItem")).toBe(false);
  });

  it("NC-DMG-22: a fumbled dodge against a normal spear thrust makes it a Special: it impales with rolled damage", () => {
    // Attack 10 (success), dodge 1 then 5 (fumble), confirmation 3 (3 + 12 < 20: Special), spear d8 6.
    const r = run(
      attackOf({ weapon: spear }),
      defenseOf("dodge", { defender: defenderOf({ armorProtection: 2 }) }),
      [10, 1, 5, 3, 6],
    );
    expect(r.outcome.kind).toBe(OutcomeKind.SpecialHit);
    expect(r.outcome.attackLevel).toBe(SuccessLevel.Special);
    expect([stun(r.effects), hp(r.effects)]).toEqual([5, 5]);
    expect(r.damage.impaled).toBe(true);
    // NC-DMG-23's fall belongs to a Special attack against a fumbled dodge, not to this case.
    expect(r.effects.some((e) => e.kind === "prone")).toBe(false);
  });

  it("NC-DMG-14: a Critical ignores armor but not magical protection", () => {
    const defender = defenderOf({ armorProtection: 6, magicalProtection: 2 });
    const r = run(attackOf({ weapon: spear }), defenseOf("none", { defender }), [19, 10, 6]);
    expect([stun(r.effects), hp(r.effects)]).toEqual([5, 5]);
    const special = run(attackOf({ weapon: spear }), defenseOf("none", { defender }), [19, 2, 6]);
    expect([stun(special.effects), hp(special.effects)]).toEqual([0, 0]);
  });

  it("NC-DMG-17: a Critical impaling blow parried by a shield sticks in the shield", () => {
    const r = run(attackOf({ weapon: spear }), defenseOf("shieldParry"), [19, 10, 10]);
    expect(r.outcome.kind).toBe(OutcomeKind.ParriedSpecial);
    // Maximum 9 against the kite shield's 10: nothing through, no wear, but the spear is stuck.
    expect(r.effects).toEqual([
      {
        kind: "stuckItem",
        ownerId: "gru",
        itemId: "spear",
        targetId: "dagmar",
        inItemId: "kite",
        perRoundDamage: null,
      },
    ]);
    expect(r.damage.stuckInShield).toBe(true);
    // Not with a weapon parry, and not for a mere Special.
    const weaponParry = run(attackOf({ weapon: spear }), defenseOf("weaponParry"), [19, 10, 10]);
    expect(weaponParry.effects.some((e) => e.kind === "stuckItem")).toBe(false);
    const special = run(attackOf({ weapon: spear }), defenseOf("shieldParry"), [19, 2, 10]);
    expect(special.effects.some((e) => e.kind === "stuckItem")).toBe(false);
  });

  it("NC-DMG-17: a parrying weapon that loses no more than half its SP survives; more breaks it", () => {
    // Greatsword Special: maximum 16 against the sword's 10: 6 lost, more than half of 10 → broken.
    const broken = run(attackOf({ weapon: greatsword }), defenseOf("weaponParry"), [19, 2, 10]);
    expect(wearOf(broken.effects)[0]).toMatchObject({ itemId: "parrySword", delta: -10, reason: "broken" });
    // Broadsword Special with DM 4: maximum 14, 4 lost of 10 → survives.
    const kept = run(attackOf({}, 4), defenseOf("weaponParry"), [19, 2, 10]);
    expect(wearOf(kept.effects)[0]).toMatchObject({ itemId: "parrySword", delta: -4, reason: "excess" });
  });

  it("NC-DMG-18: the Special parry's damage to the attacking weapon follows the option (rolled or a nick)", () => {
    const rolled = run(
      attackOf(),
      defenseOf("weaponParry", { defender: defenderOf({ damageModifier: 4 }) }),
      [10, 19, 2, 7, 3],
    );
    // The parrying sword's 1d8+2 (7 + 2) + the defender's DM 4 (1d4: 3) = 12, capped at the Broadsword's 10.
    expect(wearOf(rolled.effects)).toEqual([
      { kind: "itemDurability", actorId: "gru", itemId: "broadsword", delta: -10, reason: "specialParry" },
    ]);
    expect(rolled.damage.weaponShattered).toBe(true);
    const nick = run(attackOf(), defenseOf("weaponParry"), [10, 19, 2], { specialParryWeaponDamage: "nick" });
    expect(wearOf(nick.effects)).toEqual([
      { kind: "itemDurability", actorId: "gru", itemId: "broadsword", delta: -1, reason: "specialParry" },
    ]);
    // A natural weapon has no SP to lose and rolls nothing.
    const claws = run(
      attackOf({ weapon: weapon({ id: "claws", itemSp: null }) }),
      defenseOf("weaponParry"),
      [10, 19, 2],
    );
    expect(claws.effects).toEqual([]);
  });

  it('NC-DMG-9: with parryWearCombination "sum" the nick and the HP difference add up', () => {
    // Greatsword 2d8 (8, 8) = 16 against a buckler of 6: nick 1; HP part 8, 2 over → 3 with "sum", 2 with "greater".
    const buckler = { ...kite, id: "buckler", itemSp: { value: 6, max: 6 } };
    const script = [10, 10, 8, 8];
    const sum = run(attackOf({ weapon: greatsword }), defenseOf("shieldParry", { item: buckler }), script, {
      parryWearCombination: "sum",
    });
    expect(wearOf(sum.effects)).toEqual([
      { kind: "itemDurability", actorId: "dagmar", itemId: "buckler", delta: -3, reason: "excess" },
    ]);
    const greater = run(
      attackOf({ weapon: greatsword }),
      defenseOf("shieldParry", { item: buckler }),
      script,
    );
    expect(wearOf(greater.effects)[0]).toMatchObject({ delta: -2, reason: "excess" });
    // The defender takes the same either way: 10 through → 10 Stun, 5 HP.
    expect([stun(sum.effects), hp(sum.effects)]).toEqual([10, 5]);
  });

  it("NC-DEF-8: a monster's Special parry with a horn profile wears the weapon by the horn's roll; its Critical parry strikes back", () => {
    const horn: ParryItemProfile = {
      id: "horn",
      name: "Horn",
      type: "weapon",
      itemSp: { value: 10, max: 10 },
      damage: "1d6",
    };
    const bull = defenderOf({ id: "bull", damageModifier: 0 });
    const special = run(
      attackOf(),
      defenseOf("monsterParry", { defender: bull, item: horn }),
      [10, 19, 2, 5],
    );
    expect(wearOf(special.effects)).toEqual([
      { kind: "itemDurability", actorId: "gru", itemId: "broadsword", delta: -5, reason: "specialParry" },
    ]);
    const attacker = { id: "gru", st: 14, damageModifier: 0, luck: null, state: defenderOf({ id: "gru" }) };
    const critical = run(
      attackOf({ attacker }),
      defenseOf("monsterParry", { defender: bull, item: horn }),
      [10, 20, 20, 4],
    );
    expect(critical.damage.counterDamage).toBe(4);
    expect([stun(critical.effects, "gru"), hp(critical.effects, "gru")]).toEqual([4, 2]);
    expect([stun(critical.effects, "bull"), hp(critical.effects, "bull")]).toEqual([0, 0]);
  });

  it("NC-DMG-19: a Critical parry strikes the attacker with the item as an attack would, through his armor", () => {
    const attacker = {
      id: "gru",
      st: 14,
      damageModifier: 0,
      luck: null,
      state: defenderOf({ armorProtection: 1 }),
    };
    const r = run(attackOf({ attacker }), defenseOf("weaponParry"), [10, 20, 10, 8]);
    expect(r.outcome.kind).toBe(OutcomeKind.CriticalParry);
    expect(r.damage.counterDamage).toBe(10);
    expect([stun(r.effects, "gru"), hp(r.effects, "gru")]).toEqual([9, 4]);
    expect([stun(r.effects), hp(r.effects)]).toEqual([0, 0]);
    expect(r.consequences.map((c) => c.actorId)).toEqual(["gru"]);
  });

  it("NC-TAC-2, NC-DMG-19: an enchanted parrying weapon strikes back with its enchantment", () => {
    const attacker = {
      id: "gru",
      st: 14,
      damageModifier: 0,
      luck: null,
      state: defenderOf({ armorProtection: 1 }),
    };
    // The Sword's 1d8 (8) + 2, and its enchantment 2: 12, less Gru's armor 1 from each part.
    const enchantedSword = { ...sword, damageBonus: 2 };
    const r = run(
      attackOf({ attacker }),
      defenseOf("weaponParry", { item: enchantedSword }),
      [10, 20, 10, 8],
    );
    expect(r.outcome.kind).toBe(OutcomeKind.CriticalParry);
    expect(r.damage.counterDamage).toBe(12);
    expect([stun(r.effects, "gru"), hp(r.effects, "gru")]).toEqual([11, 5]);
  });

  it("NC-DMG-23: the HP part of a fumbled defense's maximum is an option (full by default)", () => {
    const full = run(
      attackOf(),
      defenseOf("dodge", { defender: defenderOf({ armorProtection: 5 }) }),
      [19, 2, 1, 3],
    );
    expect([stun(full.effects), hp(full.effects)]).toEqual([10, 10]);
    const half = run(
      attackOf(),
      defenseOf("dodge", { defender: defenderOf({ armorProtection: 5 }) }),
      [19, 2, 1, 3],
      {
        fumbledDefenseHitPoints: "half",
      },
    );
    expect([stun(half.effects), hp(half.effects)]).toEqual([10, 5]);
  });

  it("NC-DMG-23: an impaling weapon against a fumbled defense impales at maximum damage", () => {
    const r = run(attackOf({ weapon: spear }), defenseOf("shieldParry"), [19, 2, 1, 3]);
    expect(r.damage.damage).toBe(9);
    expect(r.damage.impaled).toBe(true);
    expect(wearOf(r.effects)).toEqual([
      { kind: "itemDurability", actorId: "dagmar", itemId: "kite", delta: -10, reason: "broken" },
    ]);
  });

  it("NC-DMG-23: the fumbled defense's maximum ignores armor but not magical protection (as NC-DMG-14)", () => {
    // Broadsword Special (19, then 2: no Critical) against a dodge fumbled on two natural 1s: maximum 10 to
    // Stun and to HP; armor 4 ignored, magic 2 not: 8 and 8.
    const armored = defenderOf({ armorProtection: 4, magicalProtection: 2 });
    const r = run(attackOf(), defenseOf("dodge", { defender: armored }), [19, 2, 1, 1]);
    expect(r.outcome.kind).toBe(OutcomeKind.FumbledDefenseHit);
    expect([stun(r.effects), hp(r.effects)]).toEqual([8, 8]);
  });

  it("NC-DMG-19: a Critical parry's blow takes HP even when the attack was a subdual one (NC-SUB-1 is the attacker's choice)", () => {
    const attacker = { id: "gru", st: 14, damageModifier: 0, luck: null, state: defenderOf({ id: "gru" }) };
    // Kite 1d4 rolls 4: 4 Stun and 2 HP to Gru, though his own blow would have taken Stun only.
    const r = run(attackOf({ attacker, subdual: true }), defenseOf("shieldParry"), [10, 20, 20, 4]);
    expect(r.outcome.kind).toBe(OutcomeKind.CriticalParry);
    expect([stun(r.effects, "gru"), hp(r.effects, "gru")]).toEqual([4, 2]);
  });

  it("CORE-CON-3: a character at 0 HP or less takes the Stun of a further blow as HP", () => {
    const dying = defenderOf({ hitPoints: { value: 0, max: 20 } });
    const r = run(attackOf(), defenseOf("none", { defender: dying }), [10, 7]);
    expect([stun(r.effects), hp(r.effects)]).toEqual([9, 9]);
  });
});

const fist = weapon({ id: "fist", name: "Fist", damage: "0", itemSp: null, natural: true });
const claw = weapon({ id: "claw", name: "Claw", damage: "1d6", itemSp: null, natural: true });

describe("subdual and the flat of the blade", () => {
  it("NC-SUB-1: in subdual only Stun is tracked; the HP part is left on the card", () => {
    // A claw used to subdue: 1d6 (7 is no d6 roll, so 5) + DM 4 as 1d4 (4) = 9.
    const r = run(attackOf({ subdual: true, weapon: claw }, 4), defenseOf("none"), [10, 5, 4]);
    expect([stun(r.effects), hp(r.effects)]).toEqual([9, 0]);
    expect(r.damage.untrackedHitPointDamage).toBe(5);
    expect(r.effects).toContainEqual({
      kind: "note",
      key: "FANGS.Rules.Subdual.UntrackedHitPoints",
      data: { actorId: "dagmar", amount: 5 },
    });
  });

  it("NC-SUB-2: the flat of the blade does one-handed club damage (1d6 + DM) and no HP", () => {
    const r = run(attackOf({ mode: "flatOfBlade" }, 2), defenseOf("none"), [10, 6, 2]);
    expect(r.damage.damage).toBe(8);
    expect([stun(r.effects), hp(r.effects)]).toEqual([8, 0]);
  });

  it("NC-SUB-2: a two-handed weapon's flat does two-handed club damage (1d8); a given club formula wins", () => {
    const two = run(attackOf({ mode: "flatOfBlade", weapon: greatsword }), defenseOf("none"), [10, 8]);
    expect(two.damage.damage).toBe(8);
    const given = run(
      attackOf({ mode: "flatOfBlade", flatOfBladeDamage: "1d4+1" }),
      defenseOf("none"),
      [10, 4],
    );
    expect(given.damage.damage).toBe(5);
    expect(FANGS_DEFAULTS.clubDamage).toEqual({ 1: "1d6", 2: "1d8" });
  });

  it("NC-SUB-2: the flat of an impaling blade does not impale on a Special", () => {
    const r = run(attackOf({ mode: "flatOfBlade", weapon: spear }), defenseOf("none"), [19, 2]);
    expect(r.damage.maximum).toBe(true);
    expect(r.damage.damage).toBe(6);
    expect(r.effects.some((e) => e.kind === "stuckItem")).toBe(false);
  });

  it("NC-SUB-1, NC-SUB-4, NC-DMG-13: a subdual Special with a natural impaling bite does not impale: no round damage to Health", () => {
    const bite = weapon({
      id: "bite",
      name: "Bite",
      damage: "2d8",
      itemSp: null,
      natural: true,
      impales: true,
    });
    // 19, then 2 + 12: a Special, no Critical; not impaling, so the maximum 16, all of it to Stun.
    const r = run(attackOf({ subdual: true, weapon: bite }), defenseOf("none"), [19, 2]);
    expect(r.damage.maximum).toBe(true);
    expect([stun(r.effects), hp(r.effects)]).toEqual([16, 0]);
    expect(r.damage.untrackedHitPointDamage).toBe(8);
    expect(r.damage.impaled).toBe(false);
    expect(r.effects.some((e) => e.kind === "stuckItem")).toBe(false);
    // Struck to harm, the same bite impales as before.
    const harm = run(attackOf({ weapon: bite }), defenseOf("none"), [19, 2, 5, 6]);
    expect(harm.damage.impaled).toBe(true);
  });

  it("NC-SUB-1, NC-DMG-23: a subdual impaling bite against a fumbled dodge sticks nowhere", () => {
    const bite = weapon({
      id: "bite",
      name: "Bite",
      damage: "2d8",
      itemSp: null,
      natural: true,
      impales: true,
    });
    const r = run(attackOf({ subdual: true, weapon: bite }), defenseOf("dodge"), [19, 2, 1, 3]);
    expect(r.outcome.kind).toBe(OutcomeKind.FumbledDefenseHit);
    expect(hp(r.effects)).toBe(0);
    expect(r.effects.some((e) => e.kind === "stuckItem")).toBe(false);
  });

  it("NC-SUB-3: a subdual fumble may become a health-damaging strike at the GM's word", () => {
    const r = run(attackOf({ subdual: true, weapon: claw }), defenseOf("dodge"), [1, 7]);
    expect(r.effects).toContainEqual({
      kind: "note",
      key: "FANGS.Rules.Subdual.FumbleMayHarm",
      data: { actorId: "gru" },
    });
    const victim = defenderOf({ id: "bystander" });
    const gentle = rollFumbleHit(
      attackOf({ subdual: true, weapon: claw }),
      victim,
      { healthDamaging: false },
      new ScriptedDice([6]),
    );
    expect([stun(gentle.effects, "bystander"), hp(gentle.effects, "bystander")]).toEqual([6, 0]);
    const harmful = rollFumbleHit(
      attackOf({ mode: "flatOfBlade" }),
      victim,
      { healthDamaging: true },
      new ScriptedDice([6]),
    );
    expect([stun(harmful.effects, "bystander"), hp(harmful.effects, "bystander")]).toEqual([8, 4]);
  });

  it("NC-SUB-4, NC-SUB-1: in a subdual fight a broadsword struck with its edge still deals Health damage", () => {
    // 1d8 (7) + 2 = 9: 9 Stun and 5 HP, as any blow; nothing is left untracked, and no subdual fumble note.
    const r = run(attackOf({ subdual: true }), defenseOf("none"), [10, 7]);
    expect([stun(r.effects), hp(r.effects)]).toEqual([9, 5]);
    expect(r.damage.untrackedHitPointDamage).toBe(0);
    const fumbled = run(attackOf({ subdual: true }), defenseOf("dodge"), [1, 7]);
    expect(
      fumbled.effects.some((e) => e.kind === "note" && e.key === "FANGS.Rules.Subdual.FumbleMayHarm"),
    ).toBe(false);
  });

  it("NC-SUB-4: bare hands subdue: a fist's subdual blow (the DM alone) takes no HP", () => {
    // DM 3: 1d2 (2) + 1 = 3 Stun, its 2 HP left untracked.
    const r = run(attackOf({ subdual: true, weapon: fist }, 3), defenseOf("none"), [10, 2]);
    expect([stun(r.effects), hp(r.effects)]).toEqual([3, 0]);
    expect(r.damage.untrackedHitPointDamage).toBe(2);
  });

  it("NC-SUB-4: only the business end harms: the flat of the blade spares Health in a subdual fight too", () => {
    const r = run(attackOf({ subdual: true, mode: "flatOfBlade" }), defenseOf("none"), [10, 6]);
    expect([stun(r.effects), hp(r.effects)]).toEqual([6, 0]);
  });

  it("NC-DMG-21: a fumble the GM turns on the attacker is a normal hit on himself, armor and all", () => {
    const self = defenderOf({ id: "gru", armorProtection: 2 });
    const dice = new ScriptedDice([8]);
    const r = rollFumbleHit(attackOf(), self, { healthDamaging: false }, dice);
    expect(dice.remaining).toBe(0);
    expect([stun(r.effects, "gru"), hp(r.effects, "gru")]).toEqual([8, 3]);
  });
});

describe("the damage step on its own", () => {
  it("NC-DMG-4: a dodged attack rolls no damage", () => {
    const dice = new ScriptedDice([]);
    const outcome = {
      kind: OutcomeKind.Dodged,
      attackLevel: SuccessLevel.Success,
      defenseChoice: "dodge" as const,
      defenseLevel: SuccessLevel.Success,
      upgradeConfirmation: null,
      prone: false,
      parryItemBroken: false,
      fumble: null,
      clauses: [],
    };
    const r = rollDamage(outcome, attackOf(), defenseOf("dodge"), dice);
    expect(r.effects).toEqual([]);
    expect(r.damage).toBe(0);
  });
});

describe("a bare hand parrying", () => {
  const hand = parryItem({ id: "hand", name: "Bare hand", damage: "0", bareHand: true });
  const bare = (over: Partial<DefenseDeclaration> = {}) =>
    defenseOf("shieldParry", {
      item: hand,
      defender: defenderOf({ armorProtection: 2, damageModifier: 2 }),
      ...over,
    });

  it("NC-MAN-4: a bare hand may parry, but the hand takes the damage: nothing is blocked and no item wears", () => {
    // Broadsword 8 + 2 = 10: all of it through the parry, less armor 2 → 8 Stun, 3 HP.
    const r = run(attackOf(), bare(), [10, 10, 8]);
    expect(r.outcome.kind).toBe(OutcomeKind.Parried);
    expect([stun(r.effects), hp(r.effects)]).toEqual([8, 3]);
    expect(wearOf(r.effects)).toEqual([]);
    // A bare hand has no SP track: its placeholder is not read, so a 0 there is no "shattered" hand.
    const zero = { ...hand, itemSp: { value: 0, max: 1 } };
    expect(run(attackOf(), bare({ item: zero }), [10, 10, 8]).damage.stunDamage).toBe(8);
  });

  it("NC-MAN-4: against a Special the hand takes the maximum, and a fumbled bare-hand parry breaks no item", () => {
    const special = run(attackOf(), bare(), [19, 2, 10]);
    expect(special.outcome.kind).toBe(OutcomeKind.ParriedSpecial);
    expect([stun(special.effects), hp(special.effects)]).toEqual([8, 3]);
    expect(wearOf(special.effects)).toEqual([]);
    const fumbled = run(attackOf(), bare(), [19, 2, 1, 1]);
    expect(fumbled.outcome.kind).toBe(OutcomeKind.FumbledDefenseHit);
    expect(fumbled.outcome.parryItemBroken).toBe(false);
    expect(wearOf(fumbled.effects)).toEqual([]);
    expect([stun(fumbled.effects), hp(fumbled.effects)]).toEqual([10, 10]);
  });

  it("NC-MAN-4: a Critical spear thrust parried by a bare hand sticks in the hand, that is in the parrier", () => {
    // Spear maximum 9 through the hand, no armor (Critical): 9 Stun, 5 HP; stuck in the body, not in an item.
    const r = run(attackOf({ weapon: spear }), bare(), [19, 10, 10]);
    expect([stun(r.effects), hp(r.effects)]).toEqual([9, 5]);
    expect(r.effects).toContainEqual({
      kind: "stuckItem",
      ownerId: "gru",
      itemId: "spear",
      targetId: "dagmar",
      inItemId: null,
      perRoundDamage: "1d8+1",
    });
    expect(r.damage.stuckInShield).toBe(false);
    expect(r.damage.impaled).toBe(true);
  });

  it("NC-DMG-18: a Special parry always damages the attacking weapon: a bare hand at DM 0 (a roll of 0) still takes 1 SP", () => {
    // "the attacking weapon takes damage to its SP": the fist's 0 and no DM roll nothing, and the weapon still loses 1.
    const r = run(attackOf(), bare({ defender: defenderOf({ damageModifier: 0 }) }), [10, 19, 2]);
    expect(r.outcome.kind).toBe(OutcomeKind.SpecialParry);
    expect(wearOf(r.effects)).toEqual([
      { kind: "itemDurability", actorId: "gru", itemId: "broadsword", delta: -1, reason: "specialParry" },
    ]);
    expect([stun(r.effects), hp(r.effects)]).toEqual([0, 0]);
    // The same with an item whose roll comes to 0 (1d4−1 rolling 1).
    const club = parryItem({ id: "stool", name: "Stool", type: "weapon", damage: "1d4-1" });
    const stool = run(attackOf(), defenseOf("weaponParry", { item: club }), [10, 19, 2, 1]);
    expect(wearOf(stool.effects)).toEqual([
      { kind: "itemDurability", actorId: "gru", itemId: "broadsword", delta: -1, reason: "specialParry" },
    ]);
  });

  it("NC-MAN-4: a Critical bare-hand parry strikes back with the fist, whose damage is the DM (CORE-CHR-6: Fist)", () => {
    const attacker = { id: "gru", st: 14, damageModifier: 0, luck: null, state: defenderOf({ id: "gru" }) };
    // The defender's DM +2 rolls 1d2: 2.
    const r = run(attackOf({ attacker }), bare(), [10, 20, 20, 2]);
    expect(r.outcome.kind).toBe(OutcomeKind.CriticalParry);
    expect(r.damage.counterDamage).toBe(2);
    expect([stun(r.effects, "gru"), hp(r.effects, "gru")]).toEqual([2, 1]);
  });
});

describe("what a parry blocks", () => {
  it("NC-DEF-6: a shield parry and a weapon parry each block damage up to the item's SP", () => {
    // The same 15 (Greatsword 8 + 7) against a kite shield (SP 10) and a parrying sword (SP 10): 5 through.
    const shield = run(attackOf({ weapon: greatsword }), defenseOf("shieldParry"), [10, 10, 8, 7]);
    const blade = run(attackOf({ weapon: greatsword }), defenseOf("weaponParry"), [10, 10, 8, 7]);
    expect([stun(shield.effects), hp(shield.effects)]).toEqual([5, 3]);
    expect([stun(blade.effects), hp(blade.effects)]).toEqual([5, 3]);
    // A sturdier shield (SP 12) blocks more of it.
    const tower = { ...kite, id: "tower", itemSp: { value: 12, max: 12 } };
    const stronger = run(
      attackOf({ weapon: greatsword }),
      defenseOf("shieldParry", { item: tower }),
      [10, 10, 8, 7],
    );
    expect([stun(stronger.effects), hp(stronger.effects)]).toEqual([3, 2]);
  });
});

describe("what a shield strikes back with", () => {
  it("NC-DMG-19: a shield's Critical parry strikes back with the one-handed club damage of the options", () => {
    expect(shieldStrikeDamage()).toBe(FANGS_DEFAULTS.clubDamage[1]);
    expect(shieldStrikeDamage({ clubDamage: { 1: "1d4", 2: "1d8" } })).toBe("1d4");
  });
});

describe("readings of the damage text a GM may switch", () => {
  /** Dagmar's sword, nicked down to 6 of its 10 SP. */
  const worn = { ...defenseOf("weaponParry"), item: { ...sword, itemSp: { value: 6, max: 10 } } };

  it('NC-DMG-17: by default "more than 50% of its SP" reads the SP it parried with: 4 lost of 6 breaks it', () => {
    // A Special Broadsword (maximum 10) against the worn sword: 4 over its 6 SP.
    const r = run(attackOf(), worn, [19, 2, 10]);
    expect(r.outcome.kind).toBe(OutcomeKind.ParriedSpecial);
    expect(wearOf(r.effects)).toEqual([
      { kind: "itemDurability", actorId: "dagmar", itemId: "parrySword", delta: -6, reason: "broken" },
    ]);
    expect(r.damage.parryItemShattered).toBe(true);
  });

  it('NC-DMG-17: under "maximum" it reads the full 10 SP: 4 lost is not more than half, the sword keeps 2', () => {
    const r = run(attackOf(), worn, [19, 2, 10], { weaponBreakSp: "maximum" });
    expect(wearOf(r.effects)).toEqual([
      { kind: "itemDurability", actorId: "dagmar", itemId: "parrySword", delta: -4, reason: "excess" },
    ]);
    expect(r.damage.parryItemShattered).toBe(false);
    // More than half of 10 still breaks it: a Greatsword's 16 takes 10 off 6.
    const broken = run(attackOf({ weapon: greatsword }), worn, [19, 2, 10], { weaponBreakSp: "maximum" });
    expect(wearOf(broken.effects)[0]).toMatchObject({ delta: -6, reason: "broken" });
  });

  it("NC-DMG-13: by default a stuck weapon's round damage is its own dice, without the attacker's DM", () => {
    // Gru (DM 3) impales with the spear: 1d8+1 (5) and the DM's 1d2+1 (2): 9 in full.
    const r = run(attackOf({ weapon: spear }, 3), defenseOf("none"), [19, 2, 5, 2]);
    expect(r.damage.damage).toBe(9);
    expect(r.effects).toContainEqual(expect.objectContaining({ kind: "stuckItem", perRoundDamage: "1d8+1" }));
  });

  it('NC-DMG-13: under "weaponAndDm" the stuck weapon carries the DM\'s dice too; traded points do not', () => {
    const options = { impaleRoundDamage: "weaponAndDm" } as const;
    const r = run(
      attackOf({ weapon: spear, extraDamageModifier: 4 }, 3),
      defenseOf("none"),
      [19, 2, 5, 2],
      options,
    );
    expect(r.effects).toContainEqual(
      expect.objectContaining({ kind: "stuckItem", perRoundDamage: "1d8+1+1d2+1" }),
    );
    // A fumbled defense's impaling blow sticks the same way.
    const fumbled = run(
      attackOf({ weapon: spear }, 3),
      defenseOf("dodge", { skill: GRU_SWORD }),
      [19, 2, 1, 1],
      options,
    );
    expect(fumbled.effects).toContainEqual(
      expect.objectContaining({ kind: "stuckItem", perRoundDamage: "1d8+1+1d2+1" }),
    );
    // No DM, nothing to add.
    const weak = run(attackOf({ weapon: spear }), defenseOf("none"), [19, 2, 5], options);
    expect(weak.effects).toContainEqual(
      expect.objectContaining({ kind: "stuckItem", perRoundDamage: "1d8+1" }),
    );
  });
});
