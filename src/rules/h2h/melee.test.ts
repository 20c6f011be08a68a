import { describe, expect, it } from "vitest";
import {
  AL_FIRST,
  duel,
  eventsOf,
  expectRefusal,
  h2hFighter,
  hp,
  play,
  state,
} from "../../../test/support/h2h-fixtures";
import { ScriptedDice } from "../kernel/dice";
import { H2H_DEFAULTS } from "./config";
import { act, bonusOf, defenseOptions, expecting, type H2hInput, rangeOf, startMelee } from "./melee";
import type { DefenseId, ModifierId, MoveId } from "./types";

const A = (move: MoveId, more: Partial<Extract<H2hInput, { type: "attack" }>> = {}): H2hInput => ({
  type: "attack",
  by: "al",
  move,
  ...more,
});
const D = (defense: DefenseId, more: Partial<Extract<H2hInput, { type: "defend" }>> = {}): H2hInput => ({
  type: "defend",
  by: "bo",
  defense,
  ...more,
});
const NONE: H2hInput = { type: "noDefense", by: "bo" };
const TAKE: H2hInput = { type: "reduce", by: "bo", reduction: null };
const KNIFE = { name: "Knife", damage: "1d6" };

describe("initiative (step two)", () => {
  it("H2H-INI-1: each rolls a d20 with its initiative bonus; the highest acts first", () => {
    const r = play(duel({}, { bonuses: { initiative: 3 } }), AL_FIRST, [10, 8]);
    expect(eventsOf(r.events, "initiative")[0]).toMatchObject({
      rolls: [
        { natural: 10, total: 10 },
        { natural: 8, total: 11 },
      ],
      actor: "bo",
    });
    expect(expecting(r.melee)).toMatchObject({ who: ["bo"] });
  });

  it("H2H-INI-1: a tie no one breaks: both strike at the same time, each over four, neither defends", () => {
    const steps: H2hInput[] = [
      ...AL_FIRST,
      { type: "tie", defend: [] },
      A("punch"),
      { type: "attack", by: "bo", move: "punch" },
    ];
    // al strikes 12 and hits for 2; bo strikes 3, not over four, and misses.
    const r = play(duel(), steps, [10, 10, 12, 3, 2]);
    expect(hp(r.melee, "bo")).toBe(28);
    expect(hp(r.melee, "al")).toBe(30);
    expect(eventsOf(r.events, "miss")).toEqual([{ kind: "miss", by: "bo", target: "al" }]);
    expect([state(r.melee, "al").attacksLeft, state(r.melee, "bo").attacksLeft]).toEqual([3, 3]);
  });

  it("H2H-INI-1: one who rolls over the highest initiative defends at −4 and forfeits its attack", () => {
    const steps: H2hInput[] = [...AL_FIRST, { type: "tie", defend: ["bo"] }, A("punch"), D("parry"), TAKE];
    // bo rolls 15 > 10: defends; parry 15 − 4 = 11 against the strike 12: hit for 3.
    const r = play(duel(), steps, [10, 10, 15, 12, 15, 3]);
    expect(eventsOf(r.events, "defense")[0]).toMatchObject({ natural: 15, total: 11, made: false });
    expect(hp(r.melee, "bo")).toBe(27);
    expect(state(r.melee, "bo").attacksLeft).toBe(3);
  });

  it("H2H-INI-1: a failed roll to defend leaves the simultaneous; both defending is a flinch for both", () => {
    const failed = play(duel(), [...AL_FIRST, { type: "tie", defend: ["bo"] }], [10, 10, 9]);
    expect(failed.melee.current?.simultaneous).toHaveLength(2);
    const both = play(duel(), [...AL_FIRST, { type: "tie", defend: ["al", "bo"] }], [10, 10, 14, 16]);
    expect(eventsOf(both.events, "flinch")).toEqual([{ kind: "flinch", by: ["al", "bo"] }]);
    expect(both.melee.current).toBeNull();
    expect([state(both.melee, "al").attacksLeft, state(both.melee, "bo").attacksLeft]).toEqual([3, 3]);
  });

  it("H2H-INI-1: once a melee, the totals are kept for every exchange of the melee (option)", () => {
    const options = { initiativeEvery: "melee" as const };
    let r = play(
      duel(),
      [...AL_FIRST, { type: "timedOut", by: "al" }, { type: "catch", by: "bo", attempt: false }],
      [15, 8, 3],
      options,
    );
    r = play(r.melee, [{ type: "exchange", a: "al", b: "bo" }], [], options);
    expect(eventsOf(r.events, "initiative")[0]!.actor).toBe("al");
  });

  it("H2H-INI-2: a pass hands the initiative over; the passer defends at +4, then counters first at +3", () => {
    const steps: H2hInput[] = [
      ...AL_FIRST,
      { type: "pass", by: "al" },
      { type: "attack", by: "bo", move: "punch" },
      { type: "defend", by: "al", defense: "parry" },
    ];
    // bo strikes 12; al parries 9 + 4 = 13.
    let r = play(duel(), steps, [15, 8, 12, 9]);
    expect(eventsOf(r.events, "defense")[0]).toMatchObject({ total: 13, made: true });
    expect(state(r.melee, "al")).toMatchObject({
      initiativeNext: true,
      passStrike: true,
      loseInitiative: false,
    });
    r = play(r.melee, [{ type: "exchange", a: "al", b: "bo" }, A("punch")], [9]);
    expect(eventsOf(r.events, "initiative")[0]).toMatchObject({ actor: "al", why: "pass" });
    expect(eventsOf(r.events, "strike")[0]!.total).toBe(12);
  });

  it("H2H-INI-2: both passing is a flinch: both waste an attack, the first gets no bonus", () => {
    const r = play(duel(), [...AL_FIRST, { type: "pass", by: "al" }, { type: "pass", by: "bo" }], [15, 8]);
    expect([state(r.melee, "al").attacksLeft, state(r.melee, "bo").attacksLeft]).toEqual([3, 3]);
    expect(state(r.melee, "al").initiativeNext).toBe(false);
    expectRefusal(
      () => play(duel(), [...AL_FIRST, { type: "pass", by: "al" }], [15, 8], { passRule: false }),
      "round-refused",
      "PassNotAllowed",
    );
  });
});

describe("the attack (step three) and the flinch", () => {
  it("H2H-ATK-1: no choice in time is a flinch, yet a strike is rolled; a roll over it catches it for a free counter", () => {
    const steps: H2hInput[] = [
      ...AL_FIRST,
      { type: "timedOut", by: "al" },
      { type: "catch", by: "bo", attempt: true },
      { type: "attack", by: "bo", move: "punch" },
    ];
    // al's strike 11; bo rolls 14 (no bonus) > 11: its counter strikes 7 (over four), al cannot defend: 2 damage.
    const r = play(duel({}, { bonuses: { initiative: 5 } }), steps, [15, 3, 11, 14, 7, 2]);
    expect(eventsOf(r.events, "catch")[0]).toMatchObject({
      what: "flinch",
      total: 14,
      against: 11,
      made: true,
    });
    expect(hp(r.melee, "al")).toBe(28);
    expect(state(r.melee, "bo").attacksLeft).toBe(4);
    expect(state(r.melee, "al").attacksLeft).toBe(3);
  });

  it("H2H-TRM-5: a flinch forfeits the turn; a roll at or under the strike does not catch it", () => {
    const r = play(
      duel(),
      [...AL_FIRST, { type: "timedOut", by: "al" }, { type: "catch", by: "bo", attempt: true }],
      [15, 8, 11, 11],
    );
    expect(eventsOf(r.events, "flinch")).toEqual([{ kind: "flinch", by: ["al"] }]);
    expect(r.melee.current).toBeNull();
    expect(hp(r.melee, "bo")).toBe(30);
    expect(state(r.melee, "al").attacksLeft).toBe(3);
  });

  it("H2H-TRM-5: a defender who flinches just stands there and is hit", () => {
    const r = play(duel(), [...AL_FIRST, A("punch"), { type: "timedOut", by: "bo" }], [15, 8, 12, 4]);
    expect(hp(r.melee, "bo")).toBe(26);
  });

  it("H2H-TRM-2: an attack buys two actions, or one action and a wild attack at −6", () => {
    let r = play(
      duel({}, {}, "long"),
      [...AL_FIRST, { type: "actions", by: "al", actions: ["approach", "approach"] }],
      [15, 8],
    );
    expect(rangeOf(r.melee, "al", "bo")).toBe("grappling");
    expect(state(r.melee, "al").attacksLeft).toBe(3);
    r = play(duel({}, {}, "long"), [...AL_FIRST, A("punch", { action: "approach" })], [15, 8, 12]);
    expect(eventsOf(r.events, "strike")[0]!.total).toBe(6);
    expect(rangeOf(r.melee, "al", "bo")).toBe("fighting");
    expectRefusal(
      () =>
        play(
          duel(),
          [...AL_FIRST, { type: "actions", by: "al", actions: ["other", "other", "other"] }],
          [15, 8],
        ),
      "round-refused",
      "UnknownAction",
    );
  });
});

describe("the defense (step four)", () => {
  it("H2H-DEF-1: a defender out of time takes full damage with no damage reduction", () => {
    const r = play(duel(), [...AL_FIRST, A("kick"), { type: "timedOut", by: "bo" }], [15, 8, 12, 5]);
    expect(hp(r.melee, "bo")).toBe(25);
    expect(r.melee.current).toBeNull();
  });

  it("H2H-TRM-8: an attack the defender cannot see coming cannot be defended", () => {
    const r = play(duel(), [...AL_FIRST, A("punch", { unseen: true })], [15, 8, 12, 3]);
    expect(hp(r.melee, "bo")).toBe(27);
    expect(eventsOf(r.events, "defense")).toEqual([]);
  });

  it("H2H-TRM-9: a natural 20 beats any total; only a natural 20 defense beats it, and the defender wins that tie", () => {
    const r = play(
      duel({}, { bonuses: { parry: 10 } }),
      [...AL_FIRST, A("punch"), D("parry"), TAKE],
      [15, 8, 20, 15, 3],
    );
    expect(eventsOf(r.events, "defense")[0]).toMatchObject({ total: 25, made: false });
    expect(hp(r.melee, "bo")).toBe(24);
    const parried = play(duel(), [...AL_FIRST, A("punch"), D("parry")], [15, 8, 20, 20]);
    expect(hp(parried.melee, "bo")).toBe(30);
    const high = play(
      duel({ bonuses: { strike: 10 } }),
      [...AL_FIRST, A("punch"), D("parry")],
      [15, 8, 19, 20],
    );
    expect(eventsOf(high.events, "defense")[0]!.made).toBe(true);
  });

  it("H2H-TRM-10: a natural 1 misses whatever the bonus; a roll over one's own initiative catches it and takes the turn", () => {
    const steps: H2hInput[] = [
      ...AL_FIRST,
      A("punch"),
      { type: "catch", by: "bo", attempt: true },
      { type: "attack", by: "bo", move: "punch" },
      { type: "defend", by: "al", defense: "parry" },
      { type: "reduce", by: "al", reduction: null },
    ];
    // bo's initiative was 8: it rolls 12 > 8, counters (strike 13 against al's parry 5): 2 damage.
    const r = play(duel({ bonuses: { strike: 20 } }), steps, [15, 8, 1, 12, 13, 5, 2]);
    expect(eventsOf(r.events, "miss")[0]).toEqual({ kind: "miss", by: "al", target: "bo" });
    expect(eventsOf(r.events, "catch")[0]).toMatchObject({ what: "natural1", against: 8, made: true });
    expect(hp(r.melee, "al")).toBe(28);
    expect(state(r.melee, "bo").attacksLeft).toBe(4);
    const missed = play(
      duel(),
      [...AL_FIRST, A("punch"), { type: "catch", by: "bo", attempt: true }],
      [15, 8, 1, 8],
    );
    expect(missed.melee.current).toBeNull();
  });

  it("H2H-TRM-12: instead of defending, a strike over four; both take full damage; it costs an attack", () => {
    const steps: H2hInput[] = [...AL_FIRST, A("punch"), D("simultaneous", { move: "kick" })];
    const r = play(duel(), steps, [15, 8, 12, 5, 3, 6]);
    expect([hp(r.melee, "al"), hp(r.melee, "bo")]).toEqual([24, 27]);
    expect(state(r.melee, "bo").attacksLeft).toBe(3);
    const four = play(duel(), steps, [15, 8, 12, 4, 3]);
    expect([hp(four.melee, "al"), hp(four.melee, "bo")]).toEqual([30, 27]);
    expectRefusal(
      () => play(duel(), [...AL_FIRST, A("backKick"), D("simultaneous", { move: "kick" })], [15, 8, 12]),
      "round-refused",
      "DefenseNotAllowed",
    );
    const sweep = play(
      duel(),
      [...AL_FIRST, A("backKick"), D("simultaneous", { move: "sweep" })],
      [15, 8, 12, 9, 2, 2, 3],
    );
    expect(eventsOf(sweep.events, "damage")).toHaveLength(2);
  });

  it("H2H-DEF-2: a dodge costs the next initiative; an Auto Dodge keeps it", () => {
    const r = play(duel(), [...AL_FIRST, A("punch"), D("dodge")], [15, 8, 12, 13]);
    expect(eventsOf(r.events, "defense")[0]!.made).toBe(true);
    expect(state(r.melee, "bo").loseInitiative).toBe(true);
    const next = play(r.melee, [{ type: "exchange", a: "al", b: "bo" }], []);
    expect(eventsOf(next.events, "initiative")[0]).toMatchObject({ actor: "al", why: "lost" });
    const auto = play(duel({}, { autoDodge: true }), [...AL_FIRST, A("punch"), D("dodge")], [15, 8, 12, 13]);
    expect(state(auto.melee, "bo").loseInitiative).toBe(false);
  });

  it("H2H-DEF-2: a regular parry works like a dodge, an Auto Parry keeps the initiative; bare hands against a weapon at −8", () => {
    const r = play(duel(), [...AL_FIRST, A("punch"), D("parry")], [15, 8, 12, 13]);
    expect(state(r.melee, "bo").loseInitiative).toBe(true);
    const auto = play(duel({}, { autoParry: true }), [...AL_FIRST, A("punch"), D("parry")], [15, 8, 12, 13]);
    expect(state(auto.melee, "bo").loseInitiative).toBe(false);
    const knife = play(
      duel({ weapon: KNIFE }),
      [...AL_FIRST, A("weaponStrike"), D("parry"), TAKE],
      [15, 8, 12, 17, 6],
    );
    expect(eventsOf(knife.events, "defense")[0]).toMatchObject({ total: 9, made: false });
    expect(hp(knife.melee, "bo")).toBe(24);
  });

  it("H2H-DEF-2: with more than two in the fight, a dodge costs the dodger its attack", () => {
    const r = play(
      duel({}, {}, "fighting", [h2hFighter("cy")]),
      [...AL_FIRST, A("punch"), D("dodge")],
      [15, 8, 12, 13],
    );
    expect(state(r.melee, "bo").attacksLeft).toBe(3);
  });

  it("H2H-DEF-3: Auto-Disarm rolls over the strike with disarm bonuses; a natural 20 takes the weapon", () => {
    const r = play(
      duel({ weapon: KNIFE }),
      [...AL_FIRST, A("weaponStrike"), D("autoDisarm")],
      [15, 8, 12, 13],
    );
    expect(state(r.melee, "al").weapon).toBeNull();
    expect(state(r.melee, "bo").weapon).toBeNull();
    const taken = play(
      duel({ weapon: KNIFE }),
      [...AL_FIRST, A("weaponStrike"), D("autoDisarm")],
      [15, 8, 12, 20],
    );
    expect(state(taken.melee, "bo").weapon).toEqual(KNIFE);
    const tie = play(
      duel({ weapon: KNIFE }),
      [...AL_FIRST, A("weaponStrike"), D("autoDisarm"), TAKE],
      [15, 8, 12, 12, 3],
    );
    expect(state(tie.melee, "al").weapon).toEqual(KNIFE);
    expect(hp(tie.melee, "bo")).toBe(27);
  });

  it("H2H-DEF-3: Auto Flip/Throw and Auto Hold or Slam: over the strike with grapple bonuses only", () => {
    const flip = play(
      duel({}, {}, "grappling"),
      [...AL_FIRST, A("punch"), D("autoFlip")],
      [15, 8, 12, 13, 2, 2],
    );
    expect(hp(flip.melee, "al")).toBe(26);
    expect(state(flip.melee, "al")).toMatchObject({ attacksLeft: 2, loseInitiative: true });
    const hold = play(
      duel({}, {}, "grappling"),
      [...AL_FIRST, A("punch"), D("autoHold", { move: "neckHold" })],
      [15, 8, 12, 13, 1],
    );
    expect(state(hold.melee, "bo").holding).toEqual({ victim: "al", move: "neckHold" });
    expect(state(hold.melee, "al").heldBy).toBe("bo");
    const slam = play(
      duel({}, {}, "grappling"),
      [...AL_FIRST, A("punch"), D("autoHold", { move: "slam" })],
      [15, 8, 12, 13, 1, 1, 1],
    );
    expect(state(slam.melee, "al").attacksLeft).toBe(1);
  });

  it("H2H-DEF-4: Combo Parry/Attack: −3 to parry and to strike, burns an attack, keeps the initiative", () => {
    // al strikes 12; bo parries 15 − 3 = 12 (the defender wins the tie), strikes back 10 − 3 = 7: 2 damage.
    const r = play(
      duel(),
      [...AL_FIRST, A("punch"), D("comboParry", { move: "punch" })],
      [15, 8, 12, 15, 10, 2],
    );
    expect(eventsOf(r.events, "defense")[0]).toMatchObject({ total: 12, made: true });
    expect(hp(r.melee, "al")).toBe(28);
    expect(state(r.melee, "bo")).toMatchObject({ attacksLeft: 3, loseInitiative: false });
    const dodge = play(
      duel(),
      [...AL_FIRST, A("punch"), D("comboDodge", { move: "punch" }), TAKE],
      [15, 8, 12, 14, 10, 2, 3],
    );
    expect([hp(dodge.melee, "al"), hp(dodge.melee, "bo")]).toEqual([28, 27]);
  });

  it("H2H-DEF-4: Power Parry at −3 deals 1D4 with an arm, 1D6 with a leg", () => {
    // Parry 16 − 3 over 12, then the limb's strike 10 − 3, over four.
    const arm = play(
      duel(),
      [...AL_FIRST, A("punch"), D("powerParry", { limb: "arm" })],
      [15, 8, 12, 16, 10, 3],
    );
    expect(hp(arm.melee, "al")).toBe(27);
    const leg = play(
      duel(),
      [...AL_FIRST, A("punch"), D("powerParry", { limb: "leg" })],
      [15, 8, 12, 16, 10, 6],
    );
    expect(hp(leg.melee, "al")).toBe(24);
    const failed = play(duel(), [...AL_FIRST, A("punch"), D("powerParry"), TAKE], [15, 8, 12, 14, 2]);
    expect([hp(failed.melee, "al"), hp(failed.melee, "bo")]).toEqual([30, 28]);
  });
});

describe("damage and its reduction (steps five and six)", () => {
  it("H2H-DMG-1: a move's dice plus the P.S. damage bonus", () => {
    const r = play(duel({ bonuses: { damage: 2 } }), [...AL_FIRST, A("punch"), NONE, TAKE], [15, 8, 12, 3]);
    expect(eventsOf(r.events, "damage")[0]).toMatchObject({ amount: 5, hp: 25 });
  });

  it("H2H-DMG-2: Roll with Punch over the strike halves; Breakfall ¼ made, ½ failed", () => {
    const roll = (reduce: 13 | 12, reduction: "roll" | "breakfall") =>
      play(
        duel(),
        [...AL_FIRST, A("kick"), NONE, { type: "reduce", by: "bo", reduction }],
        [15, 8, 12, reduce, 5],
      );
    expect(hp(roll(13, "roll").melee, "bo")).toBe(28);
    expect(hp(roll(12, "roll").melee, "bo")).toBe(25);
    expect(hp(roll(13, "breakfall").melee, "bo")).toBe(29);
    expect(hp(roll(12, "breakfall").melee, "bo")).toBe(28);
  });

  it("H2H-DEF-4: Breakfall reads the breakfall bonus only", () => {
    const r = play(
      duel({}, { bonuses: { breakfall: 3, roll: -5 } }),
      [...AL_FIRST, A("kick"), NONE, { type: "reduce", by: "bo", reduction: "breakfall" }],
      [15, 8, 12, 10, 5],
    );
    expect(eventsOf(r.events, "reduction")[0]).toMatchObject({ total: 13, made: true });
  });

  it("H2H-TRM-1: over the AR (natural roll + P.P. bonus only) full damage and ¼ to the attacker; at or under, the reverse", () => {
    const over = play(duel({}, { ar: 10 }), [...AL_FIRST, A("punch"), NONE, TAKE], [15, 8, 12, 4]);
    expect([hp(over.melee, "bo"), hp(over.melee, "al")]).toEqual([26, 29]);
    const under = play(
      duel({ bonuses: { strike: 5 } }, { ar: 10 }),
      [...AL_FIRST, A("punch"), NONE, TAKE],
      [15, 8, 9, 4],
    );
    expect([hp(under.melee, "bo"), hp(under.melee, "al")]).toEqual([29, 26]);
    const at = play(duel({}, { ar: 10 }), [...AL_FIRST, A("punch"), NONE, TAKE], [15, 8, 10, 4]);
    expect([hp(at.melee, "bo"), hp(at.melee, "al")]).toEqual([29, 26]);
    const pp = play(
      duel({ bonuses: { pp: 2 } }, { ar: 10 }),
      [...AL_FIRST, A("punch"), NONE, TAKE],
      [15, 8, 9, 4],
    );
    expect([hp(pp.melee, "bo"), hp(pp.melee, "al")]).toEqual([26, 29]);
  });

  it("H2H-TRM-3: a natural 20 doubles; multipliers stack: a critical Spin is ×3", () => {
    const crit = play(duel(), [...AL_FIRST, A("punch"), NONE, TAKE], [15, 8, 20, 3]);
    expect(hp(crit.melee, "bo")).toBe(24);
    const spin = play(duel(), [...AL_FIRST, A("chop", { modifiers: ["spin"] }), NONE, TAKE], [15, 8, 20, 4]);
    expect(hp(spin.melee, "bo")).toBe(18);
    const multiply = play(
      duel(),
      [...AL_FIRST, A("chop", { modifiers: ["spin"] }), NONE, TAKE],
      [15, 8, 20, 4],
      {
        multiplierStacking: "multiply",
      },
    );
    expect(hp(multiply.melee, "bo")).toBe(14);
  });

  it("H2H-TRM-4: a death blow doubles the damage; 70% coma on d100 (save vs coma bonus), coma 1D6 days", () => {
    const steps = [...AL_FIRST, A("punch", { deathBlow: true }), NONE, TAKE];
    const coma = play(duel({ deathBlow: true }), steps, [15, 8, 12, 3, 70, 4]);
    expect(hp(coma.melee, "bo")).toBe(24);
    expect(state(coma.melee, "bo")).toMatchObject({ out: "coma", outFor: { amount: 4, unit: "days" } });
    const saved = play(duel({ deathBlow: true }), steps, [15, 8, 12, 3, 71]);
    expect(state(saved.melee, "bo").out).toBeNull();
    const bonus = play(duel({ deathBlow: true }, { bonuses: { coma: 5 } }), steps, [15, 8, 12, 3, 66]);
    expect(state(bonus.melee, "bo").out).toBeNull();
  });

  it("H2H-TRM-6: save vs knock-out 14 with P.E. bonus: saved, two attacks and half bonuses for 1D4 melees; failed, out 1D4 minutes", () => {
    const steps = [...AL_FIRST, A("punch", { knockout: true }), NONE, TAKE];
    const saved = play(duel({ knockOut: true }, { bonuses: { parry: 5 } }), steps, [15, 8, 12, 3, 14, 3]);
    const bo = state(saved.melee, "bo");
    // Rolled 3: the rest of this melee and three more.
    expect(bo).toMatchObject({ attacksLeft: 2, stunMelees: 4, out: null });
    expect(bonusOf(bo, "parry", H2H_DEFAULTS)).toBe(2);
    const pe = play(duel({ knockOut: true }, { bonuses: { pe: 2 } }), steps, [15, 8, 12, 3, 12, 1]);
    expect(state(pe.melee, "bo").out).toBeNull();
    const out = play(duel({ knockOut: true }), steps, [15, 8, 12, 3, 13, 2]);
    expect(state(out.melee, "bo")).toMatchObject({
      out: "unconscious",
      outFor: { amount: 2, unit: "minutes" },
    });
    expect(out.melee.over).toBe(true);
  });

  it("H2H-TRM-11: a pull punch over 11 (Martial Art: 7) limits the damage to 1, ¼ or ½ (Martial Art: any)", () => {
    const pulled = (pull: "one" | "half" | { points: number }, roll: number, martialArt = false) =>
      hp(
        play(duel({ martialArt }), [...AL_FIRST, A("punch", { pull }), NONE, TAKE], [15, 8, 12, 4, roll])
          .melee,
        "bo",
      );
    expect(pulled("half", 12)).toBe(28);
    expect(pulled("one", 12)).toBe(29);
    expect(pulled("half", 11)).toBe(26);
    expect(pulled({ points: 0 }, 8, true)).toBe(30);
    expect(pulled("half", 8, true)).toBe(28);
    expectRefusal(
      () => play(duel(), [...AL_FIRST, A("punch", { pull: { points: 1 } })], [15, 8]),
      "round-refused",
      "BadPull",
    );
  });
});

describe("ranges and the moves list", () => {
  it("H2H-RNG-1: three ranges; each move only where it may be made; grapples from fighting range at −2", () => {
    expectRefusal(() => play(duel(), [...AL_FIRST, A("hook")], [15, 8]), "round-refused", "OutOfRange");
    expectRefusal(
      () => play(duel({}, {}, "long"), [...AL_FIRST, A("punch")], [15, 8]),
      "round-refused",
      "OutOfRange",
    );
    const hook = play(duel({}, {}, "grappling"), [...AL_FIRST, A("hook"), NONE, TAKE], [15, 8, 12, 2, 2]);
    expect(hp(hook.melee, "bo")).toBe(26);
    const flip = play(duel({ bonuses: { grapple: 1 } }), [...AL_FIRST, A("flipThrow")], [15, 8, 12]);
    expect(eventsOf(flip.events, "strike")[0]!.total).toBe(11);
  });

  const armMoves: [MoveId, number, string][] = [
    ["punch", 1, "fighting"],
    ["hook", 2, "grappling"],
    ["underpunch", 1, "fighting"],
    ["palm", 1, "fighting"],
    ["chop", 1, "fighting"],
    ["backhand", 1, "fighting"],
    ["elbow", 1, "grappling"],
    ["forearm", 1, "grappling"],
    ["uppercut", 2, "grappling"],
    ["doubleFist", 2, "fighting"],
  ];
  it.each(armMoves)("H2H-MOV-1: %s rolls %i dice at %s range", (move, count, range) => {
    const r = play(
      duel({}, {}, range as "fighting"),
      [...AL_FIRST, A(move), NONE, TAKE],
      [15, 8, 12, ...Array(count).fill(1)],
    );
    expect(hp(r.melee, "bo")).toBe(30 - count);
    const data = H2H_DEFAULTS.moves[move];
    expect(data.family).toBe("arm");
    if (range === "grappling") expect(data.ranges).toEqual(["grappling"]);
  });

  it("H2H-MOV-1: the arm attacks' dice as the text gives them", () => {
    const dice = Object.fromEntries(armMoves.map(([m]) => [m, H2H_DEFAULTS.moves[m].dice]));
    expect(dice).toEqual({
      punch: "1d4",
      hook: "2d4",
      underpunch: "1d6",
      palm: "1d6",
      chop: "1d6",
      backhand: "1d4",
      elbow: "1d6",
      forearm: "1d4",
      uppercut: "2d4",
      doubleFist: "2d4",
    });
  });

  it("H2H-MOV-2: the leg attacks' dice and ranges as the text gives them", () => {
    const legs = [
      "kick",
      "sideKick",
      "crescentKick",
      "hookKick",
      "frontKick",
      "roundKick",
      "shinKick",
      "axeKick",
      "backKick",
      "sweep",
      "knee",
    ] as const;
    expect(legs.map((m) => H2H_DEFAULTS.moves[m].dice)).toEqual([
      "1d6",
      "1d6",
      "2d4",
      "2d4",
      "2d6",
      "3d4",
      "3d4",
      "3d4",
      "2d6",
      "1d4",
      "2d4",
    ]);
    expect(H2H_DEFAULTS.moves.hookKick.ranges).toEqual(["fighting"]);
    expect(H2H_DEFAULTS.moves.roundKick.ranges).toEqual(["fighting"]);
    expect(H2H_DEFAULTS.moves.shinKick.ranges).toEqual(["grappling"]);
  });

  it("H2H-MOV-2: a Front Kick at grappling range dealing over 9 (natural roll) pushes to fighting range", () => {
    const push = play(
      duel({}, {}, "grappling"),
      [...AL_FIRST, A("frontKick"), NONE, TAKE],
      [15, 8, 12, 5, 5],
    );
    expect(rangeOf(push.melee, "al", "bo")).toBe("fighting");
    const nine = play(
      duel({ bonuses: { damage: 5 } }, {}, "grappling"),
      [...AL_FIRST, A("frontKick"), NONE, TAKE],
      [15, 8, 12, 4, 5],
    );
    expect(rangeOf(nine.melee, "al", "bo")).toBe("grappling");
  });

  it("H2H-MOV-2: a Round Kick parried still deals ¼; a Sweep cannot be parried and fells: an attack and the next initiative", () => {
    const round = play(duel(), [...AL_FIRST, A("roundKick"), D("parry")], [15, 8, 12, 13, 4, 4, 4]);
    expect(hp(round.melee, "bo")).toBe(27);
    const m = play(duel(), [...AL_FIRST, A("sweep")], [15, 8, 12]).melee;
    expect(defenseOptions(m)).not.toContain("parry");
    expect(defenseOptions(m)).toContain("dodge");
    const swept = play(m, [D("dodge"), TAKE], [11, 2]);
    expect(state(swept.melee, "bo")).toMatchObject({ attacksLeft: 3, loseInitiative: true, hp: 28 });
    expect(eventsOf(swept.events, "effect").map((e) => e.what)).toContain("falls");
  });

  it("H2H-MOV-2: a Crescent Kick rolled with deals ¼, and nothing after a Breakfall", () => {
    const crescent = (reduction: "roll" | "breakfall") =>
      play(
        duel(),
        [...AL_FIRST, A("crescentKick"), NONE, { type: "reduce", by: "bo", reduction }],
        [15, 8, 12, 13, 4, 4],
      );
    expect(hp(crescent("roll").melee, "bo")).toBe(28);
    expect(hp(crescent("breakfall").melee, "bo")).toBe(30);
  });

  it("H2H-MOV-3: a Tackle costs an attack and the next initiative; a balance roll of 14 keeps the attack", () => {
    const fell = play(duel(), [...AL_FIRST, A("tackle"), NONE, TAKE], [15, 8, 12, 2, 2, 13]);
    expect(state(fell.melee, "bo")).toMatchObject({ attacksLeft: 3, loseInitiative: true, hp: 26 });
    const kept = play(duel(), [...AL_FIRST, A("tackle"), NONE, TAKE], [15, 8, 12, 2, 2, 14]);
    expect(state(kept.melee, "bo")).toMatchObject({ attacksLeft: 4, loseInitiative: true });
    expect(H2H_DEFAULTS.moves.headbutt).toMatchObject({ dice: "1d6", ranges: ["grappling"] });
  });

  it("H2H-MOV-3: a Disarm needs 16+ with disarm bonuses; the wielder defends over it with P.P. bonuses; a natural 20 takes the weapon", () => {
    const sheets = [{ bonuses: { disarm: 1 } }, { weapon: KNIFE, bonuses: { parry: 9, pp: 0 } }] as const;
    const short = play(duel(...sheets), [...AL_FIRST, A("disarm")], [15, 8, 14]);
    expect(eventsOf(short.events, "miss")).toHaveLength(1);
    const r = play(duel(...sheets), [...AL_FIRST, A("disarm"), D("parry")], [15, 8, 15, 10]);
    expect(eventsOf(r.events, "defense")[0]).toMatchObject({ total: 10, made: false });
    expect([state(r.melee, "bo").weapon, state(r.melee, "al").weapon]).toEqual([null, null]);
    const taken = play(duel(...sheets), [...AL_FIRST, A("disarm"), D("parry")], [15, 8, 20, 19]);
    expect(state(taken.melee, "al").weapon).toEqual(KNIFE);
    const kept = play(duel(...sheets), [...AL_FIRST, A("disarm"), D("dodge")], [15, 8, 15, 17]);
    expect(state(kept.melee, "bo").weapon).toEqual(KNIFE);
  });

  it("H2H-MOV-4: Flip/Throw costs an attack and the next initiative; Slam two attacks", () => {
    const flip = play(
      duel({}, {}, "grappling"),
      [...AL_FIRST, A("flipThrow"), NONE, TAKE],
      [15, 8, 12, 2, 2],
    );
    expect(state(flip.melee, "bo")).toMatchObject({ attacksLeft: 3, loseInitiative: true, hp: 26 });
    const slam = play(duel({}, {}, "grappling"), [...AL_FIRST, A("slam"), NONE, TAKE], [15, 8, 12, 1, 1, 1]);
    expect(state(slam.melee, "bo")).toMatchObject({ attacksLeft: 2, hp: 27 });
  });

  it("H2H-MOV-4: a Bear Hug: each squeeze an attack and its damage, no roll; break free over P.S. (+ damage bonus)", () => {
    const hug = play(
      duel({ ps: 12, bonuses: { damage: 1 } }, {}, "grappling"),
      [...AL_FIRST, A("bearHug"), NONE, TAKE],
      [15, 8, 12, 3],
    );
    expect(state(hug.melee, "bo").heldBy).toBe("al");
    expect(hp(hug.melee, "bo")).toBe(26);
    const squeezed = play(hug.melee, [...AL_FIRST, { type: "squeeze", by: "al" }], [15, 8, 4]);
    expect(hp(squeezed.melee, "bo")).toBe(21);
    expect(state(squeezed.melee, "al").attacksLeft).toBe(2);
    // bo rolls 13 against al's P.S. 12 + 1: a tie breaks free but takes the squeeze.
    const tie = play(
      hug.melee,
      [
        { type: "exchange", a: "al", b: "bo" },
        { type: "breakFree", by: "bo" },
      ],
      [8, 15, 13, 2],
    );
    expect(eventsOf(tie.events, "breakFree")[0]).toMatchObject({ against: 13, made: true });
    expect(hp(tie.melee, "bo")).toBe(23);
    expect(state(tie.melee, "bo").heldBy).toBeNull();
    const ppps = play(
      hug.melee,
      [
        { type: "exchange", a: "al", b: "bo" },
        { type: "breakFree", by: "bo" },
      ],
      [8, 15, 13],
      { bearHugBreak: "ppPlusPs" },
    );
    expect(eventsOf(ppps.events, "breakFree")[0]).toMatchObject({ against: 22, made: false });
    const struck = play(
      hug.melee,
      [
        { type: "exchange", a: "al", b: "bo" },
        { type: "attack", by: "bo", move: "headbutt" },
        { type: "noDefense", by: "al" },
        { type: "reduce", by: "al", reduction: null },
      ],
      [8, 15, 12, 2],
    );
    expect(state(struck.melee, "bo").heldBy).toBeNull();
    expect(hp(struck.melee, "al")).toBe(28);
    const thrown = play(hug.melee, [...AL_FIRST, A("slam")], [15, 8, 1, 1, 1]);
    expect(state(thrown.melee, "bo")).toMatchObject({ heldBy: null, attacksLeft: 2 });
  });

  it("H2H-MOV-4: holds break over the holder's P.P. + P.S. with P.P. bonuses only; a held victim does nothing else", () => {
    const held = play(
      duel({}, { bonuses: { pp: 2, strike: 9 } }, "grappling"),
      [...AL_FIRST, A("armHold"), NONE, TAKE],
      [15, 8, 12, 1],
    );
    expectRefusal(
      () =>
        play(
          held.melee,
          [
            { type: "exchange", a: "al", b: "bo" },
            { type: "attack", by: "bo", move: "punch" },
          ],
          [8, 15],
        ),
      "round-refused",
      "Held",
    );
    const fails = play(
      held.melee,
      [
        { type: "exchange", a: "al", b: "bo" },
        { type: "breakFree", by: "bo" },
      ],
      [8, 15, 17],
    );
    expect(eventsOf(fails.events, "breakFree")[0]).toMatchObject({ total: 19, against: 20, made: false });
    const breaks = play(
      held.melee,
      [
        { type: "exchange", a: "al", b: "bo" },
        { type: "breakFree", by: "bo" },
      ],
      [8, 15, 19],
    );
    expect(state(breaks.melee, "bo").heldBy).toBeNull();
    expect(hp(breaks.melee, "bo")).toBe(29);
  });
});

describe("attack modifications", () => {
  it("H2H-MOD-1: Dash moves one range in without an attack, adds a die, −2 to strike", () => {
    const r = play(
      duel({}, {}, "long"),
      [...AL_FIRST, A("punch", { modifiers: ["dash"] }), NONE, TAKE],
      [15, 8, 12, 1, 1],
    );
    expect(eventsOf(r.events, "strike")[0]!.total).toBe(10);
    expect(rangeOf(r.melee, "al", "bo")).toBe("fighting");
    expect(hp(r.melee, "bo")).toBe(28);
    expect(state(r.melee, "al").attacksLeft).toBe(3);
  });

  it("H2H-MOD-1: Spin doubles, costs the next initiative and an attack, and still deals ¼ parried", () => {
    const r = play(duel(), [...AL_FIRST, A("sideKick", { modifiers: ["spin"] }), NONE, TAKE], [15, 8, 12, 4]);
    expect(hp(r.melee, "bo")).toBe(22);
    expect(state(r.melee, "al")).toMatchObject({ attacksLeft: 2, loseInitiative: true });
    const parried = play(
      duel(),
      [...AL_FIRST, A("sideKick", { modifiers: ["spin"] }), D("parry")],
      [15, 8, 12, 13, 4],
    );
    expect(hp(parried.melee, "bo")).toBe(28);
  });

  it("H2H-MOD-1: Jump doubles the dice, costs the next initiative, and may start at long range", () => {
    const r = play(
      duel({}, {}, "long"),
      [...AL_FIRST, A("punch", { modifiers: ["jump"] }), NONE, TAKE],
      [15, 8, 12, 1, 2],
    );
    expect(hp(r.melee, "bo")).toBe(27);
    expect(state(r.melee, "al").loseInitiative).toBe(true);
  });

  it("H2H-MOD-1: Power Attack: one attack prepares (open to any attack), the next strikes ×2, the victim loses the next initiative", () => {
    let r = play(duel(), [...AL_FIRST, A("punch", { modifiers: ["power"] })], [15, 8]);
    expect(state(r.melee, "al")).toMatchObject({ preparingPower: true, attacksLeft: 3 });
    r = play(
      r.melee,
      [
        { type: "exchange", a: "al", b: "bo" },
        { type: "attack", by: "bo", move: "punch" },
      ],
      [8, 15, 12, 2],
    );
    expect(hp(r.melee, "al")).toBe(28);
    expectRefusal(() => play(r.melee, [...AL_FIRST, A("punch")], [15, 8]), "round-refused", "PowerPrepared");
    const hit = play(
      r.melee,
      [...AL_FIRST, A("punch", { modifiers: ["power"] }), NONE, TAKE],
      [15, 8, 12, 3],
    );
    expect(hp(hit.melee, "bo")).toBe(24);
    expect(state(hit.melee, "bo").loseInitiative).toBe(true);
    const parried = play(
      r.melee,
      [...AL_FIRST, A("punch", { modifiers: ["power"] }), D("parry")],
      [15, 8, 12, 13, 4],
    );
    expect(hp(parried.melee, "bo")).toBe(28);
  });

  it.each([
    ["sweep", "spin"],
    ["kick", "spin"],
    ["frontKick", "spin"],
    ["bearHug", "power"],
    ["armHold", "jump"],
    ["flipThrow", "jump"],
    ["roundKick", "dash"],
  ] as [MoveId, ModifierId][])("H2H-MOD-1: %s cannot be made with %s", (move, mod) => {
    expectRefusal(
      () => play(duel({}, {}, "grappling"), [...AL_FIRST, A(move, { modifiers: [mod] })], [15, 8]),
      "round-refused",
      "ModifierNotAllowed",
    );
  });
});

describe("the melee round", () => {
  it("H2H-TRM-7: a melee is 15 seconds and lasts until every attack is spent; the next gives them back", () => {
    expect(H2H_DEFAULTS.secondsPerMelee).toBe(15);
    const one = { attacksPerMelee: 1 };
    let r = play(
      duel(one, one),
      [...AL_FIRST, { type: "timedOut", by: "al" }, { type: "catch", by: "bo", attempt: false }],
      [15, 8, 5],
    );
    expect(r.melee.over).toBe(false);
    r = play(
      r.melee,
      [
        { type: "exchange", a: "al", b: "bo" },
        { type: "timedOut", by: "bo" },
        { type: "catch", by: "al", attempt: false },
      ],
      [5],
    );
    expect(eventsOf(r.events, "initiative")[0]!.why).toBe("only");
    expect(r.melee.over).toBe(true);
    expectRefusal(
      () => act(r.melee, { type: "exchange", a: "al", b: "bo" }, new ScriptedDice([])),
      "round-refused",
      "MeleeOver",
    );
    const next = startMelee(r.melee);
    expect(next).toMatchObject({ melee: 2, over: false });
    expect(next.fighters.map((f) => f.attacksLeft)).toEqual([1, 1]);
  });

  it("attacks lost beyond those left are taken from the next melee; a stun counts down", () => {
    const r = play(
      duel({}, { attacksPerMelee: 2 }, "grappling"),
      [...AL_FIRST, A("slam"), NONE, TAKE],
      [15, 8, 12, 1, 1, 1],
    );
    expect(state(r.melee, "bo").attacksLeft).toBe(0);
    const steps = [...AL_FIRST, A("punch", { knockout: true }), NONE, TAKE];
    const stunned = play(duel({ knockOut: true }, { attacksPerMelee: 1 }), steps, [15, 8, 12, 3, 14, 2]);
    expect(state(stunned.melee, "bo").owedAttacks).toBe(1);
    const next = startMelee(stunned.melee);
    expect(state(next, "bo")).toMatchObject({ attacksLeft: 0, owedAttacks: 0, stunMelees: 2 });
  });

  it("refuses a choice the melee does not wait for, or by the wrong fighter, with a typed error", () => {
    const m = duel();
    expectRefusal(() => act(m, A("punch"), new ScriptedDice([])), "round-refused", "NoExchange");
    expectRefusal(
      () => act(m, { type: "exchange", a: "al", b: "zed" }, new ScriptedDice([])),
      "round-refused",
      "UnknownFighter",
    );
    expectRefusal(
      () => act(m, { type: "exchange", a: "al", b: "al" }, new ScriptedDice([])),
      "round-refused",
      "SameFighter",
    );
    const begun = play(m, AL_FIRST, [15, 8]).melee;
    expectRefusal(
      () => act(begun, { type: "attack", by: "bo", move: "punch" }, new ScriptedDice([])),
      "round-refused",
      "NotTheirChoice",
    );
    expectRefusal(
      () => act(begun, A("haymaker" as MoveId), new ScriptedDice([])),
      "round-refused",
      "UnknownMove",
    );
    expectRefusal(
      () => act(begun, A("punch", { modifiers: ["flying" as ModifierId] }), new ScriptedDice([])),
      "round-refused",
      "UnknownModifier",
    );
    expectRefusal(() => act(begun, D("parry"), new ScriptedDice([])), "round-refused", "WrongStage");
    expectRefusal(() => act(begun, A("weaponStrike"), new ScriptedDice([])), "round-refused", "NoWeapon");
    expectRefusal(
      () => act(begun, A("punch", { knockout: true, deathBlow: true }), new ScriptedDice([])),
      "round-refused",
      "BadAnnouncement",
    );
    const striking = play(begun, [A("punch")], [12]).melee;
    expectRefusal(
      () => act(striking, D("guard" as DefenseId), new ScriptedDice([])),
      "round-refused",
      "UnknownDefense",
    );
    expectRefusal(
      () => act(striking, D("autoHold", { move: "nap" as MoveId }), new ScriptedDice([])),
      "round-refused",
      "DefenseNotAllowed",
    );
    expectRefusal(
      () => act(striking, { type: "reduce", by: "bo", reduction: "roll" }, new ScriptedDice([])),
      "round-refused",
      "WrongStage",
    );
    expect(() => startMelee(null, [h2hFighter("al"), h2hFighter("al")])).toThrow(/two fighters/);
  });
});

describe("startMelee, where the engine takes its sheets", () => {
  it("refuses a sheet given as data with a bad figure, and copies one it may not own", () => {
    const good = h2hFighter("al");
    expectRefusal(() => startMelee(null, [{ ...good, attacksPerMelee: -3 }]), "invalid-value");
    expectRefusal(() => startMelee(null, [{ ...good, hitPoints: Number.NaN }]), "invalid-value");
    expectRefusal(
      () => startMelee(null, [{ ...good, bonuses: { ...good.bonuses, strike: 1.5 } }]),
      "invalid-value",
    );
    const loose = { ...good, bonuses: { ...good.bonuses } };
    const melee = startMelee(null, [loose, h2hFighter("bo")]);
    loose.bonuses.strike = 30;
    (loose as { hitPoints: number }).hitPoints = 999;
    const al = melee.fighters.find((f) => f.id === "al")!;
    expect(al.sheet.bonuses.strike).toBe(0);
    expect(al.sheet.hitPoints).toBe(30);
  });
});

describe("a Disarm made as a counter", () => {
  it("H2H-MOV-3: a Disarm as a simultaneous attack or a combo's counter still needs its 16+", () => {
    const sheets = [{ weapon: KNIFE }, {}] as const;
    // al strikes 12 with the knife (3 damage); bo's Disarm rolls 10: over four, short of 16.
    const simultaneous = play(
      duel(...sheets),
      [...AL_FIRST, A("weaponStrike"), D("simultaneous", { move: "disarm" })],
      [15, 8, 12, 10, 3],
    );
    expect(state(simultaneous.melee, "al").weapon).toEqual(KNIFE);
    expect(eventsOf(simultaneous.events, "miss")).toEqual([{ kind: "miss", by: "bo", target: "al" }]);
    const made = play(
      duel(...sheets),
      [...AL_FIRST, A("weaponStrike"), D("simultaneous", { move: "disarm" })],
      [15, 8, 12, 16, 3],
    );
    expect(state(made.melee, "al").weapon).toBeNull();
    // The combo's counter is at −3: 18 is 15, short of 16; 19 is 16.
    const combo = play(
      duel(...sheets),
      [...AL_FIRST, A("weaponStrike"), D("comboParry", { move: "disarm" })],
      [15, 8, 12, 15, 18],
    );
    expect(state(combo.melee, "al").weapon).toEqual(KNIFE);
    const comboMade = play(
      duel(...sheets),
      [...AL_FIRST, A("weaponStrike"), D("comboParry", { move: "disarm" })],
      [15, 8, 12, 15, 19],
    );
    expect(state(comboMade.melee, "al").weapon).toBeNull();
  });
});

describe("a tie's strikes, as declared", () => {
  const TIE: H2hInput[] = [...AL_FIRST, { type: "tie", defend: [] }];
  const BO = (move: MoveId, more: Partial<Extract<H2hInput, { type: "attack" }>> = {}): H2hInput => ({
    type: "attack",
    by: "bo",
    move,
    ...more,
  });

  it("H2H-RNG-1: a grapple struck in a tie from fighting range keeps its −2", () => {
    // al's punch 12 hits for 2; bo's Flip/Throw rolls 6, 4 after the −2: not over four.
    const r = play(duel(), [...TIE, A("punch"), BO("flipThrow")], [10, 10, 12, 6, 2]);
    expect(eventsOf(r.events, "strike").map((e) => e.total)).toEqual([12, 4]);
    expect(eventsOf(r.events, "miss")).toEqual([{ kind: "miss", by: "bo", target: "al" }]);
    expect([hp(r.melee, "al"), hp(r.melee, "bo")]).toEqual([30, 28]);
  });

  it("H2H-MOD-1: a Dash in a tie strikes at −2 and moves in; a Spin costs an attack and the next initiative", () => {
    const dash = play(duel(), [...TIE, A("punch", { modifiers: ["dash"] }), BO("punch")], [10, 10, 6, 3]);
    expect(eventsOf(dash.events, "strike")[0]!.total).toBe(4);
    expect(eventsOf(dash.events, "miss")).toHaveLength(2);
    expect(rangeOf(dash.melee, "al", "bo")).toBe("grappling");
    const spin = play(duel(), [...TIE, A("chop", { modifiers: ["spin"] }), BO("punch")], [10, 10, 3, 3]);
    expect(state(spin.melee, "al")).toMatchObject({ attacksLeft: 2, loseInitiative: true });
    expect(state(spin.melee, "bo")).toMatchObject({ attacksLeft: 3, loseInitiative: false });
  });

  it("H2H-TRM-2: a wild attack in a tie takes its action and its −6", () => {
    const r = play(
      duel({}, {}, "long"),
      [...TIE, A("punch", { action: "approach" }), BO("punch", { action: "approach" })],
      [10, 10, 10, 10],
    );
    expect(eventsOf(r.events, "strike").map((e) => e.total)).toEqual([4, 4]);
    expect(eventsOf(r.events, "actions")).toHaveLength(2);
    expect(rangeOf(r.melee, "al", "bo")).toBe("fighting");
  });
});

describe("who may announce a knock-out or a death blow", () => {
  it("H2H-TRM-6: only a sheet with the knock-out attack announces one; likewise the death blow (H2H-TRM-4)", () => {
    const begun = play(duel(), AL_FIRST, [15, 8]).melee;
    expectRefusal(
      () => act(begun, A("punch", { knockout: true }), new ScriptedDice([])),
      "round-refused",
      "BadAnnouncement",
    );
    expectRefusal(
      () => act(begun, A("punch", { deathBlow: true }), new ScriptedDice([])),
      "round-refused",
      "BadAnnouncement",
    );
    const trained = play(duel({ knockOut: true }), AL_FIRST, [15, 8]).melee;
    expect(() => act(trained, A("punch", { knockout: true }), new ScriptedDice([12]))).not.toThrow();
    expectRefusal(
      () => act(trained, A("punch", { deathBlow: true }), new ScriptedDice([])),
      "round-refused",
      "BadAnnouncement",
    );
    expectRefusal(
      () => startMelee(null, [{ ...h2hFighter("al"), knockOut: "yes" as never }]),
      "invalid-value",
    );
  });
});

describe("catching a natural 1 when initiative is kept for the melee", () => {
  it("H2H-TRM-10: the catch is over the melee's initiative total, not the no-initiative figure", () => {
    const options = { initiativeEvery: "melee" as const };
    // First exchange: al 15, bo 8, kept; al's punch lands for 2.
    const first = play(duel(), [...AL_FIRST, A("punch"), NONE, TAKE], [15, 8, 12, 2], options);
    // Second: no initiative roll; al rolls a natural 1; bo's 9 is over its 8.
    const r = play(
      first.melee,
      [...AL_FIRST, A("punch"), { type: "catch", by: "bo", attempt: true }],
      [1, 9],
      options,
    );
    expect(eventsOf(r.events, "catch")[0]).toMatchObject({ against: 8, total: 9, made: true });
    expect(expecting(r.melee)).toMatchObject({ who: ["bo"] });
  });
});

describe("two blows at once, when the first kills", () => {
  it("H2H-TRM-12: both fighters take full damage, in a tie or a simultaneous attack, whatever the order", () => {
    const options = { deadAtHp: 0 };
    const sheets = [{ hitPoints: 2 }, { hitPoints: 2 }] as const;
    const tie = play(
      duel(...sheets),
      [...AL_FIRST, { type: "tie", defend: [] }, A("punch"), { type: "attack", by: "bo", move: "punch" }],
      [10, 10, 12, 12, 2, 2],
      options,
    );
    expect([state(tie.melee, "al").out, state(tie.melee, "bo").out]).toEqual(["dead", "dead"]);
    expect(eventsOf(tie.events, "damage")).toHaveLength(2);
    const simultaneous = play(
      duel(...sheets),
      [...AL_FIRST, A("punch"), D("simultaneous", { move: "punch" })],
      [15, 8, 12, 12, 2, 2],
      options,
    );
    expect([hp(simultaneous.melee, "al"), hp(simultaneous.melee, "bo")]).toEqual([0, 0]);
    expect(state(simultaneous.melee, "al").out).toBe("dead");
  });
});
