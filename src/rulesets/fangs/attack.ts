import type { RulesetAttack } from "../../apps/attack/attack-entry";
import { loadRuleset } from "../../on-demand";
import { itemSystem } from "./data/views";

/**
 * How an attack starts in a FANGS world (its definition's `cards.attack`):
 * with a weapon or a shield (its bash, NC-DEF-9), through FANGS's attack
 * workflow in its heavy part (src/rulesets/fangs/apps/attack/start-attack.ts), which
 * captures the target, asks the rules core, shows the modifier dialog and
 * has the active GM post the exchange card.
 */
export const fangsAttack: RulesetAttack = {
  itemTypes: ["weapon", "shield"],
  /** The Token HUD's choices: each equipped weapon and equipped shield. */
  readyItems: (actor) =>
    actor.items.filter((i) => (itemSystem(i, "weapon") ?? itemSystem(i, "shield"))?.equipped === true),
  start: async (actor, itemId, options) => (await loadRuleset("fangs")).startAttack(actor, itemId, options),
};
