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
import { ScriptedDice } from "../kernel/dice";
import { LUNOS_DEFAULTS, type LunosRules, resolveLunosOptions } from "./config";
import {
  type AttackOutcome,
  beginAttacks,
  declare,
  defensePool,
  endSlot as endSlotOf,
  type FightView,
  fighterOf,
  type LunosFight,
  type LunosPlan,
  levelsTaken,
  resolveAttack,
  rollAttack,
  standUpDice,
  startFight,
  startRound,
  strikeThreat,
  type TargetSpend,
} from "./round-engine";
import type { Maneuver } from "./types";

/*
 * Rulings a review of the core asked for: each test fails on the code
 * before its fix. Sheets as in round-engine.test.ts: Agility 3, Weapon 3
 * (a six-die attack), Body 2 (7 levels), Willpower 3, clubs (small, +1,
 * bruising). Without a defense an attack of s successes has s − 1 extra
 * and deals s + 2 + 1 − 2 = s + 1.
 */

const R = LUNOS_DEFAULTS;
const AL = fighter("al", { weapon: CLUB });
const BO = fighter("bo", { weapon: CLUB });
const DUEL = viewOf([AL, BO]);
const plan = (...actions: LunosPlan["actions"]): LunosPlan => ({ actions });
const idle = plan({ kind: "other", task: "task" });
const BLOWS_AT_ONCE: readonly LunosRules["blowsAtOnce"][] = ["worstBlowFirst", "gravestKindFirst"];

describe("the skill of an attack", () => {
  it("LUN-ACT-1: a skill the weapon is not used with is refused; Brawl is a bodily blow, struck bare-handed", () => {
    const f = startRound(startFight(["al", "bo"]), DUEL, new ScriptedDice([...pool(3, 2), ...pool(3, 1)]), R);
    // A club is a melee weapon: Archery would add a skill the weapon does not use.
    expect(
      refusal(() => declare(f, "al", plan({ kind: "attack", targets: ["bo"], skill: "archery" }), DUEL, R)),
    ).toBe("SkillNotOfWeapon");
    // Brawl (Agility 3 + Brawl 2: five dice) strikes bare-handed: Martial Arts 1, bruising: 2 + 2 + 1 − 2 = 3.
    const brawl = roundOf({
      plans: { al: plan({ kind: "attack", targets: ["bo"], skill: "brawl" }), bo: idle },
      dice: [...pool(3, 2), ...pool(3, 1)],
    });
    const out = strike(brawl, "al", pool(5, 2));
    expect(out.attack.armed).toBe(false);
    expect(out.targets[0]!.damage.points).toBe(3);
  });
});

describe("damage bought", () => {
  it("LUN-MNV-1: Increase damage adds its points after the floor at 0: a blow that does nothing still deals what was bought", () => {
    // Bare-handed (Martial Arts 0, Body 0) against Body 5: 2 + 0 + 0 − 5 is below 0; two Increase damage make it 2.
    const weak = fighter("al", { weapon: null, abilities: { body: 0 }, skills: { martialArts: 0 } });
    const tough = fighter("bo", { weapon: CLUB, abilities: { body: 5 } });
    const view = viewOf([weak, tough]);
    const f = roundOf({
      view,
      plans: { al: plan({ kind: "attack", targets: ["bo"] }), bo: idle },
      dice: [...pool(3, 2), ...pool(3, 1)],
    });
    // Agility 3 + Brawl 2: five dice, 4 successes, 3 extra; 2 of them on Increase damage.
    const out = strike(
      f,
      "al",
      pool(5, 4),
      [{ target: "bo", maneuvers: ["increaseDamage", "increaseDamage"] }],
      view,
    );
    expect(out.targets[0]!.damage.points).toBe(2);
  });
});

describe("a shared initiative slot", () => {
  /** al and bo tie on initiative and attack each other in one slot; nobody defends. */
  function tie(view: FightView, alPlan: LunosPlan, boPlan: LunosPlan): LunosFight {
    return roundOf({ view, plans: { al: alPlan, bo: boPlan }, dice: [...pool(3, 1), ...pool(3, 1)] });
  }

  /** The slot's two blows entered in the order given, each with its own dice and spend. */
  function play(
    fight: LunosFight,
    order: readonly ("al" | "bo")[],
    dice: Readonly<Record<"al" | "bo", readonly number[]>>,
    spends: Readonly<Record<"al" | "bo", readonly TargetSpend[]>>,
    view: FightView,
  ): { fight: LunosFight; outs: Record<string, AttackOutcome> } {
    let f = fight;
    const outs: Record<string, AttackOutcome> = {};
    for (const id of order) {
      const d = new ScriptedDice(dice[id]);
      const rolled = rollAttack(f, id, view, d, R);
      const out = resolveAttack(rolled, spends[id], view, R);
      outs[id] = out;
      f = out.fight;
    }
    return { fight: f, outs };
  }

  it("LUN-RND-2: blows at once are judged against the slot's start: wounds, a disarm and a death do not depend on who is entered first", () => {
    // Willpower 5: wounds never put either out, so both strike with what the slot began with.
    const al = fighter("al", { weapon: CLUB, abilities: { willpower: 5 } });
    const bo = fighter("bo", { weapon: LONGSWORD, abilities: { willpower: 5 } });
    const view = viewOf([al, bo]);
    const f = tie(view, plan({ kind: "attack", targets: ["bo"] }), plan({ kind: "attack", targets: ["al"] }));
    // al: 5 successes, 4 extra: a Disarm (3) and one more point. bo: 3 successes, wounding with its longsword.
    const dice = { al: pool(6, 5), bo: pool(6, 3) };
    const spends = {
      al: [{ target: "bo", maneuvers: ["disarm", "increaseDamage"] }] as TargetSpend[],
      bo: [] as TargetSpend[],
    };
    const first = play(f, ["al", "bo"], dice, spends, view);
    const second = play(f, ["bo", "al"], dice, spends, view);
    expect(first.fight.fighters).toEqual(second.fight.fighters);
    // bo, disarmed by a blow of its own slot, still strikes with the longsword it held as the slot began,
    // and its six dice are not cut by al's 7 points (every level but none past: all 7 used).
    expect(first.outs.bo!.attack.armed).toBe(true);
    expect(first.outs.bo!.attack.roll.dice).toBe(6);
    expect(first.outs.bo!.targets[0]!.damage).toEqual(second.outs.bo!.targets[0]!.damage);
  });

  it("LUN-HLT-4: a fighter whose last level goes in a slot is not killed by another blow of that slot: the damage is not further", () => {
    const al = fighter("al", { weapon: CLUB, abilities: { willpower: 5 } });
    const bo = fighter("bo", { weapon: CLUB, abilities: { willpower: 5 } });
    const carl = fighter("carl", { weapon: CLUB });
    const view = viewOf([al, bo, carl]);
    // al and carl tie and both strike bo, who only waits.
    const f = roundOf({
      view,
      ids: ["al", "bo", "carl"],
      plans: {
        al: plan({ kind: "attack", targets: ["bo"] }),
        bo: idle,
        carl: plan({ kind: "attack", targets: ["bo"] }),
      },
      dice: [...pool(3, 2), ...pool(3, 1), ...pool(3, 2)],
    });
    // al's 6 successes deal 7 (every level); carl's 2 deal 3.
    const dice = { al: pool(6, 6), carl: pool(6, 2) } as Record<"al" | "bo", number[]> & { carl: number[] };
    let a = f;
    for (const id of ["al", "carl"]) {
      const rolled = rollAttack(a, id, view, new ScriptedDice(dice[id as "al"]), R);
      a = resolveAttack(rolled, [], view, R).fight;
    }
    let b = f;
    for (const id of ["carl", "al"]) {
      const rolled = rollAttack(b, id, view, new ScriptedDice(dice[id as "al"]), R);
      b = resolveAttack(rolled, [], view, R).fight;
    }
    // What passes the last level is lost; the count, the kinds and the fate do not follow the order.
    expect(fighterOf(a, "bo")).toEqual(fighterOf(b, "bo"));
    for (const fight of [a, b]) {
      expect(levelsTaken(fighterOf(fight, "bo"))).toBe(7);
      expect(fighterOf(fight, "bo")).toMatchObject({ dead: false, dying: 0 });
    }
  });

  /** al (club, bruising) and carl (longsword, wounding) tie and both strike bo (7 levels, Willpower 5), who waits. */
  function twoOnBo(rules: LunosRules = R): { fight: LunosFight; view: FightView } {
    const al = fighter("al", { weapon: CLUB });
    const bo = fighter("bo", { weapon: CLUB, abilities: { willpower: 5 } });
    const carl = fighter("carl", { weapon: LONGSWORD });
    const view = viewOf([al, bo, carl]);
    const fight = roundOf({
      view,
      ids: ["al", "bo", "carl"],
      plans: {
        al: plan({ kind: "attack", targets: ["bo"] }),
        bo: idle,
        carl: plan({ kind: "attack", targets: ["bo"] }),
      },
      dice: [...pool(3, 2), ...pool(3, 1), ...pool(3, 2)],
      rules,
    });
    return { fight, view };
  }

  it("LUN-HLT-3: two blows of one slot passing the last level leave the same kinds whichever is entered first: the worst lands first", () => {
    const { fight, view } = twoOnBo();
    // al: 4 successes, 4 + 2 + 1 − 2 = 5: 3 bruising, 2 trauma. carl: 1 success, unarmored bo's Body
    // counts 0 against the longsword: 1 + 2 + 2 − 0 = 5: 3 wounding, 2 trauma. Ten points on 7 levels.
    const dice: Record<string, number[]> = { al: pool(6, 4), carl: pool(6, 1) };
    const enter = (order: readonly string[]) => {
      let f = fight;
      for (const id of order)
        f = resolveAttack(rollAttack(f, id, view, new ScriptedDice(dice[id]!), R), [], view, R).fight;
      return endSlotOf(f);
    };
    const alFirst = enter(["al", "carl"]);
    const carlFirst = enter(["carl", "al"]);
    expect(alFirst).toEqual(carlFirst);
    // Equal trauma: carl's wounding blow is the worse and lands first; al's bruising fills the 2 levels left.
    expect(fighterOf(alFirst, "bo")).toMatchObject({
      bruising: 2,
      wounding: 3,
      trauma: 2,
      dying: 0,
      dead: false,
    });
  });

  it("LUN-HLT-3: under gravestKindFirst two blows of one slot passing the last level keep the slot's trauma, then its wounding, in either order", () => {
    const rules = resolveLunosOptions({ blowsAtOnce: "gravestKindFirst" });
    const { fight, view } = twoOnBo(rules);
    // The same ten points as above (al 3 bruising + 2 trauma, carl 3 wounding + 2 trauma) on 7 levels.
    const dice: Record<string, number[]> = { al: pool(6, 4), carl: pool(6, 1) };
    const enter = (order: readonly string[]) => {
      let f = fight;
      for (const id of order)
        f = resolveAttack(rollAttack(f, id, view, new ScriptedDice(dice[id]!), rules), [], view, rules).fight;
      return endSlotOf(f);
    };
    const alFirst = enter(["al", "carl"]);
    expect(alFirst).toEqual(enter(["carl", "al"]));
    // The slot's 4 trauma, then 3 of its 3 wounding; no level is left for the bruising.
    expect(fighterOf(alFirst, "bo")).toMatchObject({
      bruising: 0,
      wounding: 3,
      trauma: 4,
      dying: 0,
      dead: false,
    });
  });

  it("LUN-HLT-3: a blow alone passing the last level keeps its kind first by default, its trauma first under gravestKindFirst", () => {
    const gravest = resolveLunosOptions({ blowsAtOnce: "gravestKindFirst" });
    const hit = (rules: LunosRules) => {
      const f = roundOf({
        plans: { al: plan({ kind: "attack", targets: ["bo"] }), bo: idle },
        dice: [...pool(3, 2), ...pool(3, 1)],
        rules,
      });
      // 6 successes, 5 extra, two bought as damage: 6 + 2 + 1 − 2 + 2 = 9, 3 bruising and 6 trauma on 7 levels.
      const out = strike(
        f,
        "al",
        pool(6, 6),
        [{ target: "bo", maneuvers: ["increaseDamage", "increaseDamage"] }],
        DUEL,
        rules,
      );
      expect(out.targets[0]!.damage).toMatchObject({ bruising: 3, wounding: 0, trauma: 6 });
      return fighterOf(out.fight, "bo");
    };
    expect(hit(R)).toMatchObject({ bruising: 3, trauma: 4, dying: 0 });
    expect(hit(gravest)).toMatchObject({ bruising: 1, trauma: 6, dying: 0 });
  });

  /**
   * The reviewer's slot: bo (Body 2, 7 levels, Willpower 5) took a club's 5 (3 bruising, 2 trauma) in
   * round 1, so 2 levels are left; in round 2 al's club deals 5 (3 bruising, 2 trauma) and carl's
   * longsword 4 (3 wounding, 1 trauma) in one slot. Each order of entry gives one fight at the slot's end.
   */
  function reviewersSlot(rules: LunosRules): readonly LunosFight[] {
    const al = fighter("al", { weapon: CLUB });
    const bo = fighter("bo", { weapon: CLUB, abilities: { willpower: 5 } });
    // Body 1: 1 success + 1 + 2 − (unarmored bo's Body 2 − 2) = 4.
    const carl = fighter("carl", { weapon: LONGSWORD, abilities: { body: 1 } });
    const view = viewOf([al, bo, carl]);
    const ids = ["al", "bo", "carl"];
    const hurt = strike(
      roundOf({
        view,
        ids,
        plans: { al: plan({ kind: "attack", targets: ["bo"] }), bo: idle, carl: idle },
        dice: [...pool(3, 2), ...pool(3, 1), ...pool(3, 0)],
        rules,
      }),
      "al",
      pool(6, 4),
      [],
      view,
      rules,
    ).fight;
    expect(fighterOf(hurt, "bo")).toMatchObject({ bruising: 3, wounding: 0, trauma: 2 });
    const next = roundOf({
      view,
      ids,
      fight: finish(hurt),
      plans: {
        al: plan({ kind: "attack", targets: ["bo"] }),
        bo: idle,
        carl: plan({ kind: "attack", targets: ["bo"] }),
      },
      // bo's Reflexes 3 less the −4 of his fifth level: the luck die alone.
      dice: [...pool(3, 1), ...pool(0, 0), ...pool(3, 1)],
      rules,
    });
    expect(next.slots[0]).toEqual(["al", "carl"]);
    const dice: Record<string, number[]> = { al: pool(6, 4), carl: pool(6, 1) };
    return [
      ["al", "carl"],
      ["carl", "al"],
    ].map((order) => {
      let f = next;
      for (const id of order) {
        const out = strike(f, id, dice[id]!, [], view, rules);
        expect(out.targets[0]!.damage).toMatchObject(
          id === "al" ? { bruising: 3, wounding: 0, trauma: 2 } : { bruising: 0, wounding: 3, trauma: 1 },
        );
        f = out.fight;
      }
      return endSlotOf(f);
    });
  }

  it("LUN-HLT-3: the reviewer's slot under gravestKindFirst: the 2 levels left take 2 of its 3 trauma, in either order", () => {
    const rules = resolveLunosOptions({ blowsAtOnce: "gravestKindFirst" });
    const [alFirst, carlFirst] = reviewersSlot(rules);
    expect(alFirst).toEqual(carlFirst);
    // 7 levels: the 3 bruising and 2 trauma of round 1, then 2 trauma; every level used, dying but not dead,
    // the −5 of the last level not above Willpower 5.
    expect(fighterOf(alFirst!, "bo")).toMatchObject({
      bruising: 3,
      wounding: 0,
      trauma: 4,
      dying: 0,
      dead: false,
      unconscious: false,
    });
    expect(levelsTaken(fighterOf(alFirst!, "bo"))).toBe(7);
  });

  it("LUN-HLT-3: the reviewer's slot by default (worstBlowFirst): the club, with more trauma, lands first and its bruising fills the 2 levels", () => {
    const [alFirst, carlFirst] = reviewersSlot(R);
    expect(alFirst).toEqual(carlFirst);
    expect(fighterOf(alFirst!, "bo")).toMatchObject({
      bruising: 5,
      wounding: 0,
      trauma: 2,
      dying: 0,
      dead: false,
    });
  });

  it("LUN-MNV-3: two disarms of one slot leave the weapon caught whichever is entered first, when either catches it", () => {
    const { fight, view } = twoOnBo();
    // 4 successes each: 3 extra, a Disarm; al catches the club, carl would fling it.
    const spends: Record<string, TargetSpend[]> = {
      al: [{ target: "bo", maneuvers: ["disarm"], catchWeapon: true }],
      carl: [{ target: "bo", maneuvers: ["disarm"] }],
    };
    const enter = (order: readonly string[]) => {
      let f = fight;
      for (const id of order)
        f = resolveAttack(
          rollAttack(f, id, view, new ScriptedDice(pool(6, 4)), R),
          spends[id]!,
          view,
          R,
        ).fight;
      return endSlotOf(f);
    };
    const alFirst = enter(["al", "carl"]);
    expect(alFirst).toEqual(enter(["carl", "al"]));
    expect(fighterOf(alFirst, "bo").weapon).toBe("caught");
  });

  it("LUN-MNV-1: two Grapples of one slot on one fighter: the one with more extra successes holds, whichever is entered first", () => {
    const { fight, view } = twoOnBo();
    const enter = (order: readonly string[], dice: Record<string, number[]>) => {
      let f = fight;
      for (const id of order) {
        const rolled = rollAttack(f, id, view, new ScriptedDice(dice[id]!), R);
        f = resolveAttack(rolled, [{ target: "bo", maneuvers: ["grapple"] }], view, R).fight;
      }
      return endSlotOf(f);
    };
    // carl: 4 successes, 3 extra; al: 2 successes, 1 extra. carl holds bo either way, al's Grapple does nothing.
    const better = { al: pool(6, 2), carl: pool(6, 4) };
    const alFirst = enter(["al", "carl"], better);
    expect(alFirst).toEqual(enter(["carl", "al"], better));
    expect(alFirst.grapples).toEqual([{ a: "carl", b: "bo", pinnedBy: null, choke: null }]);
    // Equal extra successes: the first in the fight's list of fighters (al) holds.
    const equal = { al: pool(6, 3), carl: pool(6, 3) };
    expect(enter(["carl", "al"], equal)).toEqual(enter(["al", "carl"], equal));
    expect(enter(["carl", "al"], equal).grapples).toEqual([
      { a: "al", b: "bo", pinnedBy: null, choke: null },
    ]);
  });

  it("LUN-MNV-3: two Threatens of one slot leave the same threats whichever is entered first", () => {
    const { fight, view } = twoOnBo();
    // 6 successes each: 5 extra, a Threaten; the margins held are 6.
    const enter = (order: readonly string[]) => {
      let f = fight;
      for (const id of order)
        f = resolveAttack(
          rollAttack(f, id, view, new ScriptedDice(pool(6, 6)), R),
          [{ target: "bo", maneuvers: ["threaten"] }],
          view,
          R,
        ).fight;
      return endSlotOf(f);
    };
    const alFirst = enter(["al", "carl"]);
    expect(alFirst).toEqual(enter(["carl", "al"]));
    expect(alFirst.threats.map((t) => t.by)).toEqual(["al", "carl"]);
  });

  it("LUN-GRP-3: a Pin needs a grapple held as the slot began: one seized by a blow of the same slot does not allow it, in either order", () => {
    const view = viewOf([AL, BO]);
    const f = tie(view, plan({ kind: "attack", targets: ["bo"] }), plan({ kind: "attack", targets: ["al"] }));
    // al: 2 successes, a Grapple (1); bo: 5 successes, 4 extra, a Pin (4) on al.
    const al = (g: LunosFight) =>
      resolveAttack(
        rollAttack(g, "al", view, new ScriptedDice(pool(6, 2)), R),
        [{ target: "bo", maneuvers: ["grapple"] }],
        view,
        R,
      ).fight;
    const boPins = (g: LunosFight) => () =>
      resolveAttack(
        rollAttack(g, "bo", view, new ScriptedDice(pool(6, 5)), R),
        [{ target: "al", maneuvers: ["pin"] }],
        view,
        R,
      );
    expect(refusal(boPins(f))).toBe("invalid-value");
    expect(refusal(boPins(al(f)))).toBe("invalid-value");
  });

  it("LUN-MNV-3: a threat struck during a slot is one of the slot's blows: levels filled with the others, no death from them", () => {
    const al = fighter("al", { weapon: CLUB });
    const bo = fighter("bo", { weapon: CLUB, abilities: { willpower: 5 } });
    const carl = fighter("carl", { weapon: CLUB });
    const view = viewOf([al, bo, carl]);
    const ids = ["al", "bo", "carl"];
    // Round 1: al threatens bo (4 successes, no damage: the margin held is 4).
    const threatened = strike(
      roundOf({
        view,
        ids,
        plans: {
          al: plan({ kind: "attack", targets: ["bo"], declared: "threaten", forgoDamage: true }),
          bo: idle,
          carl: idle,
        },
        dice: [...pool(3, 2), ...pool(3, 1), ...pool(3, 0)],
      }),
      "al",
      pool(6, 4),
      [{ target: "bo", maneuvers: ["threaten"] }],
      view,
    ).fight;
    // Round 2: al keeps the threat up, carl strikes bo in the last slot.
    const next = roundOf({
      view,
      ids,
      fight: finish(threatened),
      plans: {
        al: plan({ kind: "other", task: "maintainThreat" }),
        bo: idle,
        carl: plan({ kind: "attack", targets: ["bo"] }),
      },
      dice: [...pool(3, 2), ...pool(3, 1), ...pool(3, 0)],
    });
    const carlsSlot = endSlotOf(endSlotOf(next));
    expect(carlsSlot.slots[carlsSlot.slot]).toEqual(["carl"]);
    // The threat answers carl's move: margin 4, 4 + 2 + 1 − 2 = 5 (3 bruising, 2 trauma) on bo.
    const struck = strikeThreat(carlsSlot, "al", view, R);
    expect(levelsTaken(fighterOf(struck.fight, "bo"))).toBe(5);
    // carl: 1 success, 1 + 2 + 1 − 2 = 2 bruising: the 2 levels left, with the threat's 5 kept.
    const out = strike(struck.fight, "carl", pool(6, 1), [], view);
    expect(fighterOf(out.fight, "bo")).toMatchObject({ bruising: 5, trauma: 2, dying: 0, dead: false });
    // carl's 6 successes alone fill all 7 levels: the threat of the same slot is not "more damage" after them,
    // whether it is struck before carl's blow or after it.
    const threatFirst = strike(
      strikeThreat(carlsSlot, "al", view, R).fight,
      "carl",
      pool(6, 6),
      [],
      view,
    ).fight;
    const carlFirst = strikeThreat(
      strike(carlsSlot, "carl", pool(6, 6), [], view).fight,
      "al",
      view,
      R,
    ).fight;
    expect(endSlotOf(carlFirst)).toEqual(endSlotOf(threatFirst));
    expect(fighterOf(carlFirst, "bo")).toMatchObject({ dying: 0, dead: false });
  });

  it.each(BLOWS_AT_ONCE)(
    "LUN-RND-2: any blows of one slot, entered in any order, leave the same fight when the slot ends (blowsAtOnce %s)",
    (reading) => {
      const rules = resolveLunosOptions({ blowsAtOnce: reading });
      const ids = ["al", "bo", "cy", "di"] as const;
      const weapons = [CLUB, LONGSWORD, null] as const;
      const blow = fc.record({
        target: fc.integer({ min: 1, max: 3 }),
        weapon: fc.integer({ min: 0, max: 2 }),
        successes: fc.integer({ min: 0, max: 6 }),
        increase: fc.integer({ min: 0, max: 5 }),
        stun: fc.boolean(),
        disarm: fc.boolean(),
        catchWeapon: fc.boolean(),
        grapple: fc.boolean(),
        trip: fc.boolean(),
        avoidArmor: fc.boolean(),
        coupDeGrace: fc.boolean(),
        threaten: fc.boolean(),
        second: fc.boolean(),
        armor: fc.boolean(),
      });
      fc.assert(
        fc.property(
          fc.tuple(blow, blow, blow, blow),
          fc.tuple(...ids.map(() => fc.integer({ min: 0, max: 5 }))),
          fc.tuple(...ids.map(() => fc.integer({ min: 0, max: 5 }))),
          fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
          (blows, bodies, willpowers, keys) => {
            const sheets = ids.map((id, i) =>
              fighter(id, {
                weapon: weapons[blows[i]!.weapon],
                armor: blows[i]!.armor ? MAIL : null,
                abilities: { body: bodies[i], willpower: willpowers[i] },
              }),
            );
            const view = viewOf(sheets);
            // Everyone 1 success on Reflexes 3: one slot of four; nobody defends.
            const plans: Record<string, LunosPlan> = {};
            // An attack on one other, or on two (a die less).
            const targetsOf = (i: number) => {
              const b = blows[i]!;
              const one = ids[(i + b.target) % 4]!;
              return b.second ? [one, ids[(i + (b.target === 3 ? 1 : b.target + 1)) % 4]!] : [one];
            };
            ids.forEach((id, i) => {
              plans[id] = plan({ kind: "attack", targets: targetsOf(i) });
            });
            const fight = roundOf({ view, ids, plans, dice: ids.flatMap(() => pool(3, 1)), rules });
            expect(fight.slots).toEqual([[...ids]]);
            const enter = (order: readonly number[]) => {
              let f = fight;
              for (const i of order) {
                const b = blows[i]!;
                const id = ids[i]!;
                // Agility 3 + Weapon 3 or Brawl 2, less Mail's die and a die for a second target.
                const n =
                  (sheets[i]!.weapon === null ? 5 : 6) - (b.armor ? 1 : 0) - (targetsOf(i).length - 1);
                const rolled = rollAttack(
                  f,
                  id,
                  view,
                  new ScriptedDice(pool(n, Math.min(b.successes, n))),
                  rules,
                );
                const spends: TargetSpend[] = [];
                for (const t of rolled.pending!.targets) {
                  if (!t.hit) continue;
                  const maneuvers: Maneuver[] = [];
                  let left = t.extra;
                  const buy = (m: Maneuver, wanted: boolean) => {
                    if (wanted && left >= rules.maneuverCosts[m]) {
                      maneuvers.push(m);
                      left -= rules.maneuverCosts[m];
                    }
                  };
                  buy("threaten", b.threaten);
                  buy("coupDeGrace", b.coupDeGrace);
                  buy("avoidArmor", b.avoidArmor);
                  buy("stun", b.stun);
                  buy("trip", b.trip);
                  buy("disarm", b.disarm);
                  buy("grapple", b.grapple);
                  for (let k = 0; k < Math.min(b.increase, left); k += 1) maneuvers.push("increaseDamage");
                  spends.push({ target: t.id, maneuvers, catchWeapon: b.catchWeapon });
                }
                f = resolveAttack(rolled, spends, view, rules).fight;
              }
              return endSlotOf(f);
            };
            const order = [0, 1, 2, 3].sort((x, y) => keys[x]! - keys[y]! || x - y);
            expect(enter(order)).toEqual(enter([0, 1, 2, 3]));
          },
        ),
        { numRuns: 300 },
      );
    },
  );
});

describe("maneuvers, as the text words them", () => {
  it("LUN-MNV-3: Avoid Armor against a fighter with no armor negates nothing: Body still counts 2 lower against wounding", () => {
    const al = fighter("al", { weapon: LONGSWORD });
    const view = viewOf([al, BO]);
    const round = () =>
      roundOf({
        view,
        plans: { al: plan({ kind: "attack", targets: ["bo"] }), bo: idle },
        dice: [...pool(3, 2), ...pool(3, 1)],
      });
    // 6 successes, 5 extra: 6 + 2 + 2 (medium) − (2 − 2) = 10, whether Avoid Armor is bought or not.
    const plain = strike(round(), "al", pool(6, 6), [], view);
    const avoided = strike(round(), "al", pool(6, 6), [{ target: "bo", maneuvers: ["avoidArmor"] }], view);
    expect(plain.targets[0]!.damage.points).toBe(10);
    expect(avoided.targets[0]!.damage.points).toBe(10);
  });

  it("LUN-MNV-2: the free success of a declared maneuver is a single one: an attack on two targets spends it on one", () => {
    const cy = fighter("cy", { weapon: CLUB });
    const view = viewOf([AL, BO, cy]);
    const f = () =>
      roundOf({
        view,
        ids: ["al", "bo", "cy"],
        plans: { al: plan({ kind: "attack", targets: ["bo", "cy"], declared: "trip" }), bo: idle, cy: idle },
        dice: [...pool(3, 2), ...pool(3, 1), ...pool(3, 1)],
      });
    // Two targets: five dice; 3 successes, 2 extra against each. Trip costs 3: the free success makes it once.
    const once = strike(f(), "al", pool(5, 3), [{ target: "bo", maneuvers: ["trip"] }], view);
    expect(fighterOf(once.fight, "bo").prone).toBe(true);
    const rolled = rollAttack(f(), "al", view, new ScriptedDice(pool(5, 3)), R);
    expect(
      refusal(() =>
        resolveAttack(
          rolled,
          [
            { target: "bo", maneuvers: ["trip"] },
            { target: "cy", maneuvers: ["trip"] },
          ],
          view,
          R,
        ),
      ),
    ).toBe("invalid-value");
  });

  it("LUN-MNV-3: a threat strikes only in a round that keeps an action on it, and its successes past the first buy maneuvers", () => {
    const threatened = (() => {
      const f = roundOf({
        plans: {
          al: plan({ kind: "attack", targets: ["bo"], declared: "threaten", forgoDamage: true }),
          bo: idle,
        },
        dice: [...pool(3, 2), ...pool(3, 1)],
      });
      // 4 successes: 3 extra and two free make Threaten's 5; the margin held is 4.
      return strike(f, "al", pool(6, 4), [{ target: "bo", maneuvers: ["threaten"] }]).fight;
    })();
    let next = threatened;
    while (next.phase === "attack") next = endSlotOf(next);
    // The next round has begun, but al has not yet kept an action on it.
    const opened = startRound(next, DUEL, new ScriptedDice([...pool(3, 2), ...pool(3, 1)]), R);
    expect(refusal(() => strikeThreat(opened, "al", DUEL, R))).toBe("NoThreat");
    const kept = declare(
      declare(opened, "al", plan({ kind: "other", task: "maintainThreat" }), DUEL, R),
      "bo",
      idle,
      DUEL,
      R,
    );
    // The margin 4 is a hit with 3 successes past the first: a Stun (3) is bought with them.
    const struck = strikeThreat(kept, "al", DUEL, R, ["stun"]);
    expect(struck.targets[0]).toMatchObject({ hit: true, maneuvers: ["stun"] });
    expect(fighterOf(struck.fight, "bo").stunned).toBe(true);
    expect(refusal(() => strikeThreat(kept, "al", DUEL, R, ["stun", "trip"]))).toBe("invalid-value");
  });
});

describe("sheets and options the engine is given", () => {
  it("LUN-EQP-3: a sheet whose weapon has a size the table lacks is refused with a RulesError when the round starts", () => {
    const huge = fighter("bo", { weapon: { ...CLUB, size: "huge" as never } });
    const view = viewOf([AL, huge]);
    expect(refusal(() => startRound(startFight(["al", "bo"]), view, new ScriptedDice([]), R))).toBe(
      "invalid-value",
    );
  });

  it("LUN-ACT-3: an undefended fighter's difficulty is never below 1: an option of 0 is refused", () => {
    expect(refusal(() => resolveLunosOptions({ noDefenseDifficulty: 0 }))).toBe("invalid-value");
    // The text's 1 and a table's 2 both make a roll of no success miss.
    const hard = resolveLunosOptions({ noDefenseDifficulty: 2 });
    const f = roundOf({
      rules: hard,
      plans: { al: plan({ kind: "attack", targets: ["bo"] }), bo: idle },
      dice: [...pool(3, 2), ...pool(3, 1)],
    });
    const out = strike(f, "al", pool(6, 1), [], DUEL, hard);
    expect(out.attack.targets[0]).toMatchObject({ difficulty: 2, hit: false });
  });
});

describe("what weighs on a parry and a grapple check", () => {
  const bo = startFight(["al", "bo"]).fighters[1]!;

  it("LUN-EQP-3: a Large or Polearm weapon's die is lost on the parry too, the parry being a roll using it", () => {
    const spear = { ...LONGSWORD, size: "large" as const };
    // Body 2 < 4: Agility 3 + Weapon 3 + the spear's 3, less 1.
    expect(defensePool(bo, fighter("bo", { weapon: spear }), "parry", 1, R).dice).toBe(8);
  });

  it("LUN-EQP-1: a parry of Weapon + rating alone (weaponOnly) pays no Agility armor die; the Agility parry does", () => {
    const mailed = fighter("bo", { weapon: CLUB, armor: MAIL });
    const only = resolveLunosOptions({ parryPool: "weaponOnly" });
    // Weapon 3 + the club's 1.
    expect(defensePool(bo, mailed, "parry", 1, only).dice).toBe(4);
    // Agility 3 + Weapon 3 + 1, less Mail's die.
    expect(defensePool(bo, mailed, "parry", 1, R).dice).toBe(6);
  });

  /** al and bo already in a grapple, as round 2 opens. */
  const grappling = (): LunosFight => ({
    ...startFight(["al", "bo"]),
    grapples: [{ a: "al", b: "bo", pinnedBy: null, choke: null }],
  });

  it("LUN-GRP-1: armor's Agility die comes off a grapple check that rolls Agility", () => {
    // al: Agility 1, Brawl 2, Body 2: Agility and one of the 2s, three dice less Mail's one.
    const al = fighter("al", { weapon: CLUB, armor: MAIL, abilities: { agility: 1 } });
    const view = viewOf([al, BO]);
    const dice = new ScriptedDice([...pool(2, 1), ...pool(4, 0), ...pool(3, 2), ...pool(3, 1)]);
    const f = startRound(grappling(), view, dice, R);
    expect(fighterOf(f, "al").grappleCheck!.dice).toBe(2);
    expect(dice.remaining).toBe(0);
  });

  it("LUN-GRP-3: no parry with a medium weapon in a grapple", () => {
    const al = fighter("al", { weapon: LONGSWORD });
    const view = viewOf([al, BO]);
    // al wins the check (Agility 3 excluded: Brawl 2 + Body 2, four dice each).
    const dice = new ScriptedDice([...pool(4, 2), ...pool(4, 0), ...pool(3, 2), ...pool(3, 1)]);
    const f = startRound(grappling(), view, dice, R);
    expect(refusal(() => declare(f, "al", plan({ kind: "parry", against: ["bo"] }), view, R))).toBe(
      "NoWeapon",
    );
    const clubbed = viewOf([AL, BO]);
    const g = startRound(
      grappling(),
      clubbed,
      new ScriptedDice([...pool(4, 2), ...pool(4, 0), ...pool(3, 2), ...pool(3, 1)]),
      R,
    );
    expect(
      fighterOf(declare(g, "al", plan({ kind: "parry", against: ["bo"] }), clubbed, R), "al").plan,
    ).not.toBeNull();
  });
});

describe("a grappler and the others", () => {
  const speak = plan({ kind: "other", task: "speak" });

  it("LUN-GRP-2: the one who may act in a grapple may attack someone else, with no weapon of medium size or more", () => {
    const al = fighter("al", { weapon: LONGSWORD });
    const cy = fighter("cy", { weapon: CLUB });
    const view = viewOf([al, BO, cy]);
    const held: LunosFight = {
      ...startFight(["al", "bo", "cy"]),
      grapples: [{ a: "al", b: "bo", pinnedBy: null, choke: null }],
    };
    // Checks: al 2 to bo's 0 (Brawl 2 + Body 2 each); initiative al 2, bo 1, cy 0.
    const f = roundOf({
      view,
      fight: held,
      ids: ["al", "bo", "cy"],
      plans: { al: plan({ kind: "attack", targets: ["cy"] }), bo: speak, cy: idle },
      dice: [...pool(4, 2), ...pool(4, 0), ...pool(3, 2), ...pool(3, 1), ...pool(3, 0)],
    });
    // A normal roll, bare-handed: Agility 3 + Brawl 2, five dice; 2 successes: 2 + 2 + 1 (Martial Arts) − 2 = 3 bruising.
    const out = strike(f, "al", pool(5, 2), [], view);
    expect(out.attack).toMatchObject({ grapple: false, armed: false });
    expect(out.targets[0]!.damage).toMatchObject({ points: 3, bruising: 3 });
  });

  it("LUN-MNV-1: a Grapple bought on someone already in a grapple is refused, not silently dropped", () => {
    const view = viewOf([AL, BO, fighter("cy", { weapon: CLUB })]);
    const held: LunosFight = {
      ...startFight(["al", "bo", "cy"]),
      grapples: [{ a: "bo", b: "cy", pinnedBy: null, choke: null }],
    };
    const f = roundOf({
      view,
      fight: held,
      ids: ["al", "bo", "cy"],
      plans: { al: plan({ kind: "attack", targets: ["bo"] }), bo: speak, cy: speak },
      dice: [...pool(4, 1), ...pool(4, 1), ...pool(3, 2), ...pool(3, 1), ...pool(3, 0)],
    });
    const rolled = rollAttack(f, "al", view, new ScriptedDice(pool(6, 3)), R);
    expect(refusal(() => resolveAttack(rolled, [{ target: "bo", maneuvers: ["grapple"] }], view, R))).toBe(
      "BadSpend",
    );
  });
});

describe("rulings of the table's review", () => {
  it("LUN-EQP-1: the roll to stand is an Agility roll: +2 armor takes a die off it", () => {
    // Agility 3 + Athletics 2 is five dice; Mail (+2) leaves four. Bo was tripped last round.
    const al = fighter("al", { weapon: CLUB });
    const bo = fighter("bo", { weapon: CLUB, armor: MAIL });
    const view = viewOf([al, bo]);
    const start = startFight(["al", "bo"]);
    const down: LunosFight = {
      ...start,
      fighters: start.fighters.map((f) => (f.id === "bo" ? { ...f, prone: true } : f)),
    };
    let f = startRound(down, view, new ScriptedDice([...pool(3, 1), ...pool(3, 0)]), R);
    f = declare(f, "al", idle, view, R);
    f = declare(f, "bo", { actions: [idle.actions[0]!], standByRoll: true }, view, R);
    // Four dice, three successes: the difficulty 3 is met and no fifth die is asked for.
    const stood = beginAttacks(f, view, new ScriptedDice(pool(4, 3)), R);
    expect(fighterOf(stood, "bo").prone).toBe(false);
    expect(standUpDice(fighterOf(f, "bo"), bo, R)).toBe(4);
    expect(standUpDice(fighterOf(f, "bo"), fighter("bo"), R)).toBe(5);
  });

  it("LUN-HLT-4: a dying fighter still awake need not declare: the round goes on; it may still take a minor action", () => {
    // Bo's seven levels are used and his Willpower holds him awake: dying, not unconscious.
    const start = startFight(["al", "bo"]);
    const dying: LunosFight = {
      ...start,
      fighters: start.fighters.map((f) => (f.id === "bo" ? { ...f, bruising: 7, dying: 0 } : f)),
    };
    const f = declare(startRound(dying, DUEL, new ScriptedDice(pool(3, 1)), R), "al", idle, DUEL, R);
    expect(fighterOf(f, "bo")).toMatchObject({ dying: 1, unconscious: false, plan: null });
    const on = beginAttacks(f, DUEL, new ScriptedDice([]), R);
    expect(on.phase).toBe("attack");
    expect(fighterOf(on, "bo").defense).toBeNull();
    // Speech is a minor action: declared, it is taken as before.
    const speaking = declare(f, "bo", plan({ kind: "other", task: "speak" }), DUEL, R);
    expect(beginAttacks(speaking, DUEL, new ScriptedDice([]), R).phase).toBe("attack");
    // One neither dying nor out still has to declare.
    expect(
      refusal(() =>
        beginAttacks(
          startRound(start, DUEL, new ScriptedDice([...pool(3, 1), ...pool(3, 1)]), R),
          DUEL,
          new ScriptedDice([]),
          R,
        ),
      ),
    ).toBe("Undeclared");
  });
});
