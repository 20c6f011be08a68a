import type { PoolDefinition } from "../../rules/kernel/effect-kinds";

/**
 * FANGS's two pools, as its definition registers them; plain data, so the
 * preview pages read them without Foundry. Both may fall below 0 (coma,
 * death): no lowest value. The GM damage note names each by its own line.
 */
export const FANGS_POOLS: readonly PoolDefinition[] = Object.freeze([
  {
    name: "stunPoints",
    path: "stunPoints",
    labelKey: "FANGS.Actor.Attribute.StunPoints",
    noteKey: "FANGS.GmDamage.Note.Stun",
  },
  {
    name: "hitPoints",
    path: "hitPoints",
    labelKey: "FANGS.Actor.Attribute.HitPoints",
    noteKey: "FANGS.GmDamage.Note.Hp",
  },
]);
