import "../../test/foundry/setup";
import {
  armor,
  createActor,
  createItem,
  itemNamed,
  shield,
  skill,
  weapon,
} from "../../test/foundry/builders";
import { resetWorld } from "../../test/foundry/setup";
import { DataModelValidationError } from "../../test/foundry/stand-in";
import { CharacterModel } from "../rulesets/fangs/data/actor-character";
import { CreatureModel } from "../rulesets/fangs/data/actor-creature";
import { ShieldModel } from "../rulesets/fangs/data/item-shield";
import { SkillModel } from "../rulesets/fangs/data/item-skill";
import { WeaponModel } from "../rulesets/fangs/data/item-weapon";
import { ITEM_SP_ABOVE_MAX } from "./item-sp";

beforeEach(resetWorld);

/** Gru from the examples: ST 14, AG 12, SZ 11. */
const GRU = { st: 14, ag: 12, co: 12, in: 13, pw: 9, sz: 11, ap: 10 };

function character(actor: { system: unknown }): CharacterModel {
  if (!(actor.system instanceof CharacterModel)) throw new Error("not a character");
  return actor.system;
}

function creature(actor: { system: unknown }): CreatureModel {
  if (!(actor.system instanceof CreatureModel)) throw new Error("not a creature");
  return actor.system;
}

describe("character derived data", () => {
  it("CORE-CHR-5: ST 14, AG 12, SZ 11 gives MV 15", async () => {
    const actor = await createActor({ characteristics: GRU });
    expect(character(actor).attributes.movement).toBe(15);
  });

  it("CORE-CHR-2, CORE-CHR-3: HP and Stun maxima come from CO, ST and SZ, rounded up", async () => {
    const actor = await createActor({ characteristics: GRU });
    // HP = ceil((12 + 11) / 2) = 12; Stun = 12 + ceil((14 + 11) / 2) = 25.
    expect(character(actor).hitPoints.max).toBe(12);
    expect(character(actor).stunPoints.max).toBe(25);
  });

  it("CORE-CHR-4: ST 14 / SZ 11 has a DM of +1, rolled as a flat 1", async () => {
    const actor = await createActor({ characteristics: GRU });
    expect(character(actor).attributes.damageModifier).toBe(1);
    expect(character(actor).attributes.damageModifierDice).toBe("1");
  });

  it("Idea, Luck, Fatigue and Power Points follow IN, PW, ST+CO and PW", async () => {
    const { attributes } = character(await createActor({ characteristics: GRU }));
    expect([attributes.idea, attributes.luck, attributes.fatigue, attributes.powerPoints]).toEqual([
      13, 9, 26, 9,
    ]);
  });

  it("CORE-CHR-7: Dodge is AG + bought points − the SP of every equipped armor, and only equipped", async () => {
    const actor = await createActor({
      characteristics: GRU,
      system: { dodgeSkill: { bought: 3 } },
      items: [
        armor("Leather Armor", { armorProtection: 3, equipped: true }),
        armor("Leathers", { armorProtection: 1, equipped: true }),
        armor("Plate Mail in the cart", { armorProtection: 8, equipped: false }),
      ],
    });
    expect(character(actor).armorProtection).toBe(4);
    expect(character(actor).attributes.dodge).toBe(12 + 3 - 4);
  });

  it("re-derives when an armor is taken off", async () => {
    const actor = await createActor({
      characteristics: GRU,
      items: [armor("Mail", { armorProtection: 6, equipped: true })],
    });
    expect(character(actor).attributes.dodge).toBe(6);
    await itemNamed(actor, "Mail").update({ system: { equipped: false } });
    expect(character(actor).armorProtection).toBe(0);
    expect(character(actor).attributes.dodge).toBe(12);
  });

  it("re-derives MV when a characteristic changes", async () => {
    const actor = await createActor({ characteristics: GRU });
    await actor.update({ system: { characteristics: { ag: 15 } } });
    expect(character(actor).attributes.movement).toBe(18);
  });

  it("stores only the stored fields: max, attributes and armor protection are not in the source", async () => {
    const actor = await createActor({ characteristics: GRU });
    const source = actor.toObject().system as Record<string, unknown>;
    expect(Object.keys(source).sort()).toEqual(
      ["biography", "characteristics", "dodgeSkill", "hitPoints", "stunPoints"].sort(),
    );
    expect(source.stunPoints).toEqual({ value: 20 });
  });
});

describe("creature derived data", () => {
  const TROLL = { st: 25, ag: 10, co: 20, in: 6, pw: 7, sz: 20, ap: 3 };

  it("CORE-CHR-4: a troll (ST 25 / SZ 20) has DM +5, rolled 1d4+1", async () => {
    const troll = await createActor({ type: "creature", name: "Troll", characteristics: TROLL });
    expect(creature(troll).attributes.damageModifier).toBe(5);
    expect(creature(troll).attributes.damageModifierDice).toBe("1d4+1");
  });

  it("CORE-CHR-4: a dragon (ST 40 / SZ 40) has the capped DM +10", async () => {
    const dragon = await createActor({
      type: "creature",
      name: "Dragon",
      characteristics: { st: 40, sz: 40 },
    });
    expect(creature(dragon).attributes.damageModifier).toBe(10);
  });

  it("NC-DEF-8: the monster parry is its natural ability formula + bought points, for unintelligent non-humanoids", async () => {
    const wolf = await createActor({
      type: "creature",
      name: "Wolf",
      characteristics: { st: 12, ag: 15, sz: 8 },
      system: { monsterParry: { formula: "(ST+AG+SZ)/5", bought: 2 } },
    });
    // (12 + 15 + 8) / 5 = 7; + 2 bought.
    expect(creature(wolf).monsterParry).toMatchObject({ natural: 7, bought: 2, total: 9 });
    expect(creature(wolf).hasMonsterParry).toBe(true);
    await wolf.update({ system: { intelligent: true } });
    expect(creature(wolf).hasMonsterParry).toBe(false);
  });

  it("has the shared derived data too (HP, Stun, MV)", async () => {
    const troll = await createActor({ type: "creature", name: "Troll", characteristics: TROLL });
    expect(creature(troll).hitPoints.max).toBe(20);
    expect(creature(troll).stunPoints.max).toBe(20 + 23);
    expect(creature(troll).attributes.movement).toBe(25 + 10 - 20);
  });
});

describe("item derived data", () => {
  it("CORE-CHR-6: a skill on an actor is its natural ability (rounded up) + bought", async () => {
    const actor = await createActor({
      characteristics: GRU,
      items: [skill("Broadsword", { key: "broadsword", naturalAbility: "(ST+AG+SZ)/5", bought: 4 })],
    });
    const system = itemNamed(actor, "Broadsword").system;
    if (!(system instanceof SkillModel)) throw new Error("not a skill");
    // (14 + 12 + 11) / 5 = 7.4 → 8.
    expect([system.natural, system.total]).toEqual([8, 12]);
    expect(actor.skillByKey("broadsword")?.name).toBe("Broadsword");
    expect(actor.skillByKey("greatsword")).toBeUndefined();
  });

  it("a skill that belongs to no actor has no natural value to show", async () => {
    const item = await createItem(
      skill("First Aid", { key: "firstAid", naturalAbility: "2*IN/5", bought: 3 }),
    );
    const system = item.system as SkillModel;
    expect([system.natural, system.total]).toEqual([null, null]);
  });

  it.each([
    [10, "sound"],
    [9, "nicked"],
    [5, "nicked"],
    [4, "unusableForAttack"],
    [0, "shattered"],
  ])("NC-DMG-8: a weapon at %i of 10 SP is %s", async (value, condition) => {
    const item = await createItem(weapon("Broadsword", { damage: "1d8+2", itemSp: { value, max: 10 } }));
    expect((item.system as WeaponModel).condition).toBe(condition);
  });

  it("a natural weapon has no condition", async () => {
    const item = await createItem(weapon("Claws", { damage: "1d6", natural: true }));
    expect((item.system as WeaponModel).condition).toBeNull();
  });

  it("a shield's condition follows its SP", async () => {
    const item = await createItem(shield("Kite", { itemSp: { value: 7, max: 10 } }));
    expect((item.system as ShieldModel).condition).toBe("nicked");
  });

  it("a new item gets the defaults of its type", async () => {
    const item = await createItem(weapon("Something sharp"));
    expect(item.toObject().system).toMatchObject({
      damage: "1d6",
      itemSp: { value: 10, max: 10 },
      hands: "one",
      kind: "melee",
      reach: 1,
      skill: "",
      equipped: false,
    });
  });
});

describe("model constraints", () => {
  function refusal(fn: () => unknown): Record<string, { message: string }> {
    try {
      fn();
    } catch (error) {
      if (error instanceof DataModelValidationError) return error.getAllFailures() ?? {};
      throw error;
    }
    throw new Error("the data were accepted");
  }

  it("refuses a damage formula the dice parser refuses, naming the field and the formula", () => {
    const failures = refusal(() => new WeaponModel({ damage: "2d" }));
    expect(Object.keys(failures)).toEqual(["damage"]);
    expect(failures.damage!.message).toContain('"2d"');
  });

  it("NC-DEF-9: a shield's bash damage is blank by default (the club) or a formula the dice parser reads", () => {
    expect(new ShieldModel({}).bashDamage).toBe("");
    expect(new ShieldModel({ bashDamage: "1d8" }).bashDamage).toBe("1d8");
    expect(Object.keys(refusal(() => new ShieldModel({ bashDamage: "2d" })))).toEqual(["bashDamage"]);
  });

  it.each(["", "d", "1d8+", "1d8 + sword", "2d6x"])("refuses the damage formula %j", (damage) => {
    expect(Object.keys(refusal(() => new WeaponModel({ damage })))).toEqual(["damage"]);
  });

  it.each(["1d8+2", "d8", "2d4+2", "1d8+1d6", "3"])("accepts the damage formula %j", (damage) => {
    expect(new WeaponModel({ damage }).damage).toBe(damage);
  });

  it("NC-TAC-2: a weapon's damage bonus (enchantment) is a whole number from 0 to 10,000, 0 on a weapon stored without one", () => {
    expect(new WeaponModel({}).damageBonus).toBe(0);
    expect(new WeaponModel({ damageBonus: 2 }).damageBonus).toBe(2);
    expect(new WeaponModel({ damageBonus: 10_000 }).damageBonus).toBe(10_000);
    // The same bound as a flat in the damage formula: ten million typed by a player is refused, not rolled.
    for (const damageBonus of [-1, 1.5, "two", 10_001, 10_000_000]) {
      expect(Object.keys(refusal(() => new WeaponModel({ damageBonus } as never)))).toEqual(["damageBonus"]);
    }
  });

  it("RHF-REC-1 (FANGS module): a weapon's Recoil is a whole number from 0 to 100 and its tripod a flag, 0 and off on a weapon stored without them", () => {
    const stored = new WeaponModel({ damage: "2d6", kind: "missile" } as never);
    expect(stored.recoil).toBe(0);
    expect(stored.tripod).toBe(false);
    expect(new WeaponModel({ recoil: 5, tripod: true } as never)).toMatchObject({ recoil: 5, tripod: true });
    for (const recoil of [-1, 2.5, "five", 101]) {
      expect(Object.keys(refusal(() => new WeaponModel({ recoil } as never)))).toEqual(["recoil"]);
    }
  });

  it("refuses characteristics below 1, above 999, fractional or not numbers, without rounding or clamping", () => {
    for (const st of [0, -3, 1000, 12.5, "abc"]) {
      const failures = refusal(
        () =>
          new CharacterModel({
            characteristics: { st, ag: 10, co: 10, in: 10, pw: 10, sz: 10, ap: 10 },
          } as never),
      );
      expect(Object.keys(failures)).toEqual(["characteristics.st"]);
    }
  });

  it("lets Stun and HP go below 0", () => {
    const model = new CharacterModel({ stunPoints: { value: -4 }, hitPoints: { value: -2 } });
    expect([model.stunPoints.value, model.hitPoints.value]).toEqual([-4, -2]);
  });

  it("refuses an item SP value above its maximum, and a maximum below 1", () => {
    expect(() => new WeaponModel({ itemSp: { value: 11, max: 10 } })).toThrow(ITEM_SP_ABOVE_MAX);
    expect(() => new ShieldModel({ itemSp: { value: 9, max: 8 } })).toThrow(ITEM_SP_ABOVE_MAX);
    expect(Object.keys(refusal(() => new ShieldModel({ itemSp: { value: 0, max: 0 } })))).toEqual([
      "itemSp.max",
    ]);
  });

  it("refuses choices outside the lists, and a malformed skill formula or key", () => {
    expect(Object.keys(refusal(() => new WeaponModel({ hands: "three" } as never)))).toEqual(["hands"]);
    expect(Object.keys(refusal(() => new WeaponModel({ kind: "siege" } as never)))).toEqual(["kind"]);
    expect(Object.keys(refusal(() => new SkillModel({ naturalAbility: "(ST+XX)/5" })))).toEqual([
      "naturalAbility",
    ]);
    expect(Object.keys(refusal(() => new SkillModel({ key: "Shield Parry" })))).toEqual(["key"]);
    expect(Object.keys(refusal(() => new SkillModel({ category: "magic" } as never)))).toEqual(["category"]);
    expect(Object.keys(refusal(() => new SkillModel({ bought: -1 })))).toEqual(["bought"]);
  });
});
