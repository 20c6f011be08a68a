import { SETTINGS } from "../config/settings";
import { SCHEMA_VERSION, SYSTEM_ID } from "../config/system";
import { replacing } from "../documents/replace";
import { type MigrationRepair, takeMigrationRepairs } from "./migrations";
import { worldNeedsMigration } from "./world-migration-gate";

/**
 * The world migration gate. Every model upgrades older data when a document
 * is loaded (`static migrateData`), so the game works at once; this writes
 * the upgraded data back, once per schema version, so the database stops
 * holding the old shape. Only the active GM runs it.
 *
 * What it writes, in order: the world's actors (with their items) and items;
 * what unlinked tokens on the world's scenes override of their actor (the
 * ActorDelta); the documents of the world's own Actor and Item compendium
 * packs, unlocking a locked one for the write and locking it again after.
 * Packs of the system or of modules belong to their package and are left
 * alone. A failed write is logged and named; the run goes on, and the schema
 * version is advanced only when nothing failed, so the next start tries
 * again (every migration is idempotent).
 */

export interface MigrationReport {
  readonly from: number;
  readonly to: number;
  readonly migrated: number;
  /** Names of documents whose write was refused or failed; the setting is not advanced then. */
  readonly failed: readonly string[];
  /** Stored values the upgrade had to change to make valid (migrations.ts); the GM is told. */
  readonly repaired: readonly MigrationRepair[];
}

type Source = Record<string, unknown>;

type Writable = {
  readonly name: string | null;
  readonly id: string | null;
  toObject(): { system?: unknown };
  update(data: object, operation?: object): Promise<unknown>;
};

type ActorLike = Writable & {
  readonly type: string;
  readonly items: Iterable<Writable>;
  updateEmbeddedDocuments(
    name: "Item",
    updates: object[],
    operation?: object,
  ): Promise<unknown[] | undefined>;
};

type DeltaLike = {
  toObject(): { system?: unknown; items?: unknown };
  update(data: object, operation?: object): Promise<unknown>;
};

/**
 * Keys of the old shape must leave the database: `system` is written with
 * v13's forced replacement (src/documents/replace.ts), and without a diff,
 * because the document in memory is already upgraded and would differ from
 * nothing.
 */
const REPLACE = Object.freeze({ diff: false });

/** Compendium contents this system's models migrate. */
const PACK_DOCUMENTS: ReadonlySet<string> = new Set(["Actor", "Item"]);

function isRecord(value: unknown): value is Source {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function nameOf(document: Writable): string {
  return document.name ?? document.id ?? "?";
}

/** One write. A refused write (undefined) or an error is logged and named under `label`; the run goes on. */
async function attempt(label: string, failed: string[], write: () => Promise<unknown>): Promise<boolean> {
  try {
    if ((await write()) !== undefined) return true;
  } catch (error) {
    console.error(`FANGS | migration of ${label} failed`, error);
  }
  failed.push(label);
  return false;
}

async function writeBack(document: Writable, failed: string[], label = nameOf(document)): Promise<number> {
  const done = await attempt(label, failed, () =>
    document.update(replacing("system", document.toObject().system), REPLACE),
  );
  return done ? 1 : 0;
}

async function writeBackItems(
  actor: ActorLike,
  items: readonly Writable[],
  failed: string[],
  label: string,
): Promise<number> {
  if (items.length === 0) return 0;
  const updates = items.map((item) => ({ _id: item.id, ...replacing("system", item.toObject().system) }));
  let count = 0;
  await attempt(`${label}: items`, failed, async () => {
    count = (await actor.updateEmbeddedDocuments("Item", updates, REPLACE))?.length ?? 0;
    return count === updates.length ? count : undefined;
  });
  return count;
}

async function writeBackActor(actor: ActorLike, failed: string[], label = nameOf(actor)): Promise<number> {
  return (
    (await writeBack(actor, failed, label)) + (await writeBackItems(actor, [...actor.items], failed, label))
  );
}

/** The model an actor type's `system` is built from (whichever ruleset registered it), if it has one. */
function actorModel(type: string): { migrateData(source: Record<string, unknown>): unknown } | null {
  const models = CONFIG.Actor.dataModels as Record<string, unknown>;
  const model = Object.hasOwn(models, type) ? models[type] : undefined;
  return typeof model === "function" && "migrateData" in model
    ? (model as { migrateData(source: Record<string, unknown>): unknown })
    : null;
}

/**
 * An unlinked token stores only what it overrides of its actor. Its system
 * override is migrated as the partial source it is, by the actor model's own
 * migrateData, and replaces the stored one: writing the synthetic actor's
 * whole system instead would copy the base actor's values into the token
 * (and, where the override still has old keys, the base's value would win
 * over the token's own). Item overrides are whole items, written like an
 * actor's.
 */
async function writeBackDelta(
  actor: ActorLike,
  delta: DeltaLike,
  failed: string[],
  label: string,
): Promise<number> {
  const stored = delta.toObject();
  let count = 0;
  const model = actorModel(actor.type);
  if (model && isRecord(stored.system) && Object.keys(stored.system).length > 0) {
    const override = stored.system;
    const done = await attempt(label, failed, () =>
      delta.update(replacing("system", model.migrateData(structuredClone(override))), REPLACE),
    );
    if (done) count += 1;
  }
  const own = new Set(
    (Array.isArray(stored.items) ? stored.items : []).flatMap((item) =>
      isRecord(item) && typeof item._id === "string" ? [item._id] : [],
    ),
  );
  const items = [...actor.items].filter((item) => item.id !== null && own.has(item.id));
  return count + (await writeBackItems(actor, items, failed, label));
}

async function migrateTokens(failed: string[]): Promise<number> {
  let count = 0;
  for (const scene of game.scenes ?? []) {
    for (const token of scene.tokens) {
      const actor = token.actor;
      if (token.actorLink || !actor || !token.delta) continue;
      const label = `${scene.name}: ${token.name}`;
      count += await writeBackDelta(actor, token.delta, failed, label);
    }
  }
  return count;
}

/** The world's own Actor and Item packs, unlocked for the write if locked, and locked again whatever happens. */
async function migratePacks(failed: string[]): Promise<number> {
  let count = 0;
  for (const pack of game.packs ?? []) {
    if (pack.metadata.packageType !== "world" || !PACK_DOCUMENTS.has(pack.documentName)) continue;
    const label = pack.title || pack.collection;
    const wasLocked = pack.locked;
    try {
      if (wasLocked) await pack.configure({ locked: false });
    } catch (error) {
      console.error(`FANGS | could not unlock the compendium ${label} for the migration`, error);
      failed.push(label);
      continue;
    }
    try {
      for (const document of await pack.getDocuments()) {
        const name = `${label}: ${document.name}`;
        if (document instanceof Actor) count += await writeBackActor(document, failed, name);
        else if (document instanceof Item) count += await writeBack(document, failed, name);
      }
    } catch (error) {
      console.error(`FANGS | migration of the compendium ${label} failed`, error);
      failed.push(label);
    } finally {
      if (wasLocked) {
        await pack.configure({ locked: true }).catch((error: unknown) => {
          console.error(`FANGS | could not lock the compendium ${label} again`, error);
          failed.push(label);
        });
      }
    }
  }
  return count;
}

/**
 * A world created under this version: no schema version was ever recorded
 * (the setting still holds its default, 0) and there is nothing a migration
 * would write, no actor, item, scene or world Actor/Item pack. An old world
 * from before the setting also reads 0, but has documents.
 */
function isNewWorld(from: number): boolean {
  if (from !== 0) return false;
  const worldPacks = [...(game.packs ?? [])].filter(
    (pack) => pack.metadata.packageType === "world" && PACK_DOCUMENTS.has(pack.documentName),
  );
  return (
    (game.actors?.size ?? 0) + (game.items?.size ?? 0) + (game.scenes?.size ?? 0) + worldPacks.length === 0
  );
}

/**
 * Runs the migration if this client is the active GM and the world is behind.
 * A brand-new world only records the current version, without notices.
 */
export async function migrateWorldIfNeeded(): Promise<MigrationReport | null> {
  if (!worldNeedsMigration()) return null;
  const from = game.settings.get(SYSTEM_ID, SETTINGS.schemaVersion) ?? 0;
  if (isNewWorld(from)) {
    await game.settings.set(SYSTEM_ID, SETTINGS.schemaVersion, SCHEMA_VERSION);
    return null;
  }
  return migrateWorld(from);
}

export async function migrateWorld(from: number): Promise<MigrationReport> {
  ui.notifications?.info(
    game.i18n.format("FANGS.Setting.Migration.Started", { version: String(SCHEMA_VERSION) }),
  );
  const failures: string[] = [];
  let migrated = 0;
  for (const actor of game.actors ?? []) migrated += await writeBackActor(actor, failures);
  for (const item of game.items ?? []) migrated += await writeBack(item, failures);
  migrated += await migrateTokens(failures);
  migrated += await migratePacks(failures);
  const failed = [...new Set(failures)];
  // Every document was loaded, so upgraded, before this ran: the repairs are all in.
  const repaired = takeMigrationRepairs();
  if (repaired.length > 0) {
    ui.notifications?.warn(
      game.i18n.format("FANGS.Setting.Migration.Repaired", {
        repairs: repaired.map(describeRepair).join("; "),
      }),
      { permanent: true },
    );
  }
  if (failed.length === 0) {
    await game.settings.set(SYSTEM_ID, SETTINGS.schemaVersion, SCHEMA_VERSION);
    ui.notifications?.info(game.i18n.format("FANGS.Setting.Migration.Done", { count: String(migrated) }));
  } else {
    ui.notifications?.error(
      game.i18n.format("FANGS.Setting.Migration.Failed", { names: failed.join(", ") }),
      { permanent: true },
    );
  }
  return { from, to: SCHEMA_VERSION, migrated, failed, repaired };
}

function describeRepair(repair: MigrationRepair): string {
  const item = game.i18n.localize(
    repair.itemType === "weapon" ? "FANGS.Item.Type.Weapon" : "FANGS.Item.Type.Shield",
  );
  const data = { item, value: String(repair.value), max: String(repair.max ?? 0) };
  return repair.kind === "aboveMaximum"
    ? game.i18n.format("FANGS.Setting.Migration.Repair.AboveMaximum", data)
    : game.i18n.format("FANGS.Setting.Migration.Repair.NoMaximum", data);
}
