/**
 * Sharene's heavy part (src/rulesets/sharene-heavy.ts): the definition's
 * `loadHeavy`, which `loadRuleset("sharene")` calls once. Its sheets'
 * context builders are there now; its round's planner, card flow and
 * windows join them as they come.
 */
export const loadShareneHeavy = () => import("../sharene-heavy");

declare module "../../on-demand" {
  interface RulesetHeavyParts {
    readonly sharene: typeof import("../sharene-heavy");
  }
}
