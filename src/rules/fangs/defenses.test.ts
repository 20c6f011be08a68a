import { describe, expect, it } from "vitest";
import { codeOf } from "../../../test/support/rules-error";
import {
  allowedDefenses,
  checkDefenseFitsAttack,
  type DefenseContext,
  type DefenseUsage,
  emptyDefenseUsage,
  explainDefenses,
  hasMonsterParry,
  type ParryLoadout,
  readyingChoices,
  readyingOf,
  recordDefense,
  recordOffHandAttack,
  takeDefense,
} from "./defenses";
import type { DefenseChoice } from "./types";

const SWORD_AND_SHIELD: ParryLoadout = { weapon: "oneHanded", offHand: "shield" };
const SWORD_ALONE: ParryLoadout = { weapon: "oneHanded", offHand: "none" };
const SHIELD_ALONE: ParryLoadout = { weapon: "none", offHand: "shield" };
const GREATSWORD: ParryLoadout = { weapon: "twoHanded", offHand: "none" };
const MELEE = { attackerId: "orc", kind: "melee" } as const;

function ctx(partial: Partial<DefenseContext> & Pick<DefenseContext, "maneuver">): DefenseContext {
  return { usage: emptyDefenseUsage(), attack: MELEE, loadout: SWORD_AND_SHIELD, ...partial };
}

/** Uses `choice` as often as allowed and returns how many times that was. */
function howMany(context: DefenseContext, choice: DefenseChoice): number {
  let usage: DefenseUsage = context.usage;
  let count = 0;
  while (allowedDefenses({ ...context, usage }).includes(choice)) {
    usage = recordDefense(usage, choice);
    count += 1;
    if (count > 50) return Infinity;
  }
  return count;
}

describe("defense usage", () => {
  it("NC-DEF-3: counts each defense separately and leaves the old record alone", () => {
    const start = emptyDefenseUsage();
    const once = recordDefense(start, "dodge");
    expect(once.dodges).toBe(1);
    expect(start.dodges).toBe(0);
    expect(recordDefense(once, "none")).toBe(once);
    expect(recordDefense(recordDefense(once, "weaponParry"), "shieldParry")).toMatchObject({
      dodges: 1,
      weaponParries: 1,
      shieldParries: 1,
    });
    expect(codeOf(() => recordDefense(start, "block" as DefenseChoice))).toBe("invalid-value");
  });

  it("NC-DEF-3: refuses a malformed usage or loadout or attack", () => {
    expect(
      codeOf(() => allowedDefenses(ctx({ maneuver: "move", usage: { ...emptyDefenseUsage(), dodges: -1 } }))),
    ).toBe("invalid-value");
    expect(
      codeOf(() =>
        allowedDefenses(ctx({ maneuver: "move", loadout: { weapon: "twoHanded", offHand: "shield" } })),
      ),
    ).toBe("invalid-value");
    expect(
      codeOf(() =>
        allowedDefenses(ctx({ maneuver: "move", attack: { attackerId: "x", kind: "magic" as never } })),
      ),
    ).toBe("invalid-value");
    expect(
      codeOf(() =>
        allowedDefenses(
          ctx({ maneuver: "move", attack: { attackerId: "x", kind: "missile", grapple: true } }),
        ),
      ),
    ).toBe("invalid-value");
    expect(codeOf(() => allowedDefenses(ctx({ maneuver: "lunge" })))).toBe("unknown-maneuver");
  });
});

describe("parry against melee only, dodge against both", () => {
  it("NC-MAN-3: under Move, a melee attack may be dodged or parried; a shot missile only dodged", () => {
    expect(allowedDefenses(ctx({ maneuver: "move" }))).toEqual([
      "dodge",
      "weaponParry",
      "shieldParry",
      "none",
    ]);
    const shot = explainDefenses(
      ctx({ maneuver: "move", attack: { attackerId: "archer", kind: "missile" } }),
    );
    expect(shot.allowed).toEqual(["dodge", "none"]);
    expect(shot.refused.find((r) => r.choice === "weaponParry")?.reasonKey).toBe(
      "FANGS.Rules.Defense.Refusal.MissileNoParry",
    );
  });

  it("NC-DEF-1: a thrown missile may also be parried with a shield, never a weapon", () => {
    const thrown = explainDefenses(ctx({ maneuver: "move", attack: { attackerId: "orc", kind: "thrown" } }));
    expect(thrown.allowed).toEqual(["dodge", "shieldParry", "none"]);
    expect(thrown.refused.find((r) => r.choice === "weaponParry")?.reasonKey).toBe(
      "FANGS.Rules.Defense.Refusal.ThrownOnlyShield",
    );
    const swordOnly = allowedDefenses(
      ctx({ maneuver: "move", loadout: SWORD_ALONE, attack: { attackerId: "orc", kind: "thrown" } }),
    );
    expect(swordOnly).toEqual(["dodge", "none"]);
  });

  it("NC-DEF-1: a monster's body may parry a thrown missile, as resolveExchange allows, never a shot one", () => {
    const wolf = { weapon: "none", offHand: "none", monsterParry: true } as const;
    const thrown = { attackerId: "orc", kind: "thrown" } as const;
    // The offer and the exchange agree: the exchange accepts a monster parry of a thrown missile (NC-DEF-8).
    expect(allowedDefenses(ctx({ maneuver: "move", loadout: wolf, attack: thrown }))).toEqual([
      "dodge",
      "monsterParry",
      "none",
    ]);
    expect(
      allowedDefenses(
        ctx({ maneuver: "move", loadout: wolf, attack: { attackerId: "orc", kind: "missile" } }),
      ),
    ).toEqual(["dodge", "none"]);
    expect(() => checkDefenseFitsAttack("strike", "thrown", "monsterParry")).not.toThrow();
  });

  it("NC-DEF-2: All-Out-Attack gets no defense at all, even before it attacks", () => {
    expect(allowedDefenses(ctx({ maneuver: "allOutAttack", maneuverPerformed: false }))).toEqual(["none"]);
  });

  it("NC-DEF-2: read strictly, Change Weapon and Retreat get no defense either", () => {
    const strict = { strictNoDefense: true };
    expect(
      allowedDefenses(ctx({ maneuver: "changeWeapon", maneuverPerformed: false, options: strict })),
    ).toEqual(["none"]);
    expect(allowedDefenses(ctx({ maneuver: "retreat", options: strict }))).toEqual(["none"]);
    // The default reading keeps the descriptions' defenses.
    expect(allowedDefenses(ctx({ maneuver: "retreat" }))).toEqual(["weaponParry", "shieldParry", "none"]);
  });
});

describe("how many dodges", () => {
  it("NC-DEF-3: Move allows one dodge; the Dodge maneuver one against every attack", () => {
    expect(howMany(ctx({ maneuver: "move" }), "dodge")).toBe(1);
    expect(howMany(ctx({ maneuver: "dodgeMelee" }), "dodge")).toBe(Infinity);
  });

  it("NC-MAN-11: Melee Dodge dodges every melee attack, never a missile, and never parries", () => {
    const d = ctx({ maneuver: "dodgeMelee" });
    expect(allowedDefenses(d)).toEqual(["dodge", "none"]);
    const shot = explainDefenses({ ...d, attack: { attackerId: "archer", kind: "missile" } });
    expect(shot.allowed).toEqual(["none"]);
    expect(shot.refused[0]).toEqual({
      choice: "dodge",
      reasonKey: "FANGS.Rules.Defense.Refusal.DodgeOnlyMelee",
    });
  });

  it("NC-MAN-12: Missile Dodge dodges every missile as often as needed, never a melee blow", () => {
    const d = ctx({ maneuver: "dodgeMissile", attack: { attackerId: "archer", kind: "missile" } });
    expect(howMany(d, "dodge")).toBe(Infinity);
    const blow = explainDefenses({ ...d, attack: MELEE });
    expect(blow.allowed).toEqual(["none"]);
    expect(blow.refused[0]?.reasonKey).toBe("FANGS.Rules.Defense.Refusal.DodgeOnlyMissiles");
  });

  it("NC-MAN-18: Run & Dodge dodges every attack, melee or missile, and never parries", () => {
    const d = ctx({ maneuver: "runAndDodge" });
    expect(howMany(d, "dodge")).toBe(Infinity);
    expect(allowedDefenses({ ...d, attack: { attackerId: "a", kind: "missile" } })).toEqual([
      "dodge",
      "none",
    ]);
    expect(allowedDefenses(d)).not.toContain("weaponParry");
  });
});

describe("how many parries", () => {
  it("NC-DEF-5: a weapon and a shield each parry once; a weapon or a shield used alone parries twice", () => {
    const both = ctx({ maneuver: "engage" });
    expect(howMany(both, "weaponParry")).toBe(1);
    expect(howMany(both, "shieldParry")).toBe(1);
    expect(howMany({ ...both, loadout: SWORD_ALONE }, "weaponParry")).toBe(2);
    expect(howMany({ ...both, loadout: SHIELD_ALONE }, "shieldParry")).toBe(2);
    expect(allowedDefenses({ ...both, loadout: SWORD_ALONE })).not.toContain("shieldParry");
  });

  it("NC-MAN-5: a two-handed weapon parries twice under weapon-and-shield maneuvers, once under a single parry", () => {
    expect(howMany(ctx({ maneuver: "move", loadout: GREATSWORD }), "weaponParry")).toBe(2);
    expect(howMany(ctx({ maneuver: "engage", loadout: GREATSWORD }), "weaponParry")).toBe(2);
    expect(howMany(ctx({ maneuver: "retreat", loadout: GREATSWORD }), "weaponParry")).toBe(1);
    expect(
      howMany(
        ctx({ maneuver: "retreat", loadout: GREATSWORD, options: { reading: "table" } }),
        "weaponParry",
      ),
    ).toBe(1);
  });

  it("NC-MAN-4: a bare off hand may parry as a shield", () => {
    const bare = ctx({ maneuver: "engage", loadout: { weapon: "oneHanded", offHand: "bareHand" } });
    expect(allowedDefenses(bare)).toEqual(["weaponParry", "shieldParry", "none"]);
    const none = explainDefenses({ ...bare, loadout: SWORD_ALONE });
    expect(none.refused.find((r) => r.choice === "shieldParry")?.reasonKey).toBe(
      "FANGS.Rules.Defense.Refusal.NoShield",
    );
  });

  it("NC-DEF-8: an unintelligent creature parries by monster dodge, out of the maneuver's parries", () => {
    const wolf = ctx({
      maneuver: "engage",
      loadout: { weapon: "none", offHand: "none", monsterParry: true },
    });
    expect(allowedDefenses(wolf)).toEqual(["monsterParry", "none"]);
    expect(howMany(wolf, "monsterParry")).toBe(2);
    expect(allowedDefenses({ ...wolf, maneuver: "allOutAttack" })).toEqual(["none"]);
    expect(allowedDefenses(ctx({ maneuver: "engage" }))).not.toContain("monsterParry");
  });
});

describe("each maneuver's defenses", () => {
  it("NC-MAN-7: Attack in prose: a weapon and a shield parry, or one dodge and no parry", () => {
    const a = ctx({ maneuver: "attack" });
    expect(allowedDefenses(a)).toEqual(["dodge", "weaponParry", "shieldParry", "none"]);
    const parried = { ...a, usage: recordDefense(emptyDefenseUsage(), "weaponParry") };
    expect(allowedDefenses(parried)).toEqual(["shieldParry", "none"]);
    const dodged = { ...a, usage: recordDefense(emptyDefenseUsage(), "dodge") };
    expect(allowedDefenses(dodged)).toEqual(["none"]);
  });

  it("NC-MAN-7: Attack in the table reading: both parries and the dodge", () => {
    let usage = recordDefense(emptyDefenseUsage(), "weaponParry");
    usage = recordDefense(usage, "shieldParry");
    expect(allowedDefenses(ctx({ maneuver: "attack", usage, options: { reading: "table" } }))).toEqual([
      "dodge",
      "none",
    ]);
  });

  it("NC-MAN-8: Change Weapon: no defense of its own; before it is done, a dodge that keeps the old weapons", () => {
    expect(allowedDefenses(ctx({ maneuver: "changeWeapon" }))).toEqual(["none"]);
    const early = ctx({ maneuver: "changeWeapon", maneuverPerformed: false });
    expect(explainDefenses(early).dodgeConvertsManeuver).toBe(true);
    expect(takeDefense(early, "dodge").dodgeInstead).toMatchObject({
      lostManeuver: "changeWeapon",
      maneuver: "dodgeMelee",
      retryNextRound: true,
    });
  });

  it("NC-MAN-9: Charge parries its target's attack only, once, and never dodges", () => {
    const charge = ctx({ maneuver: "charge", maneuverTargetId: "orc", maneuverPerformed: false });
    expect(allowedDefenses(charge)).toEqual(["weaponParry", "shieldParry", "none"]);
    expect(howMany(charge, "shieldParry")).toBe(1);
    const other = explainDefenses({ ...charge, attack: { attackerId: "goblin", kind: "melee" } });
    expect(other.allowed).toEqual(["none"]);
    expect(other.refused.find((r) => r.choice === "weaponParry")?.reasonKey).toBe(
      "FANGS.Rules.Defense.Refusal.OnlyChargeTarget",
    );
  });

  it("NC-MAN-10: Disengage: a weapon and a shield parry, no dodge (prose), not even before it is performed", () => {
    const d = ctx({ maneuver: "disengage" });
    expect(allowedDefenses(d)).toEqual(["weaponParry", "shieldParry", "none"]);
    const early = explainDefenses({ ...d, maneuverPerformed: false });
    expect(early.allowed).toEqual(["weaponParry", "shieldParry", "none"]);
    expect(early.refused).toContainEqual({
      choice: "dodge",
      reasonKey: "FANGS.Rules.Defense.Refusal.ManeuverNoDodge",
    });
    expect(allowedDefenses({ ...d, options: { reading: "table" } })).toContain("dodge");
  });

  it("NC-MAN-13: Draw Weapon: one off-hand parry, no dodge; readying a whole set: nothing", () => {
    const draw = ctx({ maneuver: "drawWeapon", loadout: SHIELD_ALONE });
    expect(allowedDefenses(draw)).toEqual(["shieldParry", "none"]);
    // "he may not dodge", even when attacked before the weapon is out.
    expect(allowedDefenses({ ...draw, maneuverPerformed: false })).toEqual(["shieldParry", "none"]);
    expect(howMany(draw, "shieldParry")).toBe(1);
    const set = explainDefenses({ ...draw, readyingFullSet: true, maneuverPerformed: false });
    expect(set.allowed).toEqual(["none"]);
    expect(set.refused.find((r) => r.choice === "dodge")?.reasonKey).toBe(
      "FANGS.Rules.Defense.Refusal.ReadyingFullSet",
    );
    // Nothing in the off hand yet: nothing to parry with.
    expect(
      allowedDefenses(ctx({ maneuver: "drawWeapon", loadout: { weapon: "none", offHand: "none" } })),
    ).toEqual(["none"]);
  });

  it("NC-MAN-14: Engage: one weapon parry and one shield parry", () => {
    expect(allowedDefenses(ctx({ maneuver: "engage" }))).toEqual(["weaponParry", "shieldParry", "none"]);
  });

  it("NC-MAN-15: Move: a weapon parry, a shield parry and a dodge, all in one round", () => {
    let usage = emptyDefenseUsage();
    for (const c of ["weaponParry", "shieldParry", "dodge"] as const) {
      expect(allowedDefenses(ctx({ maneuver: "move", usage }))).toContain(c);
      usage = recordDefense(usage, c);
    }
    expect(allowedDefenses(ctx({ maneuver: "move", usage }))).toEqual(["none"]);
  });

  it("NC-MAN-16: Retreat: one parry with either hand, no dodge", () => {
    const r = ctx({ maneuver: "retreat" });
    expect(allowedDefenses(r)).toEqual(["weaponParry", "shieldParry", "none"]);
    expect(allowedDefenses({ ...r, usage: recordDefense(emptyDefenseUsage(), "shieldParry") })).toEqual([
      "none",
    ]);
    expect(allowedDefenses({ ...r, maneuverPerformed: false })).not.toContain("dodge");
  });

  it("NC-MAN-17: Run: one dodge and no parry (prose); parries and no dodge (table)", () => {
    expect(allowedDefenses(ctx({ maneuver: "run" }))).toEqual(["dodge", "none"]);
    expect(allowedDefenses(ctx({ maneuver: "run", options: { reading: "table" } }))).toEqual([
      "weaponParry",
      "shieldParry",
      "none",
    ]);
  });
});

describe("dodging instead of the maneuver", () => {
  it("NC-MAN-2: attacked before performing it, a character may dodge instead and the maneuver is lost", () => {
    const engage = ctx({ maneuver: "engage", maneuverPerformed: false });
    const answer = explainDefenses(engage);
    expect(answer.allowed).toEqual(["dodge", "weaponParry", "shieldParry", "none"]);
    expect(answer.dodgeConvertsManeuver).toBe(true);
    const taken = takeDefense(engage, "dodge");
    expect(taken.usage.dodges).toBe(1);
    expect(taken.dodgeInstead).toEqual({
      lostManeuver: "engage",
      maneuver: "dodgeMelee",
      retryNextRound: true,
      noteKey: "FANGS.Rules.Defense.DodgeInstead",
    });
    const shot = takeDefense({ ...engage, attack: { attackerId: "archer", kind: "missile" } }, "dodge");
    expect(shot.dodgeInstead?.maneuver).toBe("dodgeMissile");
  });

  it("NC-MAN-2: once the maneuver is performed, or where the maneuver rules it out, there is no dodge instead", () => {
    expect(allowedDefenses(ctx({ maneuver: "engage", maneuverPerformed: true }))).not.toContain("dodge");
    expect(allowedDefenses(ctx({ maneuver: "engage" }))).not.toContain("dodge");
    expect(
      allowedDefenses(ctx({ maneuver: "charge", maneuverTargetId: "orc", maneuverPerformed: false })),
    ).not.toContain("dodge");
    // A maneuver whose own dodge is still there dodges without losing itself.
    const move = takeDefense(ctx({ maneuver: "move", maneuverPerformed: false }), "dodge");
    expect(move.dodgeInstead).toBeNull();
  });

  it("NC-MAN-2: a defense that is not allowed is refused with defense-not-allowed", () => {
    expect(codeOf(() => takeDefense(ctx({ maneuver: "allOutAttack" }), "dodge"))).toBe("defense-not-allowed");
    expect(takeDefense(ctx({ maneuver: "allOutAttack" }), "none").usage).toEqual(emptyDefenseUsage());
  });
});

describe("grappling and the off hand", () => {
  it("NC-GRP-1: a grapple is parried only with Grapple; a dodge works normally", () => {
    const grapple = explainDefenses(
      ctx({ maneuver: "move", attack: { attackerId: "ogre", kind: "melee", grapple: true } }),
    );
    expect(grapple.allowed).toEqual(["dodge", "grappleParry", "none"]);
    expect(grapple.refused.find((r) => r.choice === "weaponParry")?.reasonKey).toBe(
      "FANGS.Rules.Defense.Refusal.GrappleOnlyByGrapple",
    );
    expect(allowedDefenses(ctx({ maneuver: "move" }))).not.toContain("grappleParry");
  });

  it("NC-GRP-4: a grappled target cannot dodge, nor parry with a bound limb", () => {
    const armBound = explainDefenses(ctx({ maneuver: "move", boundLimbs: ["mainArm", "head"] }));
    expect(armBound.allowed).toEqual(["shieldParry", "none"]);
    expect(armBound.refused).toContainEqual({
      choice: "dodge",
      reasonKey: "FANGS.Rules.Defense.Refusal.Grappled",
    });
    expect(armBound.refused).toContainEqual({
      choice: "weaponParry",
      reasonKey: "FANGS.Rules.Defense.Refusal.LimbBound",
    });
    expect(allowedDefenses(ctx({ maneuver: "move", boundLimbs: ["mainArm", "offArm"] }))).toEqual(["none"]);
    expect(
      allowedDefenses(ctx({ maneuver: "move", loadout: GREATSWORD, boundLimbs: ["offArm", "head"] })),
    ).toEqual(["none"]);
    expect(allowedDefenses(ctx({ maneuver: "move", boundLimbs: ["leftLeg", "rightLeg"] }))).toEqual([
      "weaponParry",
      "shieldParry",
      "none",
    ]);
    const wolf = {
      weapon: "none",
      offHand: "none",
      monsterParry: true,
      monsterParryLimbs: ["jaws"],
    } as const;
    expect(allowedDefenses(ctx({ maneuver: "engage", loadout: wolf, boundLimbs: ["jaws", "head"] }))).toEqual(
      ["none"],
    );
    expect(allowedDefenses(ctx({ maneuver: "engage", loadout: wolf, boundLimbs: ["leftLeg"] }))).toEqual([
      "monsterParry",
      "none",
    ]);
  });

  it("NC-GRP-4: with both arms bound there is no Grapple parry either", () => {
    const grapple = { attackerId: "ogre", kind: "melee", grapple: true } as const;
    expect(allowedDefenses(ctx({ maneuver: "move", attack: grapple, boundLimbs: ["mainArm"] }))).toEqual([
      "grappleParry",
      "none",
    ]);
    expect(
      allowedDefenses(ctx({ maneuver: "move", attack: grapple, boundLimbs: ["mainArm", "offArm"] })),
    ).toEqual(["none"]);
  });

  it("NC-ATK-9: an off-hand weapon that has attacked cannot parry; with Two Weapon it still can (NC-ATK-10)", () => {
    const dagger = { weapon: "oneHanded", offHand: "weapon" } as const;
    const usage = recordOffHandAttack(emptyDefenseUsage());
    expect(allowedDefenses(ctx({ maneuver: "attack", loadout: dagger, usage }))).toEqual([
      "dodge",
      "weaponParry",
      "none",
    ]);
    expect(allowedDefenses(ctx({ maneuver: "attack", loadout: dagger, usage, twoWeapon: true }))).toContain(
      "shieldParry",
    );
  });
});

describe("who has a monster parry", () => {
  it("NC-DEF-8: only an unintelligent, non-humanoid creature parries by monster dodge", () => {
    expect(hasMonsterParry({ humanoid: false, intelligent: false })).toBe(true);
    expect(hasMonsterParry({ humanoid: true, intelligent: false })).toBe(false);
    expect(hasMonsterParry({ humanoid: false, intelligent: true })).toBe(false);
    expect(hasMonsterParry({ humanoid: true, intelligent: true })).toBe(false);
  });
});

describe("the Melee Dodge against missiles (meleeDodgeScope)", () => {
  const SHOT = { attackerId: "archer", kind: "missile" } as const;
  const THROWN = { attackerId: "orc", kind: "thrown" } as const;

  it("NC-MAN-11, NC-DEF-3: by default the Melee Dodge dodges every melee attack and no missile", () => {
    const d = ctx({ maneuver: "dodgeMelee" });
    expect(howMany(d, "dodge")).toBe(Infinity);
    expect(explainDefenses({ ...d, attack: SHOT }).refused).toContainEqual({
      choice: "dodge",
      reasonKey: "FANGS.Rules.Defense.Refusal.DodgeOnlyMelee",
    });
    expect(allowedDefenses({ ...d, attack: THROWN })).not.toContain("dodge");
  });

  it('NC-MAN-11, NC-DEF-3: under "all" the Melee Dodger dodges the missiles too, as many as come, and melee still', () => {
    const d = ctx({ maneuver: "dodgeMelee", rules: { meleeDodgeScope: "all" } });
    expect(howMany({ ...d, attack: SHOT }, "dodge")).toBe(Infinity);
    expect(allowedDefenses({ ...d, attack: THROWN })).toContain("dodge");
    expect(howMany(d, "dodge")).toBe(Infinity);
    // The Missile Dodge keeps to missiles: the option reads the Melee Dodge only.
    const missile = ctx({ maneuver: "dodgeMissile", rules: { meleeDodgeScope: "all" } });
    expect(allowedDefenses(missile)).not.toContain("dodge");
    // A missile is still never parried.
    expect(allowedDefenses({ ...d, attack: SHOT })).toEqual(["dodge", "none"]);
  });
});

describe("a shield's one use and Draw Weapon's readying", () => {
  it("NC-DEF-9: a shield that bashed parries no more this round, even with Two Weapon; the weapon still parries", () => {
    const bashed = recordOffHandAttack(emptyDefenseUsage());
    const answer = explainDefenses(ctx({ maneuver: "attack", usage: bashed, twoWeapon: true }));
    expect(answer.allowed).toEqual(["dodge", "weaponParry", "none"]);
    expect(answer.refused).toContainEqual({
      choice: "shieldParry",
      reasonKey: "FANGS.Rules.Defense.Refusal.ShieldBashed",
    });
    expect(allowedDefenses(ctx({ maneuver: "move", usage: bashed, loadout: SHIELD_ALONE }))).toEqual([
      "dodge",
      "none",
    ]);
  });

  it("NC-MAN-13: drawing the weapon, the one parry is the shield's, never the weapon being drawn", () => {
    expect(allowedDefenses(ctx({ maneuver: "drawWeapon", readying: "weapon" }))).toEqual([
      "shieldParry",
      "none",
    ]);
    const alone = explainDefenses(ctx({ maneuver: "drawWeapon", readying: "weapon", loadout: SWORD_ALONE }));
    expect(alone.allowed).toEqual(["none"]);
    expect(alone.refused).toContainEqual({
      choice: "weaponParry",
      reasonKey: "FANGS.Rules.Defense.Refusal.BeingDrawn",
    });
  });

  it("NC-MAN-20: readying a shield or parrying weapon, it does not parry; the weapon in hand parries once; no dodge", () => {
    for (const loadout of [SWORD_AND_SHIELD, { weapon: "oneHanded", offHand: "weapon" } as const]) {
      const context = ctx({ maneuver: "drawWeapon", readying: "offHand", loadout });
      const answer = explainDefenses(context);
      expect(answer.allowed).toEqual(["weaponParry", "none"]);
      expect(answer.refused).toContainEqual({
        choice: "shieldParry",
        reasonKey: "FANGS.Rules.Defense.Refusal.BeingReadied",
      });
      expect(howMany(context, "weaponParry")).toBe(1);
    }
    // Under any other maneuver the readying says nothing.
    expect(allowedDefenses(ctx({ maneuver: "engage", readying: "offHand" }))).toEqual([
      "weaponParry",
      "shieldParry",
      "none",
    ]);
  });

  it("NC-MAN-20: not said, Draw Weapon readies the weapon: the sword alone does not parry, the shield parries once", () => {
    expect(allowedDefenses(ctx({ maneuver: "drawWeapon", loadout: SWORD_ALONE }))).toEqual(["none"]);
    const withShield = ctx({ maneuver: "drawWeapon", loadout: SWORD_AND_SHIELD });
    expect(allowedDefenses(withShield)).toEqual(["shieldParry", "none"]);
    expect(howMany(withShield, "shieldParry")).toBe(1);
  });

  it("NC-MAN-20: what may be readied: the off hand only with a shield or parrying weapon to ready, alone when there is no weapon to draw", () => {
    expect(readyingChoices({ weapon: true, offHand: false })).toEqual(["weapon"]);
    expect(readyingChoices({ weapon: true, offHand: true })).toEqual(["weapon", "offHand"]);
    expect(readyingChoices({ weapon: false, offHand: true })).toEqual(["offHand"]);
    expect(readyingChoices({ weapon: false, offHand: false })).toEqual(["weapon"]);
    expect(readyingOf("offHand", { weapon: true, offHand: false })).toBe("weapon");
    expect(readyingOf("offHand", { weapon: true, offHand: true })).toBe("offHand");
    expect(readyingOf(null, { weapon: false, offHand: true })).toBe("offHand");
    expect(readyingOf(null)).toBe("weapon");
    expect(readyingOf("offHand")).toBe("offHand");
  });
});
