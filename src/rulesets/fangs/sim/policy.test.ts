import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadRoster } from "./packs";
import { createDefaultPolicy, type FighterView, type ManeuverOption, type ManeuverQuestion } from "./policy";
import { findFighter } from "./roster";

const roster = loadRoster(resolve(__dirname, "../../../.."));
const gru = findFighter(roster, "Gru");
const jenny = findFighter(roster, "Pirate Jenny");

function view(sheet = gru, hurt = false, engaged = true): FighterView {
  return {
    sheet,
    stunPoints: hurt ? 3 : sheet.stunPoints,
    hitPoints: hurt ? 2 : sheet.hitPoints,
    engaged,
    grappled: false,
    holding: false,
    weapons: sheet.weapons.map((w) => ({
      weapon: w,
      itemSp: w.itemSp,
      condition: w.itemSp ? "sound" : "natural",
    })),
  };
}

function question(self: FighterView, options: ManeuverOption[], distance = 0): ManeuverQuestion {
  return { round: 1, self, opponent: view(), distance, options };
}

const weaponId = (sheet: typeof gru, name: string) => sheet.weapons.find((w) => w.name === name)!.id;

describe("the default policy", () => {
  const policy = createDefaultPolicy();

  it("attacks with its best melee weapon when engaged", () => {
    const options: ManeuverOption[] = [
      { maneuver: "attack", weaponId: weaponId(gru, "Fist") },
      { maneuver: "attack", weaponId: weaponId(gru, "Broadsword") },
      { maneuver: "retreat", weaponId: null },
      { maneuver: "dodgeMelee", weaponId: null },
    ];
    expect(policy.chooseManeuver(question(view(), options))).toEqual({
      maneuver: "attack",
      weaponId: weaponId(gru, "Broadsword"),
    });
  });

  it("retreats when badly hurt, and runs when badly hurt and free", () => {
    const engaged: ManeuverOption[] = [
      { maneuver: "attack", weaponId: weaponId(gru, "Broadsword") },
      { maneuver: "retreat", weaponId: null },
    ];
    expect(policy.chooseManeuver(question(view(gru, true), engaged)).maneuver).toBe("retreat");
    const free: ManeuverOption[] = [
      { maneuver: "engage", weaponId: null },
      { maneuver: "run", weaponId: null },
    ];
    expect(policy.chooseManeuver(question(view(gru, true, false), free, 5)).maneuver).toBe("run");
    expect(
      createDefaultPolicy({ retreatBelow: -Infinity }).chooseManeuver(question(view(gru, true), engaged))
        .maneuver,
    ).toBe("attack");
  });

  it("engages when free, and shoots while free when it has a missile weapon", () => {
    const free: ManeuverOption[] = [
      { maneuver: "move", weaponId: null },
      { maneuver: "engage", weaponId: null },
    ];
    expect(policy.chooseManeuver(question(view(gru, false, false), free, 6)).maneuver).toBe("engage");
    const shooter: ManeuverOption[] = [
      ...free,
      { maneuver: "attack", weaponId: weaponId(jenny, "Light Crossbow") },
    ];
    expect(policy.chooseManeuver(question(view(jenny, false, false), shooter, 6))).toEqual({
      maneuver: "attack",
      weaponId: weaponId(jenny, "Light Crossbow"),
    });
    // Reloading (no shot offered): she keeps her distance.
    const reloading: ManeuverOption[] = [...free, { maneuver: "dodgeMissile", weaponId: null }];
    expect(policy.chooseManeuver(question(view(jenny, false, false), reloading, 6)).maneuver).toBe(
      "dodgeMissile",
    );
  });

  it("defends with the allowed defense of highest skill, and takes the blow only when nothing is left", () => {
    const base = {
      self: view(),
      opponent: view(),
      attack: { weaponId: "x", kind: "melee" as const },
      dodgeConvertsManeuver: false,
      maneuver: "attack" as const,
    };
    expect(
      policy.chooseDefense({
        ...base,
        allowed: ["dodge", "weaponParry", "shieldParry", "none"],
        values: { dodge: 11, weaponParry: 15, shieldParry: 10, none: 0 },
      }),
    ).toBe("weaponParry");
    expect(
      policy.chooseDefense({ ...base, allowed: ["shieldParry", "none"], values: { shieldParry: 10 } }),
    ).toBe("shieldParry");
    expect(policy.chooseDefense({ ...base, allowed: ["none"], values: {} })).toBe("none");
    // NC-MAN-2's dodge would cost this round's attack: not while healthy; an Engage is worth losing.
    const converting = {
      ...base,
      dodgeConvertsManeuver: true,
      allowed: ["dodge", "none"] as const,
      values: { dodge: 15 },
    };
    expect(policy.chooseDefense({ ...converting, allowed: ["dodge", "none"] })).toBe("none");
    expect(policy.chooseDefense({ ...converting, allowed: ["dodge", "none"], self: view(gru, true) })).toBe(
      "dodge",
    );
    expect(policy.chooseDefense({ ...converting, allowed: ["dodge", "none"], maneuver: "engage" })).toBe(
      "dodge",
    );
  });
});
