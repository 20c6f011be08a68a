import { describe, expect, it } from "vitest";
import { codeOf } from "../../../test/support/rules-error";
import type { Effect } from "../kernel/effects";
import { canAttackNow } from "./attack-checks";
import { attackSlots, dodgePastSecondChanceFor, emptyAttackCounter } from "./attacks";
import { canChooseManeuver } from "./maneuvers";
import {
  attackOnWithdrawal,
  autofireHits,
  chargeFreeAttack,
  DisengageResponse,
  dodgePastAfterFirst,
  mayCloseWith,
  RetreatResponse,
  restrictionActive,
  StrikeFirst,
  type WithdrawalAttack,
  wentFirstInAgOrder,
  withdrawalChoice,
} from "./special-defenses";
import { SuccessLevel } from "./types";

const situation = {
  attackerId: "orc",
  targetId: "gru",
  round: 4,
  attackerMv: 13,
  attackerManeuver: "attack",
  targetManeuver: "retreat",
  melee: true,
  targetWentFirst: true,
} as const;

/** The result of one of the answer's choices. */
function chosen(s: Partial<WithdrawalAttack>, response: string | null) {
  const answer = attackOnWithdrawal({ ...situation, ...s });
  if (!answer) throw new Error("no withdrawal");
  const choice = withdrawalChoice(answer, response);
  if (!choice) throw new Error(`${response} is not offered`);
  return choice.result;
}

const responses = (s: Partial<WithdrawalAttack>) =>
  attackOnWithdrawal({ ...situation, ...s })?.choices.map((c) => c.response) ?? null;

describe("Retreat", () => {
  it("NC-MAN-16: a retreater attacked before it leaves (the attacker first in AG order) is hit at +2, with nothing to choose", () => {
    const answer = attackOnWithdrawal({ ...situation, targetWentFirst: false })!;
    expect(answer.choices).toHaveLength(1);
    expect(answer.choices[0]).toMatchObject({
      response: StrikeFirst,
      result: { mayAttack: true, attackModifier: 2, followPaces: 0 },
    });
    expect(withdrawalChoice(answer, null)?.response).toBe(StrikeFirst);
  });

  it("NC-MAN-21: the +2 striker may neither engage nor Charge the retreater next round, and may the round after", () => {
    const { restrictions } = chosen({ targetWentFirst: false }, null);
    expect(mayCloseWith(restrictions, "gru", 5, "engage")).toBe(false);
    expect(mayCloseWith(restrictions, "gru", 5, "charge")).toBe(false);
    expect(mayCloseWith(restrictions, "gru", 6, "engage")).toBe(true);
    expect(mayCloseWith(restrictions, "gru", 6, "charge")).toBe(true);
    // Nothing this round (its attack stands), nothing against anyone else.
    expect(mayCloseWith(restrictions, "jenny", 5, "charge")).toBe(true);
    expect(restrictions.some((r) => restrictionActive(r, 4))).toBe(false);
  });

  it("NC-MAN-16: a shot at a retreater is +2 whoever went first, and binds the shooter to nothing", () => {
    for (const targetWentFirst of [true, false]) {
      const answer = attackOnWithdrawal({ ...situation, melee: false, targetWentFirst })!;
      expect(answer.choices).toHaveLength(1);
      expect(answer.choices[0]!.result).toMatchObject({
        mayAttack: true,
        attackModifier: 2,
        restrictions: [],
      });
    }
  });

  it("NC-SPD-2: a retreater that went first leaves the attacker three answers, none chosen for it", () => {
    const answer = attackOnWithdrawal(situation)!;
    expect(answer.choices.map((c) => c.response)).toEqual([
      RetreatResponse.AttackAsItLeaves,
      RetreatResponse.Chase,
      RetreatResponse.Stay,
    ]);
    expect(withdrawalChoice(answer, null)).toBeNull();
    expect(withdrawalChoice(answer, "flee")).toBeNull();
    expect(withdrawalChoice(answer, StrikeFirst)).toBeNull();
  });

  it("NC-SPD-2: attacking the retreater as it leaves is +4, then no engaging it for two rounds unless by a Charge", () => {
    const r = chosen({}, RetreatResponse.AttackAsItLeaves);
    expect(r).toMatchObject({ mayAttack: true, attackModifier: 4, followPaces: 0 });
    expect(mayCloseWith(r.restrictions, "gru", 5, "engage")).toBe(false);
    expect(mayCloseWith(r.restrictions, "gru", 6, "engage")).toBe(false);
    expect(mayCloseWith(r.restrictions, "gru", 7, "engage")).toBe(true);
    expect(mayCloseWith(r.restrictions, "gru", 5, "charge")).toBe(true);
    expect(mayCloseWith(r.restrictions, "jenny", 5, "engage")).toBe(true);
  });

  it("NC-SPD-2, NC-SPD-3: a charger cannot take the +4 attack: it may not Charge the retreater this round", () => {
    expect(responses({ attackerManeuver: "charge" })).toEqual([RetreatResponse.Chase, RetreatResponse.Stay]);
  });

  it("NC-SPD-2: chasing (½ MV) or staying means no attack and no change of target this round", () => {
    const chase = chosen({}, RetreatResponse.Chase);
    expect(chase).toMatchObject({ mayAttack: false, attackModifier: 0, followPaces: 7 });
    expect(chosen({}, RetreatResponse.Stay).followPaces).toBe(0);
    const attack = {
      phase: "melee",
      round: 4,
      attacker: { maneuver: "attack" },
      counter: emptyAttackCounter(),
      weapon: { kind: "melee", itemSp: null },
      targetId: "jenny",
      engagedWithTarget: true,
      attackerEngaged: true,
      targetStartedUnengaged: false,
      restrictions: chase.restrictions,
    } as const;
    expect(canAttackNow(attack).reasonKey).toBe("FANGS.Rules.Attack.Refusal.AttackLost");
    expect(canAttackNow({ ...attack, round: 5 }).allowed).toBe(true);
    expect(codeOf(() => attackOnWithdrawal({ ...situation, round: 0 }))).toBe("invalid-value");
  });

  it("NC-MAN-16: a retreater is not re-engaged next round by an attacker who let it go (a Charge still may); a chaser may try", () => {
    const stay = chosen({}, RetreatResponse.Stay).restrictions;
    expect(mayCloseWith(stay, "gru", 5, "engage")).toBe(false);
    expect(mayCloseWith(stay, "gru", 5, "charge")).toBe(true);
    expect(mayCloseWith(stay, "gru", 6, "engage")).toBe(true);
    const chase = chosen({}, RetreatResponse.Chase).restrictions;
    expect(mayCloseWith(chase, "gru", 5, "engage")).toBe(true);
  });

  it("NC-SPD-3: whatever it chooses, the attacker cannot Charge the retreater this round, but can the next", () => {
    for (const response of Object.values(RetreatResponse)) {
      const { restrictions } = chosen({}, response);
      expect(mayCloseWith(restrictions, "gru", 4, "charge")).toBe(false);
      expect(mayCloseWith(restrictions, "gru", 5, "charge")).toBe(true);
      const noCharge = restrictions.find((r) => r.kind === "noCharge")!;
      expect(restrictionActive(noCharge, 4)).toBe(true);
      expect(restrictionActive(noCharge, 5)).toBe(false);
    }
    const forbidden = !mayCloseWith(chosen({}, "stay").restrictions, "gru", 4, "charge");
    expect(
      canChooseManeuver("charge", { engaged: false, freeToMove: true, mv: 13, chargeForbidden: forbidden })
        .allowed,
    ).toBe(false);
  });

  it("NC-SPD-2: nothing to answer when the target neither Retreats nor Disengages", () => {
    expect(attackOnWithdrawal({ ...situation, targetManeuver: "attack" })).toBeNull();
    expect(attackOnWithdrawal({ ...situation, targetManeuver: null })).toBeNull();
  });
});

describe("Disengage", () => {
  const disengage = { targetManeuver: "disengage", round: 2, attackerMv: 12 } as const;

  it("NC-SPD-1: the attacker loses its attack, follows ½ MV or lets go, may not change target nor Charge the disengager", () => {
    expect(responses(disengage)).toEqual([DisengageResponse.Follow, DisengageResponse.LetGo]);
    const follow = chosen(disengage, DisengageResponse.Follow);
    expect(follow).toMatchObject({ mayAttack: false, followPaces: 6 });
    expect(chosen(disengage, DisengageResponse.LetGo).followPaces).toBe(0);
    expect(follow.restrictions.map((r) => r.kind).sort()).toEqual(["noAttack", "noChangeTarget", "noCharge"]);
    expect(mayCloseWith(follow.restrictions, "gru", 2, "charge")).toBe(false);
    expect(mayCloseWith(follow.restrictions, "gru", 3, "charge")).toBe(true);
    expect(withdrawalChoice(attackOnWithdrawal({ ...situation, ...disengage })!, "pursue")).toBeNull();
  });

  it("NC-SPD-1: a faster attacker strikes the disengager as usual: it has not disengaged yet", () => {
    const answer = attackOnWithdrawal({ ...situation, ...disengage, targetWentFirst: false })!;
    expect(answer.choices).toHaveLength(1);
    expect(answer.choices[0]).toMatchObject({
      response: StrikeFirst,
      result: { mayAttack: true, attackModifier: 0, restrictions: [] },
    });
    // A shot at a disengager changes nothing.
    expect(attackOnWithdrawal({ ...situation, ...disengage, melee: false })).toBeNull();
  });
});

describe("AG order", () => {
  it("NC-SPD-1, NC-SPD-2: the target went first when it comes before the attacker in AG order, ties in tracker order", () => {
    const order = [
      { id: "orc", orderValue: 12 },
      { id: "gru", orderValue: 14 },
      { id: "jenny", orderValue: 12 },
    ];
    expect(wentFirstInAgOrder(order, "gru", "orc")).toBe(true);
    expect(wentFirstInAgOrder(order, "orc", "gru")).toBe(false);
    expect(wentFirstInAgOrder(order, "orc", "jenny")).toBe(true);
    expect(wentFirstInAgOrder(order, "jenny", "orc")).toBe(false);
    expect(wentFirstInAgOrder(order, "troll", "orc")).toBe(false);
  });
});

describe("Charge", () => {
  const hit = (stun: number, hp: number): Effect[] => [
    { kind: "pool", actorId: "orc", pool: "stunPoints", amount: stun },
    { kind: "pool", actorId: "orc", pool: "hitPoints", amount: hp },
  ];

  it("NC-MAN-9: a charger that misses or does no damage gives its target a free attack", () => {
    const missed = chargeFreeAttack({ chargerId: "knight", targetId: "orc", effects: [] });
    expect(missed).toEqual({
      attackerId: "orc",
      targetId: "knight",
      reasonKey: "FANGS.Rules.Special.ChargeFreeAttack",
    });
    // Parried, all of it stopped: only the shield wore.
    const parried: Effect[] = [
      { kind: "itemDurability", actorId: "orc", itemId: "shield", delta: -1, reason: "nick" },
      ...hit(0, 0),
    ];
    expect(chargeFreeAttack({ chargerId: "knight", targetId: "orc", effects: parried })).not.toBeNull();
    expect(chargeFreeAttack({ chargerId: "knight", targetId: "orc", effects: hit(3, 0) })).toBeNull();
    // Damage to someone else does not count.
    const other: Effect[] = [{ kind: "pool", actorId: "knight", pool: "stunPoints", amount: 4 }];
    expect(chargeFreeAttack({ chargerId: "knight", targetId: "orc", effects: other })).not.toBeNull();
    expect(codeOf(() => chargeFreeAttack({ chargerId: "k", targetId: "o", effects: null as never }))).toBe(
      "invalid-value",
    );
  });
});

describe("Dodging past", () => {
  it("NC-DEF-4: a Special first dodge against a normal attack slips by with no second roll", () => {
    expect(dodgePastAfterFirst({ attack: SuccessLevel.Success, dodge: SuccessLevel.Special })).toEqual({
      secondChance: false,
      slippedBy: true,
    });
    expect(
      dodgePastAfterFirst({ attack: SuccessLevel.Success, dodge: SuccessLevel.Critical }).slippedBy,
    ).toBe(true);
  });

  it("NC-DEF-4: otherwise the attacker gets its second chance, which may be dodged again", () => {
    expect(
      dodgePastAfterFirst({ attack: SuccessLevel.Success, dodge: SuccessLevel.Success }).secondChance,
    ).toBe(true);
    expect(
      dodgePastAfterFirst({ attack: SuccessLevel.Special, dodge: SuccessLevel.Special }).secondChance,
    ).toBe(true);
    expect(dodgePastAfterFirst({ attack: SuccessLevel.Failure, dodge: null }).secondChance).toBe(true);
    expect(codeOf(() => dodgePastAfterFirst({ attack: 9 as SuccessLevel, dodge: null }))).toBe(
      "invalid-value",
    );
  });
});

describe("Autofire against a dodge", () => {
  it("NC-MAN-12: Gru dodges 24 against the Troll-Martian's autofire attack of 27 and is hit three times", () => {
    expect(autofireHits({ attackTotal: 27, dodgeTotal: 24 })).toBe(3);
  });

  it("NC-MAN-12: a dodge that matches or beats the attack takes no hit; a failed attack hits nothing; the burst caps hits", () => {
    expect(autofireHits({ attackTotal: 27, dodgeTotal: 27 })).toBe(0);
    expect(autofireHits({ attackTotal: 22, dodgeTotal: 30 })).toBe(0);
    expect(autofireHits({ attackTotal: 19, dodgeTotal: 5 })).toBe(0);
    expect(autofireHits({ attackTotal: 30, dodgeTotal: 12, maxHits: 5 })).toBe(5);
    expect(codeOf(() => autofireHits({ attackTotal: 27.5, dodgeTotal: 24 }))).toBe("invalid-value");
  });
});

describe("Dodging past a Charge (dodgePastSecondChance)", () => {
  const normal = { attack: SuccessLevel.Success, dodge: SuccessLevel.Success } as const;

  it("NC-MAN-9, NC-DEF-4: by default a charger gets no second chance: its one attack dodged, the dodger is past", () => {
    expect(dodgePastSecondChanceFor("charge")).toBe(false);
    expect(dodgePastAfterFirst({ ...normal, attackerManeuver: "charge" })).toEqual({
      secondChance: false,
      slippedBy: true,
    });
    // A Special charge a plain dodge does not stop: hit, and no second chance either.
    expect(
      dodgePastAfterFirst({
        attack: SuccessLevel.Special,
        dodge: SuccessLevel.Success,
        attackerManeuver: "charge",
      }),
    ).toEqual({ secondChance: false, slippedBy: false });
    // A charge that missed outright: past.
    expect(
      dodgePastAfterFirst({ attack: SuccessLevel.Failure, dodge: null, attackerManeuver: "charge" })
        .slippedBy,
    ).toBe(true);
    // An Attack, an All-Out-Attack, or an attacker whose maneuver is unknown keep the second chance.
    for (const maneuver of ["attack", "allOutAttack", null]) {
      expect(
        dodgePastAfterFirst({ ...normal, attackerManeuver: maneuver }).secondChance,
        String(maneuver),
      ).toBe(true);
    }
  });

  it('NC-MAN-9, NC-DEF-4: under "always" the charger dodged past gets its second chance like any attacker', () => {
    const always = { dodgePastSecondChance: "always" } as const;
    expect(dodgePastSecondChanceFor("charge", always)).toBe(true);
    expect(dodgePastAfterFirst({ ...normal, attackerManeuver: "charge" }, always)).toEqual({
      secondChance: true,
      slippedBy: false,
    });
    // A Special dodge of a normal charge still slips by at once.
    expect(
      dodgePastAfterFirst(
        { attack: SuccessLevel.Success, dodge: SuccessLevel.Special, attackerManeuver: "charge" },
        always,
      ),
    ).toEqual({ secondChance: false, slippedBy: true });
  });

  it("NC-MAN-9, NC-ATK-7: the round's attack slots follow the same reading for a charger owed Dodge Past chances", () => {
    const charger = { maneuver: "charge", dodgePastChances: 1 } as const;
    expect(attackSlots(charger).slots.map((s) => s.source)).toEqual(["maneuver"]);
    expect(attackSlots(charger, { dodgePastSecondChance: "always" }).slots.map((s) => s.source)).toEqual([
      "maneuver",
      "dodgePast",
    ]);
    expect(attackSlots({ maneuver: "attack", dodgePastChances: 1 }).slots.map((s) => s.source)).toEqual([
      "maneuver",
      "dodgePast",
    ]);
  });
});
