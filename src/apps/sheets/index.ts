import { ITEM_TYPES } from "../../config/system";
import { CharacterSheet, CreatureSheet, CreatureStatBlockSheet } from "./actor-sheet";
import { ITEM_SHEETS } from "./item-sheet";
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
 * Registers the FANGS actor and item sheets as the defaults and preloads
 * their partials. Call once from the `init` hook.
 */
export function registerSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  DocumentSheetConfig.unregisterSheet(Actor, "core", foundry.appv1.sheets.ActorSheet);
  DocumentSheetConfig.unregisterSheet(Item, "core", foundry.appv1.sheets.ItemSheet);
  DocumentSheetConfig.registerSheet(Actor, "fangs", CharacterSheet, {
    types: ["character"],
    makeDefault: true,
    label: "FANGS.Sheet.Label.Character",
  });
  // A creature opens as its stat block; the full sheet stays one choice away in the sheet's configuration.
  DocumentSheetConfig.registerSheet(Actor, "fangs", CreatureStatBlockSheet, {
    types: ["creature"],
    makeDefault: true,
    label: "FANGS.Sheet.Label.CreatureStatBlock",
  });
  DocumentSheetConfig.registerSheet(Actor, "fangs", CreatureSheet, {
    types: ["creature"],
    makeDefault: false,
    label: "FANGS.Sheet.Label.Creature",
  });
  const itemLabels = {
    weapon: "FANGS.Sheet.Label.Weapon",
    shield: "FANGS.Sheet.Label.Shield",
    armor: "FANGS.Sheet.Label.Armor",
    skill: "FANGS.Sheet.Label.Skill",
    advantage: "FANGS.Sheet.Label.Advantage",
    maneuver: "FANGS.Sheet.Label.Maneuver",
  } as const;
  for (const type of ITEM_TYPES) {
    DocumentSheetConfig.registerSheet(Item, "fangs", ITEM_SHEETS[type], {
      types: [type],
      makeDefault: true,
      label: itemLabels[type],
    });
  }
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
  Hooks.on("createCombatant", one as never);
  Hooks.on("updateCombatant", one as never);
  Hooks.on("deleteCombatant", one as never);
  Hooks.on("updateCombat", all as never);
  Hooks.on("deleteCombat", all as never);
}
