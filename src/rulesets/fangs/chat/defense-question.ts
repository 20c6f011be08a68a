import { FangsCombat } from "../../../documents/combat";
import { FangsCombatant } from "../../../documents/combatant";
import { shieldStrikeDamage } from "../../../rules/fangs/defenses";
import { worldManeuverOptions } from "../apps/settings/maneuver-options";
import { fangsRound } from "../combat/combatant-round";
import { immobilizedIn } from "../combat/hold-control";
import { parryReach } from "../combat/reach-table";
import { combatantSystem } from "../combat/snapshot";
import { rulesOptions } from "../config/settings";
import { itemSystem } from "../data/views";
import type { DefenderRound, DefenseQuestion } from "./defense-options";
import type { ExchangeState } from "./exchange-state";

/**
 * What a defender may answer an attack with, read from the world as it is
 * now. Both the card's rendering (the buttons offered) and the exchange flow
 * (the defense actually taken) ask this one question, so the two never
 * disagree; it lives apart from the flow because rendering a card must not
 * load the whole exchange workflow.
 */

type AnyActor = Actor.Implementation;

function hasAdvantage(actor: AnyActor, key: string): boolean {
  return actor.items.some((i) => itemSystem(i, "advantage")?.key === key);
}

/** The defender's share of the round in that combat, from the tracker (null out of combat). */
export function defenderRound(actor: AnyActor, combat: Combat.Implementation | null): DefenderRound | null {
  const combatant = FangsCombatant.of(actor, combat);
  if (!combatant) return null;
  return {
    maneuver: combatantSystem(combatant).maneuver,
    maneuverPerformed: combatantSystem(combatant).maneuverPerformed,
    readying: combatantSystem(combatant).readying,
    usage: fangsRound(combatant).defenseUsage,
    tradeShift: fangsRound(combatant).tradeShift,
  };
}

/** The question the defense offers answer, for this card and defender. */
export function defenseQuestion(state: ExchangeState, defender: AnyActor): DefenseQuestion {
  // The card's own combat: a client viewing another scene has another `game.combat`.
  const combat = FangsCombat.withId(state.setup.combatId);
  const rules = rulesOptions();
  // The reach module: the parry is judged at the range the blow was struck at (the card's).
  const reach = parryReach(defender, state.setup.reach, rules);
  return {
    defender,
    round: defenderRound(defender, combat),
    attackerId: state.attacker.actorUuid,
    mode: state.declaration.mode,
    kind: state.declaration.weapon.kind,
    shieldDamage: shieldStrikeDamage(rulesOptions()),
    twoWeapon: hasAdvantage(defender, "twoWeapon"),
    maneuverOptions: worldManeuverOptions(),
    rules,
    // RHF-HLD-2 (the holds module): read from the holds the GM keeps on the Combat.
    ...(rules?.controlPointsModule === true &&
    immobilizedIn(combat, FangsCombatant.of(defender, combat), rules)
      ? { immobilized: true }
      : {}),
    ...(reach ? { reach } : {}),
  };
}
