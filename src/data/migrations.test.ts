import "../../test/foundry/setup";
import { readFileSync } from "node:fs";
import { createActor, createPack, createScene } from "../../test/foundry/builders";
import { resetWorld, standIn } from "../../test/foundry/setup";
import { SCHEMA_VERSION, SYSTEM_ID } from "../config/system";
import { FangsActor } from "../documents/actor";
import { FangsItem } from "../documents/item";
import { CharacterModel } from "../rulesets/fangs/data/actor-character";
import { CreatureModel } from "../rulesets/fangs/data/actor-creature";
import { migrateWeapon, takeMigrationRepairs } from "./migrations";
import { migrateWorldIfNeeded } from "./world-migration";
import { migrateWorldWhenDue, worldNeedsMigration } from "./world-migration-gate";

type Obj = Record<string, unknown>;

function fixture(name: string): Obj {
  return JSON.parse(readFileSync(new URL(`./fixtures/v0/${name}.json`, import.meta.url), "utf8"));
}

/** Every leaf value of a source (numbers, strings, booleans), to check that none is lost. */
function leaves(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value && typeof value === "object") return Object.values(value).flatMap(leaves);
  return [value];
}

beforeEach(resetWorld);
afterEach(() => {
  vi.restoreAllMocks();
});

describe("migration of version 0 data", () => {
  it("a v0 character keeps every value, each in its v1 place", () => {
    const v0 = fixture("character");
    const actor = new FangsActor(v0 as never);
    const system = actor.toObject().system as Obj;
    expect(system).toEqual({
      characteristics: { st: 13, ag: 15, co: 12, in: 11, pw: 9, sz: 10, ap: 14 },
      stunPoints: { value: 17 },
      hitPoints: { value: 9 },
      dodgeSkill: { bought: 4 },
      biography: "<p>Never holds her action for long.</p>",
    });
    expect(actor.system).toBeInstanceOf(CharacterModel);
  });

  it("the items of a v0 character keep every value: sp becomes itemSp or armorProtection, base becomes bought", () => {
    const actor = new FangsActor(fixture("character") as never);
    const byName = (type: string) => actor.items.find((i) => i.type === type)!.toObject().system as Obj;
    expect(byName("weapon")).toMatchObject({
      damage: "1d6+1",
      itemSp: { value: 8, max: 8 },
      impales: true,
      hands: "one",
      skill: "shortsword",
      equipped: true,
    });
    expect(byName("shield")).toMatchObject({
      itemSp: { value: 6, max: 8 },
      skill: "shieldParry",
      equipped: true,
    });
    expect(byName("armor")).toMatchObject({ armorProtection: 2, price: 30, equipped: true });
    expect(byName("skill")).toMatchObject({
      key: "shortsword",
      naturalAbility: "(ST+AG+SZ)/5",
      bought: 6,
      category: "combat",
    });
    expect(byName("advantage")).toMatchObject({ key: "twoWeapon" });
  });

  it.each(["character", "creature", "maneuver"])("no value of the v0 %s fixture is lost", (name) => {
    const v0 = fixture(name);
    const document =
      v0.type === "maneuver" ? new FangsItem(v0 as never) : (new FangsActor(v0 as never) as FangsActor);
    const after = leaves(document.toObject());
    for (const value of leaves(v0)) {
      // v0 "twoHanded: false" is now hands "one"; every other value is kept as it was.
      if (value === false && JSON.stringify(v0).includes('"twoHanded":false')) continue;
      expect(after).toContainEqual(value);
    }
  });

  it("a v0 creature: monster parry points and its pools move into place; derived values follow", () => {
    const troll = new FangsActor(fixture("creature") as never);
    expect(troll.system).toBeInstanceOf(CreatureModel);
    const system = troll.system as CreatureModel;
    expect(troll.toObject().system).toMatchObject({
      stunPoints: { value: 43 },
      hitPoints: { value: 20 },
      monsterParry: { bought: 3, formula: "(ST+AG+SZ)/5" },
      humanoid: true,
    });
    expect(system.attributes.damageModifier).toBe(5);
    expect(troll.items.contents[0]!.toObject().system).toMatchObject({
      hands: "two",
      itemSp: { value: 12, max: 12 },
    });
  });

  it("migration is idempotent and leaves v1 data alone", () => {
    const v1 = { damage: "1d8+2", itemSp: { value: 7, max: 10 }, hands: "two", skill: "greatsword" };
    expect(migrateWeapon(structuredClone(v1))).toEqual(v1);
    const once = migrateWeapon({ sp: 10, twoHanded: true });
    expect(migrateWeapon(structuredClone(once))).toEqual(once);
  });

  it("a v1 key wins over a v0 key left beside it", () => {
    expect(migrateWeapon({ sp: 3, itemSp: { value: 9, max: 10 } })).toEqual({
      itemSp: { value: 9, max: 10 },
    });
  });
});

describe("v0 item SP the v1 schema would refuse (a worn weapon, a number typed as text, a value above its maximum)", () => {
  /** The v0 character with its Shortsword's and Round Shield's `sp` replaced. */
  function withSp(weaponSp: unknown, shieldSp: unknown = { value: 6, max: 8 }): Obj {
    const v0 = fixture("character");
    const items = v0.items as { type: string; system: Obj }[];
    items.find((i) => i.type === "weapon")!.system.sp = weaponSp;
    items.find((i) => i.type === "shield")!.system.sp = shieldSp;
    return v0;
  }
  const spOf = (actor: FangsActor, type: string) =>
    (actor.items.find((i) => i.type === type)!.toObject().system as { itemSp: unknown }).itemSp;

  beforeEach(() => {
    takeMigrationRepairs();
  });

  it("a worn weapon at SP 0 loads at 0 (its maximum, unknown, is the least the schema allows, and said)", () => {
    const actor = new FangsActor(withSp(0, { value: 0 }) as never);
    expect(spOf(actor, "weapon")).toEqual({ value: 0, max: 1 });
    expect(spOf(actor, "shield")).toEqual({ value: 0, max: 1 });
    expect(takeMigrationRepairs().map((r) => r.kind)).toEqual(["noMaximum", "noMaximum"]);
  });

  it('a number stored as text ("8") is that number, not the default', () => {
    const actor = new FangsActor(withSp("8", { value: "6", max: "8" }) as never);
    expect(spOf(actor, "weapon")).toEqual({ value: 8, max: 8 });
    expect(spOf(actor, "shield")).toEqual({ value: 6, max: 8 });
    expect(takeMigrationRepairs()).toEqual([]);
  });

  it("a value above its maximum is lowered to it, and the repair is kept for the GM's notice", () => {
    const actor = new FangsActor(withSp({ value: 12, max: 8 }) as never);
    expect(spOf(actor, "weapon")).toEqual({ value: 8, max: 8 });
    expect(takeMigrationRepairs()).toEqual([{ kind: "aboveMaximum", itemType: "weapon", value: 12, max: 8 }]);
    // Idempotent: migrating the result again repairs nothing more.
    expect(migrateWeapon({ itemSp: { value: 8, max: 8 } })).toEqual({ itemSp: { value: 8, max: 8 } });
    expect(takeMigrationRepairs()).toEqual([]);
  });

  it("the world migration writes the repaired actor back and tells the GM what it lowered", async () => {
    await standIn.game.settings.set(SYSTEM_ID, "schemaVersion", 0);
    await FangsActor.create(withSp({ value: 12, max: 8 }) as never);
    const report = await migrateWorldIfNeeded();
    expect(report).toMatchObject({ failed: [], repaired: [{ kind: "aboveMaximum", value: 12, max: 8 }] });
    const [actor] = [...standIn.game.actors] as unknown as FangsActor[];
    expect(spOf(actor!, "weapon")).toEqual({ value: 8, max: 8 });
    const warned = standIn.ui.notifications.shown.filter((n) => n.type === "warn");
    expect(warned.map((n) => n.message)).toEqual([
      "FANGS repaired item SP the new schema would refuse (check these items): Weapon at SP 12, above its maximum 8: lowered to 8.",
    ]);
    expect(takeMigrationRepairs()).toEqual([]);
  });
});

describe("the world migration gate", () => {
  async function oldWorld(): Promise<FangsActor> {
    await standIn.game.settings.set(SYSTEM_ID, "schemaVersion", 0);
    const actor = (await FangsActor.create(fixture("character") as never)) as FangsActor;
    await FangsItem.create(fixture("maneuver") as never);
    return actor;
  }

  it("the active GM writes every world actor, its items and every world item back in the v1 shape, replacing the old", async () => {
    const actor = await oldWorld();
    const actorUpdates = vi.spyOn(FangsActor, "updateDocuments");
    const itemUpdates = vi.spyOn(FangsItem, "updateDocuments");
    const report = await migrateWorldIfNeeded();
    expect(report).toEqual({ from: 0, to: SCHEMA_VERSION, migrated: 1 + 5 + 1, failed: [], repaired: [] });
    const [actorWrite, actorOptions] = actorUpdates.mock.calls[0]!;
    // system is replaced whole by v13's forced replacement ("==system"), written without a diff.
    expect(actorWrite![0]).toMatchObject({ _id: actor.id, "==system": { stunPoints: { value: 17 } } });
    expect(actorOptions).toMatchObject({ diff: false });
    expect(actorOptions).not.toHaveProperty("recursive");
    const embedded = itemUpdates.mock.calls.find(([, options]) => options?.parent === actor)!;
    expect(embedded[0]).toHaveLength(5);
    expect(embedded[0]!.every((u) => "==system" in u && !("system" in u))).toBe(true);
    expect(standIn.game.settings.get(SYSTEM_ID, "schemaVersion")).toBe(SCHEMA_VERSION);
    expect(standIn.ui.notifications.shown.map((n) => n.message)).toEqual([
      `FANGS is updating this world's data to schema ${SCHEMA_VERSION}. Please wait.`,
      "FANGS updated 7 documents to the new data schema.",
    ]);
    // Derived data is intact after the write.
    expect((actor.system as CharacterModel).attributes.movement).toBe(13 + 15 - 10);
  });

  it("a brand-new world (no version recorded, nothing to migrate) records the current version silently", async () => {
    await standIn.game.settings.set(SYSTEM_ID, "schemaVersion", 0);
    const actorUpdates = vi.spyOn(FangsActor, "updateDocuments");
    await migrateWorldWhenDue();
    expect(standIn.game.settings.get(SYSTEM_ID, "schemaVersion")).toBe(SCHEMA_VERSION);
    expect(standIn.ui.notifications.shown).toEqual([]);
    expect(actorUpdates).not.toHaveBeenCalled();
    expect(worldNeedsMigration()).toBe(false);
  });

  it("an old world with only a scene is not new: the migration runs, with its notices", async () => {
    await standIn.game.settings.set(SYSTEM_ID, "schemaVersion", 0);
    createScene("The Old Mill");
    const report = await migrateWorldIfNeeded();
    expect(report).toEqual({ from: 0, to: SCHEMA_VERSION, migrated: 0, repaired: [], failed: [] });
    expect(standIn.ui.notifications.shown).toHaveLength(2);
  });

  it("does nothing on a player's client, or when the world is already current", async () => {
    await oldWorld();
    standIn.as(standIn.users.player);
    expect(await migrateWorldIfNeeded()).toBeNull();
    resetWorld();
    await createActor();
    await standIn.game.settings.set(SYSTEM_ID, "schemaVersion", SCHEMA_VERSION);
    const spy = vi.spyOn(FangsActor, "updateDocuments");
    expect(await migrateWorldIfNeeded()).toBeNull();
    expect(spy).not.toHaveBeenCalled();
  });

  it("on ready, migrateWorldWhenDue runs the migration where it is due and does nothing elsewhere", async () => {
    await oldWorld();
    standIn.as(standIn.users.player);
    const spy = vi.spyOn(FangsActor, "updateDocuments");
    expect(worldNeedsMigration()).toBe(false);
    await migrateWorldWhenDue();
    expect(spy).not.toHaveBeenCalled();
    resetWorld();
    await oldWorld();
    expect(worldNeedsMigration()).toBe(true);
    await migrateWorldWhenDue();
    expect(spy).toHaveBeenCalled();
    expect(standIn.game.settings.get(SYSTEM_ID, "schemaVersion")).toBe(SCHEMA_VERSION);
    expect(worldNeedsMigration()).toBe(false);
  });

  it("does not advance the schema version when a write fails, and says which", async () => {
    const actor = await oldWorld();
    vi.spyOn(FangsActor, "updateDocuments").mockRejectedValueOnce(new Error("the server is gone"));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const report = await migrateWorldIfNeeded();
    expect(report?.failed).toEqual([actor.name]);
    expect(standIn.game.settings.get(SYSTEM_ID, "schemaVersion")).toBe(0);
    expect(standIn.ui.notifications.shown.at(-1)).toMatchObject({
      type: "error",
      message: expect.stringContaining("Dagmar the Deadly"),
    });
  });

  it("an unlinked token's own override is written back in the v1 shape, alone: the base actor's values are not copied in", async () => {
    await standIn.game.settings.set(SYSTEM_ID, "schemaVersion", 0);
    const goblin = await createActor({ name: "Goblin", characteristics: { st: 8 } });
    const scene = createScene("The Old Mill");
    const wounded = scene.addToken({
      actorId: goblin.id!,
      delta: {
        system: { sp: 5, hp: 2 },
        items: [
          { _id: "rustyDagger00001", name: "Rusty Dagger", type: "weapon", system: { damage: "1d4", sp: 6 } },
        ],
      },
    });
    const fresh = scene.addToken({ actorId: goblin.id!, name: "Goblin (fresh)" });
    scene.addToken({ actorId: goblin.id!, actorLink: true });
    // Before the write, the base's v1 pool wins over the token's v0 "sp".
    expect(wounded.actor!.toObject().system).toMatchObject({ stunPoints: { value: 20 } });
    const freshWrite = vi.spyOn(fresh.delta, "update");

    const report = await migrateWorldIfNeeded();

    expect(report).toEqual({ from: 0, to: SCHEMA_VERSION, migrated: 1 + 1 + 1, failed: [], repaired: [] });
    expect(wounded.delta.toObject().system).toEqual({ stunPoints: { value: 5 }, hitPoints: { value: 2 } });
    const [dagger] = wounded.delta.toObject().items as Obj[];
    expect(dagger!.system).toMatchObject({ damage: "1d4", itemSp: { value: 6, max: 6 } });
    expect(dagger!.system).not.toHaveProperty("sp");
    expect(wounded.actor!.toObject().system).toMatchObject({
      stunPoints: { value: 5 },
      hitPoints: { value: 2 },
      characteristics: { st: 8 },
    });
    expect(freshWrite).not.toHaveBeenCalled();
    expect(fresh.delta.toObject()).toMatchObject({ system: {}, items: [] });
    expect(goblin.toObject().system).toMatchObject({ stunPoints: { value: 20 }, hitPoints: { value: 10 } });
    expect(standIn.game.settings.get(SYSTEM_ID, "schemaVersion")).toBe(SCHEMA_VERSION);
  });

  it("the world's own Actor and Item packs are written, a locked one unlocked for it and locked again; system and module packs are left alone", async () => {
    await standIn.game.settings.set(SYSTEM_ID, "schemaVersion", 0);
    const bestiary = createPack({
      id: "world.bestiary",
      label: "Bestiary",
      type: "Actor",
      packageType: "world",
      locked: true,
      documents: [fixture("character")],
    });
    const moves = createPack({
      id: "world.moves",
      type: "Item",
      packageType: "world",
      documents: [fixture("maneuver")],
    });
    const core = createPack({
      id: "fangs.maneuvers",
      type: "Item",
      packageType: "system",
      documents: [fixture("maneuver")],
    });
    const extra = createPack({
      id: "fangs-extras.maneuvers",
      type: "Item",
      packageType: "module",
      locked: false,
      documents: [fixture("maneuver")],
    });

    const report = await migrateWorldIfNeeded();

    expect(report).toEqual({ from: 0, to: SCHEMA_VERSION, migrated: 1 + 5 + 1, failed: [], repaired: [] });
    const [dagmar] = await bestiary.getDocuments();
    expect(bestiary.writes).toHaveLength(1 + 5);
    expect(bestiary.writes[0]).toBe(dagmar!.uuid);
    expect(bestiary.configured).toEqual([{ locked: false }, { locked: true }]);
    expect(bestiary.locked).toBe(true);
    expect(moves.writes).toHaveLength(1);
    expect(moves.configured).toEqual([]);
    expect(moves.locked).toBe(false);
    for (const other of [core, extra]) {
      expect(other.writes).toEqual([]);
      expect(other.configured).toEqual([]);
    }
    expect([core.locked, extra.locked]).toEqual([true, false]);
    expect(dagmar!.toObject().system).toMatchObject({ stunPoints: { value: 17 }, dodgeSkill: { bought: 4 } });
  });

  it("a failed write in a locked world pack: the rest is written, the pack is locked again, one error names it, the version stays", async () => {
    await standIn.game.settings.set(SYSTEM_ID, "schemaVersion", 0);
    const second = { ...fixture("maneuver"), name: "Second Retreat" };
    const pack = createPack({
      id: "world.moves",
      label: "House Moves",
      type: "Item",
      packageType: "world",
      locked: true,
      documents: [fixture("maneuver"), second],
    });
    vi.spyOn(FangsItem, "updateDocuments").mockRejectedValueOnce(new Error("the disk is full"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);

    const report = await migrateWorldIfNeeded();

    expect(report?.failed).toEqual(["House Moves: Retreat"]);
    expect(report?.migrated).toBe(1);
    expect(pack.writes).toHaveLength(1);
    expect(pack.locked).toBe(true);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(standIn.game.settings.get(SYSTEM_ID, "schemaVersion")).toBe(0);
    const errors = standIn.ui.notifications.shown.filter((n) => n.type === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toContain("House Moves: Retreat");
  });

  it("a locked world pack that cannot be unlocked is skipped and named; nothing in it is written", async () => {
    await standIn.game.settings.set(SYSTEM_ID, "schemaVersion", 0);
    const pack = createPack({
      id: "world.moves",
      label: "House Moves",
      type: "Item",
      packageType: "world",
      locked: true,
      documents: [fixture("maneuver")],
    });
    vi.spyOn(pack, "configure").mockRejectedValueOnce(new Error("not allowed"));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const item = await FangsItem.create(fixture("maneuver") as never);

    const report = await migrateWorldIfNeeded();

    expect(report?.failed).toEqual(["House Moves"]);
    expect(report?.migrated).toBe(1);
    expect(item).toBeDefined();
    expect(pack.writes).toEqual([]);
    expect(pack.locked).toBe(true);
    expect(standIn.game.settings.get(SYSTEM_ID, "schemaVersion")).toBe(0);
  });
});
