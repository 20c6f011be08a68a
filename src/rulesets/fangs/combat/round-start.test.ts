import { describe, expect, it } from "vitest";
// round-start.ts reads Foundry-side modules: the stand-in first.
import "../../../../test/foundry/setup";
import { planFighter } from "../../../../test/combat/plan-fixtures";
import { InitiativeMode } from "../../../rules/fangs/round";
import {
  type PlanCombatant,
  type PlanState,
  planBreakHold,
  planNextRound,
  planNextTurn,
  planStart,
} from "../../../rules/fangs/round-engine";
import { ScriptedDice } from "../../../rules/kernel/dice";
import { noteLines } from "./notes";
import { roundStartManeuvers } from "./round-start";

const options = { initiativeMode: InitiativeMode.Agility };

function fighter(id: string, ag: number, extra: Partial<PlanCombatant> = {}): PlanCombatant {
  return planFighter(id, ag, { initiative: ag, ...extra });
}

function inRound(...combatants: PlanCombatant[]): PlanState {
  return {
    round: 1,
    turn: 0,
    phase: "initiative",
    order: combatants.map((c) => c.id),
    combatants,
  };
}

describe("what a round-start plan declares by itself (token icons)", () => {
  it("NC-MAN-2: lists the retried maneuvers of a new round, and nothing for the others", () => {
    const state = inRound(
      fighter("jenny", 12, { maneuver: "dodgeMelee", lostManeuver: "engage" }),
      fighter("orc", 10, { maneuver: "attack", attackKind: "melee" }),
    );
    expect([...roundStartManeuvers(planNextRound(state, options))]).toEqual([["jenny", "engage"]]);
    expect(roundStartManeuvers(planNextRound(inRound(fighter("orc", 10)), options)).size).toBe(0);
  });

  it("lists nothing for a plan that only moves the turn on", () => {
    const state = inRound(
      fighter("jenny", 12, { maneuver: "dodgeMelee", lostManeuver: "engage" }),
      fighter("orc", 10, { maneuver: "move" }),
    );
    const plan = planNextTurn(state, options);
    expect(plan.newRound).toBe(false);
    expect(roundStartManeuvers(plan).size).toBe(0);
  });

  it("round 1 declares nothing by itself", () => {
    const plan = planStart({ ...inRound(fighter("a", 10)), round: 0, turn: null, order: [] }, options);
    expect(roundStartManeuvers(plan).size).toBe(0);
  });
});

describe("the chat notes of a plan", () => {
  it("NC-MAN-2: names the retried maneuver in the reader's words, and keeps a hidden fighter's note for the GM", () => {
    const state = inRound(
      fighter("jenny", 12, { name: "Pirate Jenny", maneuver: "dodgeMelee", lostManeuver: "engage" }),
      fighter("ghost", 10, { maneuver: "dodgeMelee", lostManeuver: "move", engaged: true }),
    );
    const words: Record<string, string> = {
      "FANGS.Maneuver.Engage.Name": "Engage",
      "FANGS.Maneuver.Move.Name": "Move",
    };
    const lines = noteLines(planNextRound(state, options), new Set(["ghost"]), (key) => words[key] ?? key);
    expect(lines.filter((l) => l.key.includes("Retried"))).toEqual([
      {
        key: "FANGS.Combat.Note.ManeuverRetried",
        data: { name: "Pirate Jenny", maneuver: "Engage" },
        gmOnly: false,
      },
      {
        key: "FANGS.Combat.Note.ManeuverNotRetried",
        data: { name: "ghost", maneuver: "Move" },
        gmOnly: true,
      },
    ]);
  });

  it("NC-RND-8: a hidden combatant's initiative roll goes to the GM only; the players' line names the others", () => {
    const state = inRound(
      fighter("eddy", 17, { name: "Fast Eddy" }),
      fighter("lurker", 10, { name: "Lurker" }),
    );
    const plan = planNextRound(state, {
      initiativeMode: InitiativeMode.RollEachRound,
      dice: new ScriptedDice([8, 5]),
    });
    const rolled = noteLines(plan, new Set(["lurker"])).filter((l) => l.key.endsWith("InitiativeRolled"));
    expect(rolled).toEqual([
      { key: "FANGS.Combat.Note.InitiativeRolled", data: { result: "Fast Eddy 8+17=25" }, gmOnly: false },
      { key: "FANGS.Combat.Note.InitiativeRolled", data: { result: "Lurker 5+10=15" }, gmOnly: true },
    ]);
    // Nobody hidden: one line for everyone, as before.
    expect(noteLines(plan, new Set()).filter((l) => l.key.endsWith("InitiativeRolled"))).toEqual([
      {
        key: "FANGS.Combat.Note.InitiativeRolled",
        data: { result: "Fast Eddy 8+17=25, Lurker 5+10=15" },
        gmOnly: false,
      },
    ]);
  });

  it("NC-RND-6: a hidden holder's roll-off goes to the GM only", () => {
    const state: PlanState = {
      ...inRound(
        fighter("eddy", 17, { name: "Fast Eddy", held: true }),
        fighter("lurker", 15, { name: "Lurker", held: true }),
        fighter("jenny", 12),
      ),
      turn: 2,
    };
    const plan = planBreakHold(state, ["eddy", "lurker"], { ...options, dice: new ScriptedDice([8, 8]) });
    const lines = noteLines(plan, new Set(["lurker"])).filter((l) => l.key.endsWith("RollOff"));
    expect(lines).toEqual([
      { key: "FANGS.Combat.Note.RollOff", data: { result: "Fast Eddy 8+17=25" }, gmOnly: false },
      { key: "FANGS.Combat.Note.RollOff", data: { result: "Lurker 8+15=23" }, gmOnly: true },
    ]);
  });
});
