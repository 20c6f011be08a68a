import type { LunosPlan } from "../../../rules/lunos/round-engine";

/**
 * What a player may not declare that a GM may: a combatant hidden from
 * the players named (unless the player owns it), told as one not in the
 * combat, in the very words an id not in it gets (./fight-read.ts), so the
 * refusal gives nothing away; and a spell called healing,
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
  // Data this cannot read is left to the plan's reading, which refuses it as malformed.
  const actions = (data as { actions?: unknown } | null)?.actions;
  if (!Array.isArray(actions)) return null;
  for (const action of actions as LunosPlan["actions"]) {
    if (action === null || typeof action !== "object") return null;
    if (action.kind === "magic" && action.healing === true) return "LUNOS.Combat.Refusal.HealingSpell";
    const named = [
      ...("targets" in action && Array.isArray(action.targets) ? action.targets : []),
      ...("against" in action && Array.isArray(action.against) ? action.against : []),
      ...(action.kind === "other" && action.target !== undefined ? [action.target] : []),
    ];
    for (const id of named) {
      const other = typeof id === "string" ? combat.combatants.get(id) : undefined;
      if (other?.hidden === true && !other.testUserPermission(user, "OWNER"))
        return "FANGS.Combat.Refusal.UnknownCombatant";
    }
  }
  return null;
}
