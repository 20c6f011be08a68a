import { POOL_STATUS_IDS, poolStatusChanges } from "../../rules/fangs/pool-conditions";
import { RulesError } from "../../rules/kernel/errors";
import type { RulesetParty } from "../registry";
import { writeRound } from "./combat/record";
import { combatantSystem } from "./combat/snapshot";
import { actorSystem } from "./data/views";

/**
 * FANGS's part of the effect applier (its definition's `party`): a
 * combatant's lost action is its round record, read from the GM's copy and
 * written to both (combat/record.ts); unconscious, comatose, dying and dead
 * follow Stun and HP by the rules core's thresholds (poolStatusChanges).
 */
export const fangsParty: RulesetParty = Object.freeze({
  lostAction: {
    read: (combatant: Combatant.Implementation) => combatantSystem(combatant).actionLost === true,
    write: (combatant: Combatant.Implementation, lost: boolean) =>
      writeRound(combatant, { actionLost: lost }),
  },
  poolStatuses: {
    statuses: POOL_STATUS_IDS,
    changes(
      actor: Actor.Implementation,
      before: Readonly<Record<string, number>>,
      after: Readonly<Record<string, number>>,
    ) {
      const system = actorSystem(actor);
      // An actor of a module's type: no CO or SZ to read, so no thresholds.
      if (!system) return null;
      const pools = (p: Readonly<Record<string, number>>) => ({
        stunPoints: p.stunPoints ?? 0,
        hitPoints: p.hitPoints ?? 0,
      });
      try {
        return poolStatusChanges(
          actor.uuid,
          pools(before),
          pools(after),
          system.characteristics.co,
          system.characteristics.sz,
        ).flatMap((effect) =>
          effect.kind === "status" ? [{ status: effect.status, active: effect.active }] : [],
        );
      } catch (error) {
        if (error instanceof RulesError) return null;
        throw error;
      }
    },
  },
} satisfies RulesetParty);
