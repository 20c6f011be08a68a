import { describe, expect, it } from "vitest";
import { planFighter } from "../../../test/combat/plan-fixtures";
import { ScriptedDice } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import { InitiativeMode } from "./round";
import {
  beginRound,
  type CombatPlan,
  maneuverPhase,
  openRound,
  type PlanCombatant,
  type PlanState,
  planBreakHold,
  planHold,
  planNextRound,
  planNextTurn,
  planOpenRound,
  planPreviousTurn,
  planStart,
  RoundWork,
} from "./round-engine";

const options = { initiativeMode: InitiativeMode.Agility };

function fighter(id: string, ag: number, extra: Partial<PlanCombatant> = {}): PlanCombatant {
  return planFighter(id, ag, extra);
}

/** Applies a plan to a state the way the Combat document does (one update). */
function apply(state: PlanState, plan: CombatPlan): PlanState {
  const changes = new Map(plan.combatants.map((c) => [c._id, c]));
  return {
    round: plan.round,
    turn: plan.turn,
    phase: plan.phase,
    order: plan.order,
    combatants: state.combatants.map((c) => {
      const change = changes.get(c.id);
      if (!change) return c;
      return {
        ...c,
        ...(change.system as Partial<PlanCombatant>),
        initiative: change.initiative ?? c.initiative,
      };
    }),
  };
}

function update(state: PlanState, id: string, patch: Partial<PlanCombatant>): PlanState {
  return { ...state, combatants: state.combatants.map((c) => (c.id === id ? { ...c, ...patch } : c)) };
}

function current(state: PlanState): string | null {
  return state.turn === null ? null : (state.order[state.turn] ?? null);
}

function fresh(...combatants: PlanCombatant[]): PlanState {
  return { round: 0, turn: null, phase: "initiative", order: [], combatants };
}

describe("the FANGS round pointer", () => {
  it("starts round 1 in the Initiative phase with everyone in AG order", () => {
    const plan = planStart(fresh(fighter("slow", 9), fighter("fast", 16), fighter("mid", 12)), options);
    expect(plan.round).toBe(1);
    expect(plan.phase).toBe("initiative");
    expect(plan.order).toEqual(["fast", "mid", "slow"]);
    expect(plan.turn).toBe(0);
    expect(plan.newRound).toBe(true);
    expect(plan.combatants.find((c) => c._id === "fast")?.initiative).toBe(16);
  });

  it("moves combatant → phase → round, skipping phases where nobody acts", () => {
    let state = apply(
      fresh(fighter("a", 14), fighter("b", 10)),
      planStart(fresh(fighter("a", 14), fighter("b", 10)), options),
    );
    state = update(state, "a", { maneuver: "attack", attackKind: "melee", engaged: true });
    state = update(state, "b", { maneuver: "dodgeMelee", engaged: true });
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      seen.push(`${state.round}:${state.phase}:${current(state)}`);
      state = apply(state, planNextTurn(state, options));
    }
    // No missile user and no second attack: those phases are skipped.
    expect(seen).toEqual(["1:initiative:a", "1:initiative:b", "1:melee:a", "2:initiative:a"]);
    expect(state.combatants.every((c) => c.maneuver === null)).toBe(true);
  });

  it("NC-ATK-2: a combatant put out of the fight before its turn is skipped with a note", () => {
    let state = fresh(fighter("a", 14), fighter("b", 12), fighter("c", 10));
    state = apply(state, planStart(state, options));
    state = update(state, "b", { outOfAction: true });
    const plan = planNextTurn(state, options);
    expect(plan.order[plan.turn!]).toBe("c");
    expect(plan.notes.filter((n) => n.kind === "skippedOutOfAction").map((n) => n.combatantId)).toEqual([
      "b",
    ]);
  });

  it("a stunned combatant loses the action it owes, and only that one", () => {
    let state = fresh(fighter("a", 14), fighter("b", 12, { actionLost: true }), fighter("c", 10));
    state = apply(state, planStart(state, options));
    const plan = planNextTurn(state, options);
    expect(plan.order[plan.turn!]).toBe("c");
    expect(plan.notes.some((n) => n.kind === "actionLost" && n.combatantId === "b")).toBe(true);
    expect(plan.combatants.find((c) => c._id === "b")?.system.actionLost).toBe(false);
  });

  it("a round start resets declarations, holds, defenses, attacks and trades in the same plan", () => {
    let state = fresh(fighter("a", 14), fighter("b", 12));
    state = apply(state, planStart(state, options));
    state = update(state, "a", { maneuver: "move", held: true, engaged: true });
    const plan = planNextRound(state, options);
    const a = plan.combatants.find((c) => c._id === "a")!;
    expect(plan.round).toBe(2);
    expect(a.system).toMatchObject({
      maneuver: null,
      held: false,
      engagedAtRoundStart: true,
      attacks: { made: [], usedRanged: false, usedMelee: false, targets: [] },
      tradeShift: { parry: 0, dodge: 0 },
    });
    expect(a.system.defenses).toMatchObject({ dodges: 0, weaponParries: 0, shieldParries: 0 });
  });

  it("NC-RND-8: rolled initiative orders the round by d20 + AG", () => {
    const state = fresh(fighter("a", 14), fighter("b", 10));
    const plan = planStart(state, {
      initiativeMode: InitiativeMode.RollEachRound,
      dice: new ScriptedDice([2, 15]),
    });
    expect(plan.order).toEqual(["b", "a"]);
    expect(plan.combatants.find((c) => c._id === "b")).toMatchObject({
      initiative: 25,
      system: { initiativeRoll: 15 },
    });
    expect(plan.notes.find((n) => n.kind === "initiativeRolled")?.data.result).toBe("b 15+10=25, a 2+14=16");
  });

  it("NC-RND-8: initiative rolled once per combat keeps the first roll", () => {
    let state = fresh(fighter("a", 14), fighter("b", 10));
    const once = { initiativeMode: InitiativeMode.RollOncePerCombat, dice: new ScriptedDice([2, 15]) };
    state = apply(state, planStart(state, once));
    const round2 = planNextRound(state, {
      initiativeMode: InitiativeMode.RollOncePerCombat,
      dice: new ScriptedDice([]),
    });
    expect(round2.order).toEqual(["b", "a"]);
  });

  it("refuses to rewind past the start of a phase", () => {
    let state = fresh(fighter("a", 14), fighter("b", 12));
    state = apply(state, planStart(state, options));
    expect(() => planPreviousTurn(state)).toThrow(RulesError);
    state = apply(state, planNextTurn(state, options));
    expect(planPreviousTurn(state).turn).toBe(0);
  });

  it("a step back skips the entries that took no turn: a holder, a fighter put out of the fight, one who left", () => {
    let state = fresh(fighter("eddy", 17), fighter("dagmar", 15), fighter("jenny", 12), fighter("orc", 9));
    state = apply(state, planStart(state, options));
    state = apply(state, planNextTurn(state, options));
    // Dagmar holds on her turn: the turn passes to Jenny; a step back is Eddy's turn, not the holder's.
    state = apply(state, planHold(state, "dagmar", options));
    expect(current(state)).toBe("jenny");
    expect(current(apply(state, planPreviousTurn(state)))).toBe("eddy");
    // Jenny is knocked out on the Orc's turn: a step back from the Orc skips her and the holder.
    state = apply(state, planNextTurn(state, options));
    state = update(state, "jenny", { outOfAction: true });
    expect(current(state)).toBe("orc");
    expect(current(apply(state, planPreviousTurn(state)))).toBe("eddy");
    // Eddy left the combat: there is no turn before the Orc's to go back to.
    state = { ...state, combatants: state.combatants.filter((c) => c.id !== "eddy") };
    expect(() => planPreviousTurn(state)).toThrow(/refused: NoRewind/);
  });

  it("with everyone out of the fight, the round has no turn", () => {
    const plan = planStart(fresh(fighter("a", 14, { outOfAction: true })), options);
    expect(plan.turn).toBeNull();
    expect(plan.notes.some((n) => n.kind === "noOneActs")).toBe(true);
  });
});

describe("holds", () => {
  it("NC-RND-4: holding on one's turn passes the turn on in the same plan", () => {
    let state = fresh(fighter("eddy", 17), fighter("jenny", 12));
    state = apply(state, planStart(state, options));
    const plan = planHold(state, "eddy", options);
    expect(plan.order[plan.turn!]).toBe("jenny");
    expect(plan.combatants.find((c) => c._id === "eddy")?.system.held).toBe(true);
  });

  it("NC-RND-7: a maneuver that takes the whole round cannot be held", () => {
    let state = fresh(fighter("eddy", 17), fighter("jenny", 12));
    state = apply(state, planStart(state, options));
    state = update(state, "eddy", { maneuver: "retreat" });
    expect(() => planHold(state, "eddy", options)).toThrow(RulesError);
    state = update(state, "eddy", { maneuver: "allOutAttack" });
    expect(() => planHold(state, "eddy", options)).toThrowError(/Hold\.Refusal/);
  });

  it("refuses a hold to one who has already acted this phase", () => {
    let state = fresh(fighter("eddy", 17), fighter("jenny", 12));
    state = apply(state, planStart(state, options));
    state = apply(state, planNextTurn(state, options));
    expect(() => planHold(state, "eddy", options)).toThrow(/NoTurnToHold/);
  });

  it("NC-RND-4: breaking a hold acts now, before the combatant whose turn it is", () => {
    let state = fresh(fighter("eddy", 17), fighter("dagmar", 15), fighter("jenny", 12));
    state = apply(state, planStart(state, options));
    state = apply(state, planHold(state, "eddy", options));
    expect(current(state)).toBe("dagmar");
    state = apply(state, planNextTurn(state, options));
    expect(current(state)).toBe("jenny");
    state = apply(state, planBreakHold(state, ["eddy"], options));
    expect(current(state)).toBe("eddy");
    expect(state.combatants.find((c) => c.id === "eddy")?.held).toBe(false);
    state = apply(state, planNextTurn(state, options));
    expect(current(state)).toBe("jenny");
  });

  it("NC-RND-6: two holders breaking at once roll d20 + AG and both act (Fast Eddy and Dagmar)", () => {
    let state = fresh(fighter("eddy", 17), fighter("dagmar", 15), fighter("jenny", 12));
    state = apply(state, planStart(state, options));
    state = apply(state, planHold(state, "eddy", options));
    state = apply(state, planHold(state, "dagmar", options));
    expect(current(state)).toBe("jenny");
    // Both roll 8: Eddy 25, Dagmar 23.
    const plan = planBreakHold(state, ["dagmar", "eddy"], { ...options, dice: new ScriptedDice([8, 8]) });
    expect(plan.rollOff?.rolls.map((r) => r.total)).toEqual([23, 25]);
    state = apply(state, plan);
    const order: string[] = [];
    for (let i = 0; i < 3; i++) {
      order.push(current(state)!);
      state = apply(state, planNextTurn(state, options));
    }
    expect(order).toEqual(["eddy", "dagmar", "jenny"]);
    expect(plan.notes.find((n) => n.kind === "rollOff")?.data.result).toBe("dagmar 8+15=23, eddy 8+17=25");
  });

  it("NC-RND-6: a holder interrupting a holder who broke its hold and is acting now rolls off against it; both act", () => {
    let state = fresh(fighter("eddy", 17), fighter("dagmar", 15), fighter("jenny", 12));
    state = apply(state, planStart(state, options));
    state = apply(state, planHold(state, "eddy", options));
    state = apply(state, planHold(state, "dagmar", options));
    // Eddy breaks his hold to attack Jenny as she moves; Dagmar then tries to stop him.
    state = apply(state, planBreakHold(state, ["eddy"], options));
    expect(current(state)).toBe("eddy");
    // Dagmar rolls 8 (23), Eddy 8 (25): Eddy still goes first, and Dagmar must act after him.
    const plan = planBreakHold(state, ["dagmar"], { ...options, dice: new ScriptedDice([8, 8]) });
    expect(plan.rollOff?.order).toEqual(["eddy", "dagmar"]);
    state = apply(state, plan);
    const order: string[] = [];
    for (let i = 0; i < 3; i++) {
      order.push(current(state)!);
      state = apply(state, planNextTurn(state, options));
    }
    expect(order).toEqual(["eddy", "dagmar", "jenny"]);
  });

  it("NC-RND-6: a faster holder breaking in on a slower holder who is acting goes first with no roll; both act", () => {
    let state = fresh(fighter("eddy", 17), fighter("dagmar", 15), fighter("jenny", 12));
    state = apply(state, planStart(state, options));
    state = apply(state, planHold(state, "eddy", options));
    state = apply(state, planHold(state, "dagmar", options));
    state = apply(state, planBreakHold(state, ["dagmar"], options));
    expect(current(state)).toBe("dagmar");
    // Eddy (AG 17) interrupts Dagmar (AG 15): she is slower, so nobody rolls (no dice given).
    const plan = planBreakHold(state, ["eddy"], options);
    expect(plan.rollOff).toBeNull();
    expect(plan.notes.some((n) => n.kind === "rollOff")).toBe(false);
    state = apply(state, plan);
    const order: string[] = [];
    for (let i = 0; i < 3; i++) {
      order.push(current(state)!);
      state = apply(state, planNextTurn(state, options));
    }
    expect(order).toEqual(["eddy", "dagmar", "jenny"]);
  });

  it("NC-RND-6: breaking in on an acting holder, the faster breaker goes first unrolled and an equal AG rolls off", () => {
    let state = fresh(fighter("eddy", 17), fighter("dagmar", 15), fighter("kim", 15), fighter("jenny", 12));
    state = apply(state, planStart(state, options));
    for (const id of ["eddy", "dagmar", "kim"]) state = apply(state, planHold(state, id, options));
    state = apply(state, planBreakHold(state, ["dagmar"], options));
    // Kim (AG 15, as fast as Dagmar) rolls off with her: Dagmar 4+15=19, Kim 9+15=24. Eddy rolls nothing.
    const dice = new ScriptedDice([4, 9]);
    const plan = planBreakHold(state, ["kim", "eddy"], { ...options, dice });
    expect(dice.remaining).toBe(0);
    expect(plan.rollOff?.rolls.map((r) => [r.id, r.total])).toEqual([
      ["dagmar", 19],
      ["kim", 24],
    ]);
    state = apply(state, plan);
    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      order.push(current(state)!);
      state = apply(state, planNextTurn(state, options));
    }
    expect(order).toEqual(["eddy", "kim", "dagmar", "jenny"]);
  });

  it("NC-RND-5: once the hold is broken the combatant must act: it cannot hold again", () => {
    let state = fresh(fighter("eddy", 17), fighter("jenny", 12));
    state = apply(state, planStart(state, options));
    state = apply(state, planHold(state, "eddy", options));
    state = apply(state, planBreakHold(state, ["eddy"], options));
    expect(current(state)).toBe("eddy");
    expect(() => planHold(state, "eddy", options)).toThrow(/MustAct/);
    const nextRound = planNextRound(state, options);
    expect(nextRound.combatants.find((c) => c._id === "eddy")?.system.committed).toBe(false);
  });

  it("refuses to break a hold nobody holds", () => {
    let state = fresh(fighter("eddy", 17));
    state = apply(state, planStart(state, options));
    expect(() => planBreakHold(state, ["eddy"], options)).toThrow(/NotHolding/);
    expect(() => planBreakHold(state, [], options)).toThrow(/NoHolder/);
  });
});

describe("NC-MAN-2: the turn that performs a maneuver", () => {
  const performed = (plan: CombatPlan, id: string) =>
    plan.combatants.find((c) => c._id === id)?.system.maneuverPerformed;

  it("NC-MAN-2: an attacker performs its maneuver with its melee turn, not its Initiative turn; a dodger with its Initiative turn", () => {
    let state = fresh(fighter("a", 14), fighter("b", 10), fighter("c", 8));
    state = apply(state, planStart(state, options));
    state = update(state, "a", { maneuver: "attack", attackKind: "melee", engaged: true });
    state = update(state, "b", { maneuver: "dodgeMelee", engaged: true });
    state = update(state, "c", { maneuver: "attack", attackKind: "melee", engaged: true });
    // a's Initiative turn ends: it has declared and moved, its attack is still to come.
    let plan = planNextTurn(state, options);
    expect(performed(plan, "a")).toBeUndefined();
    state = apply(state, plan);
    // b's Initiative turn ends: Melee Dodge is performed there.
    plan = planNextTurn(state, options);
    expect(performed(plan, "b")).toBe(true);
    state = apply(state, plan);
    // c's Initiative turn ends; the Melee phase begins with a, who has not attacked yet.
    plan = planNextTurn(state, options);
    expect(performed(plan, "c")).toBeUndefined();
    state = apply(state, plan);
    expect(`${state.phase}:${current(state)}`).toBe("melee:a");
    // a's melee turn ends: now it has attacked.
    plan = planNextTurn(state, options);
    expect(performed(plan, "a")).toBe(true);
    expect(performed(plan, "c")).toBeUndefined();
    state = apply(state, plan);
    // c's melee turn ends the round: the new round starts everyone over.
    plan = planNextTurn(state, options);
    expect(plan.newRound).toBe(true);
    for (const id of ["a", "b", "c"]) {
      expect(plan.combatants.find((c) => c._id === id)?.system).toMatchObject({
        maneuverPerformed: false,
        lostManeuver: null,
      });
    }
  });

  it("NC-MAN-2: the phase of each maneuver (missile and thrown shots, a Charge always melee, others at Initiative)", () => {
    expect(maneuverPhase({ maneuver: "attack", attackKind: "missile" })).toBe("missile");
    expect(maneuverPhase({ maneuver: "attack", attackKind: "thrown" })).toBe("missile");
    expect(maneuverPhase({ maneuver: "charge", attackKind: "thrown" })).toBe("melee");
    expect(maneuverPhase({ maneuver: "allOutAttack", attackKind: "melee" })).toBe("melee");
    expect(maneuverPhase({ maneuver: "move", attackKind: null })).toBe("initiative");
    expect(maneuverPhase({ maneuver: null, attackKind: null })).toBeNull();
  });
});

describe("NC-MAN-2: the maneuver lost to a dodge is tried again next round", () => {
  const system = (plan: CombatPlan, id: string) => plan.combatants.find((c) => c._id === id)?.system;

  it("NC-MAN-2: the next round starts with the lost maneuver declared again, and the loss cleared", () => {
    let state = fresh(fighter("jenny", 12), fighter("orc", 10));
    state = apply(state, planStart(state, options));
    // Jenny's Engage was lost to a dodge this round: she is dodging now.
    state = update(state, "jenny", { maneuver: "dodgeMelee", lostManeuver: "engage" });
    state = update(state, "orc", { maneuver: "attack", attackKind: "melee", engaged: true });
    const plan = planNextRound(state, options);
    expect(plan.newRound).toBe(true);
    expect(system(plan, "jenny")).toMatchObject({ maneuver: "engage", attackKind: null, lostManeuver: null });
    // Anyone who lost nothing declares afresh, as every round.
    expect(system(plan, "orc")).toMatchObject({ maneuver: null, attackKind: null, lostManeuver: null });
    expect(plan.notes.filter((n) => n.kind === "maneuverRetried")).toEqual([
      {
        kind: "maneuverRetried",
        combatantId: "jenny",
        data: { name: "jenny", maneuverKey: "FANGS.Maneuver.Engage.Name" },
      },
    ]);
  });

  it("NC-MAN-2: a retried attack attacks with the main-hand weapon's kind, and so acts in that weapon's phase", () => {
    let state = fresh(
      fighter("archer", 15, { mainWeaponKind: "missile" }),
      fighter("eddy", 17, { mainWeaponKind: "melee", engaged: true }),
      fighter("brute", 9, { engaged: true }),
    );
    state = apply(state, planStart(state, options));
    state = update(state, "archer", { maneuver: "dodgeMissile", lostManeuver: "attack" });
    state = update(state, "eddy", { maneuver: "dodgeMelee", lostManeuver: "attack" });
    state = update(state, "brute", { maneuver: "dodgeMelee", lostManeuver: "attack" });
    const plan = planNextRound(state, options);
    expect(system(plan, "archer")).toMatchObject({ maneuver: "attack", attackKind: "missile" });
    expect(system(plan, "eddy")).toMatchObject({ maneuver: "attack", attackKind: "melee" });
    // No weapon known: melee, as a declaration without a kind.
    expect(system(plan, "brute")).toMatchObject({ maneuver: "attack", attackKind: "melee" });
    // Walk the new round to its Missile phase: the archer's retried shot is there.
    let next = apply(state, plan);
    while (next.phase === "initiative") next = apply(next, planNextTurn(next, options));
    expect(`${next.phase}:${current(next)}`).toBe("missile:archer");
    next = apply(next, planNextTurn(next, options));
    expect(next.phase).toBe("melee");
    expect(next.order).toEqual(["eddy", "brute"]);
  });

  it("NC-MAN-2: the retry also happens when the round ends by the last turn, not only when the GM skips ahead", () => {
    let state = fresh(fighter("a", 14));
    state = apply(state, planStart(state, options));
    state = update(state, "a", { maneuver: "dodgeMissile", lostManeuver: "changeWeapon" });
    const plan = planNextTurn(state, options);
    expect(plan.newRound).toBe(true);
    expect(plan.round).toBe(2);
    expect(system(plan, "a")).toMatchObject({ maneuver: "changeWeapon", lostManeuver: null });
  });

  it("NC-MAN-2: a lost Move is not declared again by a fighter engaged at the new round; the GM is told", () => {
    let state = fresh(fighter("mover", 12), fighter("orc", 10));
    state = apply(state, planStart(state, options));
    state = update(state, "mover", { maneuver: "dodgeMelee", lostManeuver: "move", engaged: true });
    const plan = planNextRound(state, options);
    expect(system(plan, "mover")).toMatchObject({ maneuver: null, lostManeuver: null });
    expect(plan.notes.find((n) => n.combatantId === "mover")).toMatchObject({
      kind: "maneuverNotRetried",
      data: { maneuverKey: "FANGS.Maneuver.Move.Name" },
    });
  });

  it("NC-MAN-2: a fighter out of the fight retries nothing and gets no note", () => {
    let state = fresh(fighter("down", 12), fighter("orc", 10));
    state = apply(state, planStart(state, options));
    state = update(state, "down", { maneuver: "dodgeMelee", lostManeuver: "attack", outOfAction: true });
    const plan = planNextRound(state, options);
    expect(system(plan, "down")).toMatchObject({ maneuver: null, lostManeuver: null });
    expect(plan.notes.some((n) => n.combatantId === "down")).toBe(false);
  });

  it("NC-MAN-2: the retried declaration is an ordinary one: the GM's change replaces it, and it is not tried a third time", () => {
    let state = fresh(fighter("jenny", 12));
    state = apply(state, planStart(state, options));
    state = update(state, "jenny", { maneuver: "dodgeMelee", lostManeuver: "engage" });
    state = apply(state, planNextRound(state, options));
    expect(state.combatants[0]).toMatchObject({ maneuver: "engage", lostManeuver: null });
    // The GM declares something else; nothing was lost this round, so round 3 starts undeclared.
    state = update(state, "jenny", { maneuver: "move" });
    const third = planNextRound(state, options);
    expect(system(third, "jenny")).toMatchObject({ maneuver: null, lostManeuver: null });
    expect(third.notes.some((n) => n.kind === "maneuverRetried")).toBe(false);
  });
});

describe("the round's start: impale damage and a passed lost action", () => {
  const inRound = (...combatants: PlanCombatant[]): PlanState => ({
    round: 1,
    turn: 0,
    phase: "postMelee",
    order: [combatants[0]!.id],
    combatants,
  });

  it("NC-DMG-13, NC-ATK-2: a weapon stuck in a body stops the new round before its Initiative order, for the table's plan and the simulator's work alike", () => {
    const state = inRound(fighter("eddy", 17, { impaled: true }), fighter("dagmar", 15));
    const plan = planNextTurn(state, options);
    expect(plan).toMatchObject({ round: 2, newRound: true, impaleDamageDue: true, turn: null, order: [] });
    expect(plan.notes.map((n) => n.kind)).not.toContain("noOneActs");
    // The damage knocked Eddy out: the first turn is drawn from the combatants as it left them.
    const after = apply(state, plan);
    const dropped = {
      ...after,
      combatants: after.combatants.map((c) => (c.id === "eddy" ? { ...c, outOfAction: true } : c)),
    };
    expect(planOpenRound(dropped)).toMatchObject({
      round: 2,
      phase: "initiative",
      order: ["dagmar"],
      turn: 0,
    });

    // The simulator's long-lived work stops at the same step.
    const work = new RoundWork({ ...state, combatants: state.combatants.map((c) => ({ ...c })) }, false);
    const begun = beginRound(work, 2, options);
    expect(begun).toMatchObject({ position: null, impaleDamageDue: true });
    (work.get("eddy") as { outOfAction: boolean }).outOfAction = true;
    expect(openRound(work)).toMatchObject({ phase: "initiative", order: ["dagmar"], turn: 0 });
  });

  it("NC-DMG-13: Next turn from a round stopped for its impale damage opens it at its Initiative order", () => {
    const state = inRound(fighter("eddy", 17, { impaled: true }), fighter("dagmar", 15));
    const stopped = apply(state, planNextTurn(state, options));
    expect(planNextTurn(stopped, options)).toMatchObject({ round: 2, phase: "initiative", turn: 0 });
  });

  it("NC-DMG-13: with nothing stuck in a body the new round goes straight to its first turn", () => {
    const plan = planNextTurn(inRound(fighter("eddy", 17), fighter("dagmar", 15)), options);
    expect(plan).toMatchObject({ round: 2, impaleDamageDue: false, order: ["eddy", "dagmar"], turn: 0 });
  });

  it("CORE-CON-1: the plan names the combatant whose lost action passed, so its stunned status comes off", () => {
    const state: PlanState = {
      round: 1,
      turn: 0,
      phase: "initiative",
      order: ["eddy", "dagmar", "jenny"],
      combatants: [fighter("eddy", 17), fighter("dagmar", 15, { actionLost: true }), fighter("jenny", 12)],
    };
    const plan = planNextTurn(state, options);
    expect(plan.turn).toBe(2);
    expect(plan.stunnedCleared).toEqual(["dagmar"]);
  });
});
