import { rulesetConfig } from "../../../config/fangs-config";
import { ICON_PATH } from "../../../config/system";
import { LUNOS_STATUS_IDS } from "../../../rules/lunos/statuses";
import type { RulesetConfigEntry, StatusDefinition } from "../../registry";
import { MANEUVER_LABELS, WEAPON_SIZE_LABELS } from "./labels";

/**
 * Lunos's entry of CONFIG.FANGS (its definition's `config`), at
 * `CONFIG.FANGS.lunos`: its token statuses, and the words of its
 * maneuvers and weapon sizes. Frozen defaults; a module relabels or
 * redraws them in its own `init`, and Lunos reads them each time, every
 * value falling back to its default. The ids are the rules core's: one a
 * module adds is not offered.
 */
export interface LunosConfigEntry {
  statuses: { id: string; name: string; img: string }[];
  maneuvers: Record<string, string>;
  weaponSizes: Record<string, string>;
}

declare module "../../../config/fangs-config" {
  interface FangsConfig {
    lunos: LunosConfigEntry;
  }
}

/** Each status the core's fight shows (LUNOS_STATUS_IDS), with its own drawing. */
export const LUNOS_STATUSES: readonly StatusDefinition[] = Object.freeze(
  LUNOS_STATUS_IDS.map((id) =>
    Object.freeze({ id, name: `LUNOS.Status.${id}`, img: `${ICON_PATH}/lunos/${id}.svg` }),
  ),
);

const DEFAULTS = Object.freeze({
  statuses: LUNOS_STATUSES,
  maneuvers: MANEUVER_LABELS,
  weaponSizes: WEAPON_SIZE_LABELS,
});

export const lunosConfigEntry: RulesetConfigEntry = Object.freeze({ defaults: DEFAULTS });

function entry(): Partial<LunosConfigEntry> | undefined {
  return rulesetConfig("lunos") as Partial<LunosConfigEntry> | undefined;
}

/** Its statuses as CONFIG.FANGS.lunos has them once modules had their `init`; a broken list falls back. */
export function lunosStatuses(): readonly StatusDefinition[] {
  const configured = entry()?.statuses;
  return Array.isArray(configured) ? configured : LUNOS_STATUSES;
}

/** The labels of the maneuvers or weapon sizes, as CONFIG.FANGS.lunos says now, for the core's ids only. */
export function lunosLabels(key: "maneuvers" | "weaponSizes"): Readonly<Record<string, string>> {
  const defaults: Readonly<Record<string, string>> = DEFAULTS[key];
  const configured = entry()?.[key] ?? {};
  return Object.fromEntries(Object.entries(defaults).map(([id, label]) => [id, configured[id] || label]));
}
