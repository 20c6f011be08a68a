import { describe, expect, it } from "vitest";
import {
  BOW,
  CLUB,
  fighter,
  finish,
  pool,
  refusal,
  roundOf,
  strike,
  viewOf,
} from "../../../test/support/lunos-fixtures";
import { ScriptedDice, SeededDice } from "../kernel/dice";
import { LUNOS_DEFAULTS, resolveLunosOptions } from "./config";
import { dyingRounds, magicWhileDying } from "./health";
import {
  acting,
  attackOf,
  beginAttacks,
  declare,
  defensePool,
  endSlot,
  fighterOf,
  isOut,
  type LunosPlan,
  ROUND_REFUSALS,
  resolveAttack,
  rollAttack,
  startFight,
  startRound,
} from "./round-engine";
import { LUNOS_PHASES, lunosRuleset, lunosTurnOrder } from "./ruleset";

/*
 * The round engine with scripted dice. Every sheet is the fixtures' plain
 * fighter unless said otherwise: Agility 3, Weapon 3 (a six-die attack:
 * five d6 and the luck die), Combat 2 (a five-die defense), Reflexes 3
 * (a three-die initiative), Body 2 (7 health levels), Willpower 3.
 * `pool(n, s)` scripts n dice showing s successes.
 */

const R = LUNOS_DEFAULTS;

const AL = fighter("al", { weapon: CLUB });
const BO = fighter("bo", { weapon: CLUB });
const CY = fighter("cy", { weapon: CLUB });
const DUEL = viewOf([AL, BO]);

const attack = (...targets: string[]) => ({ kind: "attack" as const, targets });
const defense = (...against: string[]) => ({ kind: "defense" as const, against });
const plan = (...actions: LunosPlan["actions"]): LunosPlan => ({ actions });
const idle = plan({ kind: "other", task: "task" });

describe("the round", () => {
  it("LUN-RND-1: a round of 6 seconds gives each fighter two actions, and no more", () => {
    // Six seconds a round: the text's minutes run in rounds, ten a minute (dying: 5 minutes, 50 rounds).
    expect(dyingRounds(R)).toBe(50);
    expect(magicWhileDying(false, R).rounds).toBe(10);
    const f = startRound(startFight(["al", "bo"]), DUEL, new ScriptedDice([...pool(3, 1), ...pool(3, 0)]), R);
    expect(f.fighters.map((x) => x.actions)).toEqual([2, 2]);
    expect(
      refusal(() => declare(f, "al", plan(attack("bo"), defense("bo"), { kind: "magic" }), DUEL, R)),
    ).toBe("TooManyActions");
    expect(() => declare(f, "al", plan(attack("bo"), defense("bo")), DUEL, R)).not.toThrow();
  });

  it("LUN-RND-2: initiative is a Reflexes pool, most successes first, then the higher Reflexes", () => {
    const cy = fighter("cy", { abilities: { reflexes: 4 } });
    const view = viewOf([AL, BO, cy]);
    // al 1 success, bo 2, cy 1 with Reflexes 4 (four dice).
    const dice = new ScriptedDice([...pool(3, 1), ...pool(3, 2), ...pool(4, 1)]);
    const f = startRound(startFight(["al", "bo", "cy"]), view, dice, R);
    expect(f.slots).toEqual([["bo"], ["cy"], ["al"]]);
    expect(fighterOf(f, "bo").initiative?.successes).toBe(2);
  });

  it("LUN-RND-2: a tie on successes and Reflexes acts at once by default, or rolls the luck die off (initiativeTie)", () => {
    const together = startRound(
      startFight(["al", "bo"]),
      DUEL,
      new ScriptedDice([...pool(3, 1), ...pool(3, 1)]),
      R,
    );
    expect(together.slots).toEqual([["al", "bo"]]);
    const rollOff = resolveLunosOptions({ initiativeTie: "rollOff" });
    // The roll-off: al 3, bo 9 on the luck die: bo first.
    const f = startRound(
      startFight(["al", "bo"]),
      DUEL,
      new ScriptedDice([...pool(3, 1), ...pool(3, 1), 3, 9]),
      rollOff,
    );
    expect(f.slots).toEqual([["bo"], ["al"]]);
  });

  it("LUN-RND-2: a roll-off of three tied fighters has each of them roll, the third too, until none is tied", () => {
    const rollOff = resolveLunosOptions({ initiativeTie: "rollOff" });
    const view = viewOf([AL, BO, fighter("cy")]);
    // All three 1 success, Reflexes 3; the luck dice: al 3, bo 5, cy 9: cy first, al last.
    const dice = new ScriptedDice([...pool(3, 1), ...pool(3, 1), ...pool(3, 1), 3, 5, 9]);
    const f = startRound(startFight(["al", "bo", "cy"]), view, dice, rollOff);
    expect(f.slots).toEqual([["cy"], ["bo"], ["al"]]);
    // al and cy tie again (4, 6, 4): those two roll once more (al 2, cy 8).
    const again = new ScriptedDice([...pool(3, 1), ...pool(3, 1), ...pool(3, 1), 4, 6, 4, 2, 8]);
    expect(startRound(startFight(["al", "bo", "cy"]), view, again, rollOff).slots).toEqual([
      ["bo"],
      ["cy"],
      ["al"],
    ]);
    expect(again.remaining).toBe(0);
  });

  it("LUN-RND-2: fighters acting at once both strike, even when the first puts the other out", () => {
    const weak = fighter("bo", { weapon: CLUB, abilities: { willpower: 0 } });
    const view = viewOf([AL, weak]);
    let f = roundOf({
      view,
      plans: { al: plan(attack("bo")), bo: plan(attack("al")) },
      dice: [...pool(3, 1), ...pool(3, 1)],
    });
    expect(acting(f)).toEqual(["al", "bo"]);
    f = strike(f, "al", pool(6, 2), [], view).fight;
    expect(isOut(fighterOf(f, "bo"))).toBe(true);
    // Judged as the slot began: the wounds al's blow gave bo do not take its dice yet (six, not three).
    const back = strike(f, "bo", pool(6, 1), [], view);
    expect(back.targets[0]!.hit).toBe(true);
    f = endSlot(back.fight);
    expect(f.phase).toBe("end");
  });
});

describe("attack and defense", () => {
  /** al strikes first (2 initiative successes to 1); both attack and defend against each other. */
  const both = (alDefense: number, boDefense: number) =>
    roundOf({
      plans: { al: plan(attack("bo"), defense("bo")), bo: plan(defense("al"), attack("al")) },
      dice: [...pool(3, 2), ...pool(3, 1), ...pool(5, alDefense), ...pool(5, boDefense)],
    });

  it("LUN-ACT-1: an attack rolls Agility + the weapon's skill; one attack roll a round", () => {
    const f = both(1, 2);
    expect(attackOf(fighterOf(f, "al").plan)).toMatchObject({ kind: "attack", targets: ["bo"] });
    const rolled = rollAttack(f, "al", DUEL, new ScriptedDice(pool(6, 3)), R);
    expect(rolled.pending?.roll.dice).toBe(6);
    expect(refusal(() => rollAttack(rolled, "al", DUEL, new SeededDice(1), R))).toBe("AttackPending");
    const done = resolveAttack(rolled, [], DUEL, R).fight;
    expect(refusal(() => rollAttack(done, "al", DUEL, new SeededDice(1), R))).toBe("AlreadyAttacked");
    expect(refusal(() => rollAttack(done, "bo", DUEL, new SeededDice(1), R))).toBe("NotTheirTurn");
    const fresh = startRound(
      startFight(["al", "bo"]),
      DUEL,
      new ScriptedDice([...pool(3, 1), ...pool(3, 0)]),
      R,
    );
    expect(refusal(() => declare(fresh, "al", plan(attack("bo"), attack("bo")), DUEL, R))).toBe(
      "SecondAttack",
    );
  });

  it("LUN-ACT-1: one roll against several targets loses a die for each beyond the first", () => {
    const view = viewOf([AL, BO, CY]);
    let f = roundOf({
      view,
      ids: ["al", "bo", "cy"],
      plans: {
        al: plan(attack("bo", "cy")),
        bo: plan(defense("al")),
        cy: plan({ kind: "other", task: "task" }),
      },
      // Initiative al 2, bo 1, cy 0; bo's defense: 1 success.
      dice: [...pool(3, 2), ...pool(3, 1), ...pool(3, 0), ...pool(5, 1)],
    });
    // Five dice, not six; 2 successes: bo (difficulty 2) and cy (no defense, difficulty 1) both hit.
    const out = strike(f, "al", pool(5, 2), [], view);
    expect(out.attack.roll.dice).toBe(5);
    expect(out.targets.map((t) => [t.id, t.hit])).toEqual([
      ["bo", true],
      ["cy", true],
    ]);
    expect(out.attack.targets.map((t) => [t.difficulty, t.extra])).toEqual([
      [2, 0],
      [1, 1],
    ]);
    f = out.fight;
  });

  it("LUN-ACT-2: the attack hits when its successes exceed the defense's; the successes beyond are extra", () => {
    const f = both(1, 2);
    const miss = rollAttack(f, "al", DUEL, new ScriptedDice(pool(6, 2)), R).pending!;
    expect(miss.targets[0]).toMatchObject({ defense: 2, difficulty: 3, hit: false, extra: 0 });
    const hit = rollAttack(f, "al", DUEL, new ScriptedDice(pool(6, 5)), R).pending!;
    expect(hit.targets[0]).toMatchObject({ defense: 2, difficulty: 3, hit: true, extra: 2 });
    // Spending on a miss is refused; spending more than the extra successes too.
    const missed = rollAttack(f, "al", DUEL, new ScriptedDice(pool(6, 2)), R);
    expect(refusal(() => resolveAttack(missed, [{ target: "bo", maneuvers: ["tag"] }], DUEL, R))).toBe(
      "BadSpend",
    );
    const rolled = rollAttack(f, "al", DUEL, new ScriptedDice(pool(6, 4)), R);
    expect(refusal(() => resolveAttack(rolled, [{ target: "bo", maneuvers: ["tag"] }], DUEL, R))).toBe(
      "invalid-value",
    );
  });

  it("LUN-ACT-3: the defense roll (Agility + Combat) sets the difficulty; without one it is 1; one defense roll a round", () => {
    const f = both(1, 2);
    expect(fighterOf(f, "bo").defense?.roll.successes).toBe(2);
    expect(fighterOf(f, "bo").defense?.roll.dice).toBe(5);
    const open = roundOf({
      plans: { al: plan(attack("bo")), bo: plan({ kind: "move", feet: 10 }) },
      dice: [...pool(3, 2), ...pool(3, 1)],
    });
    expect(rollAttack(open, "al", DUEL, new ScriptedDice(pool(6, 1)), R).pending?.targets[0]).toMatchObject({
      difficulty: 1,
      hit: true,
    });
    const fresh = startRound(
      startFight(["al", "bo"]),
      DUEL,
      new ScriptedDice([...pool(3, 1), ...pool(3, 0)]),
      R,
    );
    expect(
      refusal(() => declare(fresh, "al", plan(defense("bo"), { kind: "parry", against: ["bo"] }), DUEL, R)),
    ).toBe("SecondDefense");
  });

  it("LUN-ACT-3: a defense loses a die for every two opponents beyond the first, and counts only against those named", () => {
    const f = startFight(["al", "bo"]).fighters[0]!;
    expect([1, 2, 3, 4, 5].map((n) => defensePool(f, AL, "defense", n, R).dice)).toEqual([5, 5, 4, 4, 3]);
    const view = viewOf([AL, BO, CY]);
    const round = roundOf({
      view,
      ids: ["al", "bo", "cy"],
      plans: { al: plan(attack("cy")), bo: plan(attack("cy")), cy: plan(defense("al")) },
      dice: [...pool(3, 2), ...pool(3, 1), ...pool(3, 0), ...pool(5, 3)],
    });
    // cy defends against al only: bo's attack meets difficulty 1.
    const afterAl = endSlot(strike(round, "al", pool(6, 3), [], view).fight);
    const bo = rollAttack(afterAl, "bo", view, new ScriptedDice(pool(6, 1)), R).pending!;
    expect(bo.targets[0]).toMatchObject({ difficulty: 1, hit: true });
  });

  it("LUN-ACT-4: a parry rolls Agility + Weapon + the weapon's rating; against a ranged attack it counts 2 fewer", () => {
    const archer = fighter("al", { weapon: BOW, skills: { archery: 3 } });
    const view = viewOf([archer, BO]);
    const f = roundOf({
      view,
      plans: { al: plan(attack("bo")), bo: plan({ kind: "parry", against: ["al"] }) },
      // Parry: Agility 3 + Weapon 3 + the club's +1 = 7 dice, 3 successes.
      dice: [...pool(3, 2), ...pool(3, 1), ...pool(7, 3)],
    });
    expect(fighterOf(f, "bo").defense).toMatchObject({ kind: "parry", roll: { dice: 7, successes: 3 } });
    const shot = rollAttack(f, "al", view, new ScriptedDice(pool(6, 2)), R).pending!;
    expect(shot.targets[0]).toMatchObject({ defense: 1, difficulty: 2, hit: true });
    // The same parry against a sword counts all 3.
    const g = roundOf({
      plans: { al: plan(attack("bo")), bo: plan({ kind: "parry", against: ["al"] }) },
      dice: [...pool(3, 2), ...pool(3, 1), ...pool(7, 3)],
    });
    expect(rollAttack(g, "al", DUEL, new ScriptedDice(pool(6, 2)), R).pending?.targets[0]).toMatchObject({
      defense: 3,
      hit: false,
    });
    // The other reading leaves Agility out.
    expect(
      defensePool(f.fighters[1]!, BO, "parry", 1, resolveLunosOptions({ parryPool: "weaponOnly" })).dice,
    ).toBe(4);
    const unarmed = fighter("bo", { weapon: null });
    const h = startRound(
      startFight(["al", "bo"]),
      viewOf([AL, unarmed]),
      new ScriptedDice([...pool(3, 1), ...pool(3, 0)]),
      R,
    );
    expect(
      refusal(() => declare(h, "bo", plan({ kind: "parry", against: ["al"] }), viewOf([AL, unarmed]), R)),
    ).toBe("NoWeapon");
  });

  it("LUN-ACT-5: a Move covers up to 20 feet + 2 per Athletics dot, each for one action; a foot more is refused", () => {
    const round = (view: ReturnType<typeof viewOf>, rules = R) =>
      startRound(startFight(["al", "bo"]), view, new ScriptedDice([...pool(3, 1), ...pool(3, 0)]), rules);
    for (let athletics = 0; athletics <= 5; athletics += 1) {
      const view = viewOf([fighter("al", { weapon: CLUB, skills: { athletics } }), BO]);
      const f = round(view);
      const reach = 20 + 2 * athletics;
      // The whole Move and an attack: the round's two actions. The plan is what the simulator moves by.
      const moved = beginAttacks(
        declare(
          declare(f, "al", plan({ kind: "move", feet: reach }, attack("bo")), view, R),
          "bo",
          idle,
          view,
          R,
        ),
        view,
        new ScriptedDice([]),
        R,
      );
      expect(fighterOf(moved, "al").plan?.actions[0]).toEqual({ kind: "move", feet: reach });
      expect(acting(moved)).toEqual(["al"]);
      expect(refusal(() => declare(f, "al", plan({ kind: "move", feet: reach + 1 }), view, R))).toBe(
        "MoveTooFar",
      );
      expect(refusal(() => declare(f, "al", plan({ kind: "move", feet: reach + 0.5 }), view, R))).toBe(
        "MoveTooFar",
      );
      expect(refusal(() => declare(f, "al", plan({ kind: "move", feet: -5 }), view, R))).toBe(
        "UnknownAction",
      );
      // Each action may be a Move: two of them cover twice the feet; a third action is one too many.
      expect(() =>
        declare(f, "al", plan({ kind: "move", feet: reach }, { kind: "move", feet: reach }), view, R),
      ).not.toThrow();
      expect(
        refusal(() =>
          declare(f, "al", plan({ kind: "move", feet: reach }, attack("bo"), defense("bo")), view, R),
        ),
      ).toBe("TooManyActions");
    }
    // The figures are the GM's: 30 feet and 3 a dot make Athletics 2 a Move of 36.
    const far = resolveLunosOptions({ moveFeet: 30, moveFeetPerAthletics: 3 });
    const f = round(DUEL, far);
    expect(
      fighterOf(declare(f, "al", plan({ kind: "move", feet: 36 }), DUEL, far), "al").plan,
    ).not.toBeNull();
    expect(refusal(() => declare(f, "al", plan({ kind: "move", feet: 37 }), DUEL, far))).toBe("MoveTooFar");
    // Down or held, no Move at all (docs/rules/lunos.md, "Move").
    const down = { ...f, fighters: f.fighters.map((x) => (x.id === "al" ? { ...x, prone: true } : x)) };
    expect(refusal(() => declare(down, "al", plan({ kind: "move", feet: 1 }), DUEL, far))).toBe(
      "NoMoveWhileProne",
    );
  });

  it("LUN-ACT-6: Other takes an action for any task, both actions at the pace out of combat", () => {
    const f = startRound(startFight(["al", "bo"]), DUEL, new ScriptedDice([...pool(3, 1), ...pool(3, 0)]), R);
    const both = declare(
      f,
      "al",
      plan({ kind: "other", task: "task" }, { kind: "other", task: "task" }),
      DUEL,
      R,
    );
    expect(fighterOf(both, "al").plan?.actions).toHaveLength(2);
    expect(refusal(() => declare(f, "al", plan({ kind: "other", task: "juggle" as never }), DUEL, R))).toBe(
      "UnknownAction",
    );
    expect(refusal(() => declare(f, "al", plan({ kind: "dance" } as never), DUEL, R))).toBe("UnknownAction");
  });

  it("LUN-ACT-7: Flurry (Combat 3 or more) makes an attack and a defense roll, each at −2 dice, for one action", () => {
    const fencer = fighter("al", { weapon: CLUB, skills: { combat: 3 } });
    const view = viewOf([fencer, BO]);
    const f = roundOf({
      view,
      plans: {
        al: plan({ kind: "flurry", targets: ["bo"], against: ["bo"] }, { kind: "other", task: "task" }),
        bo: plan(defense("al")),
      },
      // Flurry defense: Agility 3 + Combat 3 − 2 = 4 dice.
      dice: [...pool(3, 2), ...pool(3, 1), ...pool(4, 2), ...pool(5, 1)],
    });
    expect(fighterOf(f, "al").defense).toMatchObject({ kind: "flurry", roll: { dice: 4 } });
    // Flurry attack: 6 − 2 = 4 dice.
    expect(rollAttack(f, "al", view, new ScriptedDice(pool(4, 2)), R).pending?.roll.dice).toBe(4);
    const g = startRound(startFight(["al", "bo"]), DUEL, new ScriptedDice([...pool(3, 1), ...pool(3, 0)]), R);
    expect(
      refusal(() => declare(g, "al", plan({ kind: "flurry", targets: ["bo"], against: ["bo"] }), DUEL, R)),
    ).toBe("FlurryNeedsCombat");
  });

  it("LUN-ACT-8: Power attack takes both actions and adds two successes", () => {
    const f = roundOf({
      plans: { al: plan({ kind: "powerAttack", targets: ["bo"] }), bo: plan(defense("al")) },
      dice: [...pool(3, 2), ...pool(3, 1), ...pool(5, 2)],
    });
    const p = rollAttack(f, "al", DUEL, new ScriptedDice(pool(6, 1)), R).pending!;
    expect(p.roll.successes).toBe(3);
    expect(p.targets[0]).toMatchObject({ difficulty: 3, hit: true, extra: 0 });
    const g = startRound(startFight(["al", "bo"]), DUEL, new ScriptedDice([...pool(3, 1), ...pool(3, 0)]), R);
    expect(
      refusal(() => declare(g, "al", plan({ kind: "powerAttack", targets: ["bo"] }, defense("bo")), DUEL, R)),
    ).toBe("TooManyActions");
  });

  it("LUN-ACT-9: Full defense takes both actions, adds a success and halves (down) the opponents' penalty", () => {
    const f = startFight(["al", "bo"]).fighters[0]!;
    // Five opponents: −2 dice for a defense, −1 for a full defense.
    expect(defensePool(f, AL, "defense", 5, R)).toMatchObject({ dice: 3, bonus: 0 });
    expect(defensePool(f, AL, "fullDefense", 5, R)).toMatchObject({ dice: 4, bonus: 1 });
    expect(defensePool(f, AL, "fullDefense", 3, R)).toMatchObject({ dice: 5, bonus: 1 });
    const round = roundOf({
      plans: { al: plan(attack("bo")), bo: plan({ kind: "fullDefense", against: ["al"] }) },
      dice: [...pool(3, 2), ...pool(3, 1), ...pool(5, 1)],
    });
    expect(fighterOf(round, "bo").defense?.roll.successes).toBe(2);
  });

  it("LUN-ACT-10: Lunge gives a third action; the next round one action at −2 dice; never two rounds running", () => {
    let f = roundOf({
      plans: {
        al: { actions: [attack("bo"), defense("bo"), { kind: "move", feet: 5 }], lunge: true },
        bo: plan(defense("al")),
      },
      dice: [...pool(3, 2), ...pool(3, 1), ...pool(5, 1), ...pool(5, 1)],
    });
    f = finish(strike(f, "al", pool(6, 0)).fight);
    // Next round: one action, and every roll 2 dice short (initiative 3 − 2: the luck die alone).
    const dice = new ScriptedDice([...pool(1, 0), ...pool(3, 0)]);
    f = startRound(f, DUEL, dice, R);
    expect(fighterOf(f, "al")).toMatchObject({ actions: 1, rollDice: 2, initiative: { dice: 1 } });
    expect(refusal(() => declare(f, "al", { actions: [attack("bo")], lunge: true }, DUEL, R))).toBe(
      "LungeTwice",
    );
    expect(refusal(() => declare(f, "al", plan(attack("bo"), defense("bo")), DUEL, R))).toBe(
      "TooManyActions",
    );
    f = declare(f, "al", plan(attack("bo")), DUEL, R);
    f = declare(f, "bo", plan(defense("al")), DUEL, R);
    f = beginAttacks(f, DUEL, new ScriptedDice(pool(5, 0)), R);
    const slots = f.slots;
    expect(slots).toEqual([["al", "bo"]]);
    expect(rollAttack(f, "al", DUEL, new ScriptedDice(pool(4, 0)), R).pending?.roll.dice).toBe(4);
    // The round after, lunging is allowed again.
    f = finish(resolveAttack(rollAttack(f, "al", DUEL, new ScriptedDice(pool(4, 0)), R), [], DUEL, R).fight);
    f = startRound(f, DUEL, new ScriptedDice([...pool(3, 0), ...pool(3, 0)]), R);
    expect(fighterOf(f, "al").actions).toBe(2);
    expect(() => declare(f, "al", { actions: [attack("bo")], lunge: true }, DUEL, R)).not.toThrow();
  });

  it("LUN-ACT-11: Magic takes one action", () => {
    const f = startRound(startFight(["al", "bo"]), DUEL, new ScriptedDice([...pool(3, 1), ...pool(3, 0)]), R);
    expect(() => declare(f, "al", plan({ kind: "magic" }, attack("bo")), DUEL, R)).not.toThrow();
    expect(
      refusal(() => declare(f, "al", plan({ kind: "magic" }, { kind: "magic" }, attack("bo")), DUEL, R)),
    ).toBe("TooManyActions");
  });

  it("refuses a target outside the fight, out of reach, or the attacker itself", () => {
    const f = startRound(startFight(["al", "bo"]), DUEL, new ScriptedDice([...pool(3, 1), ...pool(3, 0)]), R);
    expect(refusal(() => declare(f, "al", plan(attack("zed")), DUEL, R))).toBe("UnknownCombatant");
    expect(refusal(() => declare(f, "al", plan(attack("al")), DUEL, R))).toBe("BadTarget");
    expect(refusal(() => declare(f, "al", plan(attack()), DUEL, R))).toBe("BadTarget");
    const far = viewOf([AL, BO], 30);
    const g = roundOf({
      view: far,
      plans: { al: plan(attack("bo")), bo: plan() },
      dice: [...pool(3, 2), ...pool(3, 1)],
    });
    expect(refusal(() => rollAttack(g, "al", far, new SeededDice(1), R))).toBe("OutOfReach");
    expect(
      refusal(() =>
        beginAttacks(
          startRound(startFight(["al", "bo"]), DUEL, new SeededDice(2), R),
          DUEL,
          new SeededDice(1),
          R,
        ),
      ),
    ).toBe("Undeclared");
    expect(refusal(() => declare(g, "al", plan(), DUEL, R))).toBe("WrongPhase");
    expect(ROUND_REFUSALS).toContain("OutOfReach");
  });
});

describe("the kernel's view of the round", () => {
  it("LUN-RND-2: lunosRuleset's turn order is the engine's: successes, then Reflexes, then a roll-off; ties act at once", () => {
    const c = (id: string, orderValue: number, reflexes: number, rollOff = 0, outOfAction = false) => ({
      id,
      orderValue,
      outOfAction,
      facts: { reflexes, rollOff },
    });
    expect(lunosRuleset.turnOrder("attack", [c("a", 2, 1), c("b", 2, 3), c("c", 0, 5, 0, true)])).toEqual([
      "b",
      "a",
    ]);
    expect(lunosTurnOrder("attack", [c("a", 1, 3, 7), c("b", 1, 3, 9)])).toEqual(["b", "a"]);
    expect(lunosTurnOrder("attack", [c("a", 1, 3), c("b", 1, 3)])).toEqual([["a", "b"]]);
    expect(lunosTurnOrder("declare", [c("a", 1, 3)])).toEqual([]);
    expect(LUNOS_PHASES.map((p) => [p.id, p.takesTurns])).toEqual([
      ["declare", false],
      ["attack", true],
    ]);
  });
});
