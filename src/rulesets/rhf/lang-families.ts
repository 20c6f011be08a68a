import { ACTION_KINDS, DEFENSES, OUTCOMES } from "../../rules/rhf/round-engine";
import { INJURY_LEVELS, LOCATIONS, RANGE_MANEUVERS, RANGES } from "../../rules/rhf/types";
import { simWinnerFamily } from "../lang-families";
import type { LangFamily } from "../registry";

/**
 * The reach, holds and firearms lang keys built at run time (its
 * simulator's log, src/rulesets/rhf/sim/format.ts), each prefix with the
 * source of its ids. The ruleset has no definition yet, so its prefix is
 * declared here: test/lang.test.ts accepts keys under it and checks them as
 * it checks a registered ruleset's. Read by that test only.
 */

export const LANG_PREFIX = "RHF";

export const LANG_FAMILIES: readonly LangFamily[] = [
  {
    pattern: "RHF.Outcome.{id}",
    source: "OUTCOMES in src/rules/rhf/round-engine.ts",
    ids: () => OUTCOMES,
    complete: true,
  },
  {
    pattern: "RHF.Action.{id}",
    source: "ACTION_KINDS in src/rules/rhf/round-engine.ts",
    ids: () => ACTION_KINDS,
    complete: true,
  },
  {
    pattern: "RHF.Defense.{id}",
    source: "DEFENSES in src/rules/rhf/round-engine.ts",
    ids: () => DEFENSES,
    complete: true,
  },
  {
    pattern: "RHF.Range.{id}",
    source: "RANGES in src/rules/rhf/types.ts",
    ids: () => RANGES,
    complete: true,
  },
  {
    pattern: "RHF.Maneuver.{id}",
    source: "RANGE_MANEUVERS in src/rules/rhf/types.ts",
    ids: () => RANGE_MANEUVERS,
    complete: true,
  },
  {
    pattern: "RHF.Location.{id}",
    source: "LOCATIONS in src/rules/rhf/types.ts",
    ids: () => LOCATIONS,
    complete: true,
  },
  {
    pattern: "RHF.Injury.{id}",
    source: "INJURY_LEVELS in src/rules/rhf/types.ts",
    ids: () => INJURY_LEVELS,
    complete: true,
  },
  simWinnerFamily("RHF"),
];
