/**
 * Lunos's heavy part (src/rulesets/lunos-heavy.ts): the definition's
 * `loadHeavy`, which `loadRuleset("lunos")` calls once. Its sheets'
 * context builders and its options' checks are there now; its round's
 * planner, card flow and windows join them as they come.
 */
export const loadLunosHeavy = () => import("../lunos-heavy");

declare module "../../on-demand" {
  interface RulesetHeavyParts {
    readonly lunos: typeof import("../lunos-heavy");
  }
}
