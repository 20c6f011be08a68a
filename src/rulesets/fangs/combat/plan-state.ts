import { bodyImpaleFormulas } from "../../../chat/stuck-weapons";
import { compareForTurns } from "../../../combat/turns";
import { owedPostMeleeAttack, type ShieldBashAttack } from "../../../rules/fangs/attacks";
import type { PlanCombatant, PlanState } from "../../../rules/fangs/round-engine";
import { actorFacts, combatantSystem, combatSystem, num, read, roundAttackerOf } from "./snapshot";

/**
 * The combat as the round engine plans on it, read from the documents
 * through ./snapshot.ts. Only the turn planner (FANGS's table, once its
 * heavy part is loaded), the round's start and a withdrawal ask for it, so
 * it loads with FANGS's heavy part: the post-melee attack a combatant is
 * owed is the attack rules' question, which start-up never asks.
 */

/** The planner's view of one combatant. */
export function planCombatant(
  combatant: unknown,
  shieldBashAttack?: ShieldBashAttack,
  round = num(read(read(combatant, "parent") ?? read(combatant, "combat"), "round"), 0),
): PlanCombatant {
  const system = combatantSystem(combatant);
  const actor = read(combatant, "actor");
  const facts = actorFacts(
    actor instanceof Actor ? (actor as Actor.Implementation) : null,
    read(combatant, "isDefeated") === true,
  );
  let postMeleeAttacks = 0;
  let offHandInitiativePenalty = false;
  if (system.maneuver !== null) {
    const attack = owedPostMeleeAttack({
      attacker: roundAttackerOf(system, facts, shieldBashAttack),
      counter: system.attacks,
      weapons: {
        main: [system.attackKind ?? facts.mainWeaponKind ?? "melee"],
        off: facts.offHandKinds,
      },
      round,
      restrictions: system.restrictions,
      outOfAction: facts.outOfAction,
    });
    postMeleeAttacks = attack ? 1 : 0;
    // Its own initiative modifier (an off-hand one, NC-DEF-7).
    offHandInitiativePenalty = (attack?.initiativeModifier ?? 0) < 0;
  }
  const initiative = read(combatant, "initiative");
  return {
    id: String(read(combatant, "id") ?? read(combatant, "_id")),
    name: String(read(combatant, "name") ?? ""),
    ag: facts.ag,
    initiative: typeof initiative === "number" ? initiative : null,
    initiativeRoll: system.initiativeRoll,
    maneuver: system.maneuver,
    attackKind: system.attackKind,
    held: system.held,
    committed: system.committed,
    actionLost: system.actionLost,
    outOfAction: facts.outOfAction,
    engaged: facts.engaged,
    engagedAtRoundStart: system.engagedAtRoundStart,
    postMeleeAttacks,
    offHandInitiativePenalty,
    lostManeuver: system.lostManeuver,
    mainWeaponKind: facts.mainWeaponKind,
    impaled: actor instanceof Actor && bodyImpaleFormulas(actor as Actor.Implementation).length > 0,
  };
}

/** What the tracker orders combatants by. */
type TurnEntry = Parameters<typeof compareForTurns>[0];

/**
 * The combat as the planner sees it; combatants in the tracker's standing order (by
 * initiative, then name), where the rules core keeps ties. Not the turn list, which puts
 * the current phase's acting order first: two fighters of equal AG would then swap
 * places whenever one acted in a phase the other sat out (docs/rules/fangs.md, "Ties").
 */
export function planState(combat: unknown, shieldBashAttack?: ShieldBashAttack): PlanState {
  const system = combatSystem(combat);
  const list = [...((read(combat, "combatants") as Iterable<TurnEntry> | undefined) ?? [])].sort((a, b) =>
    compareForTurns(a, b, null),
  );
  const round = num(read(combat, "round"), 0);
  const turn = read(combat, "turn");
  return {
    round,
    turn: typeof turn === "number" ? turn : null,
    phase: system.phase,
    order: system.order,
    combatants: list.map((c) => planCombatant(c, shieldBashAttack, round)),
  };
}
