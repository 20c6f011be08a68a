import { expect } from "vitest";
import { ScriptedDice } from "../../src/rules/kernel/dice";
import { RulesError } from "../../src/rules/kernel/errors";
import { LUNOS_DEFAULTS, type LunosRules } from "../../src/rules/lunos/config";
import {
  beginAttacks,
  declare,
  endSlot,
  type FightView,
  type LunosFight,
  type LunosPlan,
  resolveAttack,
  rollAttack,
  startFight,
  startRound,
  type TargetSpend,
} from "../../src/rules/lunos/round-engine";
import type { LunosArmor, LunosFighter, LunosWeapon } from "../../src/rules/lunos/types";

/**
 * Sheets for the Lunos rules tests. The text gives no sample character;
 * these ratings are chosen so each test's pool is easy to count: Agility 3
 * and Weapon 3 make a six-die attack (five d6 and the luck die).
 */

export const LONGSWORD: LunosWeapon = Object.freeze({
  id: "longsword",
  name: "Longsword",
  size: "medium",
  skill: "weapon",
  damageType: "wounding",
  quality: 0,
});

export const CLUB: LunosWeapon = Object.freeze({
  id: "club",
  name: "Club",
  size: "small",
  skill: "weapon",
  damageType: "bruising",
  quality: 0,
});

export const BOW: LunosWeapon = Object.freeze({
  id: "bow",
  name: "Bow",
  size: "medium",
  skill: "archery",
  damageType: "wounding",
  quality: 0,
});

export const LANCE: LunosWeapon = Object.freeze({
  id: "lance",
  name: "Lance",
  size: "polearm",
  skill: "weapon",
  damageType: "wounding",
  quality: 0,
});

export const MAIL: LunosArmor = Object.freeze({
  name: "Mail",
  rating: 2,
  kind: "plain",
  magical: false,
  partial: false,
});

export interface FighterPatch {
  readonly abilities?: Partial<LunosFighter["abilities"]>;
  readonly skills?: Partial<LunosFighter["skills"]>;
  readonly weapon?: LunosWeapon | null;
  readonly armor?: LunosArmor | null;
}

export function fighter(id: string, patch: FighterPatch = {}): LunosFighter {
  return {
    id,
    name: id[0]!.toUpperCase() + id.slice(1),
    abilities: { agility: 3, body: 2, reflexes: 3, willpower: 3, ...patch.abilities },
    skills: {
      combat: 2,
      archery: 0,
      projectile: 0,
      thrown: 0,
      brawl: 2,
      martialArts: 1,
      weapon: 3,
      athletics: 2,
      ...patch.skills,
    },
    weapon: patch.weapon === undefined ? LONGSWORD : patch.weapon,
    armor: patch.armor === undefined ? null : patch.armor,
  };
}

/** Sheets by id, everyone `feet` apart (5: the next space). */
export function viewOf(sheets: readonly LunosFighter[], feet = 5): FightView {
  const byId = new Map(sheets.map((s) => [s.id, s]));
  return {
    sheet: (id) => {
      const s = byId.get(id);
      if (!s) throw new Error(`no sheet ${id}`);
      return s;
    },
    distance: () => feet,
  };
}

/** The refusal's code and, for a round refusal, its reason. */
export function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RulesError);
    const e = error as RulesError;
    return e.code === "round-refused" ? String(e.details.reason) : e.code;
  }
  throw new Error("expected a RulesError");
}

/** n dice with s successes: the d6 first (4 a success, 2 not), the luck die last (7 a success, 2 not). */
/** Two plain fighters with clubs, the next space apart: the default of roundOf and strike. */
const CLUB_DUEL: FightView = viewOf([fighter("al", { weapon: CLUB }), fighter("bo", { weapon: CLUB })]);

export function pool(n: number, s: number): number[] {
  if (n <= 0) return [s > 0 ? 12 : 2];
  const out: number[] = [];
  for (let i = 0; i < n - 1; i += 1) out.push(i < s ? 4 : 2);
  out.push(s >= n ? 7 : 2);
  return out;
}

export interface Setup {
  readonly view?: FightView;
  readonly fight?: LunosFight;
  readonly ids?: readonly string[];
  readonly plans: Readonly<Record<string, LunosPlan>>;
  /** Dice of startRound (grapple checks, then initiative in fighter order) and of beginAttacks (stand rolls and defenses in fighter order). */
  readonly dice: readonly number[];
  readonly rules?: LunosRules;
}

export function roundOf(s: Setup): LunosFight {
  const view = s.view ?? CLUB_DUEL;
  const rules = s.rules ?? LUNOS_DEFAULTS;
  const dice = new ScriptedDice(s.dice);
  let f = startRound(s.fight ?? startFight(s.ids ?? ["al", "bo"]), view, dice, rules);
  for (const [id, p] of Object.entries(s.plans)) f = declare(f, id, p, view, rules);
  f = beginAttacks(f, view, dice, rules);
  expect(dice.remaining, "the round's dice are all used").toBe(0);
  return f;
}

/** The attack of whoever's slot it is, with its dice, and what it buys. */
export function strike(
  fight: LunosFight,
  id: string,
  dice: readonly number[],
  spends: readonly TargetSpend[] = [],
  view: FightView = CLUB_DUEL,
  rules: LunosRules = LUNOS_DEFAULTS,
) {
  const d = new ScriptedDice(dice);
  const rolled = rollAttack(fight, id, view, d, rules);
  expect(d.remaining, "the attack's dice are all used").toBe(0);
  return resolveAttack(rolled, spends, view, rules);
}

/** Ends the round's slots. */
export function finish(fight: LunosFight): LunosFight {
  let f = fight;
  while (f.phase === "attack") f = endSlot(f);
  return f;
}
