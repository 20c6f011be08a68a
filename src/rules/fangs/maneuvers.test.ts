import { describe, expect, it } from "vitest";
import { codeOf } from "../../../test/support/rules-error";
import {
  canChooseManeuver,
  DEFAULT_MANEUVER_OPTIONS,
  getManeuver,
  MANEUVERS,
  type ManeuverSituation,
  maneuverDefenses,
  mayDodgeInstead,
  mayReadyFullSet,
  movePaces,
  readingFor,
  resolveManeuverOptions,
} from "./maneuvers";
import { MANEUVER_IDS, type ManeuverId } from "./types";

const TABLE = { reading: "table" } as const;
const PROSE = { reading: "prose" } as const;

describe("the maneuver registry", () => {
  it("NC-MAN-1: holds exactly the thirteen maneuvers, frozen, with their label and hint keys", () => {
    expect(Object.keys(MANEUVERS).sort()).toEqual([...MANEUVER_IDS].sort());
    expect(Object.isFrozen(MANEUVERS)).toBe(true);
    expect(Object.isFrozen(MANEUVERS.attack)).toBe(true);
    expect(Object.isFrozen(MANEUVERS.attack.defenses.prose)).toBe(true);
    expect(MANEUVERS.allOutAttack.labelKey).toBe("FANGS.Maneuver.AllOutAttack.Name");
    expect(MANEUVERS.runAndDodge.hintKey).toBe("FANGS.Maneuver.RunAndDodge.Hint");
    for (const id of MANEUVER_IDS) expect(getManeuver(id).id).toBe(id);
  });

  it("NC-MAN-1: refuses an unknown maneuver with the unknown-maneuver code", () => {
    expect(codeOf(() => getManeuver("feint"))).toBe("unknown-maneuver");
    expect(codeOf(() => getManeuver(""))).toBe("unknown-maneuver");
    expect(codeOf(() => movePaces("parry", 10))).toBe("unknown-maneuver");
  });

  it("NC-MAN-19: refuses a reading other than prose or table", () => {
    expect(codeOf(() => resolveManeuverOptions({ reading: "house" as never }))).toBe("invalid-value");
    expect(codeOf(() => resolveManeuverOptions({ perManeuver: { run: "both" as never } }))).toBe(
      "invalid-value",
    );
    expect(codeOf(() => resolveManeuverOptions({ perManeuver: { sprint: "table" } as never }))).toBe(
      "unknown-maneuver",
    );
  });

  it("NC-MAN-19: reads the prose by default, and a table may switch single maneuvers", () => {
    expect(DEFAULT_MANEUVER_OPTIONS.reading).toBe("prose");
    expect(readingFor("run")).toBe("prose");
    expect(readingFor("run", { perManeuver: { run: "table" } })).toBe("table");
    expect(readingFor("disengage", { perManeuver: { run: "table" } })).toBe("prose");
    expect(maneuverDefenses("run", { perManeuver: { run: "table" } }).weaponParries).toBe(1);
  });
});

/* The second maneuver table, row by row: Attacks, W/Parry, S/Parry, & Dodge. */
const ATTACK_TABLE: readonly [ManeuverId, number, number, number | "only target", number | "all"][] = [
  ["allOutAttack", 2, 0, 0, 0],
  ["attack", 1, 1, 1, 1],
  ["changeWeapon", 0, 0, 0, 0],
  ["charge", 1, 0, "only target", 0],
  ["disengage", 0, 1, 1, 1],
  ["dodgeMelee", 0, 0, 0, "all"],
  ["dodgeMissile", 0, 0, 0, "all"],
  ["drawWeapon", 0, 0, 1, 0],
  ["engage", 0, 1, 1, 1],
  ["move", 0, 1, 1, 1],
  ["retreat", 0, 0, 1, 0],
  ["run", 0, 1, 1, 0],
  ["runAndDodge", 0, 0, 0, "all"],
];

/* The first maneuver table, row by row: "If using Melee Weapon…" and Move. */
const MOVE_TABLE: readonly [ManeuverId, string, boolean, "quarter" | "half" | "full"][] = [
  ["allOutAttack", "mustBeEngaged", false, "quarter"],
  ["attack", "mustBeEngaged", false, "quarter"],
  ["changeWeapon", "anytime", false, "quarter"],
  ["charge", "mustNotBeEngaged", true, "full"],
  ["disengage", "mustBeEngaged", true, "half"],
  ["dodgeMelee", "anytime", false, "half"],
  ["dodgeMissile", "anytime", false, "half"],
  ["drawWeapon", "anytime", false, "quarter"],
  ["engage", "withinHalfMove", false, "half"],
  ["move", "mustNotBeEngaged", false, "half"],
  ["retreat", "mustBeEngaged", true, "full"],
  ["run", "mustNotBeEngaged", false, "full"],
  ["runAndDodge", "mustNotBeEngaged", false, "half"],
];

describe("the maneuver tables (table reading)", () => {
  it.each(ATTACK_TABLE)(
    "NC-MAN-19: %s: attacks %s, weapon parry %s, shield parry %s, dodge %s",
    (id, attacks, weapon, shield, dodge) => {
      const d = maneuverDefenses(id, TABLE);
      expect(getManeuver(id).attacks).toBe(attacks);
      expect(d.weaponParries).toBe(weapon);
      expect(d.shieldParries).toBe(shield === "only target" ? 1 : shield);
      expect(d.parryOnlyTarget).toBe(shield === "only target");
      expect(d.eitherParries).toBe(0);
      expect(d.dodges).toBe(dodge);
      expect(d.parryOrDodge).toBe(false);
    },
  );

  it.each(MOVE_TABLE)("NC-MAN-19: %s: engagement %s, free to move %s, move %s MV", (id, rule, free, move) => {
    const m = getManeuver(id);
    expect(m.engagement).toBe(rule);
    expect(m.requiresFreeToMove).toBe(free);
    expect(m.move).toBe(move);
  });

  it("NC-MAN-19: gives paces from MV: ¼, ½ and full, fractions rounded up (MV 15: 4, 8, 15)", () => {
    expect(movePaces("attack", 15)).toBe(4);
    expect(movePaces("engage", 15)).toBe(8);
    expect(movePaces("charge", 15)).toBe(15);
    expect(movePaces("drawWeapon", 12)).toBe(3);
    expect(movePaces("move", 0)).toBe(0);
    expect(codeOf(() => movePaces("move", 7.5))).toBe("invalid-value");
    expect(codeOf(() => movePaces("move", -1))).toBe("invalid-value");
  });
});

describe("where the prose differs from the tables (prose reading, the default)", () => {
  it("NC-MAN-17: Run may dodge but not parry (table: one weapon and one shield parry, no dodge)", () => {
    expect(maneuverDefenses("run")).toMatchObject({
      weaponParries: 0,
      shieldParries: 0,
      eitherParries: 0,
      dodges: 1,
    });
    expect(maneuverDefenses("run", TABLE)).toMatchObject({ weaponParries: 1, shieldParries: 1, dodges: 0 });
  });

  it("NC-MAN-10: Disengage parries once with weapon and once with shield but may not dodge (table: dodge 1)", () => {
    expect(maneuverDefenses("disengage", PROSE)).toMatchObject({
      weaponParries: 1,
      shieldParries: 1,
      dodges: 0,
    });
    expect(maneuverDefenses("disengage", TABLE).dodges).toBe(1);
  });

  it("NC-MAN-9: Charge parries its target's attack once, with either hand (table: shield only)", () => {
    expect(maneuverDefenses("charge")).toMatchObject({
      weaponParries: 0,
      shieldParries: 0,
      eitherParries: 1,
      parryOnlyTarget: true,
      dodges: 0,
    });
  });

  it("NC-MAN-7: Attack gives parries OR a dodge in prose, all three in the table", () => {
    expect(maneuverDefenses("attack").parryOrDodge).toBe(true);
    expect(maneuverDefenses("attack", TABLE).parryOrDodge).toBe(false);
  });

  it("NC-MAN-14: Engage names no dodge in prose (the table gives one)", () => {
    expect(maneuverDefenses("engage")).toMatchObject({ weaponParries: 1, shieldParries: 1, dodges: 0 });
    expect(maneuverDefenses("engage", TABLE).dodges).toBe(1);
  });

  it("NC-MAN-16: Retreat parries one attack with either hand in prose (table: shield), never dodges", () => {
    expect(maneuverDefenses("retreat")).toMatchObject({ eitherParries: 1, shieldParries: 0, dodges: 0 });
    expect(maneuverDefenses("retreat", TABLE)).toMatchObject({
      eitherParries: 0,
      shieldParries: 1,
      dodges: 0,
    });
  });

  it("NC-DEF-2: read strictly, Change Weapon, Retreat and All-Out-Attack give no defense at all", () => {
    const strict = { strictNoDefense: true };
    for (const id of ["changeWeapon", "retreat", "allOutAttack"] as const) {
      const d = maneuverDefenses(id, strict);
      expect(d.weaponParries + d.shieldParries + d.eitherParries).toBe(0);
      expect(d.dodges).toBe(0);
      expect(mayDodgeInstead(id, strict)).toBe(false);
      expect(getManeuver(id).listedAsNoDefense).toBe(true);
    }
    expect(mayDodgeInstead("changeWeapon")).toBe(true);
    expect(maneuverDefenses("move", strict).dodges).toBe(1);
  });
});

describe("maneuver properties", () => {
  it.each([
    ["attack", true],
    ["changeWeapon", true],
    ["engage", true],
    ["move", true],
    ["run", true],
    ["allOutAttack", false],
    ["charge", false],
    ["disengage", false],
    ["drawWeapon", false],
    ["retreat", false],
    ["dodgeMelee", false],
    ["dodgeMissile", false],
    ["runAndDodge", false],
  ] as const)("NC-MAN-2: %s may dodge instead when attacked before it is performed: %s", (id, may) => {
    // The exceptions are the descriptions that say "cannot dodge" or "may not dodge" (All-Out-Attack,
    // Charge, Disengage, Draw Weapon, Retreat); the three dodging maneuvers dodge on their own.
    expect(mayDodgeInstead(id)).toBe(may);
    expect(getManeuver(id).dodgeInstead).toBe(may);
  });

  it("NC-RND-7: whole-round maneuvers (Change Weapon, Retreat, Run, Charge) cannot be held", () => {
    for (const id of ["changeWeapon", "retreat", "run", "charge"] as const) {
      expect(getManeuver(id).wholeRound).toBe(true);
      expect(getManeuver(id).mayBeHeld).toBe(false);
    }
    for (const id of ["engage", "move", "attack"] as const) expect(getManeuver(id).mayBeHeld).toBe(true);
  });

  it("NC-MAN-6: All-Out-Attack: two attacks, no defense, ¼ MV, not held, normal initiative, no extended reload, Two Weapon third", () => {
    const m = getManeuver("allOutAttack");
    expect(m).toMatchObject({
      attacks: 2,
      move: "quarter",
      mayBeHeld: false,
      dodgeInstead: false,
      normalInitiativeOnly: true,
      forbidsExtendedReload: true,
      twoWeaponExtraAttack: true,
      engagementOnlyForMelee: true,
    });
  });

  it("NC-MAN-8: Change Weapon: no attack, ¼ MV, cannot be held, may only dodge instead", () => {
    const m = getManeuver("changeWeapon");
    expect(m).toMatchObject({ attacks: 0, move: "quarter", mayBeHeld: false, dodgeInstead: true });
    expect(maneuverDefenses("changeWeapon").dodges).toBe(0);
  });

  it("NC-MAN-9: Charge: full MV, one attack, no second attack, cannot be held, no dodge", () => {
    expect(getManeuver("charge")).toMatchObject({
      attacks: 1,
      move: "full",
      forbidsExtraAttacks: true,
      mayBeHeld: false,
      dodgeInstead: false,
    });
  });

  it("NC-MAN-11: Melee Dodge may try to slip past an attacker; ½ MV", () => {
    expect(getManeuver("dodgeMelee")).toMatchObject({ mayDodgePast: true, move: "half", attacks: 0 });
    expect(getManeuver("dodgeMissile").mayDodgePast).toBe(false);
  });
});

describe("choosing a maneuver", () => {
  const base: ManeuverSituation = { engaged: false, freeToMove: true, mv: 12 };

  it("NC-MAN-9: Charge must start unengaged and free to move, and never from a hold", () => {
    expect(canChooseManeuver("charge", base).allowed).toBe(true);
    expect(canChooseManeuver("charge", { ...base, engaged: true }).reasonKey).toBe(
      "FANGS.Rules.Maneuver.Refusal.MustNotBeEngaged",
    );
    expect(canChooseManeuver("charge", { ...base, freeToMove: false }).reasonKey).toBe(
      "FANGS.Rules.Maneuver.Refusal.NotFreeToMove",
    );
    expect(canChooseManeuver("charge", { ...base, fromHold: true }).reasonKey).toBe(
      "FANGS.Rules.Maneuver.Refusal.CannotBeHeld",
    );
  });

  it("NC-MAN-15: Move only when unengaged; engaged characters must Melee Dodge or Retreat", () => {
    expect(canChooseManeuver("move", base).allowed).toBe(true);
    expect(canChooseManeuver("move", { ...base, engaged: true }).allowed).toBe(false);
    expect(canChooseManeuver("dodgeMelee", { ...base, engaged: true }).allowed).toBe(true);
    expect(canChooseManeuver("retreat", { ...base, engaged: true }).allowed).toBe(true);
    expect(canChooseManeuver("move", { ...base, fromHold: true }).allowed).toBe(true);
  });

  it("NC-MAN-14: Engage needs the target within ½ MV, and may be held", () => {
    expect(canChooseManeuver("engage", { ...base, distanceToTarget: 6 }).allowed).toBe(true);
    expect(canChooseManeuver("engage", { ...base, distanceToTarget: 7 }).reasonKey).toBe(
      "FANGS.Rules.Maneuver.Refusal.TargetOutOfReach",
    );
    expect(canChooseManeuver("engage", base).allowed).toBe(false);
    expect(canChooseManeuver("engage", { ...base, distanceToTarget: 2, fromHold: true }).allowed).toBe(true);
  });

  it("NC-MAN-7: Attack with a melee weapon must be engaged, or close within its ¼ MV", () => {
    expect(canChooseManeuver("attack", { ...base, engaged: true }).allowed).toBe(true);
    expect(canChooseManeuver("attack", { ...base, distanceToTarget: 3 }).allowed).toBe(true);
    expect(canChooseManeuver("attack", { ...base, distanceToTarget: 4 }).reasonKey).toBe(
      "FANGS.Rules.Maneuver.Refusal.MustBeEngaged",
    );
    expect(
      canChooseManeuver("attack", { ...base, weaponKind: "missile", distanceToTarget: 40 }).allowed,
    ).toBe(true);
  });

  it("NC-MAN-6: All-Out-Attack with a melee weapon must already be engaged (a bow need not)", () => {
    expect(canChooseManeuver("allOutAttack", { ...base, distanceToTarget: 1 }).allowed).toBe(false);
    expect(canChooseManeuver("allOutAttack", { ...base, engaged: true }).allowed).toBe(true);
    expect(canChooseManeuver("allOutAttack", { ...base, weaponKind: "missile" }).allowed).toBe(true);
    expect(canChooseManeuver("allOutAttack", { ...base, engaged: true, fromHold: true }).allowed).toBe(false);
  });

  it("NC-MAN-10: Disengage needs engagement and room to move back", () => {
    expect(canChooseManeuver("disengage", { ...base, engaged: true }).allowed).toBe(true);
    expect(canChooseManeuver("disengage", base).allowed).toBe(false);
    expect(canChooseManeuver("disengage", { ...base, engaged: true, freeToMove: false }).reasonKey).toBe(
      "FANGS.Rules.Maneuver.Refusal.NotFreeToMove",
    );
    expect(canChooseManeuver("disengage", { ...base, engaged: true, fromHold: true }).allowed).toBe(false);
  });

  it("NC-MAN-16: Retreat needs engagement and room to run, and cannot be held", () => {
    expect(canChooseManeuver("retreat", { ...base, engaged: true }).allowed).toBe(true);
    expect(canChooseManeuver("retreat", { ...base, engaged: true, freeToMove: false }).allowed).toBe(false);
    expect(canChooseManeuver("retreat", { ...base, engaged: true, fromHold: true }).allowed).toBe(false);
    expect(movePaces("retreat", 12)).toBe(12);
  });

  it("NC-MAN-17: Run only when unengaged, full MV", () => {
    expect(canChooseManeuver("run", base).allowed).toBe(true);
    expect(canChooseManeuver("run", { ...base, engaged: true }).allowed).toBe(false);
    expect(movePaces("run", 12)).toBe(12);
  });

  it("NC-MAN-18: Run & Dodge only when unengaged, ½ MV, no attack", () => {
    expect(canChooseManeuver("runAndDodge", base).allowed).toBe(true);
    expect(canChooseManeuver("runAndDodge", { ...base, engaged: true }).allowed).toBe(false);
    expect(movePaces("runAndDodge", 12)).toBe(6);
    expect(getManeuver("runAndDodge").attacks).toBe(0);
  });

  it("NC-SPD-3: a Charge the special defenses forbid this round is refused", () => {
    expect(canChooseManeuver("charge", { ...base, chargeForbidden: true }).reasonKey).toBe(
      "FANGS.Rules.Maneuver.Refusal.ChargeForbidden",
    );
  });

  it("NC-MAN-13: only a character who does not move can ready a whole combat set in one round", () => {
    expect(mayReadyFullSet(0)).toBe(true);
    expect(mayReadyFullSet(1)).toBe(false);
    expect(codeOf(() => mayReadyFullSet(-2))).toBe("invalid-value");
    expect(movePaces("drawWeapon", 12)).toBe(3);
  });

  it("NC-MAN-19: refuses a non-integer MV", () => {
    expect(codeOf(() => canChooseManeuver("move", { ...base, mv: 10.5 }))).toBe("invalid-value");
  });
});
