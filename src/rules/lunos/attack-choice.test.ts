import { describe, expect, it } from "vitest";
import { CLUB, fighter, MAIL, pool, refusal, roundOf, viewOf } from "../../../test/support/lunos-fixtures";
import { ScriptedDice } from "../kernel/dice";
import { maneuverMenu, settleAttack } from "./attack-choice";
import { LUNOS_DEFAULTS } from "./config";
import { attackOf, fighterOf, type LunosPlan, resolveAttack, rollAttack } from "./round-engine";

/*
 * The attack card's questions to the engine: the attack settled on its
 * turn from what the plan declared, and the maneuvers offered after the
 * roll. Sheets as the round engine's tests: a six-die attack, a
 * five-die defense.
 */

const R = LUNOS_DEFAULTS;
const AL = fighter("al", { weapon: CLUB });
const BO = fighter("bo", { weapon: CLUB, armor: { ...MAIL, magical: true } });
const CY = fighter("cy", { weapon: null });
const VIEW = viewOf([AL, BO, CY]);
const plan = (...actions: LunosPlan["actions"]): LunosPlan => ({ actions });
const idle = plan({ kind: "other", task: "task" });

/** al first (2 successes), bo and cy after; al's attack declared at bo and cy, no defenses. */
function threeWay() {
  return roundOf({
    view: VIEW,
    ids: ["al", "bo", "cy"],
    plans: { al: plan({ kind: "attack", targets: ["bo", "cy"] }), bo: idle, cy: idle },
    dice: [...pool(3, 2), ...pool(3, 0), ...pool(3, 0)],
  });
}

describe("the attack settled on its turn", () => {
  it("LUN-ACT-1: strikes some of the declared targets, with Brawl and a declared maneuver; the rest of the plan stays", () => {
    const f = threeWay();
    const settled = settleAttack(f, "al", { targets: ["cy"], skill: "brawl", declared: "trip" }, VIEW, R);
    expect(attackOf(fighterOf(settled, "al").plan)).toEqual({
      kind: "attack",
      targets: ["cy"],
      skill: "brawl",
      declared: "trip",
      forgoDamage: false,
    });
    // One target now: no die off for a second one; Brawl 2 + Agility 3 is five dice.
    const rolled = rollAttack(settled, "al", VIEW, new ScriptedDice(pool(5, 2)), R);
    expect(rolled.pending).toMatchObject({
      targets: [{ id: "cy", hit: true, extra: 1 }],
      declared: "trip",
      free: 1,
    });
  });

  it("LUN-MNV-2: a target not declared, none, a weapon's skill it lacks, an undeclarable maneuver: refused", () => {
    const f = threeWay();
    expect(refusal(() => settleAttack(f, "al", { targets: ["al"] }, VIEW, R))).toBe("BadTarget");
    expect(refusal(() => settleAttack(f, "al", { targets: [] }, VIEW, R))).toBe("BadTarget");
    expect(refusal(() => settleAttack(f, "al", { targets: ["bo", "bo"] }, VIEW, R))).toBe("BadTarget");
    expect(refusal(() => settleAttack(f, "al", { targets: ["bo"], skill: "archery" }, VIEW, R))).toBe(
      "SkillNotOfWeapon",
    );
    expect(
      refusal(() => settleAttack(f, "al", { targets: ["bo"], declared: "increaseDamage" }, VIEW, R)),
    ).toBe("invalid-value");
    expect(refusal(() => settleAttack(f, "bo", { targets: ["al"] }, VIEW, R))).toBe("NotTheirTurn");
  });
});

describe("the maneuver menu", () => {
  it("LUN-MNV-1: offers what the engine accepts on each target hit, at its cost", () => {
    const f = settleAttack(threeWay(), "al", { targets: ["bo", "cy"] }, VIEW, R);
    // Five dice (one off for the second target), four successes: 3 extra on each (difficulty 1).
    const rolled = rollAttack(f, "al", VIEW, new ScriptedDice(pool(5, 4)), R);
    const menu = maneuverMenu(rolled, VIEW, R);
    const names = (id: string) => menu[id]!.map((o) => o.maneuver);
    // Bo's armor is magical: Avoid Armor is refused; no grapple: no Pin or Choke.
    expect(names("bo")).not.toContain("avoidArmor");
    expect(names("bo")).toContain("disarm");
    expect(names("bo")).not.toContain("pin");
    // Cy holds no weapon: nothing to disarm.
    expect(names("cy")).not.toContain("disarm");
    // Three extra successes: Avoid Armor (4), Coup de Grâce and Threaten (5) are too dear.
    expect(names("cy")).toEqual(["grapple", "increaseDamage", "push", "tag", "stun", "trip"]);
    expect(menu.bo!.find((o) => o.maneuver === "increaseDamage")).toEqual({
      maneuver: "increaseDamage",
      cost: R.maneuverCosts.increaseDamage,
      limit: R.maneuverLimits.increaseDamage,
    });
    expect(names("bo")).toEqual(["grapple", "increaseDamage", "push", "tag", "disarm", "stun", "trip"]);
  });

  it("LUN-MNV-3: a tied slot's Disarm is offered by the weapon held as the slot began, whichever attack is entered first", () => {
    // al and cy tie on initiative (2 successes each, Reflexes 3): one slot. Both attack bo.
    const cy = fighter("cy", { weapon: CLUB });
    const view = viewOf([AL, fighter("bo", { weapon: CLUB }), cy]);
    const f = roundOf({
      view,
      ids: ["al", "bo", "cy"],
      plans: {
        al: plan({ kind: "attack", targets: ["bo"] }),
        bo: idle,
        cy: plan({ kind: "attack", targets: ["bo"] }),
      },
      dice: [...pool(3, 2), ...pool(3, 0), ...pool(3, 2)],
    });
    expect(f.slots[0]).toEqual(["al", "cy"]);
    // al flings bo's club (4 successes: 3 extra, a Disarm); cy's roll then has 3 extra too.
    const flung = resolveAttack(
      rollAttack(f, "al", view, new ScriptedDice(pool(6, 4)), R),
      [{ target: "bo", maneuvers: ["disarm"] }],
      view,
      R,
    ).fight;
    expect(fighterOf(flung, "bo").weapon).toBe("lying");
    const cyRolled = rollAttack(flung, "cy", view, new ScriptedDice(pool(6, 4)), R);
    expect(maneuverMenu(cyRolled, view, R).bo!.map((o) => o.maneuver)).toContain("disarm");
    // And cy's catch takes it, as it would had cy been entered first.
    const caught = resolveAttack(
      cyRolled,
      [{ target: "bo", maneuvers: ["disarm"], catchWeapon: true }],
      view,
      R,
    );
    expect(fighterOf(caught.fight, "bo").weapon).toBe("caught");
  });
});
