import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { END_STATES } from "../sim/stats";
import type { LangFamily } from "./registry";

/**
 * What each ruleset's `src/rulesets/<id>/lang-families.ts` builds its
 * families from. Read, as those files are, by test/lang.test.ts only: the
 * system never imports it (it reads the sources from disk).
 */

const ROOT = resolve(__dirname, "../..");

/**
 * The string literals of a `type Name = "a" | "b"` union or a
 * `const NAME = ["a", "b"]` list in a source file (from the repository's
 * root): ids a type holds that no list at run time gives.
 */
export function literalsOf(file: string, name: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const start = text.search(new RegExp(`(type|const)\\s+${name}\\b`));
  if (start < 0) throw new Error(`${name} not found in ${file}`);
  return [...text.slice(start, text.indexOf(";", start)).matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
}

/**
 * The simulator's winner line, named by how the loser ended. Not complete:
 * no simulated fighter flees, and the loser of a won duel is never standing.
 */
export function simWinnerFamily(prefix: string): LangFamily {
  return {
    pattern: `${prefix}.Sim.Winner.{id}`,
    source: "END_STATES in src/sim/stats.ts (how the loser ended)",
    ids: () => END_STATES,
  };
}
