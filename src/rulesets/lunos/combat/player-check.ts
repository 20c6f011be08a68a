import type { LunosPlan } from "../../../rules/lunos/round-engine";

/**
 * What a player may not declare that a GM may: a combatant hidden from
 * the players named (unless the player owns it), told as one not in the
 * combat so the refusal gives nothing away; and a spell called healing,
 * which spares a dying caster (LUN-HLT-5): whether a spell heals is the
 * GM's ruling, so only a GM's declaration carries the flag. Lunos's heavy
 * part: its start-up action (./lunos-table.ts) asks it once loaded.
 */
export function playerDeclareCheck(
  combat: Combat.Implementation,
  _combatantIds: readonly string[],
  data: unknown,
  user: User.Implementation,
): string | null {
  const plan = data as LunosPlan;
  for (const action of plan.actions) {
    if (action.kind === "magic" && action.healing === true) return "LUNOS.Combat.Refusal.HealingSpell";
    const named = [
      ...("targets" in action ? action.targets : []),
      ...("against" in action ? action.against : []),
      ...(action.kind === "other" && action.target !== undefined ? [action.target] : []),
    ];
    for (const id of named) {
      const other = combat.combatants.get(id);
      if (other?.hidden === true && !other.testUserPermission(user, "OWNER"))
        return "FANGS.Combat.Refusal.UnknownCombatant";
    }
  }
  return null;
}
