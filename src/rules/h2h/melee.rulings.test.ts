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
import { H2H_DEFAULTS, resolveH2hOptions } from "./config";
import { defenseOptions, expecting, type H2hInput } from "./melee";
import type { DefenseId, MoveId } from "./types";

/*
 * Readings a rules review asked for, each on the melee engine the
 * simulator runs (docs/rules/h2h.md quotes the text and says why).
 */

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
const NEXT: H2hInput = { type: "exchange", a: "al", b: "bo" };
const KNIFE = { name: "Knife", damage: "1d6" };

/** al holds bo in a Bear Hug at grappling range; bo has 26 hit points left. */
function hugged() {
  return play(
    duel({ ps: 12, bonuses: { damage: 1 } }, {}, "grappling"),
    [...AL_FIRST, A("bearHug"), NONE, TAKE],
    [15, 8, 12, 3],
  ).melee;
}

describe("a combo's counter and the blow it meets are struck at once", () => {
  it("H2H-DEF-4: a counter that kills the attacker does not stop the attacker's blow", () => {
    const options = { deadAtHp: 0 };
    // al strikes 12; bo parries 14 − 3 = 11 and fails, strikes back 10 − 3 = 7 for 2: al is dead; al's punch still lands for 3.
    const hit = play(
      duel({ hitPoints: 2 }),
      [...AL_FIRST, A("punch"), D("comboParry", { move: "punch" }), TAKE],
      [15, 8, 12, 14, 10, 2, 3],
      options,
    );
    expect(state(hit.melee, "al").out).toBe("dead");
    expect(hp(hit.melee, "bo")).toBe(27);
    // Parried, a Round Kick still deals its ¼ (12 → 3), though the counter killed its kicker.
    const parried = play(
      duel({ hitPoints: 2 }),
      [...AL_FIRST, A("roundKick"), D("comboParry", { move: "punch" })],
      [15, 8, 12, 15, 10, 2, 4, 4, 4],
      options,
    );
    expect(state(parried.melee, "al").out).toBe("dead");
    expect(hp(parried.melee, "bo")).toBe(27);
  });
});

describe("a Bear Hug and its holder", () => {
  it("H2H-MOV-4: a holder, its arms on the hold, cannot parry or dodge; it may still roll with the blow", () => {
    const struck = play(hugged(), [NEXT, { type: "attack", by: "bo", move: "punch" }], [8, 15, 12]);
    expect(defenseOptions(struck.melee)).not.toContain("parry");
    expect(defenseOptions(struck.melee)).not.toContain("dodge");
    expectRefusal(
      () => play(struck.melee, [{ type: "defend", by: "al", defense: "parry" }], []),
      "round-refused",
      "DefenseNotAllowed",
    );
    // No defense: al rolls with it (15 over 12), half of 4.
    const rolled = play(
      struck.melee,
      [
        { type: "noDefense", by: "al" },
        { type: "reduce", by: "al", reduction: "roll" },
      ],
      [15, 4],
    );
    expect(hp(rolled.melee, "al")).toBe(28);
    expect(state(rolled.melee, "bo").heldBy).toBeNull();
  });

  it("H2H-MOV-4: the victim's blow that lands frees it, even when a Breakfall leaves it no damage", () => {
    const r = play(
      hugged(),
      [
        NEXT,
        { type: "attack", by: "bo", move: "crescentKick" },
        { type: "noDefense", by: "al" },
        { type: "reduce", by: "al", reduction: "breakfall" },
      ],
      [8, 15, 12, 15, 2, 2],
    );
    expect(hp(r.melee, "al")).toBe(30);
    expect(state(r.melee, "bo").heldBy).toBeNull();
    expect(state(r.melee, "al").holding).toBeNull();
  });

  it("H2H-MOV-4: a Slam from a Bear Hug in a tie needs no roll and ends the hug", () => {
    // al slams with no roll (1 + 1 + 1, + 1 damage bonus); bo's punch, 3, is not over four.
    const r = play(
      hugged(),
      [NEXT, { type: "tie", defend: [] }, A("slam"), { type: "attack", by: "bo", move: "punch" }],
      [10, 10, 3, 1, 1, 1],
    );
    expect(hp(r.melee, "bo")).toBe(22);
    expect(state(r.melee, "bo")).toMatchObject({ heldBy: null, loseInitiative: true });
    expect(state(r.melee, "al").holding).toBeNull();
  });
});

describe("the armor's ¼ to the attacker is of the blow as it lands", () => {
  it("H2H-TRM-1: after a roll with the punch, ¼ of the half the victim takes", () => {
    // Axe Kick 12, rolled with (15 over 12): bo takes 6; al, over the AR, ¼ of 6.
    const r = play(
      duel({}, { ar: 10 }),
      [...AL_FIRST, A("axeKick"), NONE, { type: "reduce", by: "bo", reduction: "roll" }],
      [15, 8, 12, 15, 4, 4, 4],
    );
    expect([hp(r.melee, "al"), hp(r.melee, "bo")]).toEqual([29, 24]);
  });

  it("H2H-TRM-1: after a pulled punch, ¼ of what the pull lets through", () => {
    const r = play(
      duel({}, { ar: 10 }),
      [...AL_FIRST, A("axeKick", { pull: "half" }), NONE, TAKE],
      [15, 8, 12, 4, 4, 4, 12],
    );
    expect([hp(r.melee, "al"), hp(r.melee, "bo")]).toEqual([29, 24]);
  });

  it("H2H-TRM-1: a parried Round Kick's ¼ sends back a ¼ of that ¼ (at least 1)", () => {
    const r = play(duel({}, { ar: 10 }), [...AL_FIRST, A("roundKick"), D("parry")], [15, 8, 12, 13, 4, 4, 4]);
    expect([hp(r.melee, "al"), hp(r.melee, "bo")]).toEqual([29, 27]);
  });

  it("H2H-TRM-1: an Auto Flip/Throw is rolled, so it meets the AR like any strike", () => {
    // bo flips al (13 over 12); natural 13 is under al's AR 15: al takes ¼ of 4, bo the full 4.
    const r = play(
      duel({ ar: 15 }, {}, "grappling"),
      [...AL_FIRST, A("punch"), D("autoFlip")],
      [15, 8, 12, 13, 2, 2],
    );
    expect([hp(r.melee, "al"), hp(r.melee, "bo")]).toEqual([29, 26]);
  });
});

describe("a Power Attack being prepared", () => {
  const prepared = () => play(duel(), [...AL_FIRST, A("punch", { modifiers: ["power"] })], [15, 8]).melee;

  it("H2H-MOD-1: a preparer in a tie strikes its Power Attack, and only that", () => {
    const r = play(
      prepared(),
      [
        NEXT,
        { type: "tie", defend: [] },
        A("punch", { modifiers: ["power"] }),
        { type: "attack", by: "bo", move: "punch" },
      ],
      [10, 10, 12, 3, 2],
    );
    expect(hp(r.melee, "bo")).toBe(26);
    expect(state(r.melee, "al")).toMatchObject({ preparingPower: false, attacksLeft: 2 });
    expect(state(r.melee, "bo").loseInitiative).toBe(true);
    expectRefusal(
      () => play(prepared(), [NEXT, { type: "tie", defend: [] }, A("punch")], [10, 10]),
      "round-refused",
      "PowerPrepared",
    );
  });

  it("H2H-MOD-1: a preparer cannot do anything, not even catch a natural 1", () => {
    const r = play(prepared(), [NEXT, { type: "attack", by: "bo", move: "punch" }], [8, 15, 1]);
    expect(r.melee.current).toBeNull();
    expect(expecting(r.melee).kinds).toEqual(["exchange"]);
  });

  it("H2H-TRM-10: the counter of a caught natural 1 is a strike: no Power Attack prepared, no actions, in it", () => {
    const caught = play(
      duel(),
      [...AL_FIRST, A("punch"), { type: "catch", by: "bo", attempt: true }],
      [15, 8, 1, 12],
    );
    expect(caught.melee.current).toMatchObject({ attacker: "bo", free: true });
    expectRefusal(
      () => play(caught.melee, [{ type: "attack", by: "bo", move: "punch", modifiers: ["power"] }], []),
      "round-refused",
      "FreeCounter",
    );
    expectRefusal(
      () => play(caught.melee, [{ type: "actions", by: "bo", actions: ["approach"] }], []),
      "round-refused",
      "FreeCounter",
    );
  });
});

describe("defenses as the text gives them", () => {
  it("H2H-DEF-4: a made Power Parry strikes at −3 (over four) for 1D4 or 1D6 plus the P.S. damage bonus", () => {
    const bo = { bonuses: { strike: 2, damage: 2 } };
    // Parry 16 − 3 = 13 over 12; the strike 5 + 2 − 3 = 4 is not over four.
    const short = play(duel({}, bo), [...AL_FIRST, A("punch"), D("powerParry")], [15, 8, 12, 16, 5]);
    expect(hp(short.melee, "al")).toBe(30);
    const arm = play(duel({}, bo), [...AL_FIRST, A("punch"), D("powerParry")], [15, 8, 12, 16, 10, 3]);
    expect(hp(arm.melee, "al")).toBe(25);
    const leg = play(
      duel({}, bo),
      [...AL_FIRST, A("punch"), D("powerParry", { limb: "leg" })],
      [15, 8, 12, 16, 10, 6],
    );
    expect(hp(leg.melee, "al")).toBe(22);
  });

  it("H2H-DEF-3: Auto-Disarm is offered only against an attacker with a weapon", () => {
    const bare = play(duel(), [...AL_FIRST, A("punch")], [15, 8, 12]);
    expect(defenseOptions(bare.melee)).not.toContain("autoDisarm");
    expectRefusal(() => play(bare.melee, [D("autoDisarm")], []), "round-refused", "DefenseNotAllowed");
    const armed = play(duel({ weapon: KNIFE }), [...AL_FIRST, A("punch")], [15, 8, 12]);
    expect(defenseOptions(armed.melee)).toContain("autoDisarm");
  });

  it("H2H-RNG-1: an Auto Flip/Throw or Auto Hold from fighting range is at −2", () => {
    const flip = play(duel(), [...AL_FIRST, A("punch"), D("autoFlip")], [15, 8, 12, 13]);
    expect(eventsOf(flip.events, "defense")[0]).toMatchObject({ total: 11, made: false });
    expect(flip.melee.current?.stage).toBe("reduce");
    const hold = play(
      duel(),
      [...AL_FIRST, A("punch"), D("autoHold", { move: "neckHold" })],
      [15, 8, 12, 15, 1],
    );
    expect(eventsOf(hold.events, "defense")[0]).toMatchObject({ total: 13, made: true });
    expect(state(hold.melee, "bo").holding).toEqual({ victim: "al", move: "neckHold" });
  });
});

describe("the knock-out's 1D4 melee rounds", () => {
  const steps = [...AL_FIRST, A("punch", { knockout: true }), NONE, TAKE];

  it("H2H-TRM-6: the stun runs the rest of this melee and 1D4 whole melees after it (option: this one counted)", () => {
    const saved = play(duel({ knockOut: true }), steps, [15, 8, 12, 3, 14, 1]);
    expect(state(saved.melee, "bo").stunMelees).toBe(2);
    const counted = play(duel({ knockOut: true }), steps, [15, 8, 12, 3, 14, 1], {
      koStunCountsThisMelee: true,
    });
    expect(state(counted.melee, "bo").stunMelees).toBe(1);
  });
});

describe("the least share", () => {
  it("is 0 or 1: a larger one would make a ¼ outweigh a ½ or the whole blow", () => {
    expect(resolveH2hOptions({ shareMinimum: 0 }).shareMinimum).toBe(0);
    expectRefusal(() => resolveH2hOptions({ shareMinimum: 2 }), "invalid-value");
  });
});

describe("a hold taken by one the armor put down", () => {
  it("H2H-MOV-4: a holder out of the fight holds no one", () => {
    // al's Arm Hold, natural 12, is under bo's AR 15: al takes the full 2 and is down; bo ¼ (at least 1).
    const r = play(
      duel({ hitPoints: 1 }, { ar: 15 }, "grappling"),
      [...AL_FIRST, A("armHold"), NONE, TAKE],
      [15, 8, 12, 2],
    );
    expect(state(r.melee, "al").out).toBe("down");
    expect([state(r.melee, "al").holding, state(r.melee, "bo").heldBy]).toEqual([null, null]);
    expect(hp(r.melee, "bo")).toBe(29);
  });
});

describe("the second review's findings", () => {
  const prepared = () => play(duel(), [...AL_FIRST, A("punch", { modifiers: ["power"] })], [15, 8]).melee;

  it("H2H-INI-1: one who cannot defend (preparing, holding, held) does not roll to defend in a tie", () => {
    const tie: H2hInput = { type: "tie", defend: ["al"] };
    expectRefusal(() => play(prepared(), [NEXT, tie], [10, 10]), "round-refused", "NotTheirChoice");
    expectRefusal(() => play(hugged(), [NEXT, tie], [10, 10]), "round-refused", "NotTheirChoice");
    expectRefusal(
      () => play(hugged(), [NEXT, { type: "tie", defend: ["bo"] }], [10, 10]),
      "round-refused",
      "NotTheirChoice",
    );
  });

  it("H2H-INI-2: the pass's +3 is for the next attack, not a Combo's or a Power Parry's strike", () => {
    const passed: H2hInput[] = [
      ...AL_FIRST,
      { type: "pass", by: "al" },
      { type: "attack", by: "bo", move: "punch" },
    ];
    // al parries 14 + 4 − 3 = 15 over 12; its counter is 10 − 3 = 7, no +3.
    const combo = play(
      duel(),
      [...passed, { type: "defend", by: "al", defense: "comboParry", move: "punch" }],
      [15, 8, 12, 14, 10, 2],
    );
    expect(eventsOf(combo.events, "strike").find((e) => e.by === "al")!.total).toBe(7);
    expect(state(combo.melee, "al").passStrike).toBe(true);
    // The Power Parry's strike 6 − 3 = 3 is not over four (with +3 it would hit).
    const power = play(
      duel(),
      [...passed, { type: "defend", by: "al", defense: "powerParry" }],
      [15, 8, 12, 14, 6],
    );
    expect(hp(power.melee, "bo")).toBe(30);
  });

  it("H2H-DEF-4: a Power Parry's blow is its limb's dice and P.S. bonus, whatever the moves list gives a punch", () => {
    const punch = {
      ...H2H_DEFAULTS.moves.punch,
      family: "grapple" as const,
      effect: { loseAttacks: 1, loseInitiative: true, balanceSaves: false, falls: true },
    };
    const options = { moves: { ...H2H_DEFAULTS.moves, punch } };
    const bo = { bonuses: { grapple: 5 } };
    // bo's grapple bonus does not count: 3 − 3 is not over four.
    const short = play(duel({}, bo), [...AL_FIRST, A("kick"), D("powerParry")], [15, 8, 12, 16, 3], options);
    expect(hp(short.melee, "al")).toBe(30);
    // 10 − 3 hits for 1D4 = 3, and nothing of the punch's effects.
    const hit = play(
      duel({}, bo),
      [...AL_FIRST, A("kick"), D("powerParry")],
      [15, 8, 12, 16, 10, 3],
      options,
    );
    expect(hp(hit.melee, "al")).toBe(27);
    expect(state(hit.melee, "al")).toMatchObject({ attacksLeft: 3, loseInitiative: false });
  });

  it("H2H-TRM-12: a Bear Hug's holder struck by its victim may Slam instead of defending, with no roll", () => {
    const struck = play(hugged(), [NEXT, { type: "attack", by: "bo", move: "punch" }], [8, 15, 12]);
    expect(defenseOptions(struck.melee)).toEqual(["simultaneous"]);
    // bo's punch lands for 2; al's Slam needs no roll: 1 + 1 + 1 + 1 damage bonus.
    const r = play(
      struck.melee,
      [{ type: "defend", by: "al", defense: "simultaneous", move: "slam" }],
      [2, 1, 1, 1],
    );
    expect([hp(r.melee, "al"), hp(r.melee, "bo")]).toEqual([28, 22]);
    expect([state(r.melee, "al").holding, state(r.melee, "bo").heldBy]).toEqual([null, null]);
  });

  it("H2H-MOV-4: a Bear Hug made with the legs leaves the holder's arms to parry (option)", () => {
    const options = { bearHugWithLegs: true };
    const hug = play(
      duel({ ps: 12, bonuses: { damage: 1 } }, {}, "grappling"),
      [...AL_FIRST, A("bearHug"), NONE, TAKE],
      [15, 8, 12, 3],
      options,
    ).melee;
    const struck = play(hug, [NEXT, { type: "attack", by: "bo", move: "punch" }], [8, 15, 12], options);
    expect(defenseOptions(struck.melee, resolveH2hOptions(options))).toEqual([
      "parry",
      "powerParry",
      "simultaneous",
    ]);
    const parried = play(struck.melee, [{ type: "defend", by: "al", defense: "parry" }], [14], options);
    expect(state(parried.melee, "al").holding).toEqual({ victim: "bo", move: "bearHug" });
  });

  it("H2H-DMG-2: a holder struck by a third fighter may Breakfall, and its hold stands", () => {
    const cy = h2hFighter("cy");
    const held = play(
      duel({}, {}, "grappling", [cy]),
      [...AL_FIRST, A("armHold"), NONE, TAKE],
      [15, 8, 12, 1],
    ).melee;
    const r = play(
      held,
      [
        { type: "exchange", a: "cy", b: "al" },
        { type: "attack", by: "cy", move: "punch" },
        { type: "noDefense", by: "al" },
        { type: "reduce", by: "al", reduction: "breakfall" },
      ],
      [15, 8, 12, 15, 4],
    );
    expect(hp(r.melee, "al")).toBe(29);
    expect(state(r.melee, "al").holding).toEqual({ victim: "bo", move: "armHold" });
  });

  it("H2H-MOV-3: a Bear Hug's holder meets its victim's Disarm with no defense (a parry with the legs option)", () => {
    const hug = (options = {}) =>
      play(
        duel({ ps: 12, bonuses: { damage: 1 }, weapon: KNIFE }, {}, "grappling"),
        [...AL_FIRST, A("bearHug"), NONE, TAKE, NEXT, { type: "attack", by: "bo", move: "disarm" }],
        [15, 8, 12, 3, 8, 15, 17],
        options,
      ).melee;
    expect(defenseOptions(hug())).toEqual([]);
    expect(
      defenseOptions(hug({ bearHugWithLegs: true }), resolveH2hOptions({ bearHugWithLegs: true })),
    ).toEqual(["parry"]);
  });
});
