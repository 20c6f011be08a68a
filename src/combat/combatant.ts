import { setManeuverStatus } from "./maneuver-status";
import { combatantSystem, type FangsCombatantSystem } from "./snapshot";

/**
 * The FANGS Combatant: its round (maneuver, hold, defenses and attacks used,
 * trades) is in `system`; the workflow that changes it is in src/combat/api.ts.
 */
export class FangsCombatant<
  SubType extends Combatant.SubType = Combatant.SubType,
> extends Combatant<SubType> {
  /** The round's data with defaults, whatever state the document is in. */
  get fangs(): FangsCombatantSystem {
    return combatantSystem(this);
  }

  protected override _onDelete(options: Combatant.Database.OnDeleteOperation, userId: string): void {
    super._onDelete(options, userId);
    // Leaving the combat takes the maneuver icon and a hold's status off the token; one client does it.
    const actor = this.actor;
    if (!game.users?.activeGM?.isSelf || !actor) return;
    void setManeuverStatus(actor, null);
    if (actor.statuses?.has("holding")) void actor.toggleStatusEffect("holding", { active: false });
  }
}
