import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { SimError } from "../../../sim/sim-error";
import { type FighterSheet, fighterFromActorData } from "./fighter";
import { findFighter, type RosterEntry, rosterEntries } from "./roster";

/**
 * Reads the pack sources (packs/<pack>/**.json, one document or a list per
 * file) and a fighter file named on the command line. Node-only: the pure
 * engine never touches the file system.
 */
function jsonFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith(".") || name.startsWith("_")) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith(".json") ? [path] : [];
  });
}

function readJson(path: string, shown: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new SimError("malformed-file", `cannot read ${shown}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SimError("malformed-file", `${shown} is not valid JSON: ${(error as Error).message}`);
  }
}

export function loadRoster(root: string): RosterEntry[] {
  const documents = jsonFiles(join(root, "packs")).flatMap((path) => {
    const where = relative(root, path);
    const data = readJson(path, where);
    return (Array.isArray(data) ? data : [data]).map((d) => ({ data: d, where }));
  });
  return rosterEntries(documents);
}

/** A fighter argument is a file when it names an existing file or ends in .json. */
export function looksLikeFile(arg: string): boolean {
  return arg.toLowerCase().endsWith(".json") || (existsSync(arg) && statSync(arg).isFile());
}

export function fighterFromFile(path: string): FighterSheet {
  if (!existsSync(path)) throw new SimError("malformed-file", `no such fighter file: ${path}`);
  const data = readJson(path, path);
  const actors = Array.isArray(data) ? data : [data];
  if (actors.length !== 1) {
    throw new SimError(
      "malformed-file",
      `${path} must hold one Actor (an object), but holds a list of ${actors.length}`,
    );
  }
  return fighterFromActorData(actors[0], path);
}

export function resolveFighter(arg: string, roster: () => RosterEntry[]): FighterSheet {
  return looksLikeFile(arg) ? fighterFromFile(arg) : findFighter(roster(), arg);
}

/** The two fighters a command names; the pack roster is read only if a name (not a file) needs it. */
export function resolveFighterPair(
  first: string,
  second: string,
  root: string,
): readonly [FighterSheet, FighterSheet] {
  let roster: RosterEntry[] | undefined;
  const lazyRoster = () => {
    roster ??= loadRoster(root);
    return roster;
  };
  return [resolveFighter(first, lazyRoster), resolveFighter(second, lazyRoster)] as const;
}

/**
 * One side as the command line names it: fighters separated by commas
 * ("Gru,Dagmar"). A name holding a comma is put in double quotes
 * ('"Smith, the Bold",Troll'); an argument that is a file is one fighter
 * whatever its name. An empty side or an empty name is refused.
 */
export function splitSide(arg: string, which: string): string[] {
  // A file whose own name holds a comma is still one fighter.
  if (existsSync(arg) && statSync(arg).isFile()) return [arg];
  const names: string[] = [];
  let current = "";
  let quoted = false;
  for (const ch of arg) {
    if (ch === '"') quoted = !quoted;
    else if (ch === "," && !quoted) {
      names.push(current.trim());
      current = "";
    } else current += ch;
  }
  if (quoted) throw new SimError("invalid-argument", `the ${which} side has an unclosed quote: ${arg}`);
  names.push(current.trim());
  if (names.every((n) => n === "")) throw new SimError("invalid-argument", `the ${which} side is empty`);
  if (names.some((n) => n === ""))
    throw new SimError("invalid-argument", `the ${which} side has an empty name between commas: "${arg}"`);
  return names;
}

/** The two sides a command names (see splitSide); the roster is read only if a name needs it. */
export function resolveSides(
  first: string,
  second: string,
  root: string,
): readonly [FighterSheet[], FighterSheet[]] {
  let roster: RosterEntry[] | undefined;
  const lazyRoster = () => {
    roster ??= loadRoster(root);
    return roster;
  };
  const side = (arg: string, which: string) =>
    splitSide(arg, which).map((name) => resolveFighter(name, lazyRoster));
  return [side(first, "first"), side(second, "second")] as const;
}
