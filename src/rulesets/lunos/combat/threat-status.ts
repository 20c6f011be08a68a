import { readLunosTable } from "./fight-read";

/**
 * LUN-MNV-3: the threatened status lasts as long as a threat on its
 * fighter does. A threat ends when its maker does not keep an action on it
 * (it lapses as the attacks begin), when its maker is out of the fight
 * (the round's start drops it), leaves the combat, or threatens another;
 * then the status comes off, on the active GM's client after each write of
 * the round (the table's `afterPlan`). A threat struck is the strike
 * card's own: it takes the status off as applied and puts it back on Undo.
 * Lunos's heavy part.
 */
export async function endLapsedThreats(combat: Combat.Implementation): Promise<void> {
  if (game.users?.activeGM?.isSelf !== true) return;
  let read: ReturnType<typeof readLunosTable>;
  try {
    read = readLunosTable(combat);
  } catch {
    // A fight the table does not read: the tracker tells the GM.
    return;
  }
  if (read.fight === null) return;
  const held = new Set(read.fight.threats.map((t) => t.target));
  for (const [id, combatant] of read.combatants) {
    const actor = combatant.actor;
    if (!actor || held.has(id) || !actor.statuses?.has("threatened")) continue;
    await actor.toggleStatusEffect("threatened", { active: false });
  }
}
