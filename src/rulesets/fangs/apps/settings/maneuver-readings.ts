import type { ManeuverReading } from "../../../../rules/fangs/maneuvers";
import { MANEUVERS } from "../../../../rules/fangs/maneuvers";
import { MANEUVER_IDS, type ManeuverId } from "../../../../rules/fangs/types";

/**
 * The vocabulary of the per-maneuver readings, shared by the world setting
 * that stores them (maneuver-options.ts, loaded at start-up) and the rules
 * options menu that edits them (catalogue.ts, form.ts, loaded when the GM
 * opens it). Pure: no Foundry global.
 */

/** The maneuvers whose defenses differ between the descriptions and the tables (the registry keeps one object when they agree). */
export const MANEUVERS_WITH_TWO_READINGS: readonly ManeuverId[] = Object.freeze(
  MANEUVER_IDS.filter((id) => MANEUVERS[id].defenses.prose !== MANEUVERS[id].defenses.table),
);

/** A per-maneuver choice: this value means "no override: the general reading applies". */
export const FOLLOW_GENERAL = "general";
export type PerManeuverChoice = ManeuverReading | typeof FOLLOW_GENERAL;

export const READING_CHOICES = Object.freeze({
  prose: "FANGS.Setting.ManeuverReading.Prose",
  table: "FANGS.Setting.ManeuverReading.Table",
} as const satisfies Record<ManeuverReading, string>);

export const PER_MANEUVER_CHOICES = Object.freeze({
  [FOLLOW_GENERAL]: "FANGS.Setting.RulesMenu.PerManeuver.General",
  ...READING_CHOICES,
} as const satisfies Record<PerManeuverChoice, string>);

/** The overrides a stored per-maneuver choice makes (FOLLOW_GENERAL and unknown ids make none). */
export function perManeuverFromSource(
  perManeuver: Readonly<Record<string, unknown>> | undefined,
): Partial<Record<ManeuverId, ManeuverReading>> {
  const out: Partial<Record<ManeuverId, ManeuverReading>> = {};
  for (const id of MANEUVERS_WITH_TWO_READINGS) {
    const choice = perManeuver?.[id];
    if (choice === "prose" || choice === "table") out[id] = choice;
  }
  return out;
}
