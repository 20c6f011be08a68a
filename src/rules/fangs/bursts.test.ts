import fc from "fast-check";
import { describe, expect, it } from "vitest";
import AUTOFIRE_BEFORE from "../../../test/support/fangs-autofire-main.json";
import { attackDeclaration, defenderProfile, weaponProfile } from "../../../test/support/fangs-fixtures";
import { codeOf } from "../../../test/support/rules-error";
import { ScriptedDice, SeededDice } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import { type AreaFireInput, checkAreaFireTargets, resolveAreaFire } from "./area-fire";
import type { AutofireDamage } from "./autofire";
import { FANGS_DEFAULTS, type FangsOptions, resolveOptions } from "./config";
import { resolveExchange } from "./exchange";
import { OutcomeKind, rollAttack } from "./outcome";
import { autofireHits } from "./special-defenses";
import { type AttackDeclaration, type DefenseDeclaration, SuccessLevel, type WeaponProfile } from "./types";

const ON: FangsOptions = { areaFireModule: true };

/** The Troll-Martian's machine pistol: autofire, 1d6 a hit, no SP. */
function smg(over: Partial<WeaponProfile> = {}): WeaponProfile {
  return weaponProfile({
    id: "smg",
    name: "Machine pistol",
    damage: "1d6",
    itemSp: null,
    kind: "missile",
    autofire: true,
    ...over,
  });
}

/** The troll firing at Gun 10, no modifiers. */
const troll: AttackDeclaration = attackDeclaration({
  attacker: { id: "troll", st: 14, damageModifier: 0, luck: null, state: null },
  weapon: smg(),
  skill: { natural: 4, bought: 6, total: 10 },
});

/** A sturdy target (HP 60, Stun 90): no consequence check interrupts the damage dice. */
function target(id = "gru", choice: DefenseDeclaration["choice"] = "none"): DefenseDeclaration {
  return {
    defender: defenderProfile({
      id,
      hitPoints: { value: 60, max: 60 },
      stunPoints: { value: 90, max: 90 },
    }),
    choice,
    skill: choice === "none" ? null : { natural: 4, bought: 6, total: 10 },
    item: null,
    modifiers: 0,
  };
}

/** Plenty of 3s after the script: damage and consequence dice the test does not read. */
function dice(script: number[]): ScriptedDice {
  return new ScriptedDice([...script, ...Array.from({ length: 40 }, () => 3)]);
}

function burstDamage(damage: unknown): AutofireDamage {
  return damage as AutofireDamage;
}

describe("the bursts and area fire module: bursts (RHF-AUT-1 on FANGS)", () => {
  it("off, it changes nothing: the same seeded autofire exchanges as before, whole results compared", () => {
    let bursts = 0;
    for (let seed = 1; seed <= 60; seed++) {
      for (const defense of [target(), target("gru", "dodge")]) {
        const before = resolveExchange({ attack: troll, defense }, new SeededDice(seed));
        // As FANGS has it: one roll, and NC-MAN-12's count of the hits.
        expect(before.attack.burst).toBeUndefined();
        if (before.hits > 0) {
          const dodge = before.defense?.check?.success ? before.defense.check.total : null;
          const counted = autofireHits({ attackTotal: before.attack.check.total, dodgeTotal: dodge });
          expect(before.hits).toBe(Math.max(1, counted));
          bursts += 1;
        }
        for (const options of [
          {},
          { areaFireModule: false },
          FANGS_DEFAULTS,
          { areaFireModule: false, burstRolls: 5, areaMaxTargets: 2 },
        ])
          expect(resolveExchange({ attack: troll, defense }, new SeededDice(seed), options)).toEqual(before);
      }
    }
    expect(bursts).toBeGreaterThan(10);
    expect(FANGS_DEFAULTS.areaFireModule).toBe(false);
  });

  it("off, the seeded autofire exchanges give the whole results recorded from the code before the module", () => {
    // Recorded at d4f1611 (before this module) with the same troll, target and seeds.
    for (const pinned of AUTOFIRE_BEFORE as { seed: number; choice: "none" | "dodge"; result: unknown }[]) {
      const defense = target("gru", pinned.choice);
      for (const options of [undefined, { areaFireModule: false }])
        expect(
          JSON.parse(
            JSON.stringify(resolveExchange({ attack: troll, defense }, new SeededDice(pinned.seed), options)),
          ),
          `seed ${pinned.seed}, ${pinned.choice}`,
        ).toEqual(pinned.result);
    }
    expect(AUTOFIRE_BEFORE.length).toBe(12);
  });

  it("RHF-AUT-1 (FANGS module): a burst is three FANGS checks, and each success a d6 of hits: 12 and 15 make it, 5 does not", () => {
    // Three d20s (Gun 10: 12, 5, 15), then a d6 for each success (6: three hits, 4: two), then each hit's 1d6.
    const r = resolveExchange(
      { attack: troll, defense: target() },
      dice([12, 5, 15, 6, 4, 1, 2, 3, 4, 5]),
      ON,
    );
    expect(r.attack.burst?.map((b) => [b.check.total, b.face, b.hits])).toEqual([
      [22, 6, 3],
      [15, null, 0],
      [25, 4, 2],
    ]);
    // The matrix reads the best roll (25).
    expect(r.attack.check.total).toBe(25);
    expect(r.outcome.kind).toBe(OutcomeKind.Hit);
    expect(r.hits).toBe(5);
    const damage = burstDamage(r.damage);
    expect(damage.perRoll).toEqual([3, 0, 2]);
    expect(damage.blows.map((b) => b.damage)).toEqual([1, 2, 3, 4, 5]);
    expect(damage.damage).toBe(15);
  });

  it("RHF-AUT-1 (FANGS module): the hits table, every face: 1–3 one hit, 4–5 two, 6 three", () => {
    const hits = [1, 2, 3, 4, 5, 6].map(
      (face) => rollAttack(troll, new ScriptedDice([12, 5, 5, face]), ON).burst?.[0]?.hits,
    );
    expect(hits).toEqual([1, 1, 1, 2, 2, 3]);
  });

  it("RHF-AUT-1 (FANGS module): no success, no hits; a burst misses only when every roll misses", () => {
    const r = resolveExchange({ attack: troll, defense: target() }, dice([5, 6, 7]), ON);
    expect(r.attack.burst?.map((b) => b.hits)).toEqual([0, 0, 0]);
    expect(r.outcome.kind).toBe(OutcomeKind.Missed);
    expect(r.hits).toBe(0);
    expect(r.damage.hitPointDamage).toBe(0);
  });

  it("RHF-AUT-1 (FANGS module): one dodge meets the burst, read against each roll: a made dodge stops the plain successes, not a Special (NC-DMG-15)", () => {
    // Rolls: 19 (a Special: confirmation 5 + 10 < 20), 12, 15; d6s 5, 6, 6; the dodge 12 (total 22, made).
    const r = resolveExchange(
      { attack: troll, defense: target("gru", "dodge") },
      dice([19, 5, 12, 15, 5, 6, 6, 12, 4, 4]),
      ON,
    );
    expect(r.attack.burst?.map((b) => b.check.level)).toEqual([
      SuccessLevel.Special,
      SuccessLevel.Success,
      SuccessLevel.Success,
    ]);
    expect(r.defense?.check?.total).toBe(22);
    // The matrix: a Special against a plain dodge is a successful attack, its blow a plain hit.
    expect(r.outcome.kind).toBe(OutcomeKind.Hit);
    expect(burstDamage(r.damage).perRoll).toEqual([2, 0, 0]);
    expect(r.hits).toBe(2);
  });

  it("RHF-AUT-1 (FANGS module): a failed dodge stops nothing; a Special dodge stops every roll", () => {
    const failed = resolveExchange(
      { attack: troll, defense: target("gru", "dodge") },
      dice([12, 13, 14, 1, 4, 6, 5]),
      ON,
    );
    expect(failed.defense?.check?.success).toBe(false);
    expect(burstDamage(failed.damage).perRoll).toEqual([1, 2, 3]);
    expect(failed.hits).toBe(6);

    // The dodge's natural 19, confirmation 5: a Special dodge against plain successes.
    const special = resolveExchange(
      { attack: troll, defense: target("gru", "dodge") },
      dice([12, 13, 14, 1, 4, 6, 19, 5]),
      ON,
    );
    expect(special.defense?.check?.level).toBe(SuccessLevel.Special);
    expect(special.outcome.kind).toBe(OutcomeKind.Dodged);
    expect(special.hits).toBe(0);
    expect(special.damage.hitPointDamage + special.damage.stunDamage).toBe(0);
  });

  it("RHF-AUT-1 (FANGS module): the best roll's Special is the burst's first blow (NC-DMG-10), every other hit plain", () => {
    const r = resolveExchange({ attack: troll, defense: target() }, dice([12, 19, 5, 5, 4, 6]), ON);
    expect(r.attack.check.level).toBe(SuccessLevel.Special);
    expect(r.outcome.kind).toBe(OutcomeKind.SpecialHit);
    expect(burstDamage(r.damage).perRoll).toEqual([2, 3, 0]);
    const kinds = burstDamage(r.damage).blows.map((b) => b.kind);
    expect(kinds).toEqual([OutcomeKind.SpecialHit, ...Array(4).fill(OutcomeKind.Hit)]);
  });

  it("RHF-AUT-1 (FANGS module): a burst fumbles only when every roll fumbles (NC-DMG-21); one fumble among successes is a miss of that roll", () => {
    // A natural 1 confirmed by a 1: a Fumble at Gun 10.
    const all = resolveExchange({ attack: troll, defense: target() }, dice([1, 1, 1, 1, 1, 1]), ON);
    expect(all.attack.check.level).toBe(SuccessLevel.Fumble);
    expect(all.outcome.kind).toBe(OutcomeKind.AttackFumbled);
    expect(all.hits).toBe(0);

    const one = resolveExchange({ attack: troll, defense: target() }, dice([1, 1, 14, 8, 2]), ON);
    expect(one.attack.burst?.[0]?.check.level).toBe(SuccessLevel.Fumble);
    expect(one.outcome.kind).toBe(OutcomeKind.Hit);
    expect(burstDamage(one.damage).perRoll).toEqual([0, 1, 0]);
  });

  it("RHF-AUT-1 (FANGS module): the burst's rolls and hits table are the GM's figures (five rolls; every face one hit)", () => {
    const options: FangsOptions = { ...ON, burstRolls: 5, burstHits: [{ from: 1, to: 6, hits: 1 }] };
    const r = rollAttack(troll, new ScriptedDice([12, 12, 12, 12, 12, 6, 6, 6, 6, 6]), options);
    expect(r.burst?.map((b) => b.hits)).toEqual([1, 1, 1, 1, 1]);
  });

  it("RHF-AUT-1 (FANGS module): a weapon without autofire and a grapple roll once, as FANGS always has", () => {
    const single = rollAttack({ ...troll, weapon: smg({ autofire: false }) }, new ScriptedDice([12]), ON);
    expect(single.burst).toBeUndefined();
    expect(single.check.total).toBe(22);
    const grapple = rollAttack({ ...troll, mode: "grapple" }, new ScriptedDice([12]), ON);
    expect(grapple.burst).toBeUndefined();
  });

  it("RHF-AUT-1 (FANGS module): property: the hits are what the rolls put through, never above three rolls' worth, the same for the same dice", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: -5, max: 25 }),
        fc.constantFrom<DefenseDeclaration["choice"]>("none", "dodge"),
        (seed, skill, choice) => {
          const attack = { ...troll, skill: { natural: 0, bought: Math.max(skill, 0), total: skill } };
          const run = () =>
            resolveExchange({ attack, defense: target("gru", choice) }, new SeededDice(seed), ON);
          const r = run();
          expect(run()).toEqual(r);
          expect(r.attack.burst).toHaveLength(3);
          const through = burstDamage(r.damage).perRoll ?? [0, 0, 0];
          expect(r.hits).toBe(through.reduce((n, h) => n + h, 0));
          // The matrix's cells for one roll, written out: a failed roll hits nothing; no dodge, a failed or a
          // fumbled one lets it through; a made dodge stops it unless it is a Special against a plain dodge.
          const d = r.defense?.check ?? null;
          through.forEach((h, i) => {
            const roll = r.attack.burst![i]!;
            const level = roll.check.level;
            const lands =
              level >= SuccessLevel.Success &&
              (d === null ||
                !d.success ||
                (level >= SuccessLevel.Special && d.level === SuccessLevel.Success));
            expect(h, `roll ${i + 1}`).toBe(lands ? roll.hits : 0);
            expect(h).toBeLessThanOrEqual(3);
          });
          expect(r.hits).toBeLessThanOrEqual(9);
          expect(Number.isFinite(r.damage.damage) && r.damage.damage >= 0).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("refuses a bad burst or area figure and a switch that is not true or false, naming the option", () => {
    const refused = (options: FangsOptions): string => {
      try {
        resolveOptions(options);
      } catch (error) {
        expect(error).toBeInstanceOf(RulesError);
        return (error as RulesError).message;
      }
      throw new Error("expected a refusal");
    };
    expect(refused({ areaFireModule: "yes" as never })).toMatch(/areaFireModule/);
    expect(refused({ burstRolls: 0 })).toMatch(/burstRolls/);
    expect(refused({ burstRolls: 1.5 })).toMatch(/burstRolls/);
    expect(refused({ areaMaxTargets: 0 })).toMatch(/areaMaxTargets/);
    expect(refused({ areaSpread: -1 })).toMatch(/areaSpread/);
    expect(refused({ areaSpread: Number.NaN })).toMatch(/areaSpread/);
    expect(refused({ burstHits: [{ from: 1, to: 5, hits: 1 }] })).toMatch(/burstHits.*6/);
    expect(
      refused({
        areaHits: [
          { from: 1, to: 4, hits: 1 },
          { from: 4, to: 6, hits: 2 },
        ],
      }),
    ).toMatch(/areaHits.*4/);
    expect(refused({ areaHits: [{ from: 1, to: 6, hits: 0 }] })).toMatch(/areaHits hits/);
    expect(refused({ burstHits: "many" as never })).toMatch(/burstHits/);
  });
});

function area(count: number, spread: number, choice: DefenseDeclaration["choice"] = "none"): AreaFireInput {
  return {
    attack: troll,
    targets: Array.from({ length: count }, (_, i) => target(`t${i + 1}`, choice)),
    spread,
  };
}

describe("the bursts and area fire module: area fire (RHF-AUT-2 on FANGS)", () => {
  /** Each target's exchange as the table plays it: a card a target, each `resolveExchange` with `areaFire`. */
  function cardsAt(input: AreaFireInput, script: number[], options: FangsOptions = ON) {
    checkAreaFireTargets(
      input.attack,
      input.targets.map((t) => t.defender.id),
      input.spread,
      options,
    );
    const d = dice(script);
    return input.targets.map((defense) =>
      resolveExchange({ attack: { ...input.attack, areaFire: true }, defense }, d, options),
    );
  }

  it("RHF-AUT-2 (FANGS module): a roll per target, each its own exchange; a success is a d6 of hits: 1–4 one, 5–6 two", () => {
    // Target 1: 12 made, d6 5 (two hits), damage 1, 2. Target 2: 4, missed. Target 3: 15 made, d6 4 (one), damage 6.
    const [a, b, c] = cardsAt(area(3, 2.5), [12, 5, 1, 2, 4, 15, 4, 6]);
    expect(a?.attack.area).toBe(true);
    expect(a?.attack.burst?.map((r) => [r.check.total, r.face, r.hits])).toEqual([[22, 5, 2]]);
    expect(a?.hits).toBe(2);
    expect(a?.damage.damage).toBe(3);
    expect(b?.outcome.kind).toBe(OutcomeKind.Missed);
    expect(b?.hits).toBe(0);
    expect(c?.hits).toBe(1);
    expect(c?.damage.damage).toBe(6);
  });

  it("RHF-AUT-2 (FANGS module): the area hits table, every face", () => {
    const hits = [1, 2, 3, 4, 5, 6].map(
      (face) => rollAttack({ ...troll, areaFire: true }, new ScriptedDice([12, face]), ON).burst?.[0]?.hits,
    );
    expect(hits).toEqual([1, 1, 1, 1, 2, 2]);
  });

  it("RHF-AUT-2 (FANGS module): each target answers with its own dodge, rolled only against a roll that made it", () => {
    // Target 1: attack 12 (22), dodge 13 (23): dodged. Target 2: attack 3, missed, no dodge. Target 3: attack 14, d6 6, dodge 2: two hits.
    const results = cardsAt(area(3, 3, "dodge"), [12, 1, 13, 3, 14, 6, 2, 4, 4]);
    expect(results.map((r) => r.defense?.check?.total ?? null)).toEqual([23, null, 12]);
    expect(results.map((r) => r.hits)).toEqual([0, 0, 2]);
  });

  it("RHF-AUT-2 (FANGS module): five targets at most, no two more than 3 m apart (checkAreaFireTargets, as the table asks)", () => {
    const reason = (input: AreaFireInput, options: FangsOptions = ON): unknown => {
      try {
        checkAreaFireTargets(
          input.attack,
          input.targets.map((t) => t.defender.id),
          input.spread,
          options,
        );
      } catch (error) {
        expect(error).toBeInstanceOf(RulesError);
        expect((error as RulesError).code).toBe("attack-not-allowed");
        return (error as RulesError).details.reason;
      }
      return null;
    };
    expect(reason(area(6, 1))).toBe("TooManyTargets");
    expect(reason(area(2, 3.5))).toBe("TooFarApart");
    expect(reason(area(2, 1), {})).toBe("ModuleOff");
    expect(reason({ ...area(2, 1), attack: { ...troll, weapon: smg({ autofire: false }) } })).toBe(
      "NoAutofire",
    );
    expect(reason({ ...area(2, 1), attack: { ...troll, mode: "grapple" } })).toBe("Grapple");
    expect(reason({ ...area(2, 1), targets: [target("gru"), target("gru")] })).toBe("SameTarget");
    expect(codeOf(() => checkAreaFireTargets(troll, [], 0, ON))).toBe("invalid-value");
    expect(codeOf(() => checkAreaFireTargets(troll, ["a", "b"], -1, ON))).toBe("invalid-value");
    expect(codeOf(() => checkAreaFireTargets(troll, ["a", "b"], Number.NaN, ON))).toBe("invalid-value");
    // Exactly five within exactly 3 m is allowed.
    expect(reason(area(5, 3))).toBeNull();
  });

  it("RHF-AUT-2 (FANGS module): the most targets and the spread are the GM's figures", () => {
    const wide = { ...ON, areaMaxTargets: 7, areaSpread: 10 };
    expect(
      cardsAt(
        area(7, 9),
        Array.from({ length: 60 }, () => 4),
        wide,
      ),
    ).toHaveLength(7);
    expect(() => checkAreaFireTargets(troll, ["a", "b", "c"], 2, { ...ON, areaSpread: 1.5 })).toThrow(
      /1\.5 m/,
    );
  });

  it("resolveAreaFire (an API helper, not the table's path): each target's exchange in turn, every defense refused before the first die", () => {
    const none = new ScriptedDice([]);
    const results = resolveAreaFire(area(2, 1), dice([12, 5, 1, 2, 3]), ON);
    expect(results.map((r) => r.attack.area)).toEqual([true, true]);
    expect(results[0]?.hits).toBe(2);
    expect(results[1]?.outcome.kind).toBe(OutcomeKind.Missed);
    expect(codeOf(() => resolveAreaFire(area(2, 1, "weaponParry"), none, ON))).toBe("invalid-value");
    expect(codeOf(() => resolveAreaFire(area(6, 1), none, ON))).toBe("attack-not-allowed");
    expect(codeOf(() => resolveAreaFire({ ...area(2, 1), targets: "all" as never }, none, ON))).toBe(
      "invalid-value",
    );
  });

  it("RHF-AUT-2 (FANGS module): area fire is refused on an exchange with the module off", () => {
    expect(codeOf(() => rollAttack({ ...troll, areaFire: true }, new ScriptedDice([12, 5]), {}))).toBe(
      "attack-not-allowed",
    );
    expect(codeOf(() => rollAttack({ ...troll, areaFire: true }, new ScriptedDice([12, 5])))).toBe(
      "attack-not-allowed",
    );
  });
});
