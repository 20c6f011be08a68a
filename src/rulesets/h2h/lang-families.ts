import { DAMAGE_CAUSES, H2H_EFFECTS, INITIATIVE_REASONS } from "../../rules/h2h/melee";
import { ACTIONS, DEFENSES, MODIFIERS, MOVE_IDS, REDUCTIONS } from "../../rules/h2h/types";
import { simWinnerFamily } from "../lang-families";
import type { LangFamily } from "../registry";

/**
 * Hand to Hand's lang keys built at run time (its simulator's log,
 * src/rulesets/h2h/sim/format.ts), each prefix with the source of its ids.
 * Hand to Hand has no ruleset definition yet, so its prefix is declared
 * here: test/lang.test.ts accepts keys under it and checks them as it
 * checks a registered ruleset's. Read by that test only.
 */

export const LANG_PREFIX = "H2H";

export const LANG_FAMILIES: readonly LangFamily[] = [
  {
    pattern: "H2H.Move.{id}",
    source: "MOVE_IDS in src/rules/h2h/types.ts",
    ids: () => MOVE_IDS,
    complete: true,
  },
  {
    pattern: "H2H.Modifier.{id}",
    source: "MODIFIERS in src/rules/h2h/types.ts",
    ids: () => MODIFIERS,
    complete: true,
  },
  {
    // The log also names a defense not made: none chosen, or out of time.
    pattern: "H2H.Defense.{id}",
    source: "DEFENSES in src/rules/h2h/types.ts, and none and timedOut (the defense event)",
    ids: () => [...DEFENSES, "none", "timedOut"],
    complete: true,
  },
  {
    pattern: "H2H.Reduction.{id}",
    source: "REDUCTIONS in src/rules/h2h/types.ts",
    ids: () => REDUCTIONS,
    complete: true,
  },
  {
    pattern: "H2H.Action.{id}",
    source: "ACTIONS in src/rules/h2h/types.ts",
    ids: () => ACTIONS,
    complete: true,
  },
  {
    pattern: "H2H.Effect.{id}",
    source: "H2H_EFFECTS in src/rules/h2h/melee.ts",
    ids: () => H2H_EFFECTS,
    complete: true,
  },
  {
    // A tie has no actor: its own line.
    pattern: "H2H.Sim.Initiative.{id}",
    source: "INITIATIVE_REASONS in src/rules/h2h/melee.ts, and tie",
    ids: () => [...INITIATIVE_REASONS, "tie"],
    complete: true,
  },
  {
    pattern: "H2H.Sim.Catch.{id}",
    source: "the catch event's what in src/rules/h2h/melee.ts",
    ids: () => ["natural1", "flinch"],
    complete: true,
  },
  {
    pattern: "H2H.Sim.Damage.{id}",
    source: "DAMAGE_CAUSES in src/rules/h2h/melee.ts",
    ids: () => DAMAGE_CAUSES,
    complete: true,
  },
  simWinnerFamily("H2H"),
];
