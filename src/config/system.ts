/**
 * The system's own constants, whichever ruleset a world plays: its id, where
 * its files are served from and the shape version of its stored data. Each
 * ruleset's ids and labels are in its own folder (FANGS's:
 * src/rulesets/fangs/config/labels.ts).
 */

export const SYSTEM_ID = "fangs";

/** Where Foundry serves this system's files from. */
export const SYSTEM_PATH = `systems/${SYSTEM_ID}`;

/**
 * The shape version the data models write. migrateData upgrades anything
 * older on load; the world migration (run once by the active GM) writes the
 * upgraded data back and records this number in the `schemaVersion` setting.
 * Version 0 is the shape before the rename of every "sp" (see migrations.ts).
 */
export const SCHEMA_VERSION = 1;

/** Where the system's icons are (today FANGS's: its maneuvers, statuses and document types). */
export const ICON_PATH = `${SYSTEM_PATH}/assets/icons`;
