import type { EncounterDefinition } from "../encounters/table";
import type { ManeuverId } from "../rules/fangs/types";
import { type HitLocationTable, listHitLocationTables } from "../rules/kernel/hit-locations";
import { type FangsStatusEffect, STATUS_EFFECTS } from "./statuses";
import { FANGS, type ManeuverDisplay } from "./system";

/**
 * `CONFIG.FANGS`: the display data other modules may extend, as a mutable
 * copy of the frozen defaults in code (src/config/system.ts, statuses.ts).
 * It is made in `init`; a module changes it in its own `init` hook (which
 * runs after the system's) and the system reads it from `setup` on: the
 * statuses when Foundry's list is built, labels and icons each time they
 * are shown. What the rules decide (which maneuvers, weapon kinds and
 * skill categories exist) stays the rules core's: a label or icon may
 * change, an id the rules do not know is ignored. docs/api.md shows how.
 */
export interface FangsConfig {
  /** Actor and item type labels (lang keys), given to Foundry at `setup`. */
  actorTypes: Record<string, string>;
  itemTypes: Record<string, string>;
  /** Labels (lang keys) of a weapon's hands and kind and a skill's category: the item fields' choices. */
  weaponHands: Record<string, string>;
  weaponKinds: Record<string, string>;
  skillCategories: Record<string, string>;
  /** Each maneuver's name (lang key) and icon: the tracker, the Token HUD, the token's maneuver icon. */
  maneuvers: Record<ManeuverId, { id: ManeuverId; label: string; icon: string }>;
  /**
   * The token statuses the system adds to Foundry's at `setup` (the FANGS
   * conditions first). A module may add its own; one the rules set (stunned,
   * dying…) keeps its id.
   */
  statuses: { id: string; name: string; img: string }[];
  /**
   * Encounters a module adds, or system ones it replaces, by id. Empty by
   * default: the system's own table loads with the placing code, and these
   * are laid over it when an encounter is placed or listed.
   */
  encounters: Record<string, EncounterDefinition>;
  /**
   * Hit-location tables by id: a copy of those the rulesets registered. A
   * module or a world script may change one or lay its own in its place;
   * the system checks it each time it is read and keeps the registered one
   * when it is malformed (src/config/hit-location-config.ts).
   */
  hitLocations: Record<string, HitLocationTable>;
}

declare global {
  interface CONFIG {
    FANGS: FangsConfig;
  }
}

/** A fresh, mutable copy of the defaults. */
export function defaultFangsConfig(): FangsConfig {
  const copy = <T>(value: T): T => structuredClone(value) as T;
  return {
    actorTypes: copy(FANGS.actorTypes),
    itemTypes: copy(FANGS.itemTypes),
    weaponHands: copy(FANGS.weaponHands),
    weaponKinds: copy(FANGS.weaponKinds),
    skillCategories: copy(FANGS.skillCategories),
    maneuvers: copy(FANGS.maneuvers) as FangsConfig["maneuvers"],
    statuses: STATUS_EFFECTS.map((s: FangsStatusEffect) => ({ ...s })),
    encounters: {},
    hitLocations: Object.fromEntries(listHitLocationTables().map((table) => [table.id, copy(table)])),
  };
}

/** Puts `CONFIG.FANGS` in place (in `init`, before any module's `init` hook). */
export function registerFangsConfig(): void {
  CONFIG.FANGS = defaultFangsConfig();
}

/** CONFIG.FANGS as it is now, or the defaults where there is no CONFIG (the rules core's tests, the simulator). */
export function fangsConfig(): FangsConfig | undefined {
  return (globalThis as { CONFIG?: { FANGS?: FangsConfig } }).CONFIG?.FANGS;
}

/** A maneuver's name and icon as CONFIG.FANGS says now, each falling back to the default. */
export function maneuverDisplay(id: ManeuverId): ManeuverDisplay {
  const fallback = FANGS.maneuvers[id];
  const configured = fangsConfig()?.maneuvers?.[id];
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
  const configured = fangsConfig()?.[key] ?? {};
  return Object.fromEntries(Object.entries(FANGS[key]).map(([id, label]) => [id, configured[id] || label]));
}
