import { expect } from "vitest";
import { RulesError } from "../../src/rules/kernel/errors";
import type { ShareneCondition, ShareneFighter, ShareneWeapon } from "../../src/rules/sharene/types";

/**
 * Sheets for the Sharene rules tests. The text gives no figures for a
 * character or a weapon (docs/rules/sharene.md), so these are plain
 * numbers chosen to make each test's arithmetic easy to follow.
 */

export const SWORD: ShareneWeapon = Object.freeze({
  id: "sword",
  name: "Sword",
  kind: "melee",
  attack: 14,
  parry: 12,
  damage: Object.freeze({ slash: "1d8", thrust: "1d6" }),
  mainBlow: "slash",
});

/** Slash, thrust and a special attack (a hook). */
export const HALBERD: ShareneWeapon = Object.freeze({
  id: "halberd",
  name: "Halberd",
  kind: "melee",
  attack: 13,
  parry: 11,
  damage: Object.freeze({ slash: "2d6", thrust: "1d10", special: "2d8" }),
  mainBlow: "slash",
});

/** Thrust only: every blow is a thrust. */
export const SPEAR: ShareneWeapon = Object.freeze({
  id: "spear",
  name: "Spear",
  kind: "melee",
  attack: 13,
  parry: 10,
  damage: Object.freeze({ thrust: "1d8+1" }),
  mainBlow: "thrust",
});

export const THROWING_KNIFE: ShareneWeapon = Object.freeze({
  id: "knife",
  name: "Throwing knife",
  kind: "thrown",
  attack: 12,
  parry: null,
  damage: Object.freeze({ thrust: "1d4" }),
  mainBlow: "thrust",
});

export function fighter(id: string, overrides: Partial<ShareneFighter> = {}): ShareneFighter {
  return {
    id,
    name: id.charAt(0).toUpperCase() + id.slice(1),
    dex: 12,
    agi: 13,
    end: 12,
    lifePoints: 30,
    damageBonus: "0",
    dodge: 10,
    armor: {},
    weapon: SWORD,
    weaponArm: "rightArm",
    ...overrides,
  };
}

export function fresh(f: ShareneFighter, overrides: Partial<ShareneCondition> = {}): ShareneCondition {
  return { lifePoints: f.lifePoints, wounds: {}, statuses: new Set(), ...overrides };
}

/** `fn` throws a RulesError of `code`, its message matching `message` when given. */
export function expectRulesError(fn: () => unknown, code: string, message?: RegExp): void {
  let thrown: unknown = null;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(RulesError);
  expect((thrown as RulesError).code).toBe(code);
  if (message) expect((thrown as RulesError).message).toMatch(message);
}
