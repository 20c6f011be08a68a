import "../../test/foundry/setup";
import { createActor, createItem, itemNamed, skill, weapon } from "../../test/foundry/builders";
import { resetWorld, standIn } from "../../test/foundry/setup";
import type { CharacterModel } from "../rulesets/fangs/data/actor-character";
import type { WeaponModel } from "../rulesets/fangs/data/item-weapon";
import { FangsActor } from "./actor";
import { keyFromName } from "./item";
import { updateOrRefuse } from "./refusal";

beforeEach(() => {
  resetWorld();
  // Each refusal is also logged for the developer; keep the test output quiet.
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const errors = () => standIn.ui.notifications.shown.filter((n) => n.type === "error").map((n) => n.message);

const GRU = { st: 14, ag: 12, co: 12, in: 13, pw: 9, sz: 11, ap: 10 };

/** A change as a sheet form submits it: dotted keys, values possibly text. */
type FormChange = Record<string, unknown>;
const asUpdate = (change: FormChange) => change as never;

describe("a refused actor edit", () => {
  it("leaves the actor unchanged and says which field expects what", async () => {
    const actor = await createActor({ characteristics: GRU });
    const before = actor.toObject();
    const result = await actor.update(asUpdate({ "system.characteristics.st": 0 }));
    expect(result).toBeUndefined();
    expect(actor.toObject()).toEqual(before);
    expect((actor.system as CharacterModel).attributes.movement).toBe(15);
    expect(errors()).toEqual([
      "Gru the Sellsword: Strength must be a whole number from 1 to 999. The change was not saved.",
    ]);
  });

  it.each([
    ["text", "abc"],
    ["a fraction (not rounded)", 12.5],
    ["too large (not clamped)", 1000],
  ])("refuses a characteristic that is %s", async (_what, value) => {
    const actor = await createActor({ characteristics: GRU });
    await actor.update(asUpdate({ "system.characteristics.ag": value }));
    expect(actor.toObject().system).toMatchObject({ characteristics: { ag: 12 } });
    expect(errors()).toHaveLength(1);
    expect(errors()[0]).toContain("Agility must be a whole number from 1 to 999");
  });

  it("refuses a cleared number (a form sends null) instead of quietly putting back the field's initial value", async () => {
    const actor = await createActor({
      characteristics: GRU,
      system: { stunPoints: { value: 7 } },
      items: [weapon("Spear", { reach: 3, damage: "1d8+1" })],
    });
    await actor.update(asUpdate({ "system.characteristics.st": null }));
    await actor.update(asUpdate({ "system.stunPoints.value": null }));
    const spear = itemNamed(actor, "Spear");
    await spear.update(asUpdate({ "system.reach": null }));
    await spear.update(asUpdate({ "system.damage": null }));
    expect(actor.toObject().system).toMatchObject({ characteristics: { st: 14 }, stunPoints: { value: 7 } });
    expect(spear.toObject().system).toMatchObject({ reach: 3, damage: "1d8+1" });
    expect(errors()).toEqual([
      "Gru the Sellsword: Strength must be a whole number from 1 to 999. The change was not saved.",
      "Gru the Sellsword: Stun Points must be a whole number. The change was not saved.",
      "Spear: Reach (paces) must be a whole number of at least 0. The change was not saved.",
      "Spear: Damage must be a dice formula such as 1d8+2. The change was not saved.",
    ]);
  });

  it("refuses the whole change when one field in it is bad", async () => {
    const actor = await createActor({ characteristics: GRU });
    await actor.update(asUpdate({ "system.characteristics.st": 15, "system.dodgeSkill.bought": -1 }));
    expect(actor.toObject().system).toMatchObject({ characteristics: { st: 14 }, dodgeSkill: { bought: 0 } });
    expect(errors()).toEqual([
      "Gru the Sellsword: Dodge points bought must be a whole number of at least 0. The change was not saved.",
    ]);
  });

  it("accepts Stun and HP below 0 and a good change, without any notice", async () => {
    const actor = await createActor({ characteristics: GRU });
    const result = await actor.update(
      asUpdate({ "system.stunPoints.value": -3, "system.characteristics.st": "15" }),
    );
    expect(result).toBe(actor);
    expect(actor.toObject().system).toMatchObject({ stunPoints: { value: -3 }, characteristics: { st: 15 } });
    expect(standIn.ui.notifications.shown).toEqual([]);
  });

  it("passes any other error on: only validation failures are turned into notices", async () => {
    const stray = new FangsActor({ name: "Not in the world", type: "character" } as never);
    await expect(stray.update({ name: "x" })).rejects.toThrow(/does not exist/);
    expect(errors()).toEqual([]);
  });
});

describe("updateOrRefuse: the one path of both documents' updates", () => {
  const validationError = (actor: FangsActor) => {
    try {
      (actor as unknown as { validate(o: object): unknown }).validate({
        changes: { system: { characteristics: { st: 0 } } },
        clean: true,
        strict: true,
      });
    } catch (error) {
      return error;
    }
    throw new Error("the change was not refused");
  };

  it("does not write a change its checks refuse, and says why", async () => {
    const actor = await createActor({ characteristics: GRU });
    const write = vi.fn(async () => [actor]);
    const updates = [{ _id: actor.id, "system.characteristics.st": 0 }];
    expect(await updateOrRefuse("Actor", updates, undefined, write)).toEqual([]);
    expect(write).not.toHaveBeenCalled();
    expect(errors()).toEqual([
      "Gru the Sellsword: Strength must be a whole number from 1 to 999. The change was not saved.",
    ]);
  });

  it("turns a refusal Foundry's write throws into the same notice, and nothing written", async () => {
    const actor = await createActor({ characteristics: GRU });
    const error = validationError(actor);
    const updates = [{ _id: actor.id, "system.characteristics.st": 15 }];
    const result = await updateOrRefuse("Actor", updates, undefined, async () => {
      throw error;
    });
    expect(result).toEqual([]);
    expect(errors()).toHaveLength(1);
    expect(errors()[0]).toContain("Strength");
  });

  it("passes any other error on, and gives back what a good write wrote", async () => {
    const sword = await createItem(weapon("Broadsword", { damage: "1d8+2" }));
    const updates = [{ _id: sword.id, name: "Longsword" }];
    await expect(
      updateOrRefuse("Item", updates, undefined, async () => {
        throw new Error("the server is gone");
      }),
    ).rejects.toThrow("the server is gone");
    expect(await updateOrRefuse("Item", updates, undefined, async () => [sword])).toEqual([sword]);
    expect(errors()).toEqual([]);
  });
});

describe("a refused item edit", () => {
  it("refuses a weapon damage formula the dice parser refuses, naming the field", async () => {
    const sword = await createItem(weapon("Broadsword", { damage: "1d8+2" }));
    await sword.update(asUpdate({ "system.damage": "2d" }));
    expect((sword.system as WeaponModel).damage).toBe("1d8+2");
    expect(errors()).toEqual([
      "Broadsword: Damage must be a dice formula such as 1d8+2. The change was not saved.",
    ]);
  });

  it("refuses a blank damage instead of quietly restoring the default", async () => {
    const sword = await createItem(weapon("Broadsword", { damage: "1d8+2" }));
    await sword.update(asUpdate({ "system.damage": "   " }));
    expect((sword.system as WeaponModel).damage).toBe("1d8+2");
    expect(errors()[0]).toContain("Damage must be a dice formula");
  });

  it("refuses a bad edit of an actor's item, from the item or through the actor", async () => {
    const actor = await createActor({ characteristics: GRU, items: [weapon("Dagger", { damage: "1d4+2" })] });
    const dagger = itemNamed(actor, "Dagger");
    await dagger.update(asUpdate({ "system.damage": "1d4+" }));
    await actor.updateEmbeddedDocuments("Item", [asUpdate({ _id: dagger.id, "system.reach": -1 })]);
    expect(dagger.toObject().system).toMatchObject({ damage: "1d4+2", reach: 1 });
    expect(errors()).toEqual([
      "Dagger: Damage must be a dice formula such as 1d8+2. The change was not saved.",
      "Dagger: Reach (paces) must be a whole number of at least 0. The change was not saved.",
    ]);
  });

  it("names the right item when a batch of item changes is refused", async () => {
    const actor = await createActor({
      characteristics: GRU,
      items: [weapon("Dagger", { damage: "1d4+2" }), weapon("Spear", { damage: "1d8+1" })],
    });
    const [dagger, spear] = [itemNamed(actor, "Dagger"), itemNamed(actor, "Spear")];
    await actor.updateEmbeddedDocuments("Item", [
      asUpdate({ _id: dagger.id, "system.equipped": true }),
      asUpdate({ _id: spear.id, "system.range": "far" }),
    ]);
    expect([dagger.toObject().system, spear.toObject().system]).toMatchObject([
      { equipped: false },
      { range: 0 },
    ]);
    expect(errors()).toEqual([
      "Spear: Range (paces) must be a whole number of at least 0. The change was not saved.",
    ]);
  });

  it("NC-DMG-8: refuses an item SP above the full SP, whichever of the two is edited", async () => {
    const sword = await createItem(weapon("Broadsword", { itemSp: { value: 8, max: 10 } }));
    await sword.update(asUpdate({ "system.itemSp.value": 12 }));
    await sword.update(asUpdate({ "system.itemSp.max": 6 }));
    expect(sword.toObject().system).toMatchObject({ itemSp: { value: 8, max: 10 } });
    expect(errors()).toEqual([
      "Broadsword: Current SP must be no more than its full SP. The change was not saved.",
      "Broadsword: Current SP must be no more than its full SP. The change was not saved.",
    ]);
    await sword.update(asUpdate({ "system.itemSp.value": 10 }));
    expect(sword.toObject().system).toMatchObject({ itemSp: { value: 10, max: 10 } });
  });

  it("lists the choices a choice field accepts, in the user's words", async () => {
    const sword = await createItem(weapon("Broadsword"));
    await sword.update(asUpdate({ "system.hands": "three" }));
    expect(errors()).toEqual([
      "Broadsword: Hands must be one of: One-handed, Two-handed, One or two hands. The change was not saved.",
    ]);
  });

  it("explains what a key and a natural-ability formula look like", async () => {
    const item = await createItem(skill("Shield Parry", { key: "shieldParry", naturalAbility: "(ST+AG)/5" }));
    await item.update(asUpdate({ "system.key": "Shield Parry" }));
    await item.update(asUpdate({ "system.naturalAbility": "(ST+AGI)/5" }));
    expect(item.toObject().system).toMatchObject({ key: "shieldParry", naturalAbility: "(ST+AG)/5" });
    expect(errors()).toEqual([
      "Shield Parry: Key must be a key of letters and digits that starts with a small letter, such as shieldParry. The change was not saved.",
      "Shield Parry: Natural ability must be a formula over ST, AG, CO, IN, PW, SZ and AP, such as (ST+AG)/5. The change was not saved.",
    ]);
  });
});

describe("keys of new skills and advantages", () => {
  it("a skill created without a key takes one from its name; a given key is kept", async () => {
    const actor = await createActor({ characteristics: GRU });
    const created = await actor.createEmbeddedDocuments("Item", [
      skill("First Aid", { naturalAbility: "2*IN/5" }),
      skill("Shield Parry", { key: "buckler" }),
    ] as never);
    const [firstAid, parry] = created ?? [];
    expect(firstAid?.toObject().system).toMatchObject({ key: "firstAid" });
    expect(parry?.toObject().system).toMatchObject({ key: "buckler" });
    expect(actor.skillByKey("firstAid")?.name).toBe("First Aid");
  });

  it("a natural weapon (claws, a fist) dropped on an actor is at hand: equipped, where a held weapon keeps its flag", async () => {
    const actor = await createActor({ characteristics: GRU });
    await actor.createEmbeddedDocuments("Item", [
      weapon("Claws", { damage: "1d6", natural: true, equipped: false }),
      weapon("Broadsword", { damage: "1d8+1", equipped: false }),
    ] as never);
    const equipped = (name: string) => (itemNamed(actor, name).system as unknown as WeaponModel).equipped;
    expect(equipped("Claws")).toBe(true);
    expect(equipped("Broadsword")).toBe(false);
    // A world item is no one's body part: its flag is kept.
    const loose = await createItem(weapon("Bite", { damage: "1d4", natural: true, equipped: false }));
    expect((loose.system as unknown as WeaponModel).equipped).toBe(false);
  });

  it("skills added one after another with the same name get different keys, so a weapon finds one", async () => {
    const actor = await createActor({ characteristics: GRU });
    for (let i = 0; i < 3; i += 1) await actor.createEmbeddedDocuments("Item", [skill("New Skill")] as never);
    const keys = actor.items.map((item) => (item.system as unknown as { key: string }).key);
    expect(keys).toEqual(["newSkill", "newSkill2", "newSkill3"]);
    const world = await createItem(skill("New Skill"));
    expect((world.system as unknown as { key: string }).key).toBe("newSkill");
  });

  it.each([
    ["Shield Parry", "shieldParry"],
    ["First Aid", "firstAid"],
    ["Épée", "epee"],
    ["Run & Dodge", "runDodge"],
    ["1H Melee Weapon", "hMeleeWeapon"],
    ["!!!", ""],
  ])("keyFromName(%j) is %j", (name, key) => {
    expect(keyFromName(name)).toBe(key);
  });
});
