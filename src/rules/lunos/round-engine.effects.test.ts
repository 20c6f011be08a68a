import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CLUB,
  fighter,
  finish,
  LONGSWORD,
  MAIL,
  pool,
  refusal,
  roundOf,
  strike,
  viewOf,
} from "../../../test/support/lunos-fixtures";
import { ScriptedDice, SeededDice } from "../kernel/dice";
import { LUNOS_DEFAULTS, type LunosRules, resolveLunosOptions } from "./config";
import { healthLevels } from "./health";
import {
  type AttackDeclaration,
  acting,
  attackOf,
  beginAttacks,
  declare,
  defensePool,
  endSlot,
  type FightView,
  fighterOf,
  grappleOf,
  isOut,
  type LunosFight,
  type LunosPlan,
  levelsTaken,
  resolveAttack,
  rollAttack,
  startFight,
  startRound,
  strikeThreat,
  threatStrikeFight,
} from "./round-engine";
import type { Maneuver } from "./types";

/*
 * What a hit does: maneuvers and their effects, grapples and their
 * checks, damage into health levels, the dying. Sheets as in
 * round-engine.test.ts (clubs: small, +1, bruising; Body 2, 7 levels;
 * Willpower 3). With no defense the difficulty is 1, so an attack of s
 * successes has s − 1 extra, and its damage is s + 2 + 1 − 2 = s + 1.
 */

const R = LUNOS_DEFAULTS;
const AL = fighter("al", { weapon: CLUB });
const BO = fighter("bo", { weapon: CLUB });
const DUEL = viewOf([AL, BO]);
/** Willpower 5: never overcome by the pain, so every level can be used up while conscious. */
const STOUT = viewOf([AL, fighter("bo", { weapon: CLUB, abilities: { willpower: 5 } })]);
const plan = (...actions: LunosPlan["actions"]): LunosPlan => ({ actions });
const idle = plan({ kind: "other", task: "task" });

/** A round where al attacks an undefended bo first (al 2 initiative successes, bo 1). */
function alAttacks(a: AttackDeclaration, view: FightView = DUEL, fight?: LunosFight, rules: LunosRules = R) {
  return roundOf({
    view,
    fight,
    rules,
    plans: { al: plan({ kind: "attack", ...a }), bo: idle },
    dice: [...pool(3, 2), ...pool(3, 1)],
  });
}

function hit(successes: number, maneuvers: Maneuver[], a: Partial<AttackDeclaration> = {}, view = DUEL) {
  const f = alAttacks({ targets: ["bo"], ...a }, view);
  return strike(f, "al", pool(6, successes), [{ target: "bo", maneuvers }], view);
}

describe("maneuvers bought with extra successes", () => {
  it("LUN-MNV-2: a maneuver declared before the roll, damage forgone: two free successes for it, no damage; the attack must still hit", () => {
    const out = hit(2, ["trip"], { declared: "trip", forgoDamage: true });
    expect(out.targets[0]).toMatchObject({ hit: true, damage: { points: 0 } });
    expect(fighterOf(out.fight, "bo").prone).toBe(true);
    // Declared without forgoing damage: one free success, 1 extra is not enough for Trip's 3.
    const f = alAttacks({ targets: ["bo"], declared: "trip" });
    const rolled = rollAttack(f, "al", DUEL, new ScriptedDice(pool(6, 2)), R);
    expect(refusal(() => resolveAttack(rolled, [{ target: "bo", maneuvers: ["trip"] }], DUEL, R))).toBe(
      "invalid-value",
    );
    // A miss buys nothing, free successes or not.
    const g = roundOf({
      plans: {
        al: plan({ kind: "attack", targets: ["bo"], declared: "trip", forgoDamage: true }),
        bo: plan({ kind: "defense", against: ["al"] }),
      },
      dice: [...pool(3, 2), ...pool(3, 1), ...pool(5, 3)],
    });
    const missed = rollAttack(g, "al", DUEL, new ScriptedDice(pool(6, 3)), R);
    expect(missed.pending?.targets[0]?.hit).toBe(false);
    expect(refusal(() => resolveAttack(missed, [{ target: "bo", maneuvers: ["trip"] }], DUEL, R))).toBe(
      "BadSpend",
    );
    // Damage forgone cannot be increased afterwards.
    const forgone = rollAttack(
      alAttacks({ targets: ["bo"], declared: "trip", forgoDamage: true }),
      "al",
      DUEL,
      new ScriptedDice(pool(6, 4)),
      R,
    );
    expect(
      refusal(() =>
        resolveAttack(forgone, [{ target: "bo", maneuvers: ["trip", "increaseDamage"] }], DUEL, R),
      ),
    ).toBe("BadSpend");
    expect(refusal(() => strikeThreat(forgone, "al", DUEL, R))).toBe("AttackPending");
    // Increase damage and Coup de Grâce cannot be declared.
    const h = startRound(startFight(["al", "bo"]), DUEL, new ScriptedDice([...pool(3, 1), ...pool(3, 0)]), R);
    expect(
      refusal(() =>
        declare(h, "al", plan({ kind: "attack", targets: ["bo"], declared: "coupDeGrace" }), DUEL, R),
      ),
    ).toBe("invalid-value");
  });

  it("LUN-MNV-3: Stun leaves one action the next round; Tag does nothing more than show", () => {
    const out = hit(2, ["stun"], { declared: "stun", forgoDamage: true });
    const next = startRound(finish(out.fight), DUEL, new ScriptedDice([...pool(3, 1), ...pool(3, 0)]), R);
    expect(fighterOf(next, "bo").actions).toBe(1);
    expect(fighterOf(next, "al").actions).toBe(2);
    const tag = hit(3, ["tag"]);
    expect(tag.targets[0]).toMatchObject({ maneuvers: ["tag"], damage: { points: 4 }, pushed: 0, flung: 0 });
    expect(fighterOf(tag.fight, "bo")).toMatchObject({ prone: false, stunned: false, weapon: "held" });
  });

  it("LUN-MNV-3: Trip puts the target down: standing takes an action or an Agility + Athletics roll of difficulty 3", () => {
    const down = finish(hit(2, ["trip"], { declared: "trip", forgoDamage: true }).fight);
    let f = startRound(down, DUEL, new ScriptedDice([...pool(3, 1), ...pool(3, 0)]), R);
    expect(refusal(() => declare(f, "bo", plan({ kind: "move", feet: 10 }), DUEL, R))).toBe(
      "NoMoveWhileProne",
    );
    const standing = declare(
      f,
      "bo",
      plan({ kind: "other", task: "standUp" }, { kind: "move", feet: 10 }),
      DUEL,
      R,
    );
    expect(
      fighterOf(beginAttacks(declare(standing, "al", idle, DUEL, R), DUEL, new SeededDice(1), R), "bo").prone,
    ).toBe(false);
    // By the roll: Agility 3 + Athletics 2, five dice; 2 successes stay down, 3 stand.
    f = declare(
      declare(f, "al", idle, DUEL, R),
      "bo",
      { actions: [idle.actions[0]!], standByRoll: true },
      DUEL,
      R,
    );
    expect(fighterOf(beginAttacks(f, DUEL, new ScriptedDice(pool(5, 2)), R), "bo").prone).toBe(true);
    expect(fighterOf(beginAttacks(f, DUEL, new ScriptedDice(pool(5, 3)), R), "bo").prone).toBe(false);
  });

  it("LUN-MNV-3: Disarm flings the weapon 20 feet (or the attacker catches it); the disarmed strikes bare-handed until it picks it up", () => {
    const out = hit(2, ["disarm"], { declared: "disarm", forgoDamage: true });
    expect(out.targets[0]?.flung).toBe(20);
    expect(fighterOf(out.fight, "bo").weapon).toBe("lying");
    let f = startRound(finish(out.fight), DUEL, new ScriptedDice([...pool(3, 1), ...pool(3, 2)]), R);
    expect(refusal(() => declare(f, "bo", plan({ kind: "parry", against: ["al"] }), DUEL, R))).toBe(
      "NoWeapon",
    );
    f = declare(f, "al", idle, DUEL, R);
    f = declare(f, "bo", plan({ kind: "attack", targets: ["al"] }), DUEL, R);
    f = beginAttacks(f, DUEL, new SeededDice(1), R);
    // Bare-handed: Brawl 2 (five dice), Martial Arts 1 for damage: 2 successes deal 2 + 2 + 1 − 2 = 3.
    const bare = strike(f, "bo", pool(5, 2), [], DUEL);
    expect(bare.attack).toMatchObject({ armed: false, roll: { dice: 5 } });
    expect(bare.targets[0]?.damage).toMatchObject({ points: 3, bruising: 3 });
    let g = startRound(finish(bare.fight), DUEL, new ScriptedDice([...pool(3, 1), ...pool(3, 2)]), R);
    g = declare(
      declare(g, "al", idle, DUEL, R),
      "bo",
      plan({ kind: "other", task: "recoverWeapon" }),
      DUEL,
      R,
    );
    expect(fighterOf(beginAttacks(g, DUEL, new SeededDice(1), R), "bo").weapon).toBe("held");
    // Caught: nothing lies on the ground to pick up.
    const f2 = alAttacks({ targets: ["bo"], declared: "disarm", forgoDamage: true });
    const caught = resolveAttack(
      rollAttack(f2, "al", DUEL, new ScriptedDice(pool(6, 2)), R),
      [{ target: "bo", maneuvers: ["disarm"], catchWeapon: true }],
      DUEL,
      R,
    );
    expect(caught.targets[0]?.flung).toBe(0);
    const h = startRound(finish(caught.fight), DUEL, new ScriptedDice([...pool(3, 1), ...pool(3, 2)]), R);
    expect(refusal(() => declare(h, "bo", plan({ kind: "other", task: "recoverWeapon" }), DUEL, R))).toBe(
      "NoWeapon",
    );
  });

  it("LUN-MNV-3: Push moves the target 5 feet, once more for 10", () => {
    expect(hit(3, ["push"]).targets[0]?.pushed).toBe(5);
    expect(hit(5, ["push", "push"]).targets[0]?.pushed).toBe(10);
  });

  it("LUN-MNV-1: Avoid Armor strikes past the armor; the unspent reading of net successes pays for it in damage", () => {
    const armored = fighter("bo", { weapon: CLUB, armor: MAIL });
    const view = viewOf([AL, armored]);
    // 5 successes, no defense: margin 5, 4 extra. Against +2 armor: 5 + 2 + 1 − 2 − 2 = 4; through it, 6.
    expect(hit(5, [], {}, view).targets[0]?.damage.points).toBe(4);
    expect(hit(5, ["avoidArmor"], {}, view).targets[0]?.damage.points).toBe(6);
    const unspent = resolveLunosOptions({ netSuccesses: "unspent" });
    const f = alAttacks({ targets: ["bo"] }, view, undefined, unspent);
    const out = strike(f, "al", pool(6, 5), [{ target: "bo", maneuvers: ["avoidArmor"] }], view, unspent);
    expect(out.targets[0]?.damage.points).toBe(2);
    const magical = viewOf([AL, fighter("bo", { weapon: CLUB, armor: { ...MAIL, magical: true } })]);
    const g = alAttacks({ targets: ["bo"] }, magical);
    const rolled = rollAttack(g, "al", magical, new ScriptedDice(pool(6, 5)), R);
    expect(
      refusal(() => resolveAttack(rolled, [{ target: "bo", maneuvers: ["avoidArmor"] }], magical, R)),
    ).toBe("invalid-value");
  });

  it("LUN-MNV-3: Coup de Grâce deals what uses up every health level, and does not kill", () => {
    const out = hit(6, ["coupDeGrace"]);
    const bo = fighterOf(out.fight, "bo");
    expect(out.targets[0]?.damage.points).toBe(7);
    expect(levelsTaken(bo)).toBe(healthLevels(2, R));
    expect(bo).toMatchObject({ dead: false, dying: 0 });
    expect(out.targets[0]?.killed).toBe(false);
  });

  it("LUN-MNV-3: Threaten holds the attack's successes; from the next round, kept up with an action, it strikes with them", () => {
    // Declared, damage forgone: 4 successes leave 3 extra, and the two free ones make Threaten's 5.
    const out = hit(4, ["threaten"], { declared: "threaten", forgoDamage: true });
    expect(out.targets[0]?.damage.points).toBe(0);
    expect(out.fight.threats).toEqual([{ by: "al", target: "bo", margin: 4, since: 1 }]);
    expect(refusal(() => strikeThreat(out.fight, "al", DUEL, R))).toBe("NoThreat");
    const kept = roundOf({
      fight: finish(out.fight),
      plans: { al: plan({ kind: "other", task: "maintainThreat" }), bo: idle },
      dice: [...pool(3, 2), ...pool(3, 1)],
    });
    expect(kept.threats).toHaveLength(1);
    const struck = strikeThreat(kept, "al", DUEL, R);
    expect(struck.targets[0]?.damage.points).toBe(5);
    expect(struck.fight.threats).toEqual([]);
    // Not kept up: it lapses when the attacks begin.
    const lapsed = roundOf({
      fight: finish(out.fight),
      plans: { al: idle, bo: idle },
      dice: [...pool(3, 2), ...pool(3, 1)],
    });
    expect(lapsed.threats).toEqual([]);
  });

  it("LUN-MNV-3: the strike's fight holds the margin as a roll the table shows and resolves, as strikeThreat does", () => {
    const out = hit(4, ["threaten"], { declared: "threaten", forgoDamage: true });
    expect(refusal(() => threatStrikeFight(out.fight, "al", DUEL))).toBe("NoThreat");
    const kept = roundOf({
      fight: finish(out.fight),
      plans: { al: plan({ kind: "other", task: "maintainThreat" }), bo: idle },
      dice: [...pool(3, 2), ...pool(3, 1)],
    });
    const striking = threatStrikeFight(kept, "al", DUEL);
    expect(striking.pending).toMatchObject({
      attackerId: "al",
      roll: { dice: 0, successes: 4 },
      targets: [{ id: "bo", defense: 0, difficulty: 1, hit: true, extra: 3 }],
    });
    // What the table resolves on it is the engine's strike, maneuvers and all.
    const bought = resolveAttack(striking, [{ target: "bo", maneuvers: ["stun"] }], DUEL, R);
    const struck = strikeThreat(kept, "al", DUEL, R, ["stun"]);
    expect(struck.targets).toEqual(bought.targets);
    // A Disarm bought with it may catch the weapon, as an attacker's does.
    const caught = strikeThreat(kept, "al", DUEL, R, ["disarm"], true);
    expect([fighterOf(caught.fight, "bo").weapon, caught.targets[0]?.flung]).toEqual(["caught", 0]);
    expect(fighterOf(strikeThreat(kept, "al", DUEL, R, ["disarm"]).fight, "bo").weapon).toBe("lying");
    // Already struck: refused.
    expect(refusal(() => threatStrikeFight(struck.fight, "al", DUEL))).toBe("NoThreat");
  });
});

describe("grappling", () => {
  /** al grapples bo in round 1; round 2 opens with the grapple checks (al's, then bo's), then initiative. */
  function grappled(
    alCheck: number,
    boCheck: number,
    view = DUEL,
    rules = R,
    alPlan?: LunosPlan,
    boPlan?: LunosPlan,
  ) {
    // The free successes buy the grapple: 0 extra needed.
    const made = strike(
      alAttacks({ targets: ["bo"], declared: "grapple", forgoDamage: true }, view),
      "al",
      pool(6, 1),
      [{ target: "bo", maneuvers: ["grapple"] }],
      view,
    );
    expect(grappleOf(made.fight, "bo")).toMatchObject({ a: "al", b: "bo" });
    const f = startRound(
      finish(made.fight),
      view,
      new ScriptedDice([...pool(4, alCheck), ...pool(4, boCheck), ...pool(3, 2), ...pool(3, 1)]),
      rules,
    );
    if (!alPlan || !boPlan) return f;
    return beginAttacks(
      declare(declare(f, "al", alPlan, view, rules), "bo", boPlan, view, rules),
      view,
      new SeededDice(1),
      rules,
    );
  }

  it("LUN-GRP-1: each grappler spends an action and rolls its lowest two of Agility, Brawl and Body; the higher acts", () => {
    const f = grappled(3, 1);
    // Agility 3, Brawl 2, Body 2: the lowest two are 2 and 2, four dice.
    expect(fighterOf(f, "al")).toMatchObject({
      actions: 1,
      mayAct: true,
      grappleCheck: { dice: 4, successes: 3 },
    });
    expect(fighterOf(f, "bo")).toMatchObject({ actions: 1, mayAct: false, grappleCheck: { successes: 1 } });
    // A tie: both act by default, neither by the other reading.
    expect(fighterOf(grappled(2, 2), "bo").mayAct).toBe(true);
    const neither = resolveLunosOptions({ grappleTie: "neitherActs" });
    expect(fighterOf(grappled(2, 2, DUEL, neither), "al").mayAct).toBe(false);
  });

  it("LUN-GRP-2: the loser only speaks or casts; the winner may not Move, strikes with the checks as its rolls, or leaves", () => {
    const f = grappled(3, 1);
    expect(refusal(() => declare(f, "bo", plan({ kind: "attack", targets: ["al"] }), DUEL, R))).toBe(
      "CannotActInGrapple",
    );
    expect(() => declare(f, "bo", plan({ kind: "other", task: "speak" }), DUEL, R)).not.toThrow();
    expect(() => declare(f, "bo", plan({ kind: "magic" }), DUEL, R)).not.toThrow();
    expect(refusal(() => declare(f, "al", plan({ kind: "move", feet: 5 }), DUEL, R))).toBe("NoMoveInGrapple");
    const g = beginAttacks(
      declare(
        declare(f, "al", plan({ kind: "attack", targets: ["bo"] }), DUEL, R),
        "bo",
        plan({ kind: "other", task: "speak" }),
        DUEL,
        R,
      ),
      DUEL,
      new SeededDice(1),
      R,
    );
    // No die rolled: al's check (3) against bo's (1), difficulty 2, one extra.
    const out = strike(g, "al", [], [], DUEL);
    expect(out.attack).toMatchObject({
      grapple: true,
      roll: { successes: 3 },
      targets: [{ defense: 1, difficulty: 2, extra: 1 }],
    });
    const left = grappled(
      3,
      1,
      DUEL,
      R,
      plan({ kind: "other", task: "leaveGrapple" }),
      plan({ kind: "other", task: "speak" }),
    );
    expect(grappleOf(left, "al")).toBeNull();
  });

  it("LUN-GRP-3: in a grapple a medium weapon is not used: the blow is bare-handed", () => {
    const swordsman = fighter("al", { weapon: LONGSWORD });
    const view = viewOf([swordsman, BO]);
    const f = grappled(
      3,
      0,
      view,
      R,
      plan({ kind: "attack", targets: ["bo"] }),
      plan({ kind: "other", task: "speak" }),
    );
    const out = strike(f, "al", [], [], view);
    // Martial Arts 1, bruising: margin 3 + 2 + 1 − 2 = 4.
    expect(out.attack.armed).toBe(false);
    expect(out.targets[0]?.damage).toMatchObject({ points: 4, bruising: 3, trauma: 1 });
  });

  it("LUN-GRP-3: Pin gives two automatic successes on the grapple checks until the pinned one wins one", () => {
    const f = grappled(
      4,
      0,
      DUEL,
      R,
      plan({ kind: "attack", targets: ["bo"], declared: "pin", forgoDamage: true }),
      plan({ kind: "other", task: "speak" }),
    );
    let g = finish(strike(f, "al", [], [{ target: "bo", maneuvers: ["pin"] }]).fight);
    expect(grappleOf(g, "al")?.pinnedBy).toBe("al");
    g = startRound(
      g,
      DUEL,
      new ScriptedDice([...pool(4, 0), ...pool(4, 1), ...pool(3, 2), ...pool(3, 1)]),
      R,
    );
    expect(fighterOf(g, "al").grappleCheck).toMatchObject({ bonus: 2, successes: 2 });
    expect(grappleOf(g, "al")?.pinnedBy).toBe("al");
    g = beginAttacks(
      declare(declare(g, "al", plan(), DUEL, R), "bo", plan(), DUEL, R),
      DUEL,
      new SeededDice(1),
      R,
    );
    // bo wins the next: 3 against 0 + 2.
    g = startRound(
      finish(g),
      DUEL,
      new ScriptedDice([...pool(4, 0), ...pool(4, 3), ...pool(3, 2), ...pool(3, 1)]),
      R,
    );
    expect(grappleOf(g, "al")?.pinnedBy).toBeNull();
    expect(fighterOf(g, "bo").mayAct).toBe(true);
  });

  it("LUN-GRP-3: Choke puts the victim out after Body minutes and kills a minute later", () => {
    // One-minute rounds keep the count short: Body 2 is out after 2 rounds, dead after 3.
    const minute = resolveLunosOptions({ secondsPerRound: 60 });
    const f = grappled(
      4,
      0,
      DUEL,
      minute,
      plan({ kind: "attack", targets: ["bo"], declared: "choke", forgoDamage: true }),
      plan({ kind: "other", task: "speak" }),
    );
    let g = finish(strike(f, "al", [], [{ target: "bo", maneuvers: ["choke"] }], DUEL, minute).fight);
    expect(grappleOf(g, "al")?.choke).toEqual({ by: "al", victim: "bo", rounds: 0 });
    const quiet = (x: LunosFight) =>
      finish(
        beginAttacks(
          declare(declare(x, "al", plan(), DUEL, minute), "bo", plan(), DUEL, minute),
          DUEL,
          new SeededDice(1),
          minute,
        ),
      );
    g = quiet(
      startRound(
        g,
        DUEL,
        new ScriptedDice([...pool(4, 2), ...pool(4, 0), ...pool(3, 2), ...pool(3, 1)]),
        minute,
      ),
    );
    g = startRound(g, DUEL, new ScriptedDice([...pool(3, 2)]), minute);
    expect(fighterOf(g, "bo")).toMatchObject({ unconscious: true, dead: false });
    expect(fighterOf(g, "al").actions).toBe(1);
    g = finish(beginAttacks(declare(g, "al", plan(), DUEL, minute), DUEL, new SeededDice(1), minute));
    g = startRound(g, DUEL, new ScriptedDice([...pool(3, 2)]), minute);
    expect(fighterOf(g, "bo").dead).toBe(true);
    expect(grappleOf(g, "al")).toBeNull();
  });

  it("LUN-GRP-3: a choke ends when the victim wins a grapple check", () => {
    const f = grappled(
      4,
      0,
      DUEL,
      R,
      plan({ kind: "attack", targets: ["bo"], declared: "choke", forgoDamage: true }),
      plan({ kind: "other", task: "speak" }),
    );
    let g = finish(strike(f, "al", [], [{ target: "bo", maneuvers: ["choke"] }]).fight);
    g = startRound(
      g,
      DUEL,
      new ScriptedDice([...pool(4, 0), ...pool(4, 2), ...pool(3, 2), ...pool(3, 1)]),
      R,
    );
    expect(grappleOf(g, "al")?.choke).toBeNull();
  });
});

describe("damage and health in the round", () => {
  it("LUN-DMG-1: a hit deals net successes + Body + weapon − Body − armor; LUN-HLT-3: past 3, trauma", () => {
    // 3 successes, no defense: 3 + 2 + 1 − 2 = 4: 3 bruising and 1 trauma.
    const out = hit(3, []);
    expect(out.targets[0]?.damage).toEqual({ points: 4, bruising: 3, wounding: 0, trauma: 1 });
    expect(fighterOf(out.fight, "bo")).toMatchObject({ bruising: 3, trauma: 1 });
  });

  it("LUN-EQP-2: a sharp weapon wounds, and an unarmored target counts Body 2 lower against it", () => {
    const view = viewOf([fighter("al"), BO]);
    // Longsword +2: 1 + 2 + 2 − (2 − 2) = 5: 3 wounding, 2 trauma.
    const out = hit(1, [], {}, view);
    expect(out.targets[0]?.damage).toEqual({ points: 5, bruising: 0, wounding: 3, trauma: 2 });
  });

  it("LUN-EQP-1: heavy armor costs its wearer a die of every Agility roll, defense and attack alike", () => {
    const armored = fighter("bo", { weapon: CLUB, armor: MAIL });
    const f = startFight(["al", "bo"]).fighters[1]!;
    expect(defensePool(f, armored, "defense", 1, R).dice).toBe(4);
    const view = viewOf([AL, armored]);
    const g = roundOf({
      view,
      plans: { al: idle, bo: plan({ kind: "attack", targets: ["al"] }) },
      dice: [...pool(3, 1), ...pool(3, 2)],
    });
    expect(rollAttack(g, "bo", view, new ScriptedDice(pool(5, 0)), R).pending?.roll.dice).toBe(5);
  });

  it("LUN-HLT-2: the wound penalty comes off every pool, and past Willpower the fighter is out", () => {
    const f = finish(hit(1, []).fight);
    // 2 levels taken: −2 on initiative (3 − 2 dice) and on defense (5 − 2).
    const g = roundOf({
      fight: f,
      plans: { al: idle, bo: plan({ kind: "defense", against: ["al"] }) },
      dice: [...pool(3, 2), ...pool(1, 0), ...pool(3, 1)],
    });
    expect(fighterOf(g, "bo").defense?.roll.dice).toBe(3);
    const frail = viewOf([AL, fighter("bo", { weapon: CLUB, abilities: { willpower: 1 } })]);
    const out = hit(1, [], {}, frail);
    expect(fighterOf(out.fight, "bo")).toMatchObject({ unconscious: true });
    expect(isOut(fighterOf(out.fight, "bo"))).toBe(true);
    const next = startRound(finish(out.fight), frail, new ScriptedDice(pool(3, 1)), R);
    expect(fighterOf(next, "bo").actions).toBe(0);
    expect(refusal(() => declare(next, "bo", idle, frail, R))).toBe("OutOfAction");
  });

  it("LUN-HLT-4: every level used: minor actions only, dead after 5 minutes without care, and any further damage kills", () => {
    const dying = finish(hit(6, ["coupDeGrace"], {}, STOUT).fight);
    const f = startRound(dying, STOUT, new ScriptedDice(pool(3, 2)), R);
    expect(fighterOf(f, "bo")).toMatchObject({ dying: 1, actions: 2 });
    expect(refusal(() => declare(f, "bo", plan({ kind: "attack", targets: ["al"] }), STOUT, R))).toBe(
      "MinorActionsOnly",
    );
    expect(refusal(() => declare(f, "bo", { actions: [idle.actions[0]!], lunge: true }, STOUT, R))).toBe(
      "MinorActionsOnly",
    );
    const g = beginAttacks(
      declare(declare(f, "al", plan({ kind: "attack", targets: ["bo"] }), STOUT, R), "bo", idle, STOUT, R),
      STOUT,
      new SeededDice(1),
      R,
    );
    const finished = strike(g, "al", pool(6, 1), [], STOUT);
    expect(finished.targets[0]?.killed).toBe(true);
    // Tended by another: the clock stops. Only a dying fighter can be tended.
    const tended = beginAttacks(
      declare(
        declare(f, "al", plan({ kind: "other", task: "tend", target: "bo" }), STOUT, R),
        "bo",
        idle,
        STOUT,
        R,
      ),
      STOUT,
      new SeededDice(1),
      R,
    );
    expect(fighterOf(tended, "bo").tended).toBe(true);
    const later = startRound(finish(tended), STOUT, new ScriptedDice(pool(3, 2)), R);
    expect(fighterOf(later, "bo").dying).toBe(1);
    expect(
      refusal(() => declare(f, "bo", plan({ kind: "other", task: "tend", target: "al" }), STOUT, R)),
    ).toBe("BadTarget");
    // Left alone: 50 rounds of 6 seconds, then death.
    const short = resolveLunosOptions({ dyingMinutes: 1, secondsPerRound: 30 });
    let h = startRound(dying, STOUT, new ScriptedDice(pool(3, 2)), short);
    expect(fighterOf(h, "bo").dead).toBe(false);
    h = finish(
      beginAttacks(
        declare(declare(h, "al", idle, STOUT, short), "bo", idle, STOUT, short),
        STOUT,
        new SeededDice(1),
        short,
      ),
    );
    h = startRound(h, STOUT, new ScriptedDice(pool(3, 2)), short);
    expect(fighterOf(h, "bo").dead).toBe(true);
  });

  it("LUN-HLT-5: magic while dying takes a minute, and afterwards the caster dies unless it healed", () => {
    const minute = resolveLunosOptions({ secondsPerRound: 60, dyingMinutes: 5 });
    const f0 = alAttacks({ targets: ["bo"] }, STOUT, undefined, minute);
    const dying = finish(
      strike(f0, "al", pool(6, 6), [{ target: "bo", maneuvers: ["coupDeGrace"] }], STOUT, minute).fight,
    );
    const cast = (healing: boolean) => {
      let f = startRound(dying, STOUT, new ScriptedDice(pool(3, 2)), minute);
      f = finish(
        beginAttacks(
          declare(
            declare(f, "al", idle, STOUT, minute),
            "bo",
            plan({ kind: "magic", healing }),
            STOUT,
            minute,
          ),
          STOUT,
          new SeededDice(1),
          minute,
        ),
      );
      return startRound(f, STOUT, new ScriptedDice(pool(3, 2)), minute);
    };
    expect(fighterOf(cast(false), "bo").dead).toBe(true);
    expect(fighterOf(cast(true), "bo").dead).toBe(false);
  });

  it("LUN-HLT-5: casting again while the spell is under way does not restart its minute", () => {
    // Minute-long rounds and a two-minute spell (dyingMagicMinutes): it ends two rounds after it is begun.
    const slow = resolveLunosOptions({ secondsPerRound: 60, dyingMinutes: 5, dyingMagicMinutes: 2 });
    const f0 = alAttacks({ targets: ["bo"] }, STOUT, undefined, slow);
    let f = finish(
      strike(f0, "al", pool(6, 6), [{ target: "bo", maneuvers: ["coupDeGrace"] }], STOUT, slow).fight,
    );
    for (let round = 0; round < 2; round += 1) {
      f = startRound(f, STOUT, new ScriptedDice(pool(3, 2)), slow);
      f = declare(declare(f, "al", idle, STOUT, slow), "bo", plan({ kind: "magic" }), STOUT, slow);
      f = finish(beginAttacks(f, STOUT, new SeededDice(1), slow));
    }
    expect(fighterOf(startRound(f, STOUT, new ScriptedDice(pool(3, 2)), slow), "bo").dead).toBe(true);
  });

  it("LUN-HLT-5: a declaration made again in the same phase replaces the first: healing then spares the caster, no magic begins no minute", () => {
    const minute = resolveLunosOptions({ secondsPerRound: 60, dyingMinutes: 5 });
    const f0 = alAttacks({ targets: ["bo"] }, STOUT, undefined, minute);
    const dying = finish(
      strike(f0, "al", pool(6, 6), [{ target: "bo", maneuvers: ["coupDeGrace"] }], STOUT, minute).fight,
    );
    const f = declare(
      startRound(dying, STOUT, new ScriptedDice(pool(3, 2)), minute),
      "al",
      idle,
      STOUT,
      minute,
    );
    const first = declare(f, "bo", plan({ kind: "magic" }), STOUT, minute);
    expect(fighterOf(first, "bo").lastMagicKills).toBe(true);
    const healed = declare(first, "bo", plan({ kind: "magic", healing: true }), STOUT, minute);
    expect(fighterOf(healed, "bo")).toMatchObject({ lastMagicKills: false });
    const withdrawn = declare(first, "bo", plan({ kind: "other", task: "speak" }), STOUT, minute);
    expect(fighterOf(withdrawn, "bo")).toMatchObject({ lastMagic: -1, lastMagicKills: false });
  });

  it("a disaster on the attack roll costs an action the next round", () => {
    const f = alAttacks({ targets: ["bo"] });
    const out = strike(f, "al", [2, 2, 2, 2, 2, 1]);
    expect(out.attack.roll.outcome).toBe("disaster");
    const next = startRound(finish(out.fight), DUEL, new ScriptedDice([...pool(3, 1), ...pool(3, 0)]), R);
    expect(fighterOf(next, "al").actions).toBe(1);
    const none = resolveLunosOptions({ disaster: "none" });
    const g = alAttacks({ targets: ["bo"] }, DUEL, undefined, none);
    const calm = strike(g, "al", [2, 2, 2, 2, 2, 1], [], DUEL, none);
    expect(
      startRound(finish(calm.fight), DUEL, new ScriptedDice([...pool(3, 1), ...pool(3, 0)]), none).fighters[0]
        ?.actions,
    ).toBe(2);
  });
});

describe("the round engine's limits under any dice", () => {
  it("never leaves NaN, negative counts, more levels than a fighter has, or more actions than allowed; same seed, same fight", () => {
    const play = (seed: number, lunge: boolean, maneuver: Maneuver | null) => {
      const dice = new SeededDice(seed);
      let f = startFight(["al", "bo"]);
      for (let r = 0; r < 12 && !f.fighters.some((x) => x.dead || x.unconscious || x.dying >= 0); r += 1) {
        f = startRound(f, DUEL, dice, R);
        for (const id of ["al", "bo"]) {
          const me = fighterOf(f, id);
          const other = id === "al" ? "bo" : "al";
          const actions: LunosPlan["actions"] =
            me.actions + (lunge && !me.lungedLast ? 1 : 0) >= 2 && me.mayAct
              ? [
                  { kind: "attack", targets: [other] },
                  { kind: "defense", against: [other] },
                ]
              : me.mayAct && me.actions >= 1
                ? [{ kind: "attack", targets: [other] }]
                : [];
          f = declare(
            f,
            id,
            { actions, lunge: lunge && !me.lungedLast && me.actions >= 1 && me.mayAct },
            DUEL,
            R,
          );
        }
        f = beginAttacks(f, DUEL, dice, R);
        while (f.phase === "attack") {
          for (const id of acting(f)) {
            const me = fighterOf(f, id);
            if (me.attacked || attackOf(me.plan) === null || (isOut(me) && me.outAtSlot !== f.slot)) continue;
            f = rollAttack(f, id, DUEL, dice, R);
            const t = f.pending!.targets[0]!;
            const buy: Maneuver[] = [];
            // A Grapple is for fighters not yet in one (one already held is refused).
            const redundant = maneuver === "grapple" && grappleOf(f, id) !== null;
            if (maneuver !== null && !redundant && t.hit && t.extra >= R.maneuverCosts[maneuver])
              buy.push(maneuver);
            f = resolveAttack(f, [{ target: t.id, maneuvers: buy }], DUEL, R).fight;
          }
          f = endSlot(f);
        }
        for (const x of f.fighters) {
          for (const n of [x.bruising, x.wounding, x.trauma, x.actions, x.rollDice])
            expect(Number.isInteger(n) && n >= 0).toBe(true);
          expect(levelsTaken(x)).toBeLessThanOrEqual(healthLevels(2, R));
          expect(x.actions).toBeLessThanOrEqual(R.actionsPerRound);
        }
      }
      return f;
    };
    fc.assert(
      fc.property(
        fc.integer(),
        fc.boolean(),
        fc.constantFrom<Maneuver | null>(null, "stun", "trip", "increaseDamage", "grapple", "push"),
        (seed, lunge, m) => {
          expect(play(seed, lunge, m)).toEqual(play(seed, lunge, m));
        },
      ),
      { numRuns: 60 },
    );
  });
});
