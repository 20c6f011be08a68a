/**
 * Where an attack started from a sheet, a token or a macro is fought: the
 * started combat the actor (or its token) is in, and its combatant there.
 * A ruleset whose card is played on its round (Sharene's, Lunos's) asks it
 * before anything else.
 */
export function attackerCombatant(
  actor: Actor.Implementation,
  token: TokenDocument.Implementation | null | undefined,
): { combat: Combat.Implementation; combatant: Combatant.Implementation } | null {
  const combats = [game.combat, ...(game.combats ?? [])] as (Combat.Implementation | null | undefined)[];
  for (const combat of combats) {
    if (!combat?.started) continue;
    for (const combatant of combat.combatants) {
      const mine = token ? combatant.tokenId === token.id : combatant.actor?.uuid === actor.uuid;
      if (mine || combatant.actor?.uuid === actor.uuid) return { combat, combatant };
    }
  }
  return null;
}
