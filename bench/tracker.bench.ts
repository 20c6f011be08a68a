import { bench, describe } from "vitest";
import { type TrackerRowInput, trackerView } from "../src/apps/combat-tracker/tracker-view";
import { compareForTurns } from "../src/combat/turns";
import { InitiativeMode } from "../src/rules/fangs/round";
import {
  type PlanCombatant,
  type PlanState,
  planNextRound,
  planNextTurn,
  planStart,
} from "../src/rules/fangs/round-engine";
import { FANGS_PHASES } from "../src/rules/fangs/ruleset";
import { MANEUVER_IDS, type ManeuverId } from "../src/rules/fangs/types";
import { SeededDice } from "../src/rules/kernel/dice";
import { fangsRowDrawing } from "../src/rulesets/fangs/tracker-row-view";

/*
 * Tracker turn setup for 100 combatants: what one click on "next turn" or
 * "next round" costs the GM's client before the update goes out, and what
 * one render of the tracker costs each client. Target: each under 1 ms.
 */

const N = 100;
const maneuvers: readonly ManeuverId[] = MANEUVER_IDS;

function fighters(): PlanCombatant[] {
  return Array.from({ length: N }, (_, i) => {
    const maneuver = maneuvers[i % maneuvers.length]!;
    return {
      id: `c${i}`,
      name: `Fighter ${i}`,
      ag: 8 + ((i * 7) % 13),
      initiative: null,
      initiativeRoll: null,
      maneuver,
      attackKind: i % 3 === 0 ? "missile" : "melee",
      held: i % 17 === 0,
      committed: false,
      actionLost: i % 23 === 0,
      outOfAction: i % 19 === 0,
      engaged: i % 2 === 0,
      engagedAtRoundStart: i % 2 === 0,
      postMeleeAttacks: maneuver === "allOutAttack" ? 1 : 0,
      offHandInitiativePenalty: false,
      lostManeuver: i % 29 === 0 ? "attack" : null,
      mainWeaponKind: i % 3 === 0 ? "missile" : "melee",
    };
  });
}

const agility = { initiativeMode: InitiativeMode.Agility };
const fresh: PlanState = { round: 0, turn: null, phase: "initiative", order: [], combatants: fighters() };
const started = planStart(fresh, agility);
const midRound: PlanState = {
  round: 1,
  turn: Math.floor(started.order.length / 2),
  phase: "initiative",
  order: started.order,
  combatants: fighters().map((c) => ({ ...c, initiative: c.ag })),
};
const lastInPhase: PlanState = { ...midRound, turn: midRound.order.length - 1 };
const rows: TrackerRowInput[] = midRound.combatants.map((c) => ({
  id: c.id,
  name: c.name,
  img: "icons/svg/mystery-man.svg",
  hidden: false,
  defeated: false,
  owner: false,
  canPing: true,
  initiative: c.initiative,
  held: c.held,
  outOfAction: c.outOfAction,
  part: { maneuver: c.maneuver, attackKind: c.attackKind, actionLost: c.actionLost, mv: 12 },
}));
const rank = new Map(midRound.order.map((id, i) => [id, i]));
const docs = midRound.combatants.map((c) => ({ id: c.id, name: c.name, initiative: c.initiative }));
const localize = (key: string) => key;

describe(`tracker turn setup, ${N} combatants`, () => {
  bench("next turn within a phase", () => {
    planNextTurn(midRound, agility);
  });
  bench("next turn that opens the next phase (Missile order from the rules core)", () => {
    planNextTurn(lastInPhase, agility);
  });
  bench("new round (initiative, resets, Initiative order)", () => {
    planNextRound(midRound, agility);
  });
  bench("new round with d20 + AG rolled for everyone", () => {
    planNextRound(midRound, { initiativeMode: InitiativeMode.RollEachRound, dice: new SeededDice(7) });
  });
  bench("setupTurns sort (phase order first)", () => {
    [...docs].sort((a, b) => compareForTurns(a, b, rank));
  });
  bench("tracker view (one render's context)", () => {
    trackerView(
      {
        round: 1,
        turn: midRound.turn,
        phase: "initiative",
        phases: FANGS_PHASES,
        holds: true,
        langPrefix: "FANGS",
        order: midRound.order,
        isGM: true,
        rows,
        rowPart: fangsRowDrawing,
      },
      localize,
    );
  });
});
