import { rulesetConfig } from "../../../config/fangs-config";
import { STATUS_EFFECTS } from "../../../config/statuses";
import type { ManeuverId } from "../../../rules/fangs/types";
import type { RulesetConfigEntry, StatusDefinition } from "../../registry";
import { FANGS, type ManeuverDisplay } from "./labels";

/**
 * FANGS's entry of CONFIG.FANGS (its definition's `config`): a mutable copy
 * of these frozen defaults at `CONFIG.FANGS.fangs`, each key also at the
 * top of CONFIG.FANGS (`CONFIG.FANGS.maneuvers`…), the names docs/api.md
 * gave modules before rulesets had entries. FANGS reads them each time it
 * shows one, each value falling back to its default.
 */
export interface FangsConfigEntry {
  /** Labels (lang keys) of a weapon's hands and kind and a skill's category: the item fields' choices. */
  weaponHands: Record<string, string>;
  weaponKinds: Record<string, string>;
  skillCategories: Record<string, string>;
  /** Each maneuver's name (lang key) and icon: the tracker, the Token HUD, the token's maneuver icon. */
  maneuvers: Record<ManeuverId, { id: ManeuverId; label: string; icon: string }>;
  /**
   * The token statuses a FANGS world adds to Foundry's at `setup` (the FANGS
   * conditions first). A module may add its own; one the rules set (stunned,
   * dying…) keeps its id.
   */
  statuses: { id: string; name: string; img: string }[];
}

declare module "../../../config/fangs-config" {
  interface FangsConfig {
    fangs: FangsConfigEntry;
    weaponHands: FangsConfigEntry["weaponHands"];
    weaponKinds: FangsConfigEntry["weaponKinds"];
    skillCategories: FangsConfigEntry["skillCategories"];
    maneuvers: FangsConfigEntry["maneuvers"];
    statuses: FangsConfigEntry["statuses"];
  }
}

const DEFAULTS = Object.freeze({
  weaponHands: FANGS.weaponHands,
  weaponKinds: FANGS.weaponKinds,
  skillCategories: FANGS.skillCategories,
  maneuvers: FANGS.maneuvers,
  statuses: STATUS_EFFECTS,
});

export const fangsConfigEntry: RulesetConfigEntry = Object.freeze({
  defaults: DEFAULTS,
  topLevel: Object.freeze(Object.keys(DEFAULTS)),
});

function entry(): Partial<FangsConfigEntry> | undefined {
  return rulesetConfig("fangs") as Partial<FangsConfigEntry> | undefined;
}

/** FANGS's statuses as CONFIG.FANGS has them once modules had their `init`. */
export function fangsStatuses(): readonly StatusDefinition[] {
  return entry()?.statuses ?? STATUS_EFFECTS;
}

/** A maneuver's name and icon as CONFIG.FANGS says now, each falling back to the default. */
export function maneuverDisplay(id: ManeuverId): ManeuverDisplay {
  const fallback = FANGS.maneuvers[id];
  const configured = entry()?.maneuvers?.[id];
  return {
    id,
    label: configured?.label || fallback.label,
    icon: configured?.icon || fallback.icon,
  };
}

/**
 * The labels of a fixed set of ids (a field's choices): each id the defaults
 * know, labelled as CONFIG.FANGS says now; ids the defaults do not know are
 * left out, since the rules would not know them either.
 */
export function configuredLabels(
  key: "weaponHands" | "weaponKinds" | "skillCategories",
): Readonly<Record<string, string>> {
  const configured = entry()?.[key] ?? {};
  return Object.fromEntries(Object.entries(FANGS[key]).map(([id, label]) => [id, configured[id] || label]));
}
