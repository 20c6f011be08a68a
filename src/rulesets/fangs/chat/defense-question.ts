import { FangsCombat } from "../../../documents/combat";
import { FangsCombatant } from "../../../documents/combatant";
import { documentAtSync } from "../../../documents/uuid";
import type { FangsOptions } from "../../../rules/fangs/config";
import { shieldStrikeDamage } from "../../../rules/fangs/defenses";
import { worldManeuverOptions } from "../apps/settings/maneuver-options";
import { fangsRound } from "../combat/combatant-round";
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
  const reach = rules?.reachModule === true ? defenderReach(combat, defender, state, rules) : undefined;
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
    ...(reach ? { reach } : {}),
  };
}

/** RHF-RNG-2 (the reach module): whether the defender's weapon parries at the range kept with its attacker. */
function defenderReach(
  combat: Combat.Implementation | null,
  defender: AnyActor,
  state: ExchangeState,
  rules: FangsOptions,
): { readonly weaponParries: boolean } | undefined {
  // The attacker as the card names it: its token's actor, else the actor itself.
  const token = state.attacker.tokenUuid ? documentAtSync(state.attacker.tokenUuid) : null;
  const named = (token as { actor?: unknown } | null)?.actor ?? documentAtSync(state.attacker.actorUuid);
  const actor = named instanceof Actor ? (named as AnyActor) : null;
  return parryReach(
    combat,
    FangsCombatant.of(defender, combat),
    FangsCombatant.of(actor, combat),
    state.declaration.weapon.kind,
    rules,
  );
}
