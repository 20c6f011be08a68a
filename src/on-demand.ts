/**
 * The workflows loaded the first time someone uses them rather than when
 * Foundry starts: each begins with a click (an attack, a button on an
 * exchange card, the GM's rules menu, a round that opens with a weapon stuck
 * in someone, an old world to migrate, the Quench test runner's batches) and can afford the one fetch of its chunk then. Start-up keeps
 * what Foundry needs before any click: registration, data models, sheets,
 * the tracker and the rendering of chat cards. The bundler splits each
 * dynamic import below into its own chunk (vite.config.ts);
 * test/build/dist.test.ts fails if one of these modules is found in the
 * start-up set again.
 *
 * A chunk's file name carries a hash of its content, so a browser that loaded
 * the system before an update asks for files that are gone: the loader then
 * tells the user to reload, and a later click tries again.
 */

/** A loader that is remembered once it succeeds and says what to do when it fails. */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      console.error("FANGS | a part of the system could not be loaded", error);
      if (typeof game !== "undefined" && typeof ui !== "undefined" && game.i18n) {
        ui.notifications?.error(game.i18n.localize("FANGS.System.LoadFailed"), { permanent: true });
      }
      throw error;
    });
    return loading;
  };
}

/** Starting an attack: targets, the modifier dialog, the new exchange card. */
export const loadAttackWorkflow = onDemand(() => import("./apps/attack/start-attack"));

/** The round's turn planner (phases, holds, roll-offs, a new round), run by the GM's client. */
export const loadTurnPlanner = onDemand(() => import("./combat/plan"));

/** The round's chat notes (who skipped, who rolled, impale damage), posted by the GM's client after a turn moves. */
export const loadRoundNotes = onDemand(() => import("./combat/notes"));

/** Round actions a player asks of the active GM (and the GM's check of them). */
export const loadCombatRequests = onDemand(() => import("./combat/request"));

/** The steps of an exchange card after the attack, run by the active GM's client. */
export const loadExchangeFlow = onDemand(() => import("./chat/exchange-flow"));

/** The active GM's side of the exchange authority: a step's payload checked, its requester confirmed, the step run. */
export const loadExchangeAuthority = onDemand(() => import("./chat/authority-gm"));

/** The sheets' view (what a sheet shows, built from the document's data), loaded when a sheet first renders. */
export const loadSheetContext = onDemand(() => import("./apps/sheets/context"));

/** The actor sheet's Effects tab buttons (an Active Effect made, toggled, opened, deleted; a status toggled). */
export const loadEffectActions = onDemand(() => import("./apps/sheets/effect-actions"));

/** A sheet's check rolled (a button or a hotbar macro). */
export const loadSheetRolls = onDemand(() => import("./apps/sheets/rolls"));

/** A check's hotbar macro made from a sheet's dragged button or skill. */
export const loadRollMacro = onDemand(() => import("./apps/attack/roll-macro"));

/** Writing rules effects onto documents and undoing them. */
export const loadEffectApplier = onDemand(() => import("./effects/apply-effects"));

/** The GM's "FANGS rules options" window. */
export const loadRulesMenu = onDemand(() => import("./apps/settings/rules-menu-app"));

/** NC-DMG-13's damage each round from a weapon left stuck in a body. */
export const loadImpale = onDemand(() => import("./rules/fangs/impale"));

/** The Encounter odds dialog and the simulator behind it. */
export const loadEncounterOdds = onDemand(() => import("./apps/encounter-odds/open"));

/** The GM's damage and healing on selected tokens outside a card (its dialog and applier). */
export const loadGmDamage = onDemand(() => import("./apps/gm-damage/damage-tool"));

/** Placing a ready-made encounter on the scene (the encounter table, the import, the tokens). */
export const loadEncounters = onDemand(() => import("./encounters/place"));

/** Bringing an older world's data to the current schema (the active GM, once, on `ready`). */
export const loadWorldMigration = onDemand(() => import("./data/world-migration"));

/** The scenario batches for the Quench test runner, when that module is active (`quenchReady`). */
export const loadQuenchBatches = onDemand(() => import("./quench/register"));

/** Module paths (from the repository root) of everything above, for the bundle test. */
export const ON_DEMAND_MODULES = Object.freeze([
  "src/apps/attack/start-attack.ts",
  "src/combat/plan.ts",
  "src/combat/notes.ts",
  "src/combat/request.ts",
  "src/chat/exchange-flow.ts",
  "src/chat/authority-gm.ts",
  "src/apps/sheets/actor-context.ts",
  "src/apps/sheets/item-context.ts",
  "src/apps/sheets/effect-actions.ts",
  "src/apps/sheets/rolls.ts",
  "src/apps/attack/roll-macro.ts",
  "src/effects/apply-effects.ts",
  "src/apps/settings/rules-menu-app.ts",
  "src/rules/fangs/impale.ts",
  "src/apps/encounter-odds/open.ts",
  "src/apps/gm-damage/damage-tool.ts",
  "src/encounters/place.ts",
  "src/data/world-migration.ts",
  "src/quench/register.ts",
]);
