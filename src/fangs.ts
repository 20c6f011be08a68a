/**
 * Entry point registered in system.json (bundled to dist/fangs.js). It only
 * wires things together; each part lives in its role folder.
 */
import { registerEncounterOdds } from "./apps/encounter-odds";
import { registerGmDamage } from "./apps/gm-damage";
import { registerRulesetMenu } from "./apps/settings/ruleset-menu";
import { registerExchange } from "./chat";
import { registerRealTimeLimits } from "./chat/real-time";
import { registerCombat } from "./combat";
import {
  configureDocuments,
  configureInitiative,
  configureStatusEffects,
  configureTypeLabels,
  registerRulesetSheets,
} from "./config/document-classes";
import { registerFangsConfig } from "./config/fangs-config";
import { activeRulesetId } from "./config/ruleset-setting";
import { registerSettings } from "./config/settings";
import { SCHEMA_VERSION, SYSTEM_ID } from "./config/system";
import { migrateWorldWhenDue } from "./data/world-migration-gate";
import { watchTimedStatuses } from "./effects/timed-status-effects";
import { registerEncounters } from "./encounters";
import { loadQuenchBatches, preloadRuleset } from "./on-demand";
import { listRulesetDefinitions } from "./rulesets/registry";

Hooks.once("init", () => {
  console.info(`FANGS | initialising the ${SYSTEM_ID} system (data schema ${SCHEMA_VERSION})`);
  // First: a module's own init hook, which runs after this one, extends CONFIG.FANGS (docs/api.md).
  registerFangsConfig();
  configureDocuments();
  registerSettings();
  registerRulesetMenu();
  // Each ruleset's own start-up (FANGS: core's sheets put away, its sheets' hooks, `api.rolls`), then its sheets.
  for (const definition of listRulesetDefinitions()) definition.init?.();
  registerRulesetSheets();
  registerCombat();
  registerExchange();
  // After every ruleset registered its real-time limits (on import); FANGS has none, so this adds nothing.
  registerRealTimeLimits();
  registerEncounterOdds();
  registerGmDamage();
  registerEncounters();
  watchTimedStatuses();
});

// What modules may have changed in CONFIG.FANGS during their init is read from here on.
Hooks.once("setup", () => {
  configureTypeLabels();
  configureStatusEffects();
  configureInitiative();
});

Hooks.once("ready", () => {
  // The heavy part of the world's ruleset loads now, so the first attack or turn does not wait for it.
  preloadRuleset(activeRulesetId());
  void migrateWorldWhenDue();
});

// Only where the Quench test runner is active; the batches load then (docs/development.md).
// A failed load has been told by the loader.
Hooks.once("quenchReady", (quench) => {
  loadQuenchBatches().then(
    (batches) => batches.registerBatches(quench),
    () => undefined,
  );
});
