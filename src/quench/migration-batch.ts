import v0Character from "../data/fixtures/v0/character.json";
import { actorSystemOf } from "../data/views";
import { loadWorldMigration } from "../on-demand";
import { type BatchFunction, LIVE_TIMEOUT_MS, type Stage } from "./batch";
import { type Cleanup, documentClass, runCleanup } from "./live";

/**
 * A character stored in the oldest schema, version 0 (the fixture the
 * migration tests use, src/data/fixtures/v0/character.json: "sp" for the
 * Stun pool, the weapon's durability and the armor's protection,
 * characteristics wrapped as `{ value }`), made in the world; then the world
 * migration writes the world back. Every value is found in its version 1
 * place, derived values follow, and no key of the old shape is left.
 */

type Obj = Record<string, unknown>;

/** The oldest stored shape, as an older world or an old export holds it. */
export const V0_CHARACTER: Readonly<Obj> = v0Character;

function systemOf(document: { toObject(): Obj }): Obj {
  return document.toObject().system as Obj;
}

function byType(actor: Actor.Implementation, type: string): Obj {
  const item = actor.items.find((i) => i.type === type);
  if (!item) throw new Error(`${actor.name} has no ${type}`);
  return systemOf(item);
}

const V0_KEYS = ["sp", "hp", "dodgeBought", "notes", "twoHanded", "skillKey", "base", "formula", "slug"];

export function migrationBatch(stage: Stage<Actor.Implementation>): BatchFunction {
  return ({ describe, it, before, after, assert }) => {
    describe("a character of schema version 0 in the world", function () {
      this.timeout(LIVE_TIMEOUT_MS);
      let actor: Actor.Implementation;
      before(async () => {
        actor = await stage.setUp();
      });
      after(() => stage.tearDown());

      const checkV1 = () => {
        assert.deepEqual(systemOf(actor), {
          characteristics: { st: 13, ag: 15, co: 12, in: 11, pw: 9, sz: 10, ap: 14 },
          stunPoints: { value: 17 },
          hitPoints: { value: 9 },
          dodgeSkill: { bought: 4 },
          biography: "<p>Never holds her action for long.</p>",
        });
        const weapon = byType(actor, "weapon");
        assert.deepEqual(
          [weapon.damage, weapon.itemSp, weapon.impales, weapon.hands, weapon.skill],
          ["1d6+1", { value: 8, max: 8 }, true, "one", "shortsword"],
        );
        assert.deepEqual(byType(actor, "shield").itemSp, { value: 6, max: 8 });
        assert.strictEqual(byType(actor, "armor").armorProtection, 2);
        const skill = byType(actor, "skill");
        assert.deepEqual([skill.naturalAbility, skill.bought], ["(ST+AG+SZ)/5", 6]);
        assert.strictEqual(byType(actor, "advantage").key, "twoWeapon");
        for (const document of [actor, ...actor.items]) {
          const system = systemOf(document);
          for (const key of V0_KEYS) assert.isFalse(key in system, `${document.name} keeps no "${key}"`);
        }
        // Derived from the moved characteristics: MV = ST + AG − 10.
        assert.strictEqual(actorSystemOf(actor, "character")?.attributes.movement, 18);
      };

      it(
        "loads with every value in its version 1 place: sp is stunPoints, itemSp or armorProtection",
        checkV1,
      );

      it("the world migration writes it back in the version 1 shape, with nothing failed", async () => {
        const { migrateWorld } = await loadWorldMigration();
        const report = await migrateWorld(0);
        assert.deepEqual(report.failed, []);
        checkV1();
      });
    });
  };
}

/** The v0 character created in the world as an import would create it; deleted afterwards. */
export function liveMigrationStage(): Stage<Actor.Implementation> {
  const cleanup: Cleanup = [];
  return {
    async setUp() {
      const actor = (await documentClass("Actor").create(
        structuredClone(V0_CHARACTER) as Obj,
      )) as Actor.Implementation;
      cleanup.push(() => actor.delete());
      return actor;
    },
    tearDown: () => runCleanup(cleanup),
  };
}
