import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { KNOCKOUT_IDS } from "../../rules/sharene/config";
import { BLOWS, CALLED_EFFECTS, DEFENSES, STYLES, SUCCESS_LEVELS } from "../../rules/sharene/types";
import { END_STATES } from "../../sim/stats";
import type { LangFamily } from "../registry";

/**
 * Sharene's lang keys built at run time (its simulator's log,
 * src/rulesets/sharene/sim/format.ts, and its rules core), each prefix with
 * the source of its ids. Sharene has no ruleset definition yet, so its prefix is declared
 * here: test/lang.test.ts accepts keys under it and checks them as it
 * checks a registered ruleset's. Read by that test only.
 */

export const LANG_PREFIX = "SHARENE";

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
    pattern: "SHARENE.Outcome.{id}",
    source: "ExchangeOutcome in src/rules/sharene/exchange.ts",
    ids: () => literalsOf("src/rules/sharene/exchange.ts", "ExchangeOutcome"),
    complete: true,
  },
  {
    // A failed roll has no Success Level; the log names it "failure".
    pattern: "SHARENE.Level.{id}",
    source: "SUCCESS_LEVELS in src/rules/sharene/types.ts, and failure",
    ids: () => [...SUCCESS_LEVELS, "failure"],
    complete: true,
  },
  {
    pattern: "SHARENE.Defense.{id}",
    source: "DEFENSES in src/rules/sharene/types.ts",
    ids: () => DEFENSES,
    complete: true,
  },
  {
    pattern: "SHARENE.Blow.{id}",
    source: "BLOWS in src/rules/sharene/types.ts",
    ids: () => BLOWS,
    complete: true,
  },
  {
    // A fighter out of the fight has no style; the log names it "none".
    pattern: "SHARENE.Style.{id}",
    source: "STYLES in src/rules/sharene/types.ts, and none",
    ids: () => [...STYLES, "none"],
    complete: true,
  },
  {
    // Not complete: a Sharene fighter never flees, and the loser of a won duel is never standing.
    pattern: "SHARENE.Sim.Winner.{id}",
    source: "END_STATES in src/sim/stats.ts (how the loser ended)",
    ids: () => END_STATES,
  },
  {
    pattern: "SHARENE.Knockout.{id}",
    source:
      "KNOCKOUT_IDS in src/rules/sharene/config.ts (the timed statuses, src/rules/sharene/effect-kinds.ts)",
    ids: () => KNOCKOUT_IDS,
    complete: true,
  },
  {
    pattern: "SHARENE.Called.{id}",
    source:
      "CALLED_EFFECTS in src/rules/sharene/types.ts (the note of a called effect, src/rules/sharene/exchange.ts)",
    ids: () => CALLED_EFFECTS,
    complete: true,
  },
];
