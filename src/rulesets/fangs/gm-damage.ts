import { loadRuleset } from "../../on-demand";
import type { RulesetGmDamage } from "../registry";

/**
 * FANGS's rule for the GM's damage tool, registered through its
 * definition: the rules core's adjustPools (gm-damage-effects.ts), loaded
 * with FANGS's heavy part, where the tool itself lives.
 */
export const fangsGmDamage: RulesetGmDamage = {
  effects: async (actor, request) => (await loadRuleset("fangs")).fangsGmDamageEffects(actor, request),
};
