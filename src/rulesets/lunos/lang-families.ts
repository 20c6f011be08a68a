import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ACTION_KINDS, MANEUVERS } from "../../rules/lunos/types";
import { END_STATES } from "../../sim/stats";
import type { LangFamily } from "../registry";

/**
 * Lunos's lang keys built at run time (its simulator's log,
 * src/rulesets/lunos/sim/format.ts), each prefix with the source of its
 * ids. Lunos has no ruleset definition yet, so its prefix is declared
 * here: test/lang.test.ts accepts keys under it and checks them as it
 * checks a registered ruleset's. Read by that test only.
 */

export const LANG_PREFIX = "LUNOS";

const ROOT = resolve(__dirname, "../../..");

/** The string literals of a `type Name = "a" | "b"` union in a source file. */
function literalsOf(file: string, name: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const start = text.search(new RegExp(`type\\s+${name}\\b`));
  if (start < 0) throw new Error(`${name} not found in ${file}`);
  return [...text.slice(start, text.indexOf(";", start)).matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
}

export const LANG_FAMILIES: readonly LangFamily[] = [
  {
    pattern: "LUNOS.Action.{id}",
    source: "ACTION_KINDS in src/rules/lunos/types.ts",
    ids: () => ACTION_KINDS,
    complete: true,
  },
  {
    pattern: "LUNOS.Maneuver.{id}",
    source: "MANEUVERS in src/rules/lunos/types.ts",
    ids: () => MANEUVERS,
    complete: true,
  },
  {
    // An ordinary roll is not named in the log.
    pattern: "LUNOS.Outcome.{id}",
    source: "PoolOutcome in src/rules/lunos/pool.ts, but normal",
    ids: () => literalsOf("src/rules/lunos/pool.ts", "PoolOutcome").filter((id) => id !== "normal"),
    complete: true,
  },
  {
    // Not complete: a Lunos fighter never flees, and the loser of a won duel is never standing.
    pattern: "LUNOS.Sim.Winner.{id}",
    source: "END_STATES in src/sim/stats.ts (how the loser ended)",
    ids: () => END_STATES,
  },
];
