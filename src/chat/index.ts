import { registerApi } from "../api/system-api";
import { attackWithItem, startAttack } from "../apps/attack/attack-entry";
import { registerAttackHud } from "../apps/attack/attack-hud";
import { loadRuleset, type RulesetHeavyParts } from "../on-demand";
import { listRulesetDefinitions, type RulesetQuery } from "../rulesets/registry";
import { registerQueries, requestStep, setStepRunner } from "./authority";
import { dispatchStep } from "./card-flows";
import { registerCardRendering } from "./card-render";
import { onHotbarDrop } from "./hotbar-drop";
import { stuckWeapons } from "./stuck-weapons";

type Fangs = RulesetHeavyParts["fangs"];

/** Starts an attack by the world's ruleset (src/apps/attack/attack-entry.ts). */
export { startAttack };

export const applyEffects: Fangs["applyEffects"] = async (...args) =>
  (await loadRuleset("fangs")).applyEffects(...args);

export const revertDeltas: Fangs["revertDeltas"] = async (...args) =>
  (await loadRuleset("fangs")).revertDeltas(...args);

/**
 * The chat cards' start-up: the step's query to the active GM and every
 * ruleset's own queries, the cards' rendering and buttons, the hotbar drop
 * and the ways to start an attack (sheet, hotbar macro, Token HUD).
 * `registerExchange` is called once, in `init`; each ruleset's card types,
 * steps, drops and queries are fields of its definition (src/rulesets/).
 */

/** What other parts of the system (and macros, through `game.system.api.exchange`) call. */
export const exchangeApi = Object.freeze({
  /** Starts an attack with an actor's weapon: `startAttack(actor, weaponId, { event })`. */
  startAttack,
  /** The hotbar macro's entry: `attackWithItem(weaponUuid, { event })`. */
  attackWithItem,
  /** Applies rules Effects on the active GM's client and returns the exact deltas. */
  applyEffects,
  /** Reverts recorded deltas. */
  revertDeltas,
  /** Weapons stuck in an actor (impaling). */
  stuckWeapons,
  /** Sends a step of an exchange card to the authority. */
  requestStep,
});

/** Every registered ruleset's queries to the active GM (its definition's `queries`). */
export function registerRulesetQueries(): void {
  const queries = CONFIG.queries as unknown as Record<string, RulesetQuery>;
  for (const definition of listRulesetDefinitions())
    for (const [name, handler] of Object.entries(definition.queries ?? {})) queries[name] = handler;
}

export function registerExchange(): void {
  registerQueries();
  registerRulesetQueries();
  setStepRunner(dispatchStep);
  // Every ruleset's cards, FANGS's exchange card among them, through one hook; its drops through another.
  registerCardRendering();
  Hooks.on("hotbarDrop", onHotbarDrop);
  registerAttackHud();
  registerApi("exchange", exchangeApi);
}

export { stuckWeapons } from "./stuck-weapons";
