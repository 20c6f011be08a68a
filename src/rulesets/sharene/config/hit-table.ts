import { hitLocationTable } from "../../../config/hit-location-config";
import type { HitLocationTable } from "../../../rules/kernel/hit-locations";
import { SHARENE_HIT_LOCATIONS } from "../../../rules/sharene/hit-locations";

/**
 * The world's Sharene hit-location table: a GM's or a module's own
 * (CONFIG.FANGS.hitLocations) when set and valid, else the one the ruleset
 * registers. Every place that names a location reads this one, so a called
 * shot is checked against the table its blow is rolled on.
 */
export function shareneHitTable(): HitLocationTable {
  return hitLocationTable(SHARENE_HIT_LOCATIONS.id) ?? SHARENE_HIT_LOCATIONS;
}
