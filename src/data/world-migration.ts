import { SETTINGS } from "../config/settings";
import { SCHEMA_VERSION, SYSTEM_ID } from "../config/system";

/**
 * The world migration gate. Every model upgrades older data when a document
 * is loaded (`static migrateData`), so the game works at once; this writes
 * the upgraded data back, once per schema version, so the database stops
 * holding the old shape. Only the active GM runs it.
 */

export interface MigrationReport {
  readonly from: number;
  readonly to: number;
  readonly migrated: number;
  /** Names of documents whose write was refused or failed; the setting is not advanced then. */
  readonly failed: readonly string[];
}

type Writable = {
  readonly name: string | null;
  readonly id: string | null;
  toObject(): { system?: unknown };
  update(data: object, operation?: object): Promise<unknown>;
};

type ActorLike = Writable & {
  readonly items: Iterable<Writable>;
  updateEmbeddedDocuments(name: "Item", updates: object[], operation?: object): Promise<unknown[]>;
};

/** Replace, don't merge: keys of the old shape must leave the database. */
const REPLACE = Object.freeze({ recursive: false, diff: false });

async function writeBack(document: Writable, failed: string[]): Promise<number> {
  try {
    const result = await document.update({ system: document.toObject().system }, REPLACE);
    if (result === undefined) failed.push(document.name ?? document.id ?? "?");
    return result === undefined ? 0 : 1;
  } catch (error) {
    console.error(`FANGS | migration of ${document.name} failed`, error);
    failed.push(document.name ?? document.id ?? "?");
    return 0;
  }
}

async function writeBackActor(actor: ActorLike, failed: string[]): Promise<number> {
  let count = await writeBack(actor, failed);
  const updates = [...actor.items].map((item) => ({ _id: item.id, system: item.toObject().system }));
  if (updates.length === 0) return count;
  try {
    const done = await actor.updateEmbeddedDocuments("Item", updates, REPLACE);
    count += done.length;
    if (done.length < updates.length) failed.push(`${actor.name ?? actor.id}: items`);
  } catch (error) {
    console.error(`FANGS | migration of the items of ${actor.name} failed`, error);
    failed.push(`${actor.name ?? actor.id}: items`);
  }
  return count;
}

/** Runs the migration if this client is the active GM and the world is behind. */
export async function migrateWorldIfNeeded(): Promise<MigrationReport | null> {
  if (!game.users?.activeGM?.isSelf) return null;
  const from = game.settings.get(SYSTEM_ID, SETTINGS.schemaVersion) ?? 0;
  if (from >= SCHEMA_VERSION) return null;
  return migrateWorld(from);
}

export async function migrateWorld(from: number): Promise<MigrationReport> {
  ui.notifications?.info(
    game.i18n.format("FANGS.Setting.Migration.Started", { version: String(SCHEMA_VERSION) }),
  );
  const failed: string[] = [];
  let migrated = 0;
  for (const actor of game.actors ?? [])
    migrated += await writeBackActor(actor as unknown as ActorLike, failed);
  for (const item of game.items ?? []) migrated += await writeBack(item as unknown as Writable, failed);
  if (failed.length === 0) {
    await game.settings.set(SYSTEM_ID, SETTINGS.schemaVersion, SCHEMA_VERSION);
    ui.notifications?.info(game.i18n.format("FANGS.Setting.Migration.Done", { count: String(migrated) }));
  } else {
    ui.notifications?.error(
      game.i18n.format("FANGS.Setting.Migration.Failed", { names: failed.join(", ") }),
      { permanent: true },
    );
  }
  return { from, to: SCHEMA_VERSION, migrated, failed };
}
