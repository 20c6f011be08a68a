import { SYSTEM_ID } from "../../../../config/system";
import { choice, flag } from "../../../../data/fields";
import { DEFAULT_MANEUVER_OPTIONS, MANEUVERS, type ManeuverOptions } from "../../../../rules/fangs/maneuvers";
import { maneuverReading } from "../../config/settings";
import {
  FOLLOW_GENERAL,
  MANEUVERS_WITH_TWO_READINGS,
  PER_MANEUVER_CHOICES,
  perManeuverFromSource,
} from "./maneuver-readings";

/**
 * The world setting `maneuverOptions`: the parts of the rules core's
 * ManeuverOptions beyond the general reading (which stays the
 * `maneuverReading` setting): NC-DEF-2 read strictly, and a reading per
 * maneuver where the descriptions and the tables disagree. Edited through
 * the rules options menu only; read with `worldManeuverOptions()`.
 */

export const MANEUVER_OPTIONS_SETTING = "maneuverOptions";

function maneuverOptionsSchema() {
  const perManeuver: Record<string, ReturnType<typeof choice<typeof PER_MANEUVER_CHOICES>>> = {};
  for (const id of MANEUVERS_WITH_TWO_READINGS) {
    perManeuver[id] = choice(PER_MANEUVER_CHOICES, FOLLOW_GENERAL, MANEUVERS[id].labelKey);
  }
  return {
    strictNoDefense: flag(
      DEFAULT_MANEUVER_OPTIONS.strictNoDefense,
      "FANGS.Setting.RulesMenu.Field.StrictNoDefense",
    ),
    perManeuver: new foundry.data.fields.SchemaField(perManeuver, {
      label: "FANGS.Setting.RulesMenu.Field.PerManeuver",
    }),
  };
}
type ManeuverOptionsSchema = ReturnType<typeof maneuverOptionsSchema>;

export class ManeuverOptionsModel extends foundry.abstract.DataModel<ManeuverOptionsSchema> {
  static override defineSchema(): ManeuverOptionsSchema {
    return maneuverOptionsSchema();
  }
}

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "fangs.maneuverOptions": typeof ManeuverOptionsModel;
  }
}

export function registerManeuverOptionsSetting(): void {
  game.settings.register(SYSTEM_ID, MANEUVER_OPTIONS_SETTING, {
    name: "FANGS.Setting.RulesMenu.Field.ManeuverOptions",
    scope: "world",
    // An object: edited through the rules options menu.
    config: false,
    type: ManeuverOptionsModel,
    default: new ManeuverOptionsModel(),
  });
}

function isRegistered(): boolean {
  return (
    typeof game !== "undefined" &&
    game.settings?.settings?.has(`${SYSTEM_ID}.${MANEUVER_OPTIONS_SETTING}` as const) === true
  );
}

/**
 * The maneuver options of this world for the rules core (maneuverDefenses,
 * mayDodgeInstead, defense choices): the general reading, NC-DEF-2 strict
 * or not, and the per-maneuver readings. The core's defaults before the
 * settings are registered.
 */
export function worldManeuverOptions(): ManeuverOptions {
  const reading = maneuverReading();
  if (!isRegistered()) return { ...DEFAULT_MANEUVER_OPTIONS, reading };
  const stored = game.settings.get(SYSTEM_ID, MANEUVER_OPTIONS_SETTING);
  return {
    reading,
    strictNoDefense: stored.strictNoDefense === true,
    perManeuver: perManeuverFromSource(stored.perManeuver),
  };
}
