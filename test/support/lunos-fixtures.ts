import { expect } from "vitest";
import { RulesError } from "../../src/rules/kernel/errors";
import type { FightView } from "../../src/rules/lunos/round-engine";
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
