import { SETTINGS } from "../config/settings";
import { SCHEMA_VERSION, SYSTEM_ID } from "../config/system";
import { loadWorldMigration } from "../on-demand";

/**
 * Whether this client migrates the world now: it is the active GM and the
 * world's data is older than this version. Asked on `ready` at start-up, so
 * the migration itself (world-migration.ts) is loaded only when it runs.
 */
export function worldNeedsMigration(): boolean {
  if (!game.users?.activeGM?.isSelf) return false;
  const from = game.settings.get(SYSTEM_ID, SETTINGS.schemaVersion) ?? 0;
  return from < SCHEMA_VERSION;
}

/** The `ready` hook's work: the migration is loaded and run only where it is due. */
export async function migrateWorldWhenDue(): Promise<void> {
  if (!worldNeedsMigration()) return;
  const { migrateWorldIfNeeded } = await loadWorldMigration();
  await migrateWorldIfNeeded();
}
