import { describe, expect, it } from "vitest";
import { codeOf } from "../../../test/support/rules-error";
import type { Effect } from "../kernel/effects";
import { attackSlots, canAttackNow, emptyAttackCounter } from "./attacks";
import { canChooseManeuver } from "./maneuvers";
import {
  autofireHits,
  chargeFreeAttack,
  DisengageResponse,
  dodgePastAfterFirst,
  dodgePastSecondChanceFor,
  mayCloseWith,
  RetreatResponse,
  resolveDisengage,
  resolveRetreatResponse,
  restrictionActive,
  retreatAttackBonus,
} from "./special-defenses";
import { SuccessLevel } from "./types";

const retreat = { attackerId: "orc", retreaterId: "gru", round: 4, attackerMv: 13 };

describe("Retreat", () => {
  it("NC-MAN-16: attackers have +2 to hit a retreating character this round", () => {
    expect(retreatAttackBonus(false)).toBe(2);
  });

  it("NC-SPD-2: attacking the retreater as it leaves is +4, then no engaging it for two rounds unless by a Charge", () => {
    const r = resolveRetreatResponse(retreat, RetreatResponse.AttackAsItLeaves);
    expect(r).toMatchObject({ mayAttack: true, attackModifier: 4, followPaces: 0 });
    expect(retreatAttackBonus(true)).toBe(4);
    expect(mayCloseWith(r.restrictions, "gru", 5, "engage")).toBe(false);
    expect(mayCloseWith(r.restrictions, "gru", 6, "engage")).toBe(false);
    expect(mayCloseWith(r.restrictions, "gru", 7, "engage")).toBe(true);
    expect(mayCloseWith(r.restrictions, "gru", 5, "charge")).toBe(true);
    expect(mayCloseWith(r.restrictions, "jenny", 5, "engage")).toBe(true);
  });

  it("NC-SPD-2: chasing (½ MV) or staying means no attack and no change of target this round", () => {
    const chase = resolveRetreatResponse(retreat, RetreatResponse.Chase);
    expect(chase).toMatchObject({ mayAttack: false, attackModifier: 0, followPaces: 7 });
    expect(resolveRetreatResponse(retreat, RetreatResponse.Stay).followPaces).toBe(0);
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
    expect(codeOf(() => resolveRetreatResponse(retreat, "flee" as never))).toBe("invalid-value");
    expect(codeOf(() => resolveRetreatResponse({ ...retreat, round: 0 }, "stay"))).toBe("invalid-value");
  });

  it("NC-MAN-16: a retreater is not re-engaged next round by an attacker who let it go (a Charge still may); a chaser may try", () => {
    const stay = resolveRetreatResponse(retreat, RetreatResponse.Stay).restrictions;
    expect(mayCloseWith(stay, "gru", 5, "engage")).toBe(false);
    expect(mayCloseWith(stay, "gru", 5, "charge")).toBe(true);
    expect(mayCloseWith(stay, "gru", 6, "engage")).toBe(true);
    const chase = resolveRetreatResponse(retreat, RetreatResponse.Chase).restrictions;
    expect(mayCloseWith(chase, "gru", 5, "engage")).toBe(true);
  });

  it("NC-SPD-3: whatever it chooses, the attacker cannot Charge the retreater this round, but can the next", () => {
    for (const response of Object.values(RetreatResponse)) {
      const { restrictions } = resolveRetreatResponse(retreat, response);
      expect(mayCloseWith(restrictions, "gru", 4, "charge")).toBe(false);
      expect(mayCloseWith(restrictions, "gru", 5, "charge")).toBe(true);
      const noCharge = restrictions.find((r) => r.kind === "noCharge")!;
      expect(restrictionActive(noCharge, 4)).toBe(true);
      expect(restrictionActive(noCharge, 5)).toBe(false);
    }
    const forbidden = !mayCloseWith(resolveRetreatResponse(retreat, "stay").restrictions, "gru", 4, "charge");
    expect(
      canChooseManeuver("charge", { engaged: false, freeToMove: true, mv: 13, chargeForbidden: forbidden })
        .allowed,
    ).toBe(false);
  });
});

describe("Disengage", () => {
  const situation = { attackerId: "orc", disengagerId: "gru", round: 2, attackerMv: 12 };

  it("NC-SPD-1: the attacker loses its attack, follows ½ MV or lets go, may not change target nor Charge the disengager", () => {
    const follow = resolveDisengage(situation, DisengageResponse.Follow);
    expect(follow).toMatchObject({ mayAttack: false, followPaces: 6 });
    expect(resolveDisengage(situation, DisengageResponse.LetGo).followPaces).toBe(0);
    expect(follow.restrictions.map((r) => r.kind).sort()).toEqual(["noAttack", "noChangeTarget", "noCharge"]);
    expect(mayCloseWith(follow.restrictions, "gru", 2, "charge")).toBe(false);
    expect(mayCloseWith(follow.restrictions, "gru", 3, "charge")).toBe(true);
    expect(codeOf(() => resolveDisengage(situation, "pursue" as never))).toBe("invalid-value");
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
