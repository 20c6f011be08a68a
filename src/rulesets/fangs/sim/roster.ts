import { SimError } from "../../../sim/sim-error";
import { type FighterSheet, fighterFromActorData } from "./fighter";

/**
 * The fighters a duel may name: the sample characters and creatures of the
 * pack sources, looked up by name (case and spacing ignored). Entries are
 * read lazily, so one bad sample names itself only when chosen or checked.
 */
export interface RosterEntry {
  readonly name: string;
  readonly type: string;
  /** Where it came from (a pack source file), for messages. */
  readonly where: string;
  readonly data: unknown;
}

export function normaliseName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "");
}

/** Keeps the actors (type character or creature) among pack documents. */
export function rosterEntries(documents: readonly { data: unknown; where: string }[]): RosterEntry[] {
  const entries: RosterEntry[] = [];
  for (const { data, where } of documents) {
    if (data === null || typeof data !== "object") continue;
    const doc = data as Record<string, unknown>;
    if ((doc.type === "character" || doc.type === "creature") && typeof doc.name === "string") {
      entries.push({ name: doc.name, type: doc.type, where, data });
    }
  }
  return entries.sort((a, b) => a.name.localeCompare(b.name));
}

/** The fighter named `query`; an unknown or ambiguous name is a SimError listing the choices. */
export function findFighter(entries: readonly RosterEntry[], query: string): FighterSheet {
  const key = normaliseName(query);
  if (key === "") throw new SimError("unknown-fighter", "a fighter name is empty");
  let matches = entries.filter((e) => normaliseName(e.name) === key);
  if (matches.length === 0) matches = entries.filter((e) => normaliseName(e.name).startsWith(key));
  if (matches.length === 1) return fighterFromActorData(matches[0]!.data, matches[0]!.where);
  const names = (matches.length > 1 ? matches : entries).map((e) => e.name).join(", ");
  if (matches.length > 1) {
    throw new SimError("unknown-fighter", `"${query}" names several fighters: ${names}`);
  }
  throw new SimError(
    "unknown-fighter",
    entries.length === 0
      ? `unknown fighter "${query}": no sample fighters were found in the pack sources`
      : `unknown fighter "${query}". Known fighters: ${names}`,
  );
}
