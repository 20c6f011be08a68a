import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { codeOf } from "../../../test/support/rules-error";
import {
  type AttackNowContext,
  canAttackNow,
  canTakeFreeAttack,
  freeAttackWeapon,
  shieldBashHand,
} from "./attack-checks";
import {
  type AttackCounter,
  AttackSource,
  attackSlots,
  emptyAttackCounter,
  offHandPenalty,
  postMeleeAttacksLeft,
  recordAttack,
  roundAttackCap,
} from "./attacks";
import { FANGS_DEFAULTS } from "./config";
import { attackOnWithdrawal, withdrawalChoice } from "./special-defenses";
import { MANEUVER_IDS } from "./types";

const SWORD = { kind: "melee", itemSp: { value: 10, max: 10 } } as const;
const BOW = { kind: "missile", itemSp: null } as const;
const HEAVY_CROSSBOW = { kind: "missile", itemSp: null, extendedReload: true } as const;

function melee(partial: Partial<AttackNowContext> = {}): AttackNowContext {
  return {
    phase: "melee",
    round: 1,
    attacker: { maneuver: "attack" },
    counter: emptyAttackCounter(),
    weapon: SWORD,
    targetId: "orc",
    engagedWithTarget: true,
    attackerEngaged: true,
    targetStartedUnengaged: false,
    ...partial,
  };
}

function shooting(partial: Partial<AttackNowContext> = {}): AttackNowContext {
  return melee({
    phase: "missile",
    weapon: BOW,
    engagedWithTarget: false,
    attackerEngaged: false,
    targetStartedUnengaged: true,
    ...partial,
  });
}

const reason = (ctx: AttackNowContext): string | null => canAttackNow(ctx).reasonKey;
const KEY = "FANGS.Rules.Attack.Refusal.";

describe("attacks a maneuver gives", () => {
  it("NC-MAN-7: Attack: one attack in its phase; a second one is refused", () => {
    const first = canAttackNow(melee());
    expect(first).toMatchObject({ allowed: true, slot: { source: "maneuver", modifier: 0 } });
    const counter = recordAttack(emptyAttackCounter(), {
      source: first.slot!.source,
      kind: "melee",
      targetId: "orc",
    });
    expect(reason(melee({ counter }))).toBe(`${KEY}NoAttacksLeft`);
    expect(reason(melee({ counter, phase: "postMelee" }))).toBe(`${KEY}NoAttacksLeft`);
  });

  it("NC-MAN-6: All-Out-Attack: two attacks at one target, the second in Post-Melee", () => {
    const aoa = { maneuver: "allOutAttack", twoWeapon: false } as const;
    let counter: AttackCounter = emptyAttackCounter();
    const first = canAttackNow(melee({ attacker: aoa, maneuverTargetId: "orc" }));
    expect(first.slot?.source).toBe(AttackSource.Maneuver);
    counter = recordAttack(counter, { source: first.slot!.source, kind: "melee", targetId: "orc" });
    expect(postMeleeAttacksLeft(aoa, counter)).toBe(1);
    expect(reason(melee({ attacker: aoa, counter, phase: "postMelee", targetId: "goblin" }))).toBe(
      `${KEY}MustAttackChosenTarget`,
    );
    const second = canAttackNow(melee({ attacker: aoa, counter, phase: "postMelee" }));
    expect(second.slot?.source).toBe(AttackSource.AllOutAttackSecond);
    counter = recordAttack(counter, { source: second.slot!.source, kind: "melee", targetId: "orc" });
    expect(postMeleeAttacksLeft(aoa, counter)).toBe(0);
    expect(reason(melee({ attacker: aoa, counter, phase: "postMelee" }))).toBe(`${KEY}NoAttacksLeft`);
  });

  it("NC-MAN-6: All-Out-Attack cannot use an extended-reload weapon, and must start on normal initiative", () => {
    const aoa = { maneuver: "allOutAttack" } as const;
    expect(reason(shooting({ attacker: aoa, weapon: HEAVY_CROSSBOW }))).toBe(`${KEY}ExtendedReload`);
    expect(canAttackNow(shooting({ attacker: aoa })).allowed).toBe(true);
    expect(canAttackNow(shooting({ attacker: { maneuver: "attack" }, weapon: HEAVY_CROSSBOW })).allowed).toBe(
      true,
    );
    expect(reason(melee({ attacker: aoa, fromHold: true }))).toBe(`${KEY}NotNormalInitiative`);
    expect(canAttackNow(melee({ fromHold: true })).allowed).toBe(true);
  });

  it("NC-MAN-9: Charge: one attack at its target, no second attack even with Two Weapon", () => {
    const charger = { maneuver: "charge", twoWeapon: true, offHandWeapon: true } as const;
    expect(attackSlots(charger).slots.map((s) => s.source)).toEqual(["maneuver"]);
    expect(reason(melee({ attacker: charger, maneuverTargetId: "orc", targetId: "goblin" }))).toBe(
      `${KEY}MustAttackChosenTarget`,
    );
    expect(canAttackNow(melee({ attacker: charger, maneuverTargetId: "orc" })).allowed).toBe(true);
    expect(reason(shooting({ attacker: charger, weapon: { kind: "thrown", itemSp: null } }))).toBe(
      `${KEY}ChargeIsMelee`,
    );
  });

  it("NC-MAN-19: maneuvers whose Attacks column says None cannot attack", () => {
    for (const m of ["move", "engage", "disengage", "retreat", "dodgeMelee", "drawWeapon", "changeWeapon"]) {
      expect(reason(melee({ attacker: { maneuver: m } }))).toBe(`${KEY}ManeuverNoAttack`);
    }
  });
});

describe("phases and engagement", () => {
  it("NC-ATK-3: no melee weapon in a round in which one used a ranged weapon, nor the reverse", () => {
    const shot = recordAttack(emptyAttackCounter(), { source: "maneuver", kind: "missile", targetId: "orc" });
    const aoa = { maneuver: "allOutAttack" } as const;
    expect(reason(melee({ attacker: aoa, counter: shot, phase: "postMelee" }))).toBe(
      `${KEY}MeleeAfterRanged`,
    );
    expect(canAttackNow(shooting({ attacker: aoa, counter: shot, phase: "postMelee" })).allowed).toBe(true);
    const cut = recordAttack(emptyAttackCounter(), { source: "maneuver", kind: "melee", targetId: "orc" });
    expect(reason(shooting({ attacker: aoa, counter: cut, phase: "postMelee" }))).toBe(
      `${KEY}RangedAfterMelee`,
    );
    expect(reason(shooting({ weapon: SWORD }))).toBe(`${KEY}MeleeInMissilePhase`);
    expect(reason(melee({ weapon: BOW }))).toBe(`${KEY}RangedInMeleePhase`);
  });

  it("NC-ATK-4: a missile may target anyone who started the round unengaged, even if now engaged", () => {
    // engagedWithTarget: the target's own move has brought it into a fight since the round began.
    const clean = canAttackNow(shooting({ targetStartedUnengaged: true, engagedWithTarget: true }));
    expect(clean).toMatchObject({ allowed: true, intoMelee: false });
  });

  it("NC-ATK-5: a missile at a target engaged since the round began is a shot into a melee: allowed, flagged for the GM", () => {
    const intoMelee = canAttackNow(shooting({ targetStartedUnengaged: false }));
    expect(intoMelee).toMatchObject({ allowed: true, reasonKey: null, intoMelee: true });
    expect(intoMelee.slot?.source).toBe("maneuver");
    // A melee blow is never "into a melee", and a refused attack flags nothing.
    expect(canAttackNow(melee({ targetStartedUnengaged: false })).intoMelee).toBe(false);
    expect(canAttackNow(shooting({ targetStartedUnengaged: false, attackerEngaged: true })).intoMelee).toBe(
      false,
    );
  });

  it("NC-ATK-1: an engaged combatant does not shoot", () => {
    expect(reason(shooting({ attackerEngaged: true }))).toBe(`${KEY}EngagedCannotShoot`);
  });

  it("NC-ATK-6: a melee attack needs the attacker engaged with its target", () => {
    expect(reason(melee({ engagedWithTarget: false }))).toBe(`${KEY}NotEngaged`);
  });

  it("NC-ATK-2: a combatant out of action cannot attack", () => {
    expect(reason(melee({ outOfAction: true }))).toBe(`${KEY}OutOfAction`);
  });

  it("NC-DMG-7: a weapon under half its SP cannot attack (exactly half still can); a shattered one never", () => {
    expect(reason(melee({ weapon: { kind: "melee", itemSp: { value: 4, max: 10 } } }))).toBe(
      `${KEY}WeaponUnderHalf`,
    );
    expect(canAttackNow(melee({ weapon: { kind: "melee", itemSp: { value: 5, max: 10 } } })).allowed).toBe(
      true,
    );
    expect(reason(melee({ weapon: { kind: "melee", itemSp: { value: 0, max: 10 } } }))).toBe(
      `${KEY}WeaponShattered`,
    );
    expect(
      codeOf(() => canAttackNow(melee({ weapon: { kind: "melee", itemSp: { value: 11, max: 10 } } }))),
    ).toBe("invalid-value");
  });

  it("NC-SPD-1: an attacker whose target disengaged may not attack this round, but may the next", () => {
    const answer = attackOnWithdrawal({
      attackerId: "orc",
      targetId: "gru",
      round: 3,
      attackerMv: 12,
      attackerManeuver: "attack",
      targetManeuver: "disengage",
      melee: true,
      targetWentFirst: true,
    })!;
    const { restrictions } = withdrawalChoice(answer, "follow")!.result;
    expect(reason(melee({ round: 3, restrictions, targetId: "gru" }))).toBe(`${KEY}AttackLost`);
    expect(canAttackNow(melee({ round: 4, restrictions, targetId: "gru" })).allowed).toBe(true);
  });

  it("NC-MAN-21: a Charge at the retreater its charger struck at +2 last round is refused; at another, or a round later, it goes", () => {
    const answer = attackOnWithdrawal({
      attackerId: "orc",
      targetId: "gru",
      round: 3,
      attackerMv: 12,
      attackerManeuver: "attack",
      targetManeuver: "retreat",
      melee: true,
      targetWentFirst: false,
    })!;
    const { restrictions } = withdrawalChoice(answer, null)!.result;
    const charge = (round: number, targetId: string) =>
      canAttackNow(melee({ round, restrictions, targetId, attacker: { maneuver: "charge" } }));
    expect(charge(4, "gru").reasonKey).toBe(`${KEY}ChargeForbidden`);
    expect(charge(4, "jenny").allowed).toBe(true);
    expect(charge(5, "gru").allowed).toBe(true);
  });

  it("NC-ATK-1: refuses a weapon of no known kind and a bad round", () => {
    expect(codeOf(() => canAttackNow(melee({ weapon: { kind: "spell" as never, itemSp: null } })))).toBe(
      "invalid-value",
    );
    expect(codeOf(() => canAttackNow(melee({ round: 0 })))).toBe("invalid-value");
    expect(codeOf(() => canAttackNow(melee({ attacker: { maneuver: "lunge" } })))).toBe("unknown-maneuver");
    expect(
      codeOf(() =>
        recordAttack(emptyAttackCounter(), { source: "bonus" as never, kind: "melee", targetId: "x" }),
      ),
    ).toBe("invalid-value");
  });
});

describe("second attacks", () => {
  it("NC-ATK-7: the Post-Melee phase holds the All-Out-Attack's second, the off hand's and the Dodge Past's attacks", () => {
    expect(attackSlots({ maneuver: "allOutAttack" }).slots.map((s) => [s.source, s.phase])).toEqual([
      ["maneuver", "primary"],
      ["allOutAttackSecond", "postMelee"],
    ]);
    expect(
      attackSlots({ maneuver: "attack", offHandWeapon: true }).slots.map((s) => [s.source, s.phase]),
    ).toEqual([
      ["maneuver", "primary"],
      ["offHand", "postMelee"],
    ]);
    expect(
      attackSlots({ maneuver: "attack", dodgePastChances: 1 }).slots.map((s) => [s.source, s.phase]),
    ).toEqual([
      ["maneuver", "primary"],
      ["dodgePast", "postMelee"],
    ]);
  });

  it("NC-ATK-8: no humanoid attacks more than twice a round without Two Weapon", () => {
    const aoa = { maneuver: "allOutAttack", offHandWeapon: true, dodgePastChances: 1 } as const;
    expect(attackSlots(aoa).maxAttacks).toBe(2);
    let counter = recordAttack(emptyAttackCounter(), { source: "maneuver", kind: "melee", targetId: "orc" });
    counter = recordAttack(counter, { source: "allOutAttackSecond", kind: "melee", targetId: "orc" });
    expect(reason(melee({ attacker: aoa, counter, phase: "postMelee" }))).toBe(`${KEY}NoAttacksLeft`);
    expect(postMeleeAttacksLeft(aoa, counter)).toBe(0);
    // A creature is not held to two.
    const hydra = { ...aoa, humanoid: false };
    expect(attackSlots(hydra).maxAttacks).toBe(3);
    expect(canAttackNow(melee({ attacker: hydra, counter, phase: "postMelee" })).slot?.source).toBe(
      "dodgePast",
    );
  });

  it("NC-ATK-9: an off-hand weapon that has not parried may attack at −10; one that parried may not", () => {
    expect(offHandPenalty({})).toBe(-10);
    const free = canAttackNow(
      melee({
        attacker: { maneuver: "attack", offHandWeapon: true },
        counter: recordAttack(emptyAttackCounter(), { source: "maneuver", kind: "melee", targetId: "orc" }),
        phase: "postMelee",
        hand: "off",
      }),
    );
    expect(free.slot).toMatchObject({ source: "offHand", modifier: -10, initiativeModifier: -10 });
    expect(
      reason(
        melee({
          attacker: { maneuver: "attack", offHandWeapon: true, offHandParried: true },
          phase: "postMelee",
          hand: "off",
        }),
      ),
    ).toBe(`${KEY}NoOffHandAttack`);
  });

  it("NC-DEF-7: a left-hand weapon's attack is −10 to attack and to initiative", () => {
    const [, off] = attackSlots({ maneuver: "attack", offHandWeapon: true }).slots;
    expect(off).toMatchObject({ hand: "off", modifier: -10, initiativeModifier: -10 });
  });

  it("NC-ATK-10: Two Weapon: two attacks and a parry with each; −4 on one (the player's choice), none if ambidextrous", () => {
    const two = attackSlots({
      maneuver: "attack",
      offHandWeapon: true,
      offHandParried: true,
      twoWeapon: true,
    });
    expect(two.slots.map((s) => [s.source, s.modifier, s.penaltyMayMove, s.initiativeModifier])).toEqual([
      ["maneuver", 0, false, 0],
      ["offHand", -4, true, 0],
    ]);
    expect(offHandPenalty({ twoWeapon: true, ambidextrous: true })).toBe(0);
    const ambi = attackSlots({
      maneuver: "attack",
      offHandWeapon: true,
      twoWeapon: true,
      ambidextrous: true,
    });
    expect(ambi.slots[1]?.modifier).toBe(0);
  });

  it("NC-ATK-10: Two Weapon gives All-Out-Attack a third attack (and lifts the cap of two)", () => {
    const aoa = { maneuver: "allOutAttack", offHandWeapon: true, twoWeapon: true } as const;
    const { slots, maxAttacks } = attackSlots(aoa);
    expect(slots.map((s) => s.source)).toEqual(["maneuver", "allOutAttackSecond", "twoWeaponThird"]);
    expect(maxAttacks).toBe(3);
    let counter = recordAttack(emptyAttackCounter(), { source: "maneuver", kind: "melee", targetId: "orc" });
    counter = recordAttack(counter, { source: "allOutAttackSecond", kind: "melee", targetId: "orc" });
    expect(postMeleeAttacksLeft(aoa, counter)).toBe(1);
    expect(
      canAttackNow(melee({ attacker: aoa, counter, phase: "postMelee", hand: "off" })).slot,
    ).toMatchObject({
      source: "twoWeaponThird",
      modifier: -4,
    });
    // Without Two Weapon, the off hand adds nothing to an All-Out-Attack.
    expect(attackSlots({ maneuver: "allOutAttack", offHandWeapon: true }).slots).toHaveLength(2);
  });

  it("NC-DEF-4: each target dodging past owes the attacker one extra chance in Post-Melee", () => {
    const counter = recordAttack(emptyAttackCounter(), {
      source: "maneuver",
      kind: "melee",
      targetId: "thief",
    });
    const attacker = { maneuver: "attack", dodgePastChances: 1 } as const;
    expect(postMeleeAttacksLeft(attacker, counter)).toBe(1);
    expect(
      canAttackNow(melee({ attacker, counter, phase: "postMelee", targetId: "thief" })).slot?.source,
    ).toBe("dodgePast");
    expect(codeOf(() => attackSlots({ maneuver: "attack", dodgePastChances: -1 }))).toBe("invalid-value");
  });
});

describe("free attacks count toward the round's attacks (NC-ATK-7, NC-ATK-8)", () => {
  const count = (counter: AttackCounter, source: AttackSource): AttackCounter =>
    recordAttack(counter, { source, kind: "melee", targetId: "gru" });

  it("NC-ATK-8, NC-MAN-9: a Charge's free attack is one of the target's two, and leaves its own attack to come", () => {
    const jenny = { maneuver: "attack", offHandWeapon: true } as const;
    expect(roundAttackCap({ humanoid: true, twoWeapon: false })).toBe(2);
    expect(roundAttackCap({ humanoid: false })).toBeNull();
    const free = canTakeFreeAttack({
      kind: "chargeFreeAttack",
      attacker: jenny,
      counter: emptyAttackCounter(),
    });
    expect(free).toMatchObject({ allowed: true, slot: { source: "chargeFreeAttack", modifier: 0 } });
    const afterFree = count(emptyAttackCounter(), AttackSource.ChargeFreeAttack);
    // Her own attack in the Melee phase is still hers…
    expect(canAttackNow(melee({ attacker: jenny, counter: afterFree })).slot?.source).toBe("maneuver");
    const afterOwn = count(afterFree, AttackSource.Maneuver);
    // …but the off-hand one would be a third.
    expect(postMeleeAttacksLeft(jenny, afterOwn)).toBe(0);
    expect(
      canAttackNow(melee({ attacker: jenny, counter: afterOwn, phase: "postMelee", hand: "off" })).reasonKey,
    ).toBe("FANGS.Rules.Attack.Refusal.NoAttacksLeft");
    // Two attacks made already: no free attack.
    expect(
      canTakeFreeAttack({ kind: "chargeFreeAttack", attacker: jenny, counter: afterOwn }).reasonKey,
    ).toBe("FANGS.Rules.Attack.Refusal.NoAttacksLeft");
    // A creature is not capped; outside a combat nothing is counted.
    const bear = { maneuver: "attack", humanoid: false } as const;
    expect(canTakeFreeAttack({ kind: "chargeFreeAttack", attacker: bear, counter: afterOwn }).allowed).toBe(
      true,
    );
    expect(canTakeFreeAttack({ kind: "chargeFreeAttack", attacker: null, counter: afterOwn }).allowed).toBe(
      true,
    );
  });

  it("NC-DEF-4, NC-ATK-7, NC-ATK-8: a Dodge Past chance is a second attack: it uses one up, and one who has made two gets none", () => {
    const gru = { maneuver: "attack", offHandWeapon: true } as const;
    const first = count(emptyAttackCounter(), AttackSource.Maneuver);
    expect(canTakeFreeAttack({ kind: "dodgePast", attacker: gru, counter: first }).slot?.source).toBe(
      "dodgePast",
    );
    const second = count(first, AttackSource.DodgePast);
    expect(postMeleeAttacksLeft(gru, second)).toBe(0);
    expect(canTakeFreeAttack({ kind: "dodgePast", attacker: gru, counter: second }).reasonKey).toBe(
      "FANGS.Rules.Attack.Refusal.NoAttacksLeft",
    );
    const aoa = { maneuver: "allOutAttack" } as const;
    const both = count(first, AttackSource.AllOutAttackSecond);
    expect(canTakeFreeAttack({ kind: "dodgePast", attacker: aoa, counter: both }).allowed).toBe(false);
    // Two Weapon allows a third: the chance is taken.
    expect(
      canTakeFreeAttack({ kind: "dodgePast", attacker: { ...aoa, twoWeapon: true }, counter: both }).allowed,
    ).toBe(true);
    // A Charge makes no use of a second attack (NC-MAN-9).
    expect(
      canTakeFreeAttack({ kind: "dodgePast", attacker: { maneuver: "charge" }, counter: first }).reasonKey,
    ).toBe("FANGS.Rules.Attack.Refusal.NoSecondAttack");
    expect(
      codeOf(() => canTakeFreeAttack({ kind: "maneuver" as never, attacker: gru, counter: first })),
    ).toBe("invalid-value");
  });
});

describe("a shield bash (NC-DEF-9)", () => {
  const SHIELD = { kind: "melee", itemSp: { value: 8, max: 8 } } as const;
  const withShield = { maneuver: "attack", offHandShield: true } as const;
  const bash = (partial: Partial<AttackNowContext> = {}): AttackNowContext =>
    melee({ weapon: SHIELD, shieldBash: true, attacker: withShield, ...partial });

  it("NC-DEF-9: by default the bash is the maneuver's own attack, with no penalty, and the weapon then has none left", () => {
    expect(shieldBashHand(FANGS_DEFAULTS.shieldBashAttack)).toBe("main");
    const verdict = canAttackNow(bash());
    expect(verdict).toMatchObject({ allowed: true, slot: { source: AttackSource.Maneuver, modifier: 0 } });
    const counter = recordAttack(emptyAttackCounter(), {
      source: "maneuver",
      kind: "melee",
      targetId: "orc",
    });
    expect(canAttackNow(melee({ attacker: withShield, counter })).reasonKey).toBe(
      "FANGS.Rules.Attack.Refusal.NoAttacksLeft",
    );
    // No maneuver attack, no bash: it is an attack.
    expect(canAttackNow(bash({ attacker: { ...withShield, maneuver: "engage" } })).reasonKey).toBe(
      "FANGS.Rules.Attack.Refusal.ManeuverNoAttack",
    );
  });

  it("NC-DEF-9: a shield that parried this round does not bash, and one that bashed does not bash again", () => {
    expect(canAttackNow(bash({ attacker: { ...withShield, offHandParried: true } })).reasonKey).toBe(
      "FANGS.Rules.Attack.Refusal.ShieldParried",
    );
    const aoa = { maneuver: "allOutAttack", offHandShield: true, offHandAttacked: true } as const;
    const counter = recordAttack(emptyAttackCounter(), {
      source: "maneuver",
      kind: "melee",
      targetId: "orc",
    });
    expect(canAttackNow(bash({ attacker: aoa, counter, phase: "postMelee" })).reasonKey).toBe(
      "FANGS.Rules.Attack.Refusal.ShieldBashed",
    );
    expect(canAttackNow(bash({ attacker: { maneuver: "attack" } })).reasonKey).toBe(
      "FANGS.Rules.Attack.Refusal.NoShieldInHand",
    );
  });

  it("NC-DEF-9, NC-ATK-9: read as the off hand's attack, the bash is a second attack in Post-Melee at −10, never −4", () => {
    const offHand = { ...withShield, shieldBashAttack: "offHand", twoWeapon: true } as const;
    expect(
      attackSlots(offHand).slots.map((s) => [s.source, s.phase, s.modifier, s.initiativeModifier]),
    ).toEqual([
      [AttackSource.Maneuver, "primary", 0, 0],
      [AttackSource.OffHand, "postMelee", -10, -10],
    ]);
    expect(canAttackNow(bash({ attacker: offHand })).reasonKey).toBe(
      "FANGS.Rules.Attack.Refusal.NoAttacksLeft",
    );
    const counter = recordAttack(emptyAttackCounter(), {
      source: "maneuver",
      kind: "melee",
      targetId: "orc",
    });
    expect(canAttackNow(bash({ attacker: offHand, counter, phase: "postMelee" })).slot).toMatchObject({
      source: AttackSource.OffHand,
      hand: "off",
      modifier: -10,
    });
    // A shield that parried keeps no second attack.
    expect(postMeleeAttacksLeft({ ...offHand, offHandParried: true }, counter)).toBe(0);
    expect(postMeleeAttacksLeft(offHand, counter)).toBe(1);
  });

  it("NC-DEF-9: a bash is a melee blow", () => {
    expect(codeOf(() => canAttackNow(bash({ weapon: BOW })))).toBe("invalid-value");
  });
});

describe("a Retreat's protection binds the attacker's next attacks (NC-MAN-16, NC-MAN-21, NC-SPD-2)", () => {
  const leaves = () =>
    withdrawalChoice(
      attackOnWithdrawal({
        round: 1,
        targetManeuver: "retreat",
        targetWentFirst: true,
        melee: true,
        attackerManeuver: "attack",
        attackerMv: 12,
        attackerId: "gru",
        targetId: "orc",
      })!,
      "attackAsItLeaves",
    )!.result.restrictions;

  it("NC-SPD-2: after the +4 strike as the orc leaves, no melee Attack at it for two rounds, a Charge allowed, a shot allowed", () => {
    const restrictions = leaves();
    for (const round of [2, 3]) {
      expect(reason(melee({ round, restrictions }))).toBe(`${KEY}EngageForbidden`);
      expect(reason(melee({ round, restrictions, attacker: { maneuver: "allOutAttack" } }))).toBe(
        `${KEY}EngageForbidden`,
      );
      expect(canAttackNow(melee({ round, restrictions, attacker: { maneuver: "charge" } })).allowed).toBe(
        true,
      );
      expect(canAttackNow(shooting({ round, restrictions })).allowed).toBe(true);
    }
    expect(canAttackNow(melee({ round: 4, restrictions })).allowed).toBe(true);
    // Another target is free.
    expect(canAttackNow(melee({ round: 2, restrictions, targetId: "goblin" })).allowed).toBe(true);
  });

  it("NC-MAN-21: one who struck the retreater first at +2 neither attacks it in melee nor Charges it next round", () => {
    const answer = attackOnWithdrawal({
      round: 1,
      targetManeuver: "retreat",
      targetWentFirst: false,
      melee: true,
      attackerManeuver: "attack",
      attackerMv: 12,
      attackerId: "gru",
      targetId: "orc",
    })!;
    const restrictions = answer.choices[0]!.result.restrictions;
    expect(reason(melee({ round: 2, restrictions }))).toBe(`${KEY}EngageForbidden`);
    expect(reason(melee({ round: 2, restrictions, attacker: { maneuver: "charge" } }))).toBe(
      `${KEY}ChargeForbidden`,
    );
    expect(canAttackNow(melee({ round: 3, restrictions })).allowed).toBe(true);
  });
});

describe("a free attack's weapon (NC-DMG-7, NC-DMG-8, NC-ATK-3)", () => {
  const jenny = { maneuver: "attack" } as const;
  const free = (weapon: Parameters<typeof freeAttackWeapon>[0][number], counter = emptyAttackCounter()) =>
    canTakeFreeAttack({ kind: "chargeFreeAttack", attacker: jenny, counter, weapon }).reasonKey;

  it("NC-DMG-7, NC-DMG-8, NC-ATK-3: refused with a weapon under half, shattered, ranged, or after a shot this round", () => {
    expect(free({ kind: "melee", itemSp: { value: 4, max: 10 } })).toBe(`${KEY}WeaponUnderHalf`);
    expect(free({ kind: "melee", itemSp: { value: 0, max: 10 } })).toBe(`${KEY}WeaponShattered`);
    expect(free(BOW)).toBe(`${KEY}FreeAttackIsMelee`);
    const shot = recordAttack(emptyAttackCounter(), { source: "maneuver", kind: "missile", targetId: "gru" });
    expect(free(SWORD, shot)).toBe(`${KEY}MeleeAfterRanged`);
    expect(free(SWORD)).toBeNull();
    expect(
      canTakeFreeAttack({ kind: "dodgePast", attacker: null, counter: emptyAttackCounter(), weapon: BOW })
        .reasonKey,
    ).toBe(`${KEY}FreeAttackIsMelee`);
  });

  it("NC-DMG-7: the weapon picked is the held melee weapon fit to attack, else a natural one, else none", () => {
    const worn = { kind: "melee", itemSp: { value: 3, max: 8 }, natural: false, name: "Shortsword" } as const;
    const bow = { kind: "missile", itemSp: null, natural: false, name: "Crossbow" } as const;
    const fist = { kind: "melee", itemSp: null, natural: true, name: "Fist" } as const;
    const sword = { kind: "melee", itemSp: { value: 8, max: 8 }, natural: false, name: "Sword" } as const;
    expect(freeAttackWeapon([fist, sword])?.name).toBe("Sword");
    expect(freeAttackWeapon([worn, bow, fist])?.name).toBe("Fist");
    expect(freeAttackWeapon([worn, bow])).toBeNull();
  });
});

describe("the attacks of a round, asked again and again", () => {
  it("NC-ATK-7, NC-ATK-8, NC-ATK-9, NC-ATK-10: the same attacks for the same attacker, whatever was asked before", async () => {
    const flag = fc.constantFrom(undefined, false, true);
    const profile = fc.record({
      maneuver: fc.constantFrom(...MANEUVER_IDS),
      humanoid: flag,
      twoWeapon: flag,
      ambidextrous: flag,
      offHandWeapon: flag,
      offHandParried: flag,
      offHandShield: flag,
      offHandAttacked: flag,
      shieldBashAttack: fc.constantFrom(undefined, "maneuver" as const, "offHand" as const),
      dodgePastChances: fc.integer({ min: 0, max: 18 }),
    });
    const options = fc.constantFrom(undefined, { dodgePastSecondChance: "always" as const });
    const asked = fc.array(fc.tuple(profile, options), { minLength: 1, maxLength: 30 });
    // A fresh module keeps no answers: asking it in the other order must give the same ones.
    vi.resetModules();
    const fresh = await import("./attacks");
    fc.assert(
      fc.property(asked, (list) => {
        const inOrder = list.map(([p, o]) => attackSlots(p, o));
        const reversed = [...list].reverse().map(([p, o]) => fresh.attackSlots(p, o));
        expect(inOrder).toEqual(reversed.reverse());
      }),
      { numRuns: 300 },
    );
  });
});
