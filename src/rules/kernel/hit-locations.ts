import type { DiceSource, DieResult } from "./dice";
import { RulesError } from "./errors";

/**
 * Hit-location tables as data: a die, ranges of its faces, each naming a
 * location (Sharene's d20: 1–2 head, 3–5 right arm…). A ruleset registers
 * its tables; a world may lay its own over them through the system configuration
 * (src/config/hit-location-config.ts), so every table is checked here
 * before it is rolled: its ranges cover the die exactly, each face once.
 */

/** Per-location facts a ruleset reads: numbers, words or yes/no (an autokill number, "damage is multiplied"). */
export type HitLocationData = Readonly<Record<string, number | string | boolean>>;

export interface HitLocation {
  readonly id: string;
  /** Lang key of its name. */
  readonly labelKey: string;
  /** An arm or a leg: what can be made useless or severed. */
  readonly limb: boolean;
  readonly data?: HitLocationData;
}

/** Faces `from` to `to` of the die, both included, hit `location` (a location id). */
export interface HitLocationRange {
  readonly from: number;
  readonly to: number;
  readonly location: string;
}

export interface HitLocationTable {
  readonly id: string;
  /** The die rolled: a d20 is 20. */
  readonly faces: number;
  /** Every location the table names; one no range names can still be called (a called shot). */
  readonly locations: readonly HitLocation[];
  readonly ranges: readonly HitLocationRange[];
}

export interface RolledHitLocation {
  readonly table: string;
  readonly die: DieResult;
  readonly location: HitLocation;
}

/** Far above any table in the rules texts (a d100 is the largest die they roll). */
const MAX_FACES = 1000;

function refuse(table: string, message: string, details: Readonly<Record<string, unknown>> = {}): never {
  throw new RulesError("invalid-hit-locations", `hit-location table "${table}": ${message}`, {
    table,
    ...details,
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isText = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

const isFace = (value: unknown, faces: number): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= faces;

function checkLocations(id: string, locations: unknown): Map<string, HitLocation> {
  if (!Array.isArray(locations) || locations.length === 0) refuse(id, "it names no location");
  const byId = new Map<string, HitLocation>();
  for (const [i, location] of locations.entries()) {
    if (!isRecord(location)) refuse(id, `location #${i + 1} is not an object`);
    if (!isText(location.id)) refuse(id, `location #${i + 1} has no id`);
    if (byId.has(location.id)) refuse(id, `location "${location.id}" is listed twice`);
    if (!isText(location.labelKey)) refuse(id, `location "${location.id}" has no label key`);
    if (typeof location.limb !== "boolean")
      refuse(id, `location "${location.id}" must say whether it is a limb (limb: true or false)`);
    if (location.data !== undefined) {
      if (!isRecord(location.data)) refuse(id, `the data of location "${location.id}" is not an object`);
      for (const [key, value] of Object.entries(location.data)) {
        const kind = typeof value;
        if (!(kind === "string" || kind === "boolean" || (kind === "number" && Number.isFinite(value))))
          refuse(id, `the data "${key}" of location "${location.id}" is not a number, text or yes/no`);
      }
    }
    byId.set(location.id, location as unknown as HitLocation);
  }
  return byId;
}

/**
 * Checks a table and answers it typed; anything else is a RulesError
 * ("invalid-hit-locations") naming the table and the faces at fault: a
 * face no range covers, a face two ranges cover, a range off the die or
 * naming an unknown location.
 */
export function validateHitLocationTable(table: unknown): HitLocationTable {
  if (!isRecord(table))
    throw new RulesError("invalid-hit-locations", "a hit-location table must be an object");
  if (!isText(table.id)) throw new RulesError("invalid-hit-locations", "a hit-location table needs an id");
  const id = table.id;
  const faces = table.faces;
  if (!(typeof faces === "number" && Number.isInteger(faces) && faces >= 1 && faces <= MAX_FACES))
    refuse(id, `its die must have 1 to ${MAX_FACES} faces, got ${String(faces)}`, { faces });
  const locations = checkLocations(id, table.locations);
  if (!Array.isArray(table.ranges) || table.ranges.length === 0) refuse(id, "it has no range");
  const ranges: HitLocationRange[] = [];
  for (const [i, range] of table.ranges.entries()) {
    if (!isRecord(range)) refuse(id, `range #${i + 1} is not an object`);
    const { from, to, location } = range;
    if (!isFace(from, faces) || !isFace(to, faces) || from > to)
      refuse(id, `range #${i + 1} (${String(from)}–${String(to)}) is not within 1–${faces}, low to high`, {
        from,
        to,
      });
    if (!isText(location) || !locations.has(location))
      refuse(id, `range ${from}–${to} names "${String(location)}", which is not one of its locations`, {
        location,
      });
    ranges.push({ from, to, location });
  }
  const sorted = [...ranges].sort((a, b) => a.from - b.from);
  let covered = 0;
  for (const range of sorted) {
    if (range.from <= covered) {
      const other = sorted.find((r) => r !== range && r.from <= range.from && r.to >= range.from)!;
      refuse(
        id,
        `face ${range.from} is in two ranges (${other.location} ${other.from}–${other.to}, ${range.location} ${range.from}–${range.to})`,
        { face: range.from },
      );
    }
    if (range.from > covered + 1) {
      const gap = range.from - 1 === covered + 1 ? `${covered + 1}` : `${covered + 1}–${range.from - 1}`;
      refuse(id, `no range covers face ${gap} of the d${faces}`, { face: covered + 1 });
    }
    covered = range.to;
  }
  if (covered < faces) {
    const gap = covered + 1 === faces ? `${faces}` : `${covered + 1}–${faces}`;
    refuse(id, `no range covers face ${gap} of the d${faces}`, { face: covered + 1 });
  }
  return table as unknown as HitLocationTable;
}

/** The location a face of the table's die hits (the table checked). */
export function locationAt(table: HitLocationTable, face: number): HitLocation {
  const range = isFace(face, table.faces)
    ? table.ranges.find((r) => r.from <= face && face <= r.to)
    : undefined;
  if (!range)
    throw new RulesError(
      "invalid-value",
      `${String(face)} is not a face of table "${table.id}"'s d${table.faces}`,
      {
        table: table.id,
        face,
      },
    );
  return table.locations.find((l) => l.id === range.location)!;
}

/** Rolls the table's die once and reads the location it hits. */
export function rollHitLocation(table: HitLocationTable, dice: DiceSource): RolledHitLocation {
  const result = dice.roll(table.faces);
  return { table: table.id, die: { faces: table.faces, result }, location: locationAt(table, result) };
}

/* -------------------------------------------- */
/*  Registry                                    */
/* -------------------------------------------- */

const tables = new Map<string, HitLocationTable>();

function frozenCopy(table: HitLocationTable): HitLocationTable {
  return Object.freeze({
    id: table.id,
    faces: table.faces,
    locations: Object.freeze(
      table.locations.map((l) =>
        Object.freeze({ ...l, ...(l.data ? { data: Object.freeze({ ...l.data }) } : {}) }),
      ),
    ),
    ranges: Object.freeze(table.ranges.map((r) => Object.freeze({ ...r }))),
  });
}

/**
 * Registers a ruleset's table by its id (checked; a bad one is refused
 * with its RulesError). Register it when the ruleset's module loads,
 * before the system's `init`, so the world's editable copy starts from it.
 */
export function registerHitLocationTable(table: HitLocationTable): void {
  tables.set(table.id, frozenCopy(validateHitLocationTable(table)));
}

/** The table as its ruleset registered it (the world's own is read through src/config/hit-location-config.ts). */
export function registeredHitLocationTable(id: string): HitLocationTable | undefined {
  return tables.get(id);
}

export function listHitLocationTables(): HitLocationTable[] {
  return [...tables.values()];
}
