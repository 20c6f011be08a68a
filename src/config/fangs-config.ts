import type { EncounterDefinition } from "../encounters/table";
import { type HitLocationTable, listHitLocationTables } from "../rules/kernel/hit-locations";
import { listRulesetDefinitions, type RulesetDefinition } from "../rulesets/registry";

/**
 * `CONFIG.FANGS`: the display data other modules may extend, as a mutable
 * copy of frozen defaults in code. It is made in `init`; a module changes
 * it in its own `init` hook (which runs after the system's) and the system
 * reads it from `setup` on. It holds what every ruleset uses (the type
 * labels, encounters, hit-location tables) and, under its id, each
 * ruleset's own entry (its definition's `config`: FANGS's maneuvers,
 * statuses and item choices are `CONFIG.FANGS.fangs`). What the rules
 * decide stays the rules core's: a label or icon may change, an id the
 * rules do not know is ignored. docs/api.md shows how.
 *
 * Each ruleset adds its entry to this interface from its own folder
 * (module augmentation), as FANGS does in src/rulesets/fangs/config/fangs-config.ts.
 */
export interface FangsConfig {
  /** Every registered ruleset's actor and item type labels (lang keys), given to Foundry at `setup`. */
  actorTypes: Record<string, string>;
  itemTypes: Record<string, string>;
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

type Loose = Record<string, unknown>;

function typeLabels(documentName: "Actor" | "Item"): Record<string, string> {
  return Object.fromEntries(
    listRulesetDefinitions().flatMap((definition) =>
      Object.entries(definition.documents[documentName]).map(([type, entry]) => [type, entry.labelKey]),
    ),
  );
}

/**
 * Puts a ruleset's entry under its id, and its `topLevel` keys at the top
 * as accessors of the entry, so a module that writes either name (or
 * replaces the whole object) changes what the ruleset reads. A name the
 * namespace or another ruleset already has is refused, naming both.
 */
function placeEntry(config: Loose, { id, config: part }: RulesetDefinition): void {
  if (!part) return;
  for (const name of [id, ...(part.topLevel ?? [])]) {
    if (Object.hasOwn(config, name))
      throw new Error(`FANGS | the ruleset "${id}" cannot have CONFIG.FANGS.${name}: it is taken`);
  }
  config[id] = structuredClone(part.defaults);
  for (const key of part.topLevel ?? []) {
    Object.defineProperty(config, key, {
      enumerable: true,
      configurable: true,
      get: () => (config[id] as Loose)[key],
      set: (value: unknown) => {
        (config[id] as Loose)[key] = value;
      },
    });
  }
}

/** A fresh, mutable copy of the defaults: the shared keys, then every registered ruleset's entry. */
export function defaultFangsConfig(): FangsConfig {
  const config: Loose = {
    actorTypes: typeLabels("Actor"),
    itemTypes: typeLabels("Item"),
    encounters: {},
    hitLocations: Object.fromEntries(
      listHitLocationTables().map((table) => [table.id, structuredClone(table)]),
    ),
  };
  for (const definition of listRulesetDefinitions()) placeEntry(config, definition);
  return config as unknown as FangsConfig;
}

/** Puts `CONFIG.FANGS` in place (in `init`, before any module's `init` hook). */
export function registerFangsConfig(): void {
  CONFIG.FANGS = defaultFangsConfig();
}

/** CONFIG.FANGS as it is now, or undefined where there is no CONFIG (the rules core's tests, the simulator). */
export function fangsConfig(): FangsConfig | undefined {
  return (globalThis as { CONFIG?: { FANGS?: FangsConfig } }).CONFIG?.FANGS;
}

/**
 * A ruleset's entry as CONFIG.FANGS has it now, or undefined (no CONFIG, no
 * entry, or a module left something else there): the ruleset falls back to
 * its defaults, value by value.
 */
export function rulesetConfig(id: string): Readonly<Loose> | undefined {
  const entry = (fangsConfig() as Loose | undefined)?.[id];
  return typeof entry === "object" && entry !== null ? (entry as Loose) : undefined;
}
