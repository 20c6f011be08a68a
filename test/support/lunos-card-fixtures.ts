import { ScriptedDice } from "../../src/rules/kernel/dice";
import { maneuverMenu } from "../../src/rules/lunos/attack-choice";
import { LUNOS_DEFAULTS } from "../../src/rules/lunos/config";
import { resolveAttack, rollAttack } from "../../src/rules/lunos/round-engine";
import type { LunosAttackCard } from "../../src/rulesets/lunos/chat/attack-state";
import { CLUB, fighter, pool, roundOf, viewOf } from "./lunos-fixtures";

/**
 * A Lunos attack card as the GM stores it, built from the rules core's own
 * roll and outcome (no figure typed in): Al attacks Bo and Cy with a club;
 * the card's template tests and the preview draw it.
 */

export const R = LUNOS_DEFAULTS;
export const VIEW = viewOf([
  fighter("al", { weapon: CLUB }),
  fighter("bo", { weapon: CLUB }),
  fighter("cy", { weapon: CLUB }),
]);

/** Al attacks Bo and Cy; Bo defends (one success: difficulty 2), Cy does not. Five dice: 4, 4, 4, 2 and the luck die 7. */
export function rolled() {
  const fight = roundOf({
    view: VIEW,
    ids: ["al", "bo", "cy"],
    plans: {
      al: { actions: [{ kind: "attack", targets: ["bo", "cy"] }] },
      bo: { actions: [{ kind: "defense", against: ["al"] }] },
      cy: { actions: [{ kind: "other", task: "task" }] },
    },
    dice: [...pool(3, 2), ...pool(3, 0), ...pool(3, 0), ...pool(5, 1)],
  });
  return rollAttack(fight, "al", VIEW, new ScriptedDice([4, 4, 4, 2, 7]), R);
}

export function lunosCard(patch: Partial<LunosAttackCard> = {}): LunosAttackCard {
  const fight = rolled();
  return {
    ruleset: "lunos",
    revision: 0,
    stage: "spend",
    rollMode: "publicroll",
    combatId: "combat",
    round: 1,
    attacker: { combatantId: "al", actorUuid: "Actor.al", name: "Al" },
    targets: [
      { combatantId: "bo", actorUuid: "Actor.bo", name: "Bo" },
      { combatantId: "cy", actorUuid: "Actor.cy", name: "Cy" },
    ],
    weaponName: "Club",
    attack: { kind: "attack", skill: "weapon", declared: null, forgoDamage: false, poolDie: 6, luckDie: 12 },
    pending: fight.pending,
    faces: [4, 4, 4, 2],
    luck: 7,
    menu: maneuverMenu(fight, VIEW, R),
    spends: [],
    outcomes: [],
    effects: [],
    deltas: [],
    ...patch,
  };
}

/** The card once spent: a push on Bo (its token moved), nothing on Cy. */
export function lunosResolved(patch: Partial<LunosAttackCard> = {}): LunosAttackCard {
  const spends = [{ target: "bo", maneuvers: ["push" as const] }];
  const outcome = resolveAttack(rolled(), spends, VIEW, R);
  return lunosCard({
    revision: 1,
    stage: "resolved",
    spends,
    outcomes: outcome.targets,
    effects: [
      { kind: "pool", actorId: "Actor.bo", pool: "health.bruising", amount: -3 },
      // Both tokens stand on one gridded scene: the push moves Bo's.
      {
        kind: "ruleset",
        effectKind: "lunosPush",
        actorId: "Actor.bo",
        data: { combatId: "combat", target: "bo", from: "al", feet: 5 },
      },
    ],
    ...patch,
  });
}
