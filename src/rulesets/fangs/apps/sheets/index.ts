import { SHEET_PARTIALS } from "./parts";
import { registerRollApi } from "./rolls";

export { CharacterSheet, CreatureSheet, CreatureStatBlockSheet, FangsActorSheet } from "./actor-sheet";
export { FangsItemSheet, ITEM_SHEETS } from "./item-sheet";
export { ACTOR_PARTS, itemParts, SHEET_PARTIALS, STAT_BLOCK_PARTS } from "./parts";

/** Loads the partials (the parts themselves load on first render). */
export function preloadSheetTemplates(): Promise<unknown> {
  return foundry.applications.handlebars.loadTemplates([...SHEET_PARTIALS]);
}

/**
 * Puts away core's sheets and preloads the partials of the FANGS sheets.
 * Call once from the `init` hook; each ruleset's sheets for its types are
 * registered from its definition (`registerRulesetSheets`,
 * src/config/document-classes.ts).
 */
export function registerSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  DocumentSheetConfig.unregisterSheet(Actor, "core", foundry.appv1.sheets.ActorSheet);
  DocumentSheetConfig.unregisterSheet(Item, "core", foundry.appv1.sheets.ItemSheet);
  void preloadSheetTemplates();
  registerCombatRefresh();
  registerRollApi();
}

/** Re-renders the open sheets of some actors (their combat panel changed). */
function refreshSheets(actors: Iterable<Actor.Implementation | null | undefined>): void {
  for (const actor of new Set(actors)) {
    if (actor?.sheet?.rendered) void actor.sheet.render();
  }
}

function combatActors(combat: Combat.Implementation): (Actor.Implementation | null)[] {
  return [...combat.combatants].map((c) => c.actor);
}

/**
 * The sheet's combat panel (declared maneuver, movement, whether declaring is
 * open) follows the tracker: a combatant's change re-renders its actor's
 * sheet; a round, turn or phase change or the end of a combat re-renders
 * every combatant's.
 */
function registerCombatRefresh(): void {
  const one = (combatant: Combatant.Implementation) => refreshSheets([combatant.actor]);
  const all = (combat: Combat.Implementation) => refreshSheets(combatActors(combat));
  Hooks.on("createCombatant", one);
  Hooks.on("updateCombatant", one);
  Hooks.on("deleteCombatant", one);
  Hooks.on("updateCombat", all);
  Hooks.on("deleteCombat", all);
}
