/**
 * Pure context builders: plain document data in, the render context of a
 * sheet out. No Foundry global is touched here, so the tests and the static
 * preview render the very templates Foundry renders, from the same context.
 *
 * Values the rules derive (attributes, skill totals, item condition) are read
 * from the prepared data; when one is missing the builder asks the rules core
 * for it, the same function the data model calls, so a sheet never shows a
 * blank where a number belongs. A value the rules refuse (a malformed skill
 * formula) is shown as an error on its row, never as NaN.
 */

/**
 * The sheets' context builders by document, imported as one by the preview
 * and the tests. The sheets themselves get them from FANGS's heavy part
 * (src/rulesets/fangs-heavy.ts), so they stay out of start-up.
 */
export * from "./actor-context";
export type {
  ConditionContext,
  SheetContextOptions,
  SkillRowContext,
  SpContext,
  TabContext,
} from "./context-parts";
export { formatDamageModifier } from "./context-parts";
export * from "./item-context";
export { ACTOR_TAB_IDS, declaredChoice, ITEM_TAB_IDS } from "./tabs";
