import type { DiceSource } from "../rules/kernel/dice";
import { RulesError } from "../rules/kernel/errors";
import {
  type HitLocationTable,
  type RolledHitLocation,
  registeredHitLocationTable,
  rollHitLocation,
  validateHitLocationTable,
} from "../rules/kernel/hit-locations";
import { fangsConfig } from "./fangs-config";
import { localize } from "./localize";

/**
 * A world's hit-location tables: those the rulesets registered, as a module
 * or a world script left them in CONFIG.FANGS.hitLocations. What it wrote
 * there is checked each time a table is read (it may change it at any time
 * before); a malformed one is not rolled: the registered one is, and the GM
 * is told once a session, the details in the console.
 */

const told = new Set<string>();

function refuseConfigured(id: string, error: RulesError): void {
  console.error(`FANGS | CONFIG.FANGS.hitLocations.${id} is not used: ${error.message}`);
  if (told.has(id) || !game.user?.isGM) return;
  told.add(id);
  ui.notifications?.error(localize("FANGS.HitLocation.Refused", { id }));
}

/** The table of that id as this world has it, or undefined when no ruleset registered one and CONFIG has none. */
export function hitLocationTable(id: string): HitLocationTable | undefined {
  const configured = fangsConfig()?.hitLocations?.[id];
  const registered = registeredHitLocationTable(id);
  if (configured === undefined) return registered;
  try {
    const table = validateHitLocationTable(configured);
    if (table.id !== id)
      throw new RulesError("invalid-hit-locations", `the table under "${id}" says its id is "${table.id}"`);
    return table;
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    refuseConfigured(id, error);
    return registered;
  }
}

/** Rolls the world's table of that id; a RulesError when there is none. */
export function rollWorldHitLocation(id: string, dice: DiceSource): RolledHitLocation {
  const table = hitLocationTable(id);
  if (!table) throw new RulesError("invalid-hit-locations", `there is no hit-location table "${id}"`, { id });
  return rollHitLocation(table, dice);
}
