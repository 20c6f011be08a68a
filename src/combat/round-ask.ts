import { localize } from "../config/localize";
import { requestCombatAction } from "./query";
import { activeTableRuleset } from "./rulesets";
import { roundAction } from "./table-ruleset";

/**
 * One round action asked from a click in a ruleset's tracker cells or Token
 * HUD palette, by the same path as every other: a player's client sends the
 * request to the active GM (src/combat/request.ts, which checks the sender,
 * ownership, the round and the data with the action's `parse`); a GM's own
 * click runs the Combat's `performAction` in its turn. No other path writes.
 */

interface ActingCombat {
  inTurn<T>(work: () => Promise<T>): Promise<T>;
  performAction(
    action: string,
    combatantIds: readonly string[],
    data?: unknown,
  ): Promise<{ readonly key: string; readonly data: Readonly<Record<string, string | number>> } | null>;
}

/** Asks for `action` for these combatants; false (with a notice) when refused. */
export async function askRoundAction(
  combat: Combat.Implementation,
  action: string,
  combatantIds: readonly string[],
  data?: unknown,
): Promise<boolean> {
  if (!game.user?.isGM) return requestCombatAction(combat, action, combatantIds, data);
  const definition = roundAction(activeTableRuleset(), action);
  let parsed = data;
  // The GM's own click is read as a player's request would be: its data through the action's check.
  if (definition?.parse) {
    parsed = definition.parse(data, combatantIds);
    if (parsed === null || parsed === undefined) {
      ui.notifications?.warn(localize("FANGS.Combat.Refusal.Malformed"));
      return false;
    }
  }
  const acting = combat as unknown as ActingCombat;
  const refusal = await acting.inTurn(() => acting.performAction(action, combatantIds, parsed));
  if (!refusal) return true;
  ui.notifications?.warn(localize(refusal.key, refusal.data));
  return false;
}
