/**
 * Moved to src/effects/effect-plan.ts; kept while the simulator's tests,
 * being rewritten on another branch, still import this path.
 */
export * from "../effects/effect-plan";
