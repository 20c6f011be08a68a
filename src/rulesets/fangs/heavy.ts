/**
 * FANGS's heavy part (src/rulesets/fangs-heavy.ts): the definition's
 * `loadHeavy`, which `loadRuleset("fangs")` (src/on-demand.ts) calls once.
 * The barrel stays beside this folder, not in it: its chunk is named after
 * it (`fangs-heavy`), and the build test finds each ruleset's barrel as
 * `src/rulesets/<id>-heavy.ts`.
 */
export const loadFangsHeavy = () => import("../fangs-heavy");

/*
 * Its type, declared from here rather than in src/on-demand.ts, so that file
 * names no ruleset: FANGS's callers keep `loadRuleset("fangs")` typed (its
 * steps, planner and windows in FANGS's folder, and the shared files still
 * wired to FANGS's parts), where a `loadFangs()` of FANGS's own would make
 * each of those shared files import FANGS's folder to reach it.
 */
declare module "../../on-demand" {
  interface RulesetHeavyParts {
    readonly fangs: typeof import("../fangs-heavy");
  }
}
