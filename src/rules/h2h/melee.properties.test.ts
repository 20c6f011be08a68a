import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { h2hFighter } from "../../../test/support/h2h-fixtures";
import { SeededDice } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import { H2H_DEFAULTS } from "./config";
import { act, expecting, type H2hInput, type H2hMelee, startMelee } from "./melee";
import { DEFENSES, MODIFIERS, MOVE_IDS, REDUCTIONS } from "./types";

/*
 * The melee engine driven by random choices: whatever is chosen, a choice
 * the rules refuse is a typed refusal, and what the rules accept keeps the
 * fight's numbers whole and within the text's limits.
 */

const SHEETS = [
  h2hFighter("al", {
    knockOut: true,
    deathBlow: true,
    attacksPerMelee: 3,
    ar: 8,
    weapon: { name: "Stick", damage: "1d6" },
    bonuses: { strike: 2, parry: 3 },
  }),
  h2hFighter("bo", {
    attacksPerMelee: 5,
    autoParry: true,
    martialArt: true,
    bonuses: { damage: 3, roll: 2, pp: 1 },
  }),
];

/** A third and a fourth, for melees of more than two (a dodge then costs an attack, H2H-DEF-2). */
const MORE = [
  h2hFighter("cy", { attacksPerMelee: 4, bonuses: { dodge: 3, grapple: 2 }, autoDodge: true }),
  h2hFighter("di", { attacksPerMelee: 2, ar: 12, bonuses: { strike: 4, damage: 1 } }),
];

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)]!;
}

/** Two fighters who may start an exchange: both standing, one with an attack left; any two when not `safe`. */
function pair(m: H2hMelee, r: () => number, safe: boolean): H2hInput {
  const ids = m.fighters.filter((f) => !safe || f.out === null).map((f) => f.id);
  const a = pick(r, ids);
  const others = ids.filter(
    (id) => id !== a && (!safe || m.fighters.some((f) => (f.id === a || f.id === id) && f.attacksLeft > 0)),
  );
  return { type: "exchange", a, b: others.length > 0 ? pick(r, others) : pick(r, ids) };
}

/** A random choice of the kind the melee waits for; the always-legal one when `safe`. */
function choice(m: H2hMelee, r: () => number, safe: boolean): H2hInput {
  const { who, kinds } = expecting(m);
  if (kinds[0] === "exchange") return pair(m, r, safe);
  const by = who[0]!;
  if (kinds.includes("tie")) return { type: "tie", defend: safe ? [] : [...who].filter(() => r() < 0.3) };
  if (kinds.includes("catch")) return { type: "catch", by, attempt: !safe && r() < 0.7 };
  if (kinds.includes("reduce"))
    return { type: "reduce", by, reduction: safe ? null : pick(r, [null, ...REDUCTIONS]) };
  if (safe) return { type: "timedOut", by };
  if (kinds.includes("defend")) {
    const x = r();
    if (x < 0.1) return { type: "noDefense", by };
    return {
      type: "defend",
      by,
      defense: pick(r, DEFENSES),
      move: pick(r, MOVE_IDS),
      limb: r() < 0.5 ? "arm" : "leg",
    };
  }
  const x = r();
  if (x < 0.05) return { type: "pass", by };
  if (x < 0.1) return { type: "actions", by, actions: [pick(r, ["approach", "withdraw", "other"] as const)] };
  if (x < 0.15) return { type: "squeeze", by };
  if (x < 0.2) return { type: "breakFree", by };
  const modifiers = r() < 0.3 ? [pick(r, MODIFIERS)] : [];
  return {
    type: "attack",
    by,
    move: pick(r, MOVE_IDS),
    modifiers,
    knockout: r() < 0.1,
    deathBlow: r() < 0.05,
    pull: r() < 0.05 ? "half" : undefined,
  };
}

function fight(seed: number, steps: number, fighters = 2): { melee: H2hMelee; log: string[] } {
  const dice = new SeededDice(seed);
  const choices = new SeededDice(seed ^ 0x5bd1e995);
  const r = () => choices.next();
  let m = startMelee(null, [...SHEETS, ...MORE].slice(0, fighters));
  const log: string[] = [];
  for (let i = 0; i < steps; i += 1) {
    if (m.fighters.filter((f) => f.out === null).length < 2) break;
    if (m.over) {
      m = startMelee(m);
      continue;
    }
    let input = choice(m, r, false);
    try {
      m = act(m, input, dice).melee;
    } catch (error) {
      expect(error).toBeInstanceOf(RulesError);
      expect((error as RulesError).code).toMatch(/round-refused|invalid-value/);
      input = choice(m, r, true);
      m = act(m, input, dice).melee;
    }
    log.push(input.type);
    for (const f of m.fighters) {
      expect(Number.isInteger(f.hp)).toBe(true);
      expect(f.attacksLeft).toBeGreaterThanOrEqual(0);
      expect(f.attacksLeft).toBeLessThanOrEqual(f.sheet.attacksPerMelee);
      expect(f.owedAttacks).toBeGreaterThanOrEqual(0);
      expect(f.hp).toBeLessThanOrEqual(f.sheet.hitPoints);
      if (f.holding) expect(m.fighters.find((x) => x.id === f.holding!.victim)!.heldBy).toBe(f.id);
      if (f.heldBy) expect(m.fighters.find((x) => x.id === f.heldBy)!.holding?.victim).toBe(f.id);
      if (f.out !== null)
        expect([f.holding, f.heldBy, f.preparingPower], `${f.id} out, after ${log.join(" ")}`).toEqual([
          null,
          null,
          false,
        ]);
    }
  }
  return { melee: m, log };
}

describe("the melee under random choices (properties)", () => {
  it("numbers stay whole and in bounds, holds agree, refusals are typed; same seed, same fight", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) => {
        const a = fight(seed, 150);
        expect(fight(seed, 150)).toEqual(a);
      }),
      { numRuns: 150 },
    );
  });

  it("holds the same in melees of three and four fighters, pairs chosen at random", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.constantFrom(3, 4), (seed, n) => {
        const a = fight(seed, 200, n);
        expect(a.melee.fighters).toHaveLength(n);
        expect(fight(seed, 200, n)).toEqual(a);
      }),
      { numRuns: 50 },
    );
  });

  it("no melee gives an attack more than the sheets' attacks per melee, with two, three or four fighters", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.constantFrom(2, 3, 4), (seed, n) => {
        const dice = new SeededDice(seed);
        const sheets = [...SHEETS, ...MORE].slice(0, n);
        let m = startMelee(null, sheets);
        let attacks = 0;
        let turn = 0;
        while (!m.over) {
          const { who, kinds } = expecting(m);
          turn += 1;
          // Each pair in turn, the first with an attack left starting it.
          const a = m.fighters.find((f) => f.attacksLeft > 0)?.id ?? "al";
          const others = m.fighters.filter((f) => f.id !== a);
          const b = others[turn % others.length]!.id;
          const input: H2hInput =
            kinds[0] === "exchange"
              ? { type: "exchange", a, b }
              : kinds.includes("tie")
                ? { type: "tie", defend: [] }
                : kinds.includes("catch")
                  ? { type: "catch", by: who[0]!, attempt: false }
                  : kinds.includes("reduce")
                    ? { type: "reduce", by: who[0]!, reduction: null }
                    : kinds.includes("defend")
                      ? { type: "noDefense", by: who[0]! }
                      : { type: "attack", by: who[0]!, move: "punch" };
          const r = act(m, input, dice, H2H_DEFAULTS);
          attacks += r.events.filter((e) => e.kind === "strike").length;
          m = r.melee;
          if (m.fighters.some((f) => f.out !== null)) return;
        }
        expect(attacks).toBeLessThanOrEqual(sheets.reduce((sum, s) => sum + s.attacksPerMelee, 0));
      }),
      { numRuns: 200 },
    );
  });
});
