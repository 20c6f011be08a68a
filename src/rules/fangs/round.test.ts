import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codeOf } from "../../../test/support/rules-error";
import { ScriptedDice } from "../kernel/dice";
import { getRuleset } from "../kernel/ruleset";
import { canAttackNow } from "./attack-checks";
import { attackSlots, emptyAttackCounter } from "./attacks";
import {
  awaitsTurn,
  canActFromHold,
  type FangsTurnCandidate,
  type FangsTurnFacts,
  holdBreakContenders,
  InitiativeMode,
  initiativeScores,
  insertHeldTurn,
  phaseTurnOrder,
  resolveHoldBreak,
  resolveHoldRollOff,
} from "./round";
import { FANGS_PHASES, fangsRuleset } from "./ruleset";

/** FANGS's facts may be given beside the kernel's fields or in `facts`; both go into the facts. */
type FighterParts = Partial<FangsTurnFacts> & { outOfAction?: boolean; facts?: Partial<FangsTurnFacts> };

function fighter(id: string, ag: number, partial: FighterParts = {}): FangsTurnCandidate {
  const { outOfAction = false, facts, ...own } = partial;
  return {
    id,
    orderValue: ag,
    outOfAction,
    facts: { maneuver: "attack", held: false, engaged: true, attackKind: "melee", ...own, ...facts },
  };
}

describe("the round and its phases", () => {
  it("NC-RND-1: a round has four phases, Initiative, Missile, Melee and Post-Melee, in that order", () => {
    expect(FANGS_PHASES.map((p) => p.id)).toEqual(["initiative", "missile", "melee", "postMelee"]);
    expect(FANGS_PHASES.map((p) => p.labelKey)).toEqual([
      "FANGS.Rules.Phase.Initiative",
      "FANGS.Rules.Phase.Missile",
      "FANGS.Rules.Phase.Melee",
      "FANGS.Rules.Phase.PostMelee",
    ]);
    expect(getRuleset("fangs")).toBe(fangsRuleset);
    expect(fangsRuleset.labelKey).toBe("FANGS.Rules.Ruleset.Fangs");
  });

  it("NC-RND-2: attacks (with their defense and damage) belong to Missile, Melee and Post-Melee, never Initiative", () => {
    const base = {
      round: 1,
      attacker: { maneuver: "allOutAttack" },
      counter: emptyAttackCounter(),
      targetId: "orc",
      engagedWithTarget: true,
      attackerEngaged: true,
      targetStartedUnengaged: false,
    } as const;
    const sword = { kind: "melee", itemSp: null } as const;
    expect(canAttackNow({ ...base, phase: "initiative", weapon: sword }).reasonKey).toBe(
      "FANGS.Rules.Attack.Refusal.NotAnAttackPhase",
    );
    expect(canAttackNow({ ...base, phase: "melee", weapon: sword }).allowed).toBe(true);
    expect(canAttackNow({ ...base, phase: "postMelee", weapon: sword }).allowed).toBe(true);
    const bow = { kind: "missile", itemSp: null } as const;
    expect(
      canAttackNow({
        ...base,
        phase: "missile",
        weapon: bow,
        attackerEngaged: false,
        targetStartedUnengaged: true,
      }).allowed,
    ).toBe(true);
  });

  it("NC-RND-3: everyone in the fight declares and moves in AG order, highest first; ties keep the given order", () => {
    const order = phaseTurnOrder("initiative", [
      fighter("dagmar", 15),
      fighter("jenny", 11, { maneuver: "move" }),
      fighter("eddy", 17),
      fighter("bosun", 11),
      fighter("troll", 9, { maneuver: null }),
    ]);
    expect(order).toEqual(["eddy", "dagmar", "jenny", "bosun", "troll"]);
    expect(fangsRuleset.turnOrder("initiative", [fighter("a", 10), fighter("b", 12)])).toEqual(["b", "a"]);
  });

  it("NC-RND-3: AG order ranks by AG, the stable order breaking ties", () => {
    const scores = initiativeScores(
      [
        { id: "jenny", ag: 11 },
        { id: "eddy", ag: 17 },
        { id: "bosun", ag: 11 },
      ],
      { mode: InitiativeMode.Agility, round: 1 },
    );
    expect(scores.map((s) => [s.id, s.value, s.roll])).toEqual([
      ["eddy", 17, null],
      ["jenny", 11, null],
      ["bosun", 11, null],
    ]);
  });

  it("NC-RND-3: refuses a non-integer AG, a duplicate or an unknown phase", () => {
    expect(codeOf(() => initiativeScores([{ id: "a", ag: 12.5 }], { mode: "agility", round: 1 }))).toBe(
      "invalid-value",
    );
    expect(codeOf(() => phaseTurnOrder("melee", [fighter("a", 12.5)]))).toBe("invalid-value");
    expect(codeOf(() => phaseTurnOrder("melee", [fighter("a", 12), fighter("a", 10)]))).toBe("invalid-value");
    expect(codeOf(() => phaseTurnOrder("dawn", [fighter("a", 12)]))).toBe("invalid-value");
    expect(codeOf(() => phaseTurnOrder("melee", [fighter("a", 12, { maneuver: "lunge" })]))).toBe(
      "unknown-maneuver",
    );
    expect(
      codeOf(() => initiativeScores([{ id: "a", ag: 12 }], { mode: "initiative" as never, round: 1 })),
    ).toBe("invalid-value");
  });
});

describe("the order of a phase, few combatants or many", () => {
  it("NC-RND-3, NC-ATK-7: highest order value first (an off hand's −10 in Post-Melee), ties in the given order, for any number", () => {
    const candidate = fc.record({
      ag: fc.integer({ min: 8, max: 12 }),
      offHand: fc.boolean(),
      owed: fc.boolean(),
      held: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(candidate, { minLength: 0, maxLength: 40 }), (drawn) => {
        const candidates = drawn.map((d, i) =>
          fighter(`c${i}`, d.ag, {
            held: d.held,
            facts: {
              attackKind: "melee",
              postMeleeAttacks: d.owed ? 1 : 0,
              offHandInitiativePenalty: d.offHand,
            },
          }),
        );
        const expected = candidates
          .filter((c) => !c.facts.held && (c.facts.postMeleeAttacks ?? 0) > 0)
          .map((c) => ({
            id: c.id,
            value: c.orderValue - (c.facts.offHandInitiativePenalty ? 10 : 0),
          }))
          .sort((a, b) => b.value - a.value)
          .map((c) => c.id);
        expect(phaseTurnOrder("postMelee", candidates)).toEqual(expected);
        expect(phaseTurnOrder("melee", candidates)).toEqual(
          candidates
            .filter((c) => !c.facts.held)
            .sort((a, b) => b.orderValue - a.orderValue)
            .map((c) => c.id),
        );
      }),
      { numRuns: 200 },
    );
  });

  it("NC-RND-3: a combatant listed twice is refused in a long list too", () => {
    const many = Array.from({ length: 30 }, (_, i) => fighter(`c${i}`, 10));
    expect(codeOf(() => phaseTurnOrder("melee", [...many, fighter("c3", 12)]))).toBe("invalid-value");
    expect(codeOf(() => phaseTurnOrder("melee", [fighter("c3", 12), ...many.slice(0, 5)]))).toBe(
      "invalid-value",
    );
  });
});

describe("rolled initiative (the table's option)", () => {
  const crew = [
    { id: "eddy", ag: 17 },
    { id: "dagmar", ag: 15 },
  ];

  it("NC-RND-8: d20 + AG each round: rolls anew every round, higher AG breaking equal totals", () => {
    const dice = new ScriptedDice([3, 5, 10, 2]);
    const first = initiativeScores(crew, { mode: InitiativeMode.RollEachRound, round: 1 }, dice);
    expect(first.map((s) => [s.id, s.roll, s.value])).toEqual([
      ["eddy", 3, 20],
      ["dagmar", 5, 20],
    ]);
    const second = initiativeScores(
      crew,
      { mode: InitiativeMode.RollEachRound, round: 2, previous: first },
      dice,
    );
    expect(second.map((s) => [s.id, s.value])).toEqual([
      ["eddy", 27],
      ["dagmar", 17],
    ]);
    expect(dice.remaining).toBe(0);
  });

  it("NC-RND-8: once per combat: rolls in round 1 and keeps those rolls; a newcomer rolls when it joins", () => {
    const dice = new ScriptedDice([1, 9, 12]);
    const first = initiativeScores(crew, { mode: InitiativeMode.RollOncePerCombat, round: 1 }, dice);
    expect(first.map((s) => [s.id, s.value])).toEqual([
      ["dagmar", 24],
      ["eddy", 18],
    ]);
    const later = initiativeScores(
      [...crew, { id: "jenny", ag: 11 }],
      { mode: InitiativeMode.RollOncePerCombat, round: 3, previous: first },
      dice,
    );
    expect(later.map((s) => [s.id, s.value])).toEqual([
      ["dagmar", 24],
      ["jenny", 23],
      ["eddy", 18],
    ]);
    expect(dice.remaining).toBe(0);
  });

  it("NC-RND-8: rolled initiative without dice is refused", () => {
    expect(codeOf(() => initiativeScores(crew, { mode: InitiativeMode.RollEachRound, round: 1 }))).toBe(
      "invalid-state",
    );
  });
});

describe("holds", () => {
  it("NC-RND-4: a holder is left out of the order and acts later, before a slower combatant", () => {
    const candidates = [fighter("eddy", 17, { held: true }), fighter("dagmar", 15), fighter("jenny", 11)];
    const order = phaseTurnOrder("melee", candidates);
    expect(order).toEqual(["dagmar", "jenny"]);
    expect(insertHeldTurn(order, "eddy", "jenny")).toEqual(["dagmar", "eddy", "jenny"]);
    expect(insertHeldTurn(order, "eddy", null)).toEqual(["dagmar", "jenny", "eddy"]);
    expect(codeOf(() => insertHeldTurn(order, "eddy", "ghost"))).toBe("invalid-value");
  });

  it("NC-RND-6: Fast Eddy (AG 17) and Dagmar (AG 15) both roll 8: 25 against 23, Eddy first", () => {
    const dice = new ScriptedDice([8, 8]);
    const result = resolveHoldRollOff(
      [
        { id: "dagmar", ag: 15 },
        { id: "eddy", ag: 17 },
      ],
      dice,
    );
    expect(result.order).toEqual(["eddy", "dagmar"]);
    expect(result.rolls.map((r) => [r.id, r.total])).toEqual([
      ["dagmar", 23],
      ["eddy", 25],
    ]);
    expect(dice.remaining).toBe(0);
  });

  it("NC-RND-4: a holder, or one out of the fight (NC-ATK-2), awaits no turn in a phase", () => {
    expect(awaitsTurn({ held: false, outOfAction: false })).toBe(true);
    expect(awaitsTurn({ held: true, outOfAction: false })).toBe(false);
    expect(awaitsTurn({ held: false, outOfAction: true })).toBe(false);
  });

  it("NC-RND-6: a holder breaking in on a faster or equal holder who broke its own hold and is acting rolls off with it; on a slower one, anyone else, or itself, it does not", () => {
    const eddy = { id: "eddy", ag: 17, brokeHold: false };
    const dagmar = { id: "dagmar", ag: 15, brokeHold: true };
    const kim = { id: "kim", ag: 15, brokeHold: false };
    const slow = { id: "slow", ag: 10, brokeHold: false };
    expect(holdBreakContenders([slow], dagmar)).toEqual({
      ahead: [],
      contenders: [dagmar, slow],
      interrupted: dagmar,
    });
    expect(holdBreakContenders([kim], dagmar)).toEqual({
      ahead: [],
      contenders: [dagmar, kim],
      interrupted: dagmar,
    });
    expect(holdBreakContenders([eddy], dagmar)).toEqual({
      ahead: [eddy],
      contenders: [],
      interrupted: dagmar,
    });
    expect(holdBreakContenders([eddy], { id: "jenny", ag: 12, brokeHold: false })).toEqual({
      ahead: [],
      contenders: [eddy],
      interrupted: null,
    });
    expect(holdBreakContenders([eddy, dagmar], dagmar)).toEqual({
      ahead: [],
      contenders: [eddy, dagmar],
      interrupted: null,
    });
    expect(holdBreakContenders([eddy], null).contenders).toEqual([eddy]);
  });

  it("NC-RND-6: Dagmar intervening on Fast Eddy as he acts: both roll 8, 25 against 23, Eddy first, both act", () => {
    const eddy = { id: "eddy", ag: 17, brokeHold: true };
    const dagmar = { id: "dagmar", ag: 15, brokeHold: false };
    const dice = new ScriptedDice([8, 8]);
    const result = resolveHoldBreak(holdBreakContenders([dagmar], eddy), dice);
    expect(result.order).toEqual(["eddy", "dagmar"]);
    expect(result.rollOff?.rolls.map((r) => [r.id, r.total])).toEqual([
      ["eddy", 25],
      ["dagmar", 23],
    ]);
    expect(dice.remaining).toBe(0);
    // Eddy breaking in on Dagmar as she acts: she is slower, no roll, and both still act.
    const none = new ScriptedDice([]);
    const unrolled = resolveHoldBreak(
      holdBreakContenders([{ ...eddy, brokeHold: false }], { ...dagmar, brokeHold: true }),
      none,
    );
    expect(unrolled).toEqual({ order: ["eddy", "dagmar"], rollOff: null });
  });

  it("NC-RND-6: equal roll-off totals roll again among the tied holders only", () => {
    const dice = new ScriptedDice([10, 12, 3, 4, 9]);
    const result = resolveHoldRollOff(
      [
        { id: "a", ag: 14 },
        { id: "b", ag: 12 },
        { id: "c", ag: 10 },
      ],
      dice,
    );
    // 24, 24, 13: a and b tie and roll again: 4+14=18 vs 9+12=21.
    expect(result.order).toEqual(["b", "a", "c"]);
    expect(result.rolls.filter((r) => r.attempt === 2).map((r) => r.id)).toEqual(["a", "b"]);
    expect(dice.remaining).toBe(0);
    expect(codeOf(() => resolveHoldRollOff([{ id: "a", ag: 14 }], dice))).toBe("invalid-value");
  });

  it("NC-RND-7: a held action cannot take the whole round (Change Weapon, Retreat, Run, Charge)", () => {
    for (const m of ["changeWeapon", "retreat", "run", "charge"]) {
      expect(canActFromHold(m)).toEqual({ allowed: false, reasonKey: "FANGS.Rules.Hold.Refusal.WholeRound" });
    }
    expect(canActFromHold("allOutAttack").reasonKey).toBe("FANGS.Rules.Hold.Refusal.CannotBeHeld");
    expect(canActFromHold("engage").allowed).toBe(true);
  });
});

describe("who acts in each phase", () => {
  it("NC-ATK-1: the Missile phase is for unengaged missile and thrown attackers, in AG order", () => {
    const order = phaseTurnOrder("missile", [
      fighter("swordsman", 16),
      fighter("archer", 12, { engaged: false, facts: { attackKind: "missile" } }),
      fighter("slinger", 14, { engaged: false, facts: { attackKind: "thrown" } }),
      fighter("pinned archer", 18, { engaged: true, facts: { attackKind: "missile" } }),
      fighter("watcher", 20, { engaged: false, maneuver: "move", facts: { attackKind: "missile" } }),
      fighter("charger", 19, { engaged: false, maneuver: "charge", facts: { attackKind: "thrown" } }),
    ]);
    expect(order).toEqual(["slinger", "archer"]);
  });

  it("NC-ATK-6: the Melee phase is for engaged combatants attacking with melee weapons, in AG order", () => {
    const order = phaseTurnOrder("melee", [
      fighter("orc", 10),
      fighter("knight", 13),
      fighter("charger", 11, { maneuver: "charge" }),
      fighter("archer", 14, { facts: { attackKind: "missile" } }),
      fighter("loner", 18, { engaged: false }),
      fighter("dodger", 19, { maneuver: "dodgeMelee" }),
    ]);
    expect(order).toEqual(["knight", "charger", "orc"]);
  });

  it("NC-ATK-7: the Post-Melee phase is for those owed a second attack, in AG order; an off hand at −10 initiative (NC-DEF-7)", () => {
    const order = phaseTurnOrder("postMelee", [
      fighter("berserk", 12, {
        maneuver: "allOutAttack",
        facts: { attackKind: "melee", postMeleeAttacks: 1 },
      }),
      fighter("duellist", 18, {
        facts: { attackKind: "melee", postMeleeAttacks: 1, offHandInitiativePenalty: true },
      }),
      fighter("knight", 15, { facts: { attackKind: "melee", postMeleeAttacks: 0 } }),
      fighter("guard", 10, { facts: { attackKind: "melee", postMeleeAttacks: 1 } }),
    ]);
    expect(order).toEqual(["berserk", "guard", "duellist"]);
    expect(
      codeOf(() => phaseTurnOrder("postMelee", [fighter("x", 10, { facts: { postMeleeAttacks: -1 } })])),
    ).toBe("invalid-value");
    expect(
      codeOf(() =>
        phaseTurnOrder("missile", [fighter("x", 10, { facts: JSON.parse('{"attackKind":"spell"}') })]),
      ),
    ).toBe("invalid-value");
    expect(attackSlots({ maneuver: "allOutAttack" }).slots.map((s) => s.phase)).toEqual([
      "primary",
      "postMelee",
    ]);
  });

  it("NC-ATK-2: a combatant put out of action is given no turn in a phase", () => {
    const candidates = [
      fighter("troll", 16),
      fighter("gru", 12, { outOfAction: true }),
      fighter("goblin", 8),
    ];
    expect(phaseTurnOrder("melee", candidates)).toEqual(["troll", "goblin"]);
  });
});
