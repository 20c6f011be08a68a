import { writePair } from "../../../combat/pairs";
import { FangsCombatant } from "../../../documents/combatant";
import { rulesOptions } from "../config/settings";
import { holdsOn, markImmobilized } from "./hold-control";

/**
 * A fighter's Grappled status went (./hold-watch.ts), on the active GM's
 * client: taken off by a GM, the holds kept on it end, their points with
 * them; taken off by anyone else while a hold is kept, it is put back, so
 * a held fighter's player cannot free it by deleting its own status
 * (docs/security.md). Nothing when the module is off or no hold is kept.
 * A step of the GM's write queue (the watch queues it).
 */
export async function grappledRemoved(actor: Actor.Implementation, userId: string): Promise<void> {
  const rules = rulesOptions();
  if (rules?.controlPointsModule !== true || !game.users?.activeGM?.isSelf) return;
  const byGM = game.users.get(userId)?.isGM === true;
  for (const each of game.combats ?? []) {
    const combat = each as Combat.Implementation;
    const victim = FangsCombatant.of(actor, combat);
    const holds = holdsOn(combat, victim, rules);
    if (!victim?.id || holds.length === 0) continue;
    if (!byGM) {
      if (!actor.statuses?.has("grappled")) await actor.toggleStatusEffect("grappled", { active: true });
      continue;
    }
    for (const h of holds)
      if (h.grappler.id) await writePair(combat, h.grappler.id, victim.id, { hold: null });
    await markImmobilized(combat, victim, rules);
  }
}
