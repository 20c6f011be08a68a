import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ScriptedDice, SeededDice } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import { resolveRhfOptions } from "./config";
import { weaponRange } from "./reach";
import {
  acting,
  aim,
  attack,
  beginActions,
  declareAttacks,
  declareFocus,
  defenseOptions,
  endTurn,
  fighterSheet,
  fighterState,
  isOut,
  type RhfFight,
  rangeBetween,
  rangeManeuver,
  releaseHold,
  reload,
  startFight,
  startRound,
  turnOptions,
} from "./round-engine";
import { RANGES, type Range, type RhfFighter, type RhfFirearm } from "./types";

const fighter = (id: string, kind: string, over: Partial<RhfFighter> = {}): RhfFighter => ({
  id,
  name: id,
  strength: 10,
  quickness: 10,
  skills: { weapon: 14, unarmed: 12, dodge: 10, spot: 12 },
  weapon: { kind, name: kind },
  familiar: true,
  npc: true,
  ...over,
});

const gun = (over: Partial<RhfFirearm> = {}): RhfFirearm => ({
  recoil: 5,
  grip: "oneHand",
  rateOfFire: 6,
  magazine: 6,
  autofire: false,
  ...over,
});

/** The fight with every pair of fighters at `range`, as a GM who places them would have it. */
function at(fight: RhfFight, range: Range): RhfFight {
  return { ...fight, ranges: fight.ranges.map(() => range) };
}

/** The range between the first two fighters. */
const range01 = (fight: RhfFight): Range => rangeBetween(fight, fight.fighters[0]!.id, fight.fighters[1]!.id);

/** The next round, concentrated defenses as given, actions begun. */
function next(fight: RhfFight, focus: Record<string, "body" | "head" | null> = {}, options = {}): RhfFight {
  let f = startRound(fight, options);
  for (const [id, area] of Object.entries(focus)) f = declareFocus(f, id, area, options);
  return beginActions(f);
}

/** Ends turns until `id` acts (in this round). */
function until(fight: RhfFight, id: string, options = {}): RhfFight {
  let f = fight;
  while (acting(f) !== id) f = endTurn(f, options);
  return f;
}

/** Ends every turn left in the round. */
function finish(fight: RhfFight): RhfFight {
  let f = fight;
  while (f.phase === "action") f = endTurn(f);
  return f;
}

function refusal(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof RulesError) return String(error.details.reason ?? error.code);
    throw error;
  }
  return undefined;
}

const dagger = fighter("dag", "dagger", { quickness: 12 });
const pike = fighter("pik", "pike", { quickness: 8 });

describe("reach in the round", () => {
  it("RHF-RNG-1: a dagger and a pike meet at the pike's range; the dagger cannot strike until close in", () => {
    let fight = startFight([dagger, pike]);
    expect(range01(fight)).toBe("long");
    fight = next(fight);
    expect(acting(fight)).toBe("dag");
    expect(turnOptions(fight, "dag")).toMatchObject({ strike: false, maneuver: "advance" });
    expect(
      refusal(() => attack(fight, "dag", { kind: "strike", targetId: "pik" }, null, new ScriptedDice([1]))),
    ).toBe("OutOfReach");
    fight = endTurn(fight);
    expect(turnOptions(fight, "pik")).toMatchObject({ strike: true, maneuver: null });
  });

  it("RHF-RNG-2: out of its range the dagger still parries the pike; caught close in, the pike can only dodge", () => {
    const fight = startFight([dagger, pike]);
    expect(defenseOptions(fight, "dag", "strike")).toEqual(["parry", "dodge"]);
    const close = at(fight, "close");
    expect(defenseOptions(close, "pik", "strike")).toEqual(["dodge"]);
    expect(defenseOptions(close, "dag", "strike")).toEqual(["parry", "dodge"]);
  });

  it("RHF-RNG-3: an advance is a Hard roll under the skill (14: 7 or less); made, the range is the dagger's", () => {
    const fight = next(startFight([dagger, pike]));
    const failed = rangeManeuver(fight, "dag", "advance", new ScriptedDice([8]));
    expect(failed.check).toEqual({ target: 7, roll: 8, success: false });
    expect(range01(failed.fight)).toBe("long");
    const made = rangeManeuver(fight, "dag", "advance", new ScriptedDice([7]));
    expect(range01(made.fight)).toBe("close");
    expect(refusal(() => rangeManeuver(made.fight, "dag", "advance", new ScriptedDice([1])))).toBe(
      "ManeuverUsed",
    );
    expect(refusal(() => rangeManeuver(failed.fight, "dag", "advance", new ScriptedDice([1])))).toBe(
      "ManeuverUsed",
    );
    expect(refusal(() => rangeManeuver(fight, "dag", "withdraw", new ScriptedDice([1])))).toBe(
      "ManeuverNotNeeded",
    );
  });

  const sword = fighter("swo", "sword", { quickness: 4 });

  it("RHF-RNG-1: with three fighters each pair has its range, the longer of its two weapons', whatever the entry order", () => {
    for (const sheets of [
      [dagger, pike, sword],
      [sword, dagger, pike],
      [pike, sword, dagger],
    ]) {
      const fight = startFight(sheets);
      expect(rangeBetween(fight, "dag", "pik")).toBe("long");
      expect(rangeBetween(fight, "pik", "dag")).toBe("long");
      expect(rangeBetween(fight, "dag", "swo")).toBe("medium");
      expect(rangeBetween(fight, "swo", "pik")).toBe("long");
    }
    expect(() => rangeBetween(startFight([dagger, pike]), "dag", "dag")).toThrow(RulesError);
  });

  it("RHF-RNG-3: with three fighters an advance moves only the two concerned; the dagger then reaches one foe, not the other", () => {
    let fight = next(startFight([dagger, pike, sword]));
    expect(turnOptions(fight, "dag")).toMatchObject({
      maneuver: null,
      strike: false,
      maneuvers: [
        { opponentId: "pik", maneuver: "advance" },
        { opponentId: "swo", maneuver: "advance" },
      ],
    });
    // Two opponents stand: the maneuver must say on whom.
    expect(refusal(() => rangeManeuver(fight, "dag", "advance", new ScriptedDice([1])))).toBe("ManyFighters");
    const made = rangeManeuver(fight, "dag", "advance", new ScriptedDice([7]), undefined, "swo");
    expect(made).toMatchObject({ opponentId: "swo", range: "close", check: { target: 7, roll: 7 } });
    fight = made.fight;
    expect(rangeBetween(fight, "dag", "swo")).toBe("close");
    expect(rangeBetween(fight, "dag", "pik")).toBe("long");
    expect(rangeBetween(fight, "pik", "swo")).toBe("long");
    expect(turnOptions(fight, "dag")).toMatchObject({ strike: true, maneuvers: [] });
    // The blow at the sword lands (14 made, location 5 body, injury die 2); the pike is still out of reach.
    const blow = attack(
      fight,
      "dag",
      { kind: "strike", targetId: "swo" },
      null,
      new ScriptedDice([14, 5, 2]),
    );
    expect(blow.exchange.outcome).toBe("hit");
    expect(
      refusal(() => attack(fight, "dag", { kind: "strike", targetId: "pik" }, null, new ScriptedDice([1]))),
    ).toBe("OutOfReach");
    // The pike, next, keeps its long range to both: its blow at the dagger is open, the dagger parries it.
    fight = endTurn(blow.fight);
    expect(acting(fight)).toBe("pik");
    expect(turnOptions(fight, "pik")).toMatchObject({ strike: true, maneuver: null, maneuvers: [] });
    expect(defenseOptions(fight, "dag", "strike")).toEqual(["parry", "dodge"]);
  });

  it("RHF-RNG-2: with three fighters a parry reads the attacker's range: the pike caught close in by the dagger still parries the sword", () => {
    const fight = next(startFight([dagger, pike, sword]));
    const closed = rangeManeuver(fight, "dag", "advance", new ScriptedDice([1]), undefined, "pik").fight;
    expect(defenseOptions(closed, "pik", "strike")).toEqual(["dodge"]);
    expect(defenseOptions(closed, "pik", "strike", undefined, "dag")).toEqual(["dodge"]);
    expect(defenseOptions(closed, "pik", "strike", undefined, "swo")).toEqual(["parry", "dodge"]);
    expect(
      refusal(() =>
        attack(closed, "dag", { kind: "strike", targetId: "pik" }, "parry", new ScriptedDice([1])),
      ),
    ).toBe("NoDefense");
  });

  it("RHF-RNG-3: the pike caught close in withdraws back to its range by a Hard roll", () => {
    let fight = next(startFight([dagger, pike]));
    fight = rangeManeuver(fight, "dag", "advance", new ScriptedDice([1])).fight;
    fight = endTurn(fight);
    expect(turnOptions(fight, "pik").maneuver).toBe("withdraw");
    const back = rangeManeuver(fight, "pik", "withdraw", new ScriptedDice([7]));
    expect(range01(back.fight)).toBe("long");
  });

  it('RHF-RNG-3, RHF-MAT-2: "a character with a Quickness level of 10 could made one attack and one advance maneuver without penalty"', () => {
    const q10 = fighter("q10", "sword", { quickness: 10 });
    let fight = next(startFight([q10, pike]));
    fight = until(fight, "q10");
    fight = rangeManeuver(fight, "q10", "advance", new ScriptedDice([1])).fight;
    expect(range01(fight)).toBe("medium");
    // Attack 14 (no penalty): roll 14 hits; location 11 (right arm), no defense, injury die 3 + 2.
    const { exchange } = attack(
      fight,
      "q10",
      { kind: "strike", targetId: "pik" },
      null,
      new ScriptedDice([14, 11, 3]),
    );
    expect(exchange.penalty).toBe(0);
    expect(exchange.rolls[0]!.check.target).toBe(14);
    expect(exchange.outcome).toBe("hit");
  });
});

describe("attacks a round in the round", () => {
  it("RHF-MAT-1: a Quickness 5 fighter has one attack in round 1, none in round 2, one in round 3", () => {
    const slow = fighter("slow", "sword", { quickness: 5 });
    const other = fighter("oth", "sword", {
      quickness: 5,
      skills: { weapon: 3, unarmed: 3, dodge: 3, spot: 3 },
    });
    let fight = next(startFight([slow, other]));
    expect(fighterState(fight, "slow").allowance).toBe(1);
    fight = attack(fight, "slow", { kind: "strike", targetId: "oth" }, null, new ScriptedDice([20])).fight;
    fight = next(finish(fight));
    expect(fighterState(fight, "slow").allowance).toBe(0);
    // Past its allowance an attack is an additional one: −5.
    const late = attack(fight, "slow", { kind: "strike", targetId: "oth" }, null, new ScriptedDice([20]));
    expect(late.exchange.penalty).toBe(5);
    // The penalised attack of round 2 is not its free one: round 3 is free again.
    fight = next(finish(endTurn(late.fight)));
    expect(fighterState(fight, "slow").allowance).toBe(1);
  });

  it("RHF-MAT-2: declaring two attacks with an allowance of one puts −5 on both; a third is refused at skill 9", () => {
    const swift = fighter("sw", "sword", {
      quickness: 10,
      skills: { weapon: 9, unarmed: 5, dodge: 5, spot: 5 },
    });
    let fight = next(startFight([swift, fighter("foe", "sword", { quickness: 3 })]));
    expect(refusal(() => declareAttacks(fight, "sw", 3))).toBe("TooManyAttacks");
    fight = declareAttacks(fight, "sw", 2);
    const first = attack(fight, "sw", { kind: "strike", targetId: "foe" }, null, new ScriptedDice([20]));
    expect(first.exchange.rolls[0]!.check.target).toBe(4);
    const second = attack(
      first.fight,
      "sw",
      { kind: "strike", targetId: "foe" },
      null,
      new ScriptedDice([20]),
    );
    expect(second.exchange.penalty).toBe(5);
    expect(
      refusal(() =>
        attack(second.fight, "sw", { kind: "strike", targetId: "foe" }, null, new ScriptedDice([1])),
      ),
    ).toBe("NoAttackLeft");
  });
});

describe("the skill each attack rolls", () => {
  const grappler = fighter("gr", "sword", {
    quickness: 10,
    skills: { weapon: 16, unarmed: 5, dodge: 5, spot: 5 },
  });
  const foe = fighter("foe", "knife", { quickness: 3 });

  it("RHF-MAT-2: the skill above zero is the one rolled: at −5 a hold under Unarmed 5 is refused, a blow under 16 is not", () => {
    let fight = next(startFight([grappler, foe]));
    expect(range01(fight)).toBe("medium");
    fight = at(fight, "close");
    fight = declareAttacks(fight, "gr", 2);
    expect(turnOptions(fight, "gr")).toMatchObject({ hold: false });
    expect(
      refusal(() => attack(fight, "gr", { kind: "hold", targetId: "foe" }, null, new ScriptedDice([1]))),
    ).toBe("SkillTooLow");
    const wrestler = fighter("wr", "knife", {
      quickness: 10,
      skills: { weapon: 4, unarmed: 16, dodge: 5, spot: 5 },
    });
    let close = next(startFight([wrestler, foe]));
    // Its knife skill of 4 would allow no additional attack; its holds at 16 do.
    close = declareAttacks(close, "wr", 2);
    expect(turnOptions(close, "wr")).toMatchObject({ hold: true, strike: false });
    const held = attack(close, "wr", { kind: "hold", targetId: "foe" }, null, new ScriptedDice([20]));
    expect(held.exchange.rolls[0]!.check.target).toBe(11);
    expect(
      refusal(() =>
        attack(held.fight, "wr", { kind: "strike", targetId: "foe" }, null, new ScriptedDice([1])),
      ),
    ).toBe("SkillTooLow");
  });

  it("RHF-MAT-2: skill 5 against a −5: none under the rule's 'higher than zero' (the default), one under '4 is less than the penalty'", () => {
    const five = fighter("five", "knife", {
      quickness: 10,
      skills: { weapon: 5, unarmed: 5, dodge: 5, spot: 5 },
    });
    const fight = next(startFight([five, foe]));
    expect(refusal(() => declareAttacks(fight, "five", 2))).toBe("TooManyAttacks");
    const lenient = { additionalAttackSkill: "atLeastPenalty" } as const;
    const two = declareAttacks(fight, "five", 2, lenient);
    const run = attack(
      two,
      "five",
      { kind: "strike", targetId: "foe" },
      null,
      new ScriptedDice([20]),
      lenient,
    );
    expect(run.exchange.rolls[0]!.check.target).toBe(0);
    expect(refusal(() => declareAttacks(fight, "five", 3, lenient))).toBe("TooManyAttacks");
  });
});

describe("pull, feint and concentrated defense in the round", () => {
  const a = fighter("a", "sword", { quickness: 12 });
  const b = fighter("b", "sword", { quickness: 8 });

  it("RHF-PUL-1: a pulled swing rolls its injury 2 lower (sword +2, die 6: 8 becomes 6)", () => {
    const fight = next(startFight([a, b]));
    const full = attack(fight, "a", { kind: "strike", targetId: "b" }, null, new ScriptedDice([5, 12, 6]));
    const pulled = attack(
      fight,
      "a",
      { kind: "strike", targetId: "b", pull: true },
      null,
      new ScriptedDice([5, 12, 6]),
    );
    expect(full.exchange.rolls[0]!.injuries[0]!.total).toBe(8);
    expect(pulled.exchange.rolls[0]!.injuries[0]!.total).toBe(6);
    expect(pulled.exchange.pulled).toBe(true);
  });

  it("RHF-FNT-1: a feint at −3 made puts −3 on the opponent's next defense against the feinter, once", () => {
    let fight = next(startFight([a, b]));
    fight = declareAttacks(fight, "a", 2);
    // The feint rolls under 14 − 5 (two attacks, allowance one) − 3 = 6.
    const feint = attack(
      fight,
      "a",
      { kind: "strike", targetId: "b", feint: 3 },
      null,
      new ScriptedDice([6]),
    );
    expect(feint.exchange).toMatchObject({ outcome: "feinted", feint: 3 });
    expect(feint.exchange.rolls[0]!.check.target).toBe(6);
    expect(fighterState(feint.fight, "b").feints).toEqual([{ by: "a", penalty: 3, untilRound: 2 }]);
    // The blow: roll 9 under 9, location 12, b parries under 14 − 3 = 11 and rolls 12: a hit.
    const blow = attack(
      feint.fight,
      "a",
      { kind: "strike", targetId: "b" },
      "parry",
      new ScriptedDice([9, 12, 12, 2]),
    );
    expect(blow.exchange.rolls[0]!.defense!.check.target).toBe(11);
    expect(blow.exchange.outcome).toBe("hit");
    expect(fighterState(blow.fight, "b").feints).toEqual([]);
  });

  it("RHF-FNT-1: two feinters at one victim each keep their own waiting penalty", () => {
    const c = fighter("c", "sword", { quickness: 10 });
    let fight = next(startFight([a, b, c]));
    fight = attack(
      fight,
      "a",
      { kind: "strike", targetId: "b", feint: 3 },
      null,
      new ScriptedDice([1]),
    ).fight;
    fight = until(fight, "c");
    fight = attack(
      fight,
      "c",
      { kind: "strike", targetId: "b", feint: 2 },
      null,
      new ScriptedDice([1]),
    ).fight;
    expect(fighterState(fight, "b").feints).toEqual([
      { by: "a", penalty: 3, untilRound: 2 },
      { by: "c", penalty: 2, untilRound: 2 },
    ]);
    fight = next(finish(fight));
    // a's blow: b parries under 14 − 3 = 11; c's feint still waits.
    const blow = attack(fight, "a", { kind: "strike", targetId: "b" }, "parry", new ScriptedDice([1, 5, 1]));
    expect(blow.exchange.rolls[0]!.defense!.check.target).toBe(11);
    expect(fighterState(blow.fight, "b").feints).toEqual([{ by: "c", penalty: 2, untilRound: 2 }]);
  });

  it("RHF-FNT-1: a feint missed gives nothing; an unused one is gone after the next round", () => {
    let fight = next(startFight([a, b]));
    const missed = attack(
      fight,
      "a",
      { kind: "strike", targetId: "b", feint: 4 },
      null,
      new ScriptedDice([11]),
    );
    expect(missed.exchange.outcome).toBe("missed");
    expect(fighterState(missed.fight, "b").feints).toEqual([]);
    fight = attack(
      fight,
      "a",
      { kind: "strike", targetId: "b", feint: 4 },
      null,
      new ScriptedDice([10]),
    ).fight;
    fight = next(finish(fight));
    expect(fighterState(fight, "b").feints).toHaveLength(1);
    fight = next(finish(fight));
    expect(fighterState(fight, "b").feints).toEqual([]);
  });

  it("RHF-FNT-1: read as the same attack, the feint is a blow and the defense against it takes the penalty", () => {
    const options = { feintReading: "sameAttack" as const };
    const fight = next(startFight([a, b], options), {}, options);
    const run = attack(
      fight,
      "a",
      { kind: "strike", targetId: "b", feint: 2 },
      "parry",
      new ScriptedDice([12, 12, 13, 4]),
      options,
    );
    expect(run.exchange.rolls[0]!.check.target).toBe(12);
    expect(run.exchange.rolls[0]!.defense!.check.target).toBe(12);
    expect(run.exchange.outcome).toBe("hit");
  });

  it.each([
    ["body", 10, 16],
    ["body", 1, 12],
    ["head", 1, 18],
    ["head", 10, 10],
  ] as const)(
    "RHF-DFA-1: concentrating on the %s, a parry of a blow landing on d20 %i rolls under %i",
    (area, locationDie, target) => {
      const fight = next(startFight([a, b]), { b: area });
      const run = attack(
        fight,
        "a",
        { kind: "strike", targetId: "b" },
        "parry",
        new ScriptedDice([1, locationDie, 1]),
      );
      expect(run.exchange.rolls[0]!.defense!.check.target).toBe(target);
      expect(run.exchange.outcome).toBe("defended");
    },
  );

  it("RHF-DFA-1: a dodge keeps its skill whatever the area; an unknown area is refused", () => {
    const fight = next(startFight([a, b]), { b: "head" });
    const run = attack(fight, "a", { kind: "strike", targetId: "b" }, "dodge", new ScriptedDice([1, 10, 1]));
    expect(run.exchange.rolls[0]!.defense!.check.target).toBe(10);
    expect(() => declareFocus(startRound(startFight([a, b])), "b", "tail" as never)).toThrow(RulesError);
  });
});

describe("holds in the round", () => {
  const wrestler = fighter("wr", "unarmed", {
    strength: 12,
    quickness: 12,
    skills: { weapon: 14, unarmed: 15, dodge: 10, spot: 8 },
  });
  const victim = fighter("vi", "knife", {
    strength: 10,
    quickness: 8,
    skills: { weapon: 12, unarmed: 9, dodge: 9, spot: 8 },
  });

  it("RHF-HLD-1: a hold rolls under Unarmed Combat; made, the holder has Strength/3 rounded up (4) at once", () => {
    const fight = next(startFight([wrestler, victim]));
    expect(range01(fight)).toBe("close");
    const missed = attack(fight, "wr", { kind: "hold", targetId: "vi" }, null, new ScriptedDice([16]));
    expect(missed.exchange.outcome).toBe("missed");
    const held = attack(fight, "wr", { kind: "hold", targetId: "vi" }, null, new ScriptedDice([15]));
    expect(held.exchange.outcome).toBe("held");
    expect(fighterState(held.fight, "vi")).toMatchObject({
      heldBy: "wr",
      controlPoints: 4,
      condition: "standing",
    });
    expect(fighterState(held.fight, "wr").holding).toBe("vi");
    const later = resolveRhfOptions({ holdFirstRoundCounts: false });
    const slow = attack(fight, "wr", { kind: "hold", targetId: "vi" }, null, new ScriptedDice([15]), later);
    expect(fighterState(slow.fight, "vi").controlPoints).toBe(0);
  });

  it("RHF-HLD-2: 4, 8, then 12 control points: above Strength 10 the victim is immobilized until let go", () => {
    let fight = next(startFight([wrestler, victim]));
    fight = attack(fight, "wr", { kind: "hold", targetId: "vi" }, null, new ScriptedDice([1])).fight;
    fight = next(finish(fight));
    expect(fighterState(fight, "vi")).toMatchObject({ controlPoints: 8, condition: "standing" });
    fight = next(finish(fight));
    expect(fighterState(fight, "vi")).toMatchObject({ controlPoints: 12, condition: "immobilized" });
    expect(isOut(fighterState(fight, "vi"))).toBe(true);
    expect(defenseOptions(fight, "vi", "strike")).toEqual([]);
    expect(fight.order).toEqual(["wr"]);
    const freed = releaseHold(fight, "wr");
    expect(fighterState(freed, "vi")).toMatchObject({
      heldBy: null,
      controlPoints: 0,
      condition: "standing",
    });
  });

  it("RHF-HLD-3: an Unarmed Combat roll breaks a hold; the points start over; immobilized, no try unless the rules allow it", () => {
    let fight = next(startFight([wrestler, victim]));
    fight = attack(fight, "wr", { kind: "hold", targetId: "vi" }, null, new ScriptedDice([1])).fight;
    fight = endTurn(fight);
    expect(turnOptions(fight, "vi")).toMatchObject({ breakFree: true, maneuver: null });
    const fast = attack(fight, "vi", { kind: "breakFree" }, null, new ScriptedDice([10]));
    expect(fast.exchange.outcome).toBe("heldFast");
    const broke = attack(fight, "vi", { kind: "breakFree" }, null, new ScriptedDice([9]));
    expect(broke.exchange.outcome).toBe("broke");
    expect(fighterState(broke.fight, "vi")).toMatchObject({ heldBy: null, controlPoints: 0 });
    expect(fighterState(broke.fight, "wr").holding).toBeNull();

    let stuck = next(finish(fight));
    stuck = next(finish(stuck));
    expect(fighterState(stuck, "vi").condition).toBe("immobilized");
    expect(stuck.order).not.toContain("vi");
    const options = { immobilizedMayBreak: true };
    let may = next(finish(next(finish(fight), {}, options)), {}, options);
    may = until(may, "vi", options);
    expect(fighterState(may, "vi").condition).toBe("immobilized");
    // Its allowance stands: the try is at its full Unarmed Combat, 9.
    const out = attack(may, "vi", { kind: "breakFree" }, null, new ScriptedDice([9]), options);
    expect(out.exchange).toMatchObject({ penalty: 0, outcome: "broke" });
    expect(fighterState(out.fight, "vi").condition).toBe("standing");
  });

  it("RHF-HLD-3: breaking free is its own Unarmed Combat roll, not an attack: no penalty, no allowance, once a round", () => {
    const swift = { ...victim, quickness: 10 };
    let fight = next(startFight([wrestler, swift]));
    fight = attack(fight, "wr", { kind: "hold", targetId: "vi" }, null, new ScriptedDice([1])).fight;
    fight = endTurn(fight);
    // Two blows declared at −5 each do not lower the try: it is at Unarmed Combat 9, not 4.
    const declared = declareAttacks(fight, "vi", 2);
    const tried = attack(declared, "vi", { kind: "breakFree" }, null, new ScriptedDice([9]));
    expect(tried.exchange).toMatchObject({ penalty: 0, outcome: "broke" });
    // It used no attack: both declared blows are left, and a second try is refused.
    expect(fighterState(tried.fight, "vi").attacksMade).toBe(0);
    expect(turnOptions(tried.fight, "vi")).toMatchObject({ attacksLeft: 2, breakFree: false });
    const held = attack(fight, "vi", { kind: "breakFree" }, null, new ScriptedDice([10]));
    expect(refusal(() => attack(held.fight, "vi", { kind: "breakFree" }, null, new ScriptedDice([1])))).toBe(
      "BreakTried",
    );
    // Read beyond the first, a fighter that has made its one attack may still try.
    const first = { additionalAttacks: "beyondFirst" } as const;
    const struck = attack(
      fight,
      "vi",
      { kind: "strike", targetId: "wr" },
      null,
      new ScriptedDice([20]),
      first,
    );
    expect(turnOptions(struck.fight, "vi", first).breakFree).toBe(true);
    const broke = attack(struck.fight, "vi", { kind: "breakFree" }, null, new ScriptedDice([9]), first);
    expect(broke.exchange.outcome).toBe("broke");
  });

  it("RHF-HLD-2: a victim immobilized by the grab itself loses its turn this round", () => {
    const weak = { ...victim, strength: 3 };
    let fight = next(startFight([wrestler, weak]));
    fight = attack(fight, "wr", { kind: "hold", targetId: "vi" }, null, new ScriptedDice([1])).fight;
    expect(fighterState(fight, "vi").condition).toBe("immobilized");
    expect(endTurn(fight).phase).toBe("over");
    const options = { immobilizedMayBreak: true };
    expect(acting(endTurn(fight, options))).toBe("vi");
  });

  it("RHF-RNG-2: 'the defender could always dodge' is read of range; a held fighter dodges only with heldMayDodge", () => {
    let fight = next(startFight([wrestler, victim]));
    fight = attack(fight, "wr", { kind: "hold", targetId: "vi" }, null, new ScriptedDice([1])).fight;
    expect(defenseOptions(fight, "vi", "strike")).toEqual(["parry"]);
    expect(defenseOptions(fight, "vi", "strike", { heldMayDodge: true })).toEqual(["parry", "dodge"]);
  });

  it("RHF-HLD-2: a holder immobilized by a third fighter 'can take no longer any action': its own victim is let go", () => {
    const third = fighter("th", "unarmed", {
      strength: 18,
      quickness: 11,
      skills: { weapon: 14, unarmed: 15, dodge: 10, spot: 8 },
    });
    const weakWrestler = { ...wrestler, strength: 3 };
    let fight = next(startFight([weakWrestler, victim, third]));
    fight = attack(fight, "wr", { kind: "hold", targetId: "vi" }, null, new ScriptedDice([1])).fight;
    fight = until(fight, "th");
    // Strength 18: 6 points at once, above the holder's Strength 3.
    fight = attack(fight, "th", { kind: "hold", targetId: "wr" }, null, new ScriptedDice([1])).fight;
    expect(fighterState(fight, "wr")).toMatchObject({ condition: "immobilized", holding: null });
    expect(fighterState(fight, "vi")).toMatchObject({ heldBy: null, controlPoints: 0 });
    fight = next(finish(fight));
    expect(fighterState(fight, "wr").condition).toBe("immobilized");
    expect(fighterState(fight, "vi").heldBy).toBeNull();
  });

  it("RHF-HLD-2: a holder held by a third fighter keeps its victim until its own points pass its Strength, at a round's start", () => {
    const third = fighter("th", "unarmed", { strength: 10, quickness: 11 });
    let fight = next(startFight([{ ...wrestler, strength: 5 }, victim, third]));
    fight = attack(fight, "wr", { kind: "hold", targetId: "vi" }, null, new ScriptedDice([1])).fight;
    fight = until(fight, "th");
    // Strength 10: 4 points, not above the holder's 5: it still holds, its victim still held.
    fight = attack(fight, "th", { kind: "hold", targetId: "wr" }, null, new ScriptedDice([1])).fight;
    expect(fighterState(fight, "wr")).toMatchObject({
      condition: "standing",
      holding: "vi",
      controlPoints: 4,
    });
    expect(fighterState(fight, "vi")).toMatchObject({ heldBy: "wr", controlPoints: 2 });
    // Round 2: 8 points on the holder, above 5: immobilized, it lets its victim go.
    fight = next(finish(fight));
    expect(fighterState(fight, "wr")).toMatchObject({
      condition: "immobilized",
      holding: null,
      heldBy: "th",
    });
    expect(fighterState(fight, "vi")).toMatchObject({
      heldBy: null,
      controlPoints: 0,
      condition: "standing",
    });
  });

  it("offers a hold only at a foe not held already, in hold range", () => {
    const other = fighter("ot", "unarmed", { quickness: 11 });
    let fight = next(startFight([wrestler, victim, other]));
    fight = attack(fight, "wr", { kind: "hold", targetId: "vi" }, null, new ScriptedDice([1])).fight;
    fight = until(fight, "ot");
    // ot stands close to the held victim only; the holder is at long range from it.
    const n = fight.fighters.length;
    const ranges = fight.ranges.slice();
    ranges[0 * n + 2] = "long";
    ranges[2 * n + 0] = "long";
    fight = { ...fight, ranges };
    expect(turnOptions(fight, "ot").hold).toBe(false);
    expect(
      refusal(() => attack(fight, "ot", { kind: "hold", targetId: "vi" }, null, new ScriptedDice([1]))),
    ).toBe("BadTarget");
  });

  it("defenseOptions: none for breaking free or a fighter out, asked of anyone; a fighter does not defend against itself", () => {
    const other = fighter("ot", "unarmed", { quickness: 11 });
    const fight = next(startFight([wrestler, victim, other]));
    expect(defenseOptions(fight, "wr", "breakFree")).toEqual([]);
    expect(defenseOptions(startFight([wrestler, victim, other]), "vi", "breakFree")).toEqual([]);
    const downed = {
      ...startFight([wrestler, victim, other]),
      fighters: startFight([wrestler, victim, other]).fighters.map((f) =>
        f.id === "ot" ? f : { ...f, condition: "dead" as const },
      ),
    };
    expect(defenseOptions(downed, "vi", "strike")).toEqual([]);
    // Outside a turn, with no foe standing, none can strike it: nothing to defend.
    expect(defenseOptions(downed, "ot", "strike")).toEqual([]);
    expect(() => defenseOptions(fight, "vi", "strike", undefined, "vi")).toThrow(RulesError);
  });

  it("a holder's hands are busy; a held fighter neither moves nor dodges", () => {
    let fight = next(startFight([wrestler, victim]));
    fight = attack(fight, "wr", { kind: "hold", targetId: "vi" }, null, new ScriptedDice([1])).fight;
    fight = next(finish(fight));
    expect(
      refusal(() => attack(fight, "wr", { kind: "strike", targetId: "vi" }, null, new ScriptedDice([1]))),
    ).toBe("Holding");
    expect(defenseOptions(fight, "vi", "strike")).toEqual(["parry"]);
  });
});

describe("firearms in the round", () => {
  const joe = fighter("joe", "revolver", {
    quickness: 12,
    skills: { weapon: 15, unarmed: 8, dodge: 8, spot: 12 },
    weapon: { kind: "revolver", name: ".357 magnum", firearm: gun() },
  });
  const mark = fighter("mark", "sword", {
    quickness: 6,
    skills: { weapon: 12, unarmed: 8, dodge: 9, spot: 8 },
  });

  it("RHF-REC-1: Joe's five shots in a round roll under 15, 15, 15, 14 and 11; each spends a round", () => {
    const fight = next(startFight([joe, mark]));
    const dice = new ScriptedDice([20, 20, 20, 20, 20]);
    const run = attack(fight, "joe", { kind: "shoot", targetId: "mark", shots: 5 }, null, dice);
    expect(run.exchange.rolls.map((r) => r.check.target)).toEqual([15, 15, 15, 14, 11]);
    expect(run.exchange.penalty).toBe(0);
    expect(fighterState(run.fight, "joe")).toMatchObject({ ammo: 1, shots: 5 });
    expect(dice.remaining).toBe(0);
    expect(
      refusal(() => attack(run.fight, "joe", { kind: "shoot", targetId: "mark", shots: 1 }, null, dice)),
    ).toBe("NoAttackLeft");
  });

  it("stops firing when the target drops: the shots left are not spent", () => {
    const fight = next(startFight([joe, mark]));
    // The first shot: location 1 (head), die 10 + 4 = 14, critical; autokill 1: dead.
    const run = attack(
      fight,
      "joe",
      { kind: "shoot", targetId: "mark", shots: 4 },
      null,
      new ScriptedDice([1, 1, 10, 1]),
    );
    expect(run.exchange.rolls).toHaveLength(1);
    expect(fighterState(run.fight, "mark").condition).toBe("dead");
    expect(fighterState(run.fight, "joe")).toMatchObject({ ammo: 5, shots: 1 });
  });

  it("RHF-REC-1: recoil counts every shot of the round across firings; a shot is not an attack", () => {
    let fight = next(startFight([joe, mark]));
    fight = declareAttacks(fight, "joe", 2);
    const one = attack(
      fight,
      "joe",
      { kind: "shoot", targetId: "mark", shots: 3 },
      null,
      new ScriptedDice([20, 20, 20]),
    );
    const two = attack(
      one.fight,
      "joe",
      { kind: "shoot", targetId: "mark", shots: 2 },
      null,
      new ScriptedDice([20, 20]),
    );
    // Two attacks with an allowance of one: −5 on each, then the fourth and fifth shots' recoil.
    expect(two.exchange.rolls.map((r) => r.check.target)).toEqual([9, 6]);
    expect(
      refusal(() =>
        attack(two.fight, "joe", { kind: "shoot", targetId: "mark", shots: 2 }, null, new ScriptedDice([])),
      ),
    ).toBe("NoAttackLeft");
  });

  it("RHF-REC-2: with both hands Joe's Strength is 15, and no shot of the five has a penalty", () => {
    const twoHands = { ...joe, weapon: { ...joe.weapon, firearm: gun({ grip: "twoHands" }) } };
    const fight = next(startFight([twoHands, mark]));
    const run = attack(
      fight,
      "joe",
      { kind: "shoot", targetId: "mark", shots: 5 },
      null,
      new ScriptedDice([20, 20, 20, 20, 20]),
    );
    expect(run.exchange.rolls.map((r) => r.check.target)).toEqual([15, 15, 15, 15, 15]);
  });

  const gunner = fighter("gun", "submachineGun", {
    quickness: 12,
    skills: { weapon: 13, unarmed: 8, dodge: 8, spot: 10 },
    weapon: {
      kind: "submachineGun",
      name: "SMG",
      firearm: gun({ recoil: 3, rateOfFire: 20, magazine: 30, autofire: true }),
    },
  });

  it("RHF-AUT-1: a burst of 10: three rolls, each made one hitting 1d6-by-the-table times", () => {
    const fight = next(startFight([gunner, mark]));
    // Roll 3 made: location 11, d6 4: two hits (the first at 11, die 1; the second location 20, die 1).
    // Roll 18 missed. Roll 13 made: location 15, d6 1: one hit, die 1.
    const dice = new ScriptedDice([3, 11, 4, 1, 20, 1, 18, 13, 15, 1, 1]);
    const run = attack(fight, "gun", { kind: "burst", targetId: "mark" }, null, dice);
    expect(dice.remaining).toBe(0);
    expect(run.exchange.rolls.map((r) => r.injuries.length)).toEqual([2, 0, 1]);
    expect(run.exchange.rolls.map((r) => r.hitsDie)).toEqual([4, null, 1]);
    expect(fighterState(run.fight, "gun")).toMatchObject({ ammo: 20, shots: 10 });
    // Each die 1 + the gun's 3: serious, 2 wound points a hit.
    expect(fighterState(run.fight, "mark").wounds).toBe(6);
  });

  it("RHF-AUT-2: area fire rolls once a target within 3 m of each other; farther or more than five is refused", () => {
    const third = fighter("third", "club", { quickness: 4 });
    const fight = next(startFight([gunner, mark, third]));
    // mark: 12 made, location 12, d6 5: two hits (die 1; location 19, die 1). third: 14 missed.
    const dice = new ScriptedDice([12, 12, 5, 1, 19, 1, 14]);
    const run = attack(
      fight,
      "gun",
      { kind: "areaFire", targetIds: ["mark", "third"], spread: 2.5 },
      null,
      dice,
    );
    expect(run.exchange.rolls.map((r) => [r.targetId, r.injuries.length])).toEqual([
      ["mark", 2],
      ["third", 0],
    ]);
    expect(() =>
      attack(
        fight,
        "gun",
        { kind: "areaFire", targetIds: ["mark", "third"], spread: 4 },
        null,
        new ScriptedDice([]),
      ),
    ).toThrow(/within 3 m/);
    expect(
      refusal(() =>
        attack(
          fight,
          "gun",
          { kind: "areaFire", targetIds: ["mark", "mark"], spread: 0 },
          null,
          new ScriptedDice([]),
        ),
      ),
    ).toBe("BadTarget");
  });

  it("area fire (a reading, docs/rules/rhf.md): each target answers with its own defense, chosen before the dice", () => {
    const third = fighter("third", "club", { quickness: 4 });
    const dodging = { dodgeShots: true };
    const fight = next(startFight([gunner, mark, third]), {}, dodging);
    const spray = { kind: "areaFire", targetIds: ["mark", "third"], spread: 2 } as const;
    // mark: 12 made, location 12, its dodge 5 under 9 made. third: 3 made, location 5, its dodge 15 over 10
    // missed, d6 2: one hit, injury die 1 + 3 (serious, body).
    const run = attack(
      fight,
      "gun",
      spray,
      ["dodge", "dodge"],
      new ScriptedDice([12, 12, 5, 3, 5, 15, 2, 1]),
      dodging,
    );
    expect(
      run.exchange.rolls.map((r) => [
        r.targetId,
        r.defense?.kind,
        r.defense?.check.success,
        r.injuries.length,
      ]),
    ).toEqual([
      ["mark", "dodge", true, 0],
      ["third", "dodge", false, 1],
    ]);
    expect(run.exchange.outcome).toBe("hit");
    expect(fighterState(run.fight, "third").wounds).toBe(2);
    // A target may take it while the other dodges: third's 3 hits, no die of its own asked.
    const mixed = attack(
      fight,
      "gun",
      spray,
      ["dodge", null],
      new ScriptedDice([12, 12, 5, 3, 5, 2, 1]),
      dodging,
    );
    expect(mixed.exchange.rolls.map((r) => r.defense?.kind ?? null)).toEqual(["dodge", null]);
    // One defense cannot answer two targets, nor a list of the wrong length, nor a list a blow.
    const refused = (defense: Parameters<typeof attack>[3], action: Parameters<typeof attack>[2] = spray) =>
      refusal(() => attack(fight, "gun", action, defense, new ScriptedDice([]), dodging));
    expect(refused("dodge")).toBe("NoDefense");
    expect(refused(["dodge"])).toBe("NoDefense");
    expect(refused(["dodge"], { kind: "burst", targetId: "mark" })).toBe("NoDefense");
    // Shots are not dodged by default: each target's list entry is then null.
    const plain = next(startFight([gunner, mark, third]));
    expect(refusal(() => attack(plain, "gun", spray, ["dodge", null], new ScriptedDice([])))).toBe(
      "NoDefense",
    );
    expect(
      attack(plain, "gun", spray, [null, null], new ScriptedDice([12, 12, 5, 1, 19, 1, 14])).exchange.outcome,
    ).toBe("hit");
  });

  it("RHF-AIM-1: two rounds of aiming, +5 a made Spot roll, on the next firing's first shot; unfamiliar, one round", () => {
    let fight = next(startFight([joe, mark]));
    const first = aim(fight, "joe", new ScriptedDice([12]));
    expect(first.bonus).toBe(5);
    expect(
      refusal(() =>
        attack(
          first.fight,
          "joe",
          { kind: "shoot", targetId: "mark", shots: 1 },
          null,
          new ScriptedDice([1]),
        ),
      ),
    ).toBe("Busy");
    fight = next(finish(first.fight));
    fight = aim(fight, "joe", new ScriptedDice([3])).fight;
    fight = next(finish(fight));
    expect(turnOptions(fight, "joe").aim).toBe(false);
    expect(refusal(() => aim(fight, "joe", new ScriptedDice([1])))).toBe("AimDone");
    // The first shot's 20 is under 25: location 12, injury die 1; the second's is over 15.
    const shot = attack(
      fight,
      "joe",
      { kind: "shoot", targetId: "mark", shots: 2 },
      null,
      new ScriptedDice([20, 12, 1, 20]),
    );
    expect(shot.exchange.rolls.map((r) => r.check.target)).toEqual([25, 15]);
    expect(shot.exchange.aimBonus).toBe(10);
    expect(fighterState(shot.fight, "joe").aimBonus).toBe(0);

    const stranger = { ...joe, familiar: false };
    let s = next(startFight([stranger, mark]));
    s = aim(s, "joe", new ScriptedDice([1])).fight;
    s = next(finish(s));
    expect(refusal(() => aim(s, "joe", new ScriptedDice([1])))).toBe("AimDone");
  });

  it("RHF-AIM-1: a range maneuver or a blow between the aim and the shot loses the aim", () => {
    let fight = next(startFight([joe, mark]));
    fight = aim(fight, "joe", new ScriptedDice([1])).fight;
    expect(fighterState(fight, "joe").aimBonus).toBe(5);
    fight = next(finish(fight));
    const moved = rangeManeuver(fight, "joe", "advance", new ScriptedDice([1])).fight;
    expect(fighterState(moved, "joe")).toMatchObject({ aimBonus: 0, aimRounds: 0 });
    const struck = attack(
      moved,
      "joe",
      { kind: "strike", targetId: "mark" },
      null,
      new ScriptedDice([20]),
    ).fight;
    expect(fighterState(struck, "joe").aimBonus).toBe(0);
  });

  it("spends ammunition, refuses a shot with none left, and reloads in a whole round", () => {
    let fight = next(startFight([joe, mark]));
    fight = attack(
      fight,
      "joe",
      { kind: "shoot", targetId: "mark", shots: 6 },
      null,
      new ScriptedDice([20, 20, 20, 20, 20, 20]),
    ).fight;
    fight = next(finish(fight));
    expect(turnOptions(fight, "joe")).toMatchObject({ shoot: false, reload: true });
    expect(
      refusal(() =>
        attack(fight, "joe", { kind: "shoot", targetId: "mark", shots: 1 }, null, new ScriptedDice([1])),
      ),
    ).toBe("NoAmmunition");
    fight = reload(fight, "joe");
    expect(fighterState(fight, "joe")).toMatchObject({ ammo: 6, busy: "reload" });
    expect(refusal(() => reload(fight, "joe"))).toBe("Busy");
  });

  it("shots are neither parried nor, by default, dodged", () => {
    const fight = startFight([joe, mark]);
    expect(defenseOptions(fight, "mark", "shoot")).toEqual([]);
    expect(defenseOptions(fight, "mark", "shoot", { dodgeShots: true })).toEqual(["dodge"]);
  });
});

describe("injuries and autokill in the round", () => {
  const a = fighter("a", "sword", { quickness: 12 });

  it("RHF-KIL-1: a critical head injury with an autokill d20 of 4 kills; a player character is spared under npcOnly", () => {
    const npc = fighter("npc", "sword", { quickness: 8 });
    let fight = next(startFight([a, npc]));
    const run = attack(fight, "a", { kind: "strike", targetId: "npc" }, null, new ScriptedDice([1, 1, 9, 4]));
    expect(run.exchange.rolls[0]!.injuries[0]).toMatchObject({ level: "critical", killed: true });
    expect(fighterState(run.fight, "npc").condition).toBe("dead");
    const pc = fighter("pc", "sword", { quickness: 8, npc: false });
    const options = { autokill: "npcOnly" as const };
    fight = next(startFight([a, pc], options), {}, options);
    const spared = attack(
      fight,
      "a",
      { kind: "strike", targetId: "pc" },
      null,
      new ScriptedDice([1, 1, 9]),
      options,
    );
    expect(fighterState(spared.fight, "pc").condition).toBe("dying");
  });

  it("wound points add up; at the limit the fighter is unconscious and out", () => {
    const b = fighter("b", "sword", { quickness: 8 });
    let fight = next(startFight([a, b]));
    fight = declareAttacks(fight, "a", 2);
    // Two major arm injuries (die 5 + 2 = 7): 4 + 4 = 8 wound points.
    fight = attack(fight, "a", { kind: "strike", targetId: "b" }, null, new ScriptedDice([1, 11, 5])).fight;
    expect(fighterState(fight, "b")).toMatchObject({ wounds: 4, condition: "standing" });
    fight = attack(fight, "a", { kind: "strike", targetId: "b" }, null, new ScriptedDice([1, 13, 5])).fight;
    expect(fighterState(fight, "b")).toMatchObject({ wounds: 8, condition: "unconscious" });
    expect(
      refusal(() => attack(fight, "a", { kind: "strike", targetId: "b" }, null, new ScriptedDice([1]))),
    ).toBe("NoAttackLeft");
    fight = endTurn(fight);
    expect(fight.phase).toBe("over");
  });
});

describe("refusals", () => {
  const a = fighter("a", "sword", { quickness: 12 });
  const b = fighter("b", "sword", { quickness: 8 });

  it("refuses actions out of phase or turn, unknown actions and defenses not open", () => {
    const fresh = startFight([a, b]);
    expect(refusal(() => beginActions(fresh))).toBe("WrongPhase");
    expect(refusal(() => declareFocus(fresh, "a", "body"))).toBe("WrongPhase");
    const fight = next(fresh);
    expect(refusal(() => startRound(fight))).toBe("WrongPhase");
    expect(
      refusal(() => attack(fight, "b", { kind: "strike", targetId: "a" }, null, new ScriptedDice([1]))),
    ).toBe("NotYourTurn");
    expect(refusal(() => attack(fight, "a", { kind: "lunge" } as never, null, new ScriptedDice([1])))).toBe(
      "unknown-maneuver",
    );
    expect(refusal(() => rangeManeuver(fight, "a", "charge" as never, new ScriptedDice([1])))).toBe(
      "unknown-maneuver",
    );
    expect(
      refusal(() => attack(fight, "a", { kind: "strike", targetId: "a" }, null, new ScriptedDice([1]))),
    ).toBe("BadTarget");
    expect(
      refusal(() => attack(fight, "a", { kind: "strike", targetId: "zed" }, null, new ScriptedDice([1]))),
    ).toBe("UnknownFighter");
    expect(
      refusal(() =>
        attack(fight, "a", { kind: "shoot", targetId: "b", shots: 1 }, null, new ScriptedDice([1])),
      ),
    ).toBe("NoFirearm");
    const atLong = at(fight, "long");
    expect(
      refusal(() => attack(atLong, "a", { kind: "strike", targetId: "b" }, null, new ScriptedDice([1]))),
    ).toBe("OutOfReach");
    expect(
      refusal(() => attack(fight, "a", { kind: "hold", targetId: "b" }, null, new ScriptedDice([1]))),
    ).toBe("OutOfReach");
    const knifeAndPike = startFight([fighter("a", "knife", { quickness: 12 }), fighter("b", "pike")]);
    const close = next(at(knifeAndPike, "close"));
    expect(
      refusal(() => attack(close, "a", { kind: "strike", targetId: "b" }, "parry", new ScriptedDice([1]))),
    ).toBe("NoDefense");
    expect(refusal(() => attack(fight, "a", { kind: "breakFree" }, null, new ScriptedDice([1])))).toBe(
      "NotHeld",
    );
  });

  it("refuses fighters that are bad data, and two with one id", () => {
    expect(() => startFight([a])).toThrow(RulesError);
    expect(() => startFight([a, a])).toThrow(/two fighters have the id/);
    expect(() => startFight([a, { ...b, quickness: 0 }])).toThrow(/quickness/);
    expect(() => startFight([a, { ...b, weapon: { kind: "trident", name: "Trident" } }])).toThrow(/trident/);
    expect(() => startFight([a, { ...b, skills: { ...b.skills, dodge: Number.NaN } }])).toThrow(/dodge/);
    expect(() =>
      startFight([
        a,
        { ...b, weapon: { kind: "pistol", name: "P", firearm: gun({ grip: "mouth" as never }) } },
      ]),
    ).toThrow(/grip/);
  });
});

describe("the order of a round", () => {
  it("is by Quickness, then weapon skill, then a d20 roll-off, never the order given; a fighter out has no turn", () => {
    const sheets = [
      fighter("a", "sword", { quickness: 10 }),
      fighter("b", "sword", { quickness: 12 }),
      fighter("c", "sword", { quickness: 10, skills: { weapon: 16, unarmed: 5, dodge: 5, spot: 5 } }),
      fighter("d", "sword", { quickness: 10 }),
    ];
    // a and d tie: a rolls 3, d rolls 17, so d acts first though given last.
    const fight = startRound(startFight(sheets), {}, new ScriptedDice([3, 17]));
    expect(fight.order).toEqual(["b", "c", "d", "a"]);
    // Equal rolls roll again: 9 and 9, then 12 and 5.
    expect(startRound(startFight(sheets), {}, new ScriptedDice([9, 9, 12, 5])).order).toEqual([
      "b",
      "c",
      "a",
      "d",
    ]);
    // Given in the reverse order, with the same dice, the order is the same: the tied roll in the order of their ids.
    expect(startRound(startFight(sheets.slice().reverse()), {}, new ScriptedDice([3, 17])).order).toEqual([
      "b",
      "c",
      "d",
      "a",
    ]);
    expect(() => startRound(startFight(sheets))).toThrow(/roll off/);
    const downed = {
      ...fight,
      phase: "over" as const,
      fighters: fight.fighters.map((f) => (f.id === "c" ? { ...f, condition: "dead" as const } : f)),
    };
    expect(startRound(downed, {}, new ScriptedDice([20, 1])).order).toEqual(["b", "a", "d"]);
  });
});

describe("the engine under random play", () => {
  const roster: RhfFighter[] = [
    fighter("sp", "spear", { quickness: 11, strength: 12 }),
    fighter("kn", "knife", { quickness: 16, skills: { weapon: 16, unarmed: 12, dodge: 13, spot: 8 } }),
    fighter("wr", "unarmed", {
      quickness: 13,
      strength: 14,
      skills: { weapon: 12, unarmed: 16, dodge: 11, spot: 8 },
    }),
    fighter("gu", "submachineGun", {
      quickness: 9,
      weapon: {
        kind: "submachineGun",
        name: "SMG",
        firearm: gun({ rateOfFire: 20, magazine: 30, autofire: true }),
      },
    }),
    fighter("sl", "mace", { quickness: 4, familiar: false }),
  ];

  /** Plays a fight of two or three with a random choice among the legal moves, from `seed`. */
  function play(seed: number, picks: readonly number[], choices: number[]): RhfFight {
    const dice = new SeededDice(seed);
    let fight = startFight(picks.map((k, n) => ({ ...roster[k]!, id: `${roster[k]!.id}${n}` })));
    let c = 0;
    const pick = (n: number) => ((choices[c++ % choices.length]! % n) + n) % n;
    const standing = () => fight.fighters.filter((f) => !isOut(f)).length;
    // Half the games let shots be dodged, so area fire's list of defenses is played with dodges in it.
    const rules = resolveRhfOptions({ dodgeShots: seed % 2 === 0 });
    for (let r = 0; r < 12 && standing() > 1; r += 1) {
      fight = startRound(fight, {}, dice);
      for (const f of fight.fighters)
        if (!isOut(f) || f.condition === "immobilized")
          fight = declareFocus(fight, f.id, pick(3) === 0 ? "body" : null);
      fight = beginActions(fight);
      while (fight.phase === "action") {
        const id = acting(fight)!;
        const opts = turnOptions(fight, id);
        if (opts.maneuvers.length > 0 && pick(2) === 0) {
          const open = opts.maneuvers[pick(opts.maneuvers.length)]!;
          fight = rangeManeuver(fight, id, open.maneuver, dice, undefined, open.opponentId).fight;
        }
        const now = turnOptions(fight, id);
        const kinds = [
          now.strike && "strike",
          now.hold && "hold",
          now.breakFree && "breakFree",
          now.shoot && "shoot",
          now.burst && "burst",
        ].filter((k): k is string => typeof k === "string");
        const me = fighterState(fight, id);
        const reach = weaponRange(fighterSheet(fight, id).weapon.kind);
        // The foes each action can reach, as turnOptions reads them: a refusal after its leave fails the property.
        const foes = (kind: string) =>
          fight.fighters.filter((f) => {
            if (f.id === id || !(f.condition === "standing" || f.condition === "immobilized")) return false;
            const range = rangeBetween(fight, id, f.id);
            if (kind === "strike") return range === reach && (me.heldBy === null || me.heldBy === f.id);
            if (kind === "hold") return range === "close" && f.heldBy === null;
            return true;
          });
        if (now.burst) kinds.push("areaFire");
        if (now.release && pick(4) === 0) fight = releaseHold(fight, id);
        else if (kinds.length > 0) {
          const kind = kinds[pick(kinds.length)]!;
          const open = foes(kind);
          if (kind !== "breakFree") expect(open.length).toBeGreaterThan(0);
          const other = kind === "breakFree" ? me.heldBy! : open[pick(open.length)]!.id;
          const chooseDefense = (target: string) => {
            const def = defenseOptions(fight, target, kind as never, rules);
            return def.length > 0 && pick(3) > 0 ? def[pick(def.length)]! : null;
          };
          if (kind === "areaFire") {
            const targets = open.slice(0, 1 + pick(open.length)).map((f) => f.id);
            const action = { kind: "areaFire", targetIds: targets, spread: pick(4) } as const;
            fight = attack(fight, id, action, targets.map(chooseDefense), dice, rules).fight;
          } else {
            const action =
              kind === "shoot"
                ? { kind, targetId: other, shots: 1 + pick(Math.min(3, me.ammo)) }
                : kind === "breakFree"
                  ? { kind }
                  : { kind, targetId: other, pull: pick(2) === 0, feint: pick(3) === 0 ? 2 : 0 };
            const defense = kind === "breakFree" ? null : chooseDefense(other);
            fight = attack(fight, id, action as never, defense, dice, rules).fight;
          }
        } else if (now.reload) fight = reload(fight, id);
        else if (now.aim) fight = aim(fight, id, dice).fight;
        fight = endTurn(fight);
      }
    }
    return fight;
  }

  it("never yields NaN or a negative count, keeps every limit, and gives the same fight for the same dice", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 2, maxLength: 3 }),
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 20 }),
        (seed, picks, choices) => {
          const fight = play(seed, picks, choices);
          expect(play(seed, picks, choices)).toEqual(fight);
          const n = fight.fighters.length;
          expect(fight.ranges).toHaveLength(n * n);
          for (let i = 0; i < n; i += 1)
            for (let j = 0; j < n; j += 1) {
              expect(RANGES).toContain(fight.ranges[i * n + j]);
              expect(fight.ranges[i * n + j]).toBe(fight.ranges[j * n + i]);
            }
          for (const [i, f] of fight.fighters.entries()) {
            const sheet = fight.sheets[i]!;
            for (const n of [f.wounds, f.controlPoints, f.ammo, f.shots, f.attacksMade, f.aimBonus])
              expect(Number.isInteger(n) && n >= 0).toBe(true);
            expect(f.ammo).toBeLessThanOrEqual(sheet.weapon.firearm?.magazine ?? 0);
            expect(f.shots).toBeLessThanOrEqual(sheet.weapon.firearm?.rateOfFire ?? 0);
            expect(f.attacksMade).toBeLessThanOrEqual(f.declared ?? 0);
            expect(f.maneuvers).toBeLessThanOrEqual(1);
            expect(f.aimRounds).toBeLessThanOrEqual(sheet.familiar ? 2 : 1);
            if (f.heldBy !== null) expect(fighterState(fight, f.heldBy).holding).toBe(f.id);
            if (f.holding !== null) expect(fighterState(fight, f.holding).heldBy).toBe(f.id);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
