/**
 * The workflows loaded the first time someone uses them rather than when
 * Foundry starts: each begins with a click (an attack, a button on an
 * exchange card, the GM's rules menu, a round that opens with a weapon stuck
 * in someone, an old world to migrate) and can afford the one fetch of its chunk then. Start-up keeps
 * what Foundry needs before any click: registration, data models, sheets,
 * the tracker and the rendering of chat cards. The bundler splits each
 * dynamic import below into its own chunk (vite.config.ts);
 * test/build/bundle.test.ts fails if one of these modules is found in the
 * start-up set again.
 */

/** Starting an attack: targets, the modifier dialog, the new exchange card. */
export const loadAttackWorkflow = () => import("./apps/attack/start-attack");

/** The steps of an exchange card after the attack, run by the active GM's client. */
export const loadExchangeFlow = () => import("./chat/exchange-flow");

/** Writing rules effects onto documents and undoing them. */
export const loadEffectApplier = () => import("./chat/apply-effects");

/** The GM's "FANGS rules options" window. */
export const loadRulesMenu = () => import("./apps/settings/app");

/** NC-DMG-13's damage each round from a weapon left stuck in a body. */
export const loadImpale = () => import("./rules/fangs/impale");

/** The Encounter odds dialog and the simulator behind it. */
export const loadEncounterOdds = () => import("./apps/encounter-odds/open");

/** Bringing an older world's data to the current schema (the active GM, once, on `ready`). */
export const loadWorldMigration = () => import("./data/world-migration");

/** Module paths (from the repository root) of everything above, for the bundle test. */
export const ON_DEMAND_MODULES = Object.freeze([
  "src/apps/attack/start-attack.ts",
  "src/chat/exchange-flow.ts",
  "src/chat/apply-effects.ts",
  "src/apps/settings/app.ts",
  "src/rules/fangs/impale.ts",
  "src/apps/encounter-odds/open.ts",
  "src/data/world-migration.ts",
]);
