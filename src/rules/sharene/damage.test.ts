import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fighter, fresh, HALBERD, SPEAR, SWORD } from "../../../test/support/sharene-fixtures";
import { applyEffectsTo, type EffectSubject, invertApplied } from "../kernel/apply";
import { ScriptedDice, SeededDice } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import { timedStatusDefinition } from "../kernel/timed-status";
import { resolveShareneOptions } from "./config";
import { chooseBlow, damageMultiplier, dealDamage, woundVictim } from "./damage";
import { woundPool } from "./effect-kinds";
import "./effect-kinds";

const BO = fighter("bo", { end: 8 });

describe("the blow", () => {
  it.each([
    [1, "slash"],
    [4, "slash"],
    [5, "thrust"],
    [8, "thrust"],
    [9, "special"],
    [10, "special"],
  ] as const)("SHA-BLW-1: an unstated blow, d10 %i: %s", (face, blow) => {
    const dice = new ScriptedDice([face]);
    expect(chooseBlow(HALBERD, null, dice)).toEqual({ blow, roll: face, fellBack: false });
    expect(dice.remaining).toBe(0);
  });

  it("SHA-BLW-1: 9–0 with a weapon that has no special attack deals its main blow", () => {
    expect(chooseBlow(SWORD, null, new ScriptedDice([10]))).toEqual({
      blow: "slash",
      roll: 10,
      fellBack: true,
    });
    expect(chooseBlow(SPEAR, null, new ScriptedDice([2]))).toEqual({
      blow: "thrust",
      roll: 2,
      fellBack: true,
    });
  });

  it("SHA-BLW-1: a stated blow rolls no d10, and must be one the weapon deals", () => {
    const dice = new ScriptedDice([]);
    expect(chooseBlow(SWORD, "thrust", dice)).toEqual({ blow: "thrust", roll: null, fellBack: false });
    expect(() => chooseBlow(SPEAR, "slash", dice)).toThrow(RulesError);
  });
});

describe("the damage counted", () => {
  it("SHA-DMG-1, SHA-LOC-1: blow dice + personal bonus − the armor of the location rolled", () => {
    const attacker = fighter("al", { damageBonus: "1d4" });
    const victim = fighter("bo", { armor: { torso: 3, head: 1 } });
    // d20 10: torso; thrust 1d6: 5; bonus 1d4: 3. 8 − 3 = 5.
    const dice = new ScriptedDice([10, 5, 3]);
    const result = dealDamage(
      {
        attacker,
        victim,
        condition: fresh(victim),
        blow: { blow: "thrust", roll: 6, fellBack: false },
        calledLocation: null,
        special: false,
        critical: false,
        riposte: false,
      },
      dice,
    );
    expect(result).toMatchObject({ location: "torso", locationRoll: 10, rolled: 8, armor: 3, damage: 5 });
    expect(result.effects).toEqual([{ kind: "pool", actorId: "bo", pool: "lifePoints", amount: 5 }]);
    expect(dice.remaining).toBe(0);
  });

  it("SHA-DMG-1: armor above the damage lets nothing through, and heals nothing", () => {
    const victim = fighter("bo", { armor: { torso: 9 } });
    const result = dealDamage(
      {
        attacker: fighter("al"),
        victim,
        condition: fresh(victim),
        blow: { blow: "slash", roll: 1, fellBack: false },
        calledLocation: "torso",
        special: true,
        critical: false,
        riposte: false,
      },
      new ScriptedDice([4]),
    );
    expect(result).toMatchObject({ damage: 0, locationRoll: null, lifeAfter: 30 });
    expect(result.effects).toEqual([]);
  });

  it.each([
    [{ head: true, special: false, critical: false }, 2],
    [{ head: false, special: true, critical: false }, 1.5],
    [{ head: false, special: false, critical: true }, 2],
    [{ head: false, special: true, critical: true }, 2],
    [{ head: true, special: true, critical: false }, 2.5],
    [{ head: true, special: false, critical: true }, 3],
  ])("SHA-DMG-2: multipliers %o: ×%s (extra parts add)", (hit, multiplier) => {
    expect(damageMultiplier(hit)).toBe(multiplier);
  });

  it("SHA-DMG-2: the GM's other reading multiplies them", () => {
    const rules = resolveShareneOptions({ multiplierStacking: "multiply" });
    expect(damageMultiplier({ head: true, special: false, critical: true }, rules)).toBe(4);
    expect(damageMultiplier({ head: true, special: true, critical: false }, rules)).toBe(3);
  });

  it("SHA-DMG-2: a head blow multiplies what gets through, rounded down", () => {
    const victim = fighter("bo", { armor: { head: 2 } });
    // d20 1: head; slash 1d8: 7. (7 − 2) × 2.5 (head, special) = 12.5 → 12.
    const result = dealDamage(
      {
        attacker: fighter("al"),
        victim,
        condition: fresh(victim),
        blow: { blow: "slash", roll: 3, fellBack: false },
        calledLocation: null,
        special: true,
        critical: false,
        riposte: false,
      },
      new ScriptedDice([1, 7, 20]),
    );
    expect(result).toMatchObject({ location: "head", multiplier: 2.5, damage: 12 });
  });

  it("SHA-STY-5: a riposte deals half the weapon and bonus, rounded down, before armor", () => {
    const victim = fighter("bo", { armor: { torso: 1 } });
    const result = dealDamage(
      {
        attacker: fighter("al", { damageBonus: "2" }),
        victim,
        condition: fresh(victim),
        blow: { blow: "slash", roll: 1, fellBack: false },
        calledLocation: "torso",
        special: false,
        critical: false,
        riposte: true,
      },
      new ScriptedDice([7]),
    );
    // (7 + 2) / 2 = 4.5 → 4; − 1 = 3.
    expect(result).toMatchObject({ rolled: 4, damage: 3 });
  });

  it("SHA-DMG-3: the damage is taken from the life points, below 0 too", () => {
    const subject: EffectSubject = {
      pools: { lifePoints: 4 },
      items: new Map(),
      statuses: new Set(),
    };
    const wound = woundVictim(
      { victim: BO, condition: fresh(BO, { lifePoints: 4 }), location: "torso", damage: 9 },
      new ScriptedDice([]),
    );
    applyEffectsTo(wound.effects, () => subject);
    expect(subject.pools.lifePoints).toBe(-5);
  });
});

describe("limbs", () => {
  const cut = (
    damage: number,
    location = "rightArm",
    condition = fresh(BO),
    rules = resolveShareneOptions(),
  ) => woundVictim({ victim: BO, condition, location, damage }, new ScriptedDice([20, 20]), rules);

  it("SHA-DMG-4: a limb hit for half the life points is useless; for two thirds, severed", () => {
    expect(cut(14).limb).toMatchObject({ state: null });
    expect(cut(15).limb).toMatchObject({ state: "useless", newly: true });
    expect(cut(15).effects).toContainEqual({
      kind: "status",
      actorId: "bo",
      status: "rightArmUseless",
      active: true,
    });
    expect(cut(19, "leftLeg").limb).toMatchObject({ state: "useless" });
    expect(cut(20, "leftLeg").limb).toMatchObject({ state: "severed" });
    expect(cut(20, "leftLeg").effects).toContainEqual({
      kind: "status",
      actorId: "bo",
      status: "leftLegSevered",
      active: true,
    });
  });

  it("SHA-DMG-4: the thresholds are exact fractions of an odd total (31: ½ is 15.5)", () => {
    const odd = fighter("odd", { lifePoints: 31 });
    const at = (damage: number) =>
      woundVictim({ victim: odd, condition: fresh(odd), location: "rightArm", damage }, new SeededDice(1))
        .limb;
    expect(at(15)).toMatchObject({ state: null });
    expect(at(16)).toMatchObject({ state: "useless" });
    expect(at(20)).toMatchObject({ state: "useless" });
    expect(at(21)).toMatchObject({ state: "severed" });
  });

  it("SHA-DMG-4: not the head or the torso; a head blow over the life points severs the head", () => {
    expect(cut(25, "torso").limb).toBeNull();
    expect(cut(30, "head")).toMatchObject({ limb: null, headSevered: false });
    const severed = cut(31, "head");
    expect(severed).toMatchObject({
      headSevered: true,
      consciousness: { kind: "dead", cause: "headSevered" },
    });
    expect(severed.effects).toContainEqual({
      kind: "status",
      actorId: "bo",
      status: "headSevered",
      active: true,
    });
    expect(severed.effects).toContainEqual({ kind: "status", actorId: "bo", status: "dead", active: true });
  });

  it("SHA-DMG-4: a limb's damage adds up over the fight (the default reading)", () => {
    const condition = fresh(BO, { lifePoints: 22, wounds: { rightArm: 8 } });
    expect(cut(7, "rightArm", condition).limb).toMatchObject({ counted: 15, state: "useless" });
    expect(cut(7, "leftArm", condition).limb).toMatchObject({ counted: 7, state: null });
    expect(cut(7, "rightArm", condition).effects).toContainEqual({
      kind: "ruleset",
      effectKind: "shareneLimbWound",
      actorId: "bo",
      data: { location: "rightArm", amount: 7 },
    });
  });

  it("SHA-DMG-4: per blow and against the life points before the blow, as a GM may read it", () => {
    const condition = fresh(BO, { lifePoints: 20, wounds: { rightArm: 8 } });
    const perBlow = resolveShareneOptions({ limbDamage: "perBlow" });
    expect(cut(7, "rightArm", condition, perBlow).limb).toMatchObject({ counted: 7, state: null });
    const current = resolveShareneOptions({ limbDamage: "perBlow", limbThresholdBase: "current" });
    // Half of the 20 left is 10.
    expect(cut(10, "rightArm", condition, current).limb).toMatchObject({ state: "useless" });
  });

  it("SHA-DMG-4: a limb already useless is not made useless twice; severing it still is news", () => {
    const condition = fresh(BO, {
      lifePoints: 15,
      wounds: { rightArm: 15 },
      statuses: new Set(["rightArmUseless"]),
    });
    expect(cut(1, "rightArm", condition).limb).toMatchObject({ state: "useless", newly: false });
    expect(cut(5, "rightArm", condition).limb).toMatchObject({ state: "severed", newly: true });
  });

  it("SHA-DMG-4: the limb wound is a kernel effect with its undo", () => {
    const subject: EffectSubject = {
      pools: { lifePoints: 30 },
      items: new Map(),
      statuses: new Set(),
    };
    const applied = applyEffectsTo(cut(20, "rightLeg").effects, () => subject);
    expect(applied.skipped).toEqual([]);
    expect(subject.pools).toEqual({ lifePoints: 10, [woundPool("rightLeg")]: 20 });
    expect([...subject.statuses]).toContain("rightLegSevered");
    invertApplied(applied, () => subject);
    expect(subject.pools).toEqual({ lifePoints: 30 });
    expect(subject.statuses.size).toBe(0);
  });
});

describe("consciousness", () => {
  // BO: 30 life points, END 8 (×2 16, ×1.5 12, ×1 8, ×0.5 4).
  const hit = (damage: number, rolls: number[], lifePoints = 30, statuses: string[] = []) => {
    const dice = new ScriptedDice(rolls);
    const result = woundVictim(
      {
        victim: BO,
        condition: fresh(BO, { lifePoints, statuses: new Set(statuses) }),
        location: "torso",
        damage,
      },
      dice,
    );
    expect(dice.remaining).toBe(0);
    return result;
  };

  it("SHA-CON-1: a third of the life points: END×2 or unconscious 1d10 rounds", () => {
    expect(hit(10, [16]).consciousness).toMatchObject({ kind: "endCheck", cf: 2, knockout: null });
    const out = hit(10, [17]);
    expect(out.consciousness).toMatchObject({ kind: "endCheck", band: "third", knockout: "knockedOut" });
    expect(out.effects).toContainEqual({
      kind: "timedStatus",
      actorId: "bo",
      timedStatus: "sharene.knockedOut",
    });
    expect(timedStatusDefinition("sharene.knockedOut")).toMatchObject({
      status: "unconscious",
      duration: { dice: "1d10", unit: "rounds" },
    });
  });

  it("SHA-CON-1: the bands are 'at least': 11 of 30 is still the third's roll; 9 rolls nothing", () => {
    expect(hit(11, [17]).consciousness).toMatchObject({ band: "third", cf: 2 });
    expect(hit(9, []).consciousness).toEqual({ kind: "none" });
  });

  it("SHA-CON-2: half: END×1.5 or unconscious 1d10 rounds", () => {
    expect(hit(15, [12]).consciousness).toMatchObject({ band: "half", cf: 1.5, knockout: null });
    expect(hit(15, [13]).consciousness).toMatchObject({ band: "half", knockout: "knockedOut" });
  });

  it("SHA-CON-3: two thirds: END×1 or unconscious 2d10 rounds", () => {
    expect(hit(20, [8]).consciousness).toMatchObject({ band: "twoThirds", cf: 1, knockout: null });
    expect(hit(20, [9]).effects).toContainEqual({
      kind: "timedStatus",
      actorId: "bo",
      timedStatus: "sharene.knockedOutLong",
    });
    expect(timedStatusDefinition("sharene.knockedOutLong")?.duration).toEqual({
      dice: "2d10",
      unit: "rounds",
    });
  });

  it("SHA-CON-4: under 10 points left: END×0.5 or unconscious 2d10 rounds", () => {
    expect(hit(3, [4], 12).consciousness).toMatchObject({ band: "lowLife", cf: 0.5, knockout: null });
    expect(hit(3, [5], 12).consciousness).toMatchObject({ band: "lowLife", knockout: "knockedOutLong" });
    expect(hit(2, [], 12).consciousness).toEqual({ kind: "none" });
  });

  it("SHA-CON-4: where bands overlap, one roll at the hardest of them", () => {
    // 10 damage (a third, END×2) leaving 5 (under 10, END×0.5): one roll, at ×0.5.
    expect(hit(10, [5], 15).consciousness).toMatchObject({ band: "lowLife", cf: 0.5 });
  });

  it("SHA-CON-5: one point left: unconscious 1d10 hours, no roll", () => {
    const out = hit(29, []);
    expect(out.consciousness).toEqual({ kind: "lastPoint" });
    expect(out.effects).toContainEqual({
      kind: "timedStatus",
      actorId: "bo",
      timedStatus: "sharene.outForHours",
    });
    expect(timedStatusDefinition("sharene.outForHours")?.duration).toEqual({ dice: "1d10", unit: "hours" });
  });

  it("SHA-CON-6: 0 to −8 left: a coma, death after 1d20 × 5 minutes", () => {
    expect(hit(30, []).consciousness).toEqual({ kind: "coma" });
    const coma = hit(38, []);
    expect(coma.consciousness).toEqual({ kind: "coma" });
    expect(coma.effects).toContainEqual({ kind: "timedStatus", actorId: "bo", timedStatus: "sharene.coma" });
    expect(timedStatusDefinition("sharene.coma")).toMatchObject({
      status: "comatose",
      duration: { dice: "1d20", times: 5, unit: "minutes" },
      end: { kind: "replace", status: "dead" },
    });
  });

  it("SHA-CON-6: a victim already in a coma is not put in a second one", () => {
    expect(hit(3, [], -2, ["comatose"]).consciousness).toEqual({ kind: "none" });
  });

  it("SHA-CON-7: below −8: dead on the spot", () => {
    const dead = hit(39, []);
    expect(dead.consciousness).toEqual({ kind: "dead", cause: "belowComa" });
    expect(dead.effects).toContainEqual({ kind: "status", actorId: "bo", status: "dead", active: true });
  });

  it("SHA-CON-1: an unconscious victim rolls no END check", () => {
    expect(hit(12, [], 30, ["unconscious"]).consciousness).toEqual({ kind: "none" });
  });

  it("SHA-CON-5: one point left reaches a victim already knocked out: the hours need no roll", () => {
    const out = hit(5, [], 6, ["unconscious"]);
    expect(out.consciousness).toEqual({ kind: "lastPoint" });
    expect(out.effects).toContainEqual({
      kind: "timedStatus",
      actorId: "bo",
      timedStatus: "sharene.outForHours",
    });
  });

  it("never sets NaN, and the same dice give the same result (properties)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: -8, max: 30 }),
        fc.constantFrom("head", "torso", "rightArm", "leftLeg"),
        fc.integer(),
        (damage, lifePoints, location, seed) => {
          const input = { victim: BO, condition: fresh(BO, { lifePoints }), location, damage };
          const a = woundVictim(input, new SeededDice(seed));
          expect(a).toEqual(woundVictim(input, new SeededDice(seed)));
          expect(a.lifeAfter).toBe(lifePoints - damage);
          for (const e of a.effects) if (e.kind === "pool") expect(e.amount).toBeGreaterThan(0);
        },
      ),
    );
  });
});
