import { registerTokenHudPalette } from "../apps/combat-tracker/combat-hud";
import { FangsCombatTracker } from "../apps/combat-tracker/tracker";
import { FangsCombatData } from "../data/combat";
import type { FangsCombat } from "../documents/combat";
import type { FangsCombatant } from "../documents/combatant";
import { loadTableAuthority } from "../on-demand";
import { COMBAT_QUERY } from "./query";
import type { CombatActionAnswer } from "./request";
import { activeTableRuleset } from "./rulesets";

export { FangsCombat } from "../documents/combat";
export { FangsCombatant } from "../documents/combatant";

declare module "fvtt-types/configuration" {
  interface DocumentClassConfig {
    Combat: typeof FangsCombat<Combat.SubType>;
    Combatant: typeof FangsCombatant<Combatant.SubType>;
  }
  // Each ruleset declares its Combatant subtype's model from its own folder (FANGS: src/rulesets/fangs/data/combatant.ts).
  interface DataModelConfig {
    Combat: { base: typeof FangsCombatData };
  }
}

declare global {
  namespace CONFIG {
    interface Queries {
      "fangs.combatAction": (payload: unknown, options: { timeout?: number }) => Promise<CombatActionAnswer>;
    }
  }
}

/**
 * Wires the round into Foundry: the Combat's data model, tracker, HUD,
 * query. Call in `init`. Each ruleset's combatant state is its Combatant
 * subtype, registered from its definition (src/config/document-classes.ts).
 */
export function registerCombat(): void {
  Object.assign(CONFIG.Combat.dataModels, { base: FangsCombatData });
  CONFIG.ui.combat = FangsCombatTracker;
  CONFIG.queries[COMBAT_QUERY] = async (payload: unknown) =>
    (await loadTableAuthority()).handleCombatAction(payload);
  registerTokenHudPalette();
  // The GM's copy of the combatants' state is the world ruleset's own (FANGS: records).
  Hooks.on("updateCombatant", (combatant, changed, options, userId) => {
    activeTableRuleset().records?.onUpdate?.(combatant, changed, options, userId);
  });
  Hooks.on("createCombatant", (combatant, options, userId) => {
    activeTableRuleset().records?.onCreate?.(combatant, options, userId);
  });
}
