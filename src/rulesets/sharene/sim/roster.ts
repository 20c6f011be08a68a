import type { ShareneFighter, ShareneWeapon } from "../../../rules/sharene/types";
import { SimError } from "../../../sim/sim-error";

/**
 * Sample Sharene fighters as plain data, for the simulator; the compendium's
 * characters (packs/sharene-characters) are the same fighters, and
 * test/build/sharene-packs.test.ts keeps the two equal. The text gives no
 * character or weapon figures (docs/rules/sharene.md, "Figures a sheet
 * brings"); these are chosen to make distinct fighters: a duellist, a
 * halberdier with a special attack, a spearman, an armored axeman.
 */

const weapon = (w: ShareneWeapon): ShareneWeapon =>
  Object.freeze({ ...w, damage: Object.freeze({ ...w.damage }) });

const FULL_ARMOR = (points: number, head: number): Readonly<Record<string, number>> =>
  Object.freeze({
    head,
    torso: points,
    rightArm: points,
    leftArm: points,
    rightLeg: points,
    leftLeg: points,
  });

export const SHARENE_SAMPLE_FIGHTERS: readonly ShareneFighter[] = Object.freeze([
  Object.freeze({
    id: "arden",
    name: "Arden",
    dex: 14,
    agi: 15,
    end: 12,
    lifePoints: 28,
    damageBonus: "1d4",
    dodge: 13,
    armor: FULL_ARMOR(1, 0),
    weapon: weapon({
      id: "rapier",
      name: "Rapier",
      kind: "melee",
      attack: 16,
      parry: 15,
      damage: { slash: "1d6+1", thrust: "1d8+1" },
      mainBlow: "thrust",
    }),
    weaponArm: "rightArm",
  }),
  Object.freeze({
    id: "brisk",
    name: "Brisk",
    dex: 11,
    agi: 12,
    end: 14,
    lifePoints: 32,
    damageBonus: "1d4",
    dodge: 9,
    armor: FULL_ARMOR(2, 1),
    weapon: weapon({
      id: "halberd",
      name: "Halberd",
      kind: "melee",
      attack: 14,
      parry: 12,
      damage: { slash: "2d6", thrust: "1d10", special: "2d8" },
      mainBlow: "slash",
    }),
    weaponArm: "rightArm",
  }),
  Object.freeze({
    id: "corra",
    name: "Corra",
    dex: 13,
    agi: 14,
    end: 11,
    lifePoints: 26,
    damageBonus: "0",
    dodge: 12,
    armor: FULL_ARMOR(2, 0),
    weapon: weapon({
      id: "spear",
      name: "Spear",
      kind: "melee",
      attack: 15,
      parry: 13,
      damage: { thrust: "1d10+1" },
      mainBlow: "thrust",
    }),
    weaponArm: "rightArm",
  }),
  Object.freeze({
    id: "dorn",
    name: "Dorn",
    dex: 10,
    agi: 10,
    end: 15,
    lifePoints: 34,
    damageBonus: "1d4",
    dodge: 7,
    armor: FULL_ARMOR(3, 2),
    weapon: weapon({
      id: "axe",
      name: "Battle axe",
      kind: "melee",
      attack: 13,
      parry: 11,
      damage: { slash: "1d10+1" },
      mainBlow: "slash",
    }),
    weaponArm: "rightArm",
  }),
]);

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "");

/** A sample fighter by name (case and spacing ignored, a unique prefix will do). */
export function findSampleFighter(query: string): ShareneFighter {
  const key = normalise(query);
  const names = SHARENE_SAMPLE_FIGHTERS.map((f) => f.name).join(", ");
  if (key === "") throw new SimError("unknown-fighter", "a fighter name is empty");
  let matches = SHARENE_SAMPLE_FIGHTERS.filter((f) => normalise(f.name) === key);
  if (matches.length === 0)
    matches = SHARENE_SAMPLE_FIGHTERS.filter((f) => normalise(f.name).startsWith(key));
  if (matches.length !== 1)
    throw new SimError(
      "unknown-fighter",
      matches.length > 1
        ? `"${query}" names several fighters: ${matches.map((f) => f.name).join(", ")}`
        : `unknown fighter "${query}". Known fighters: ${names}`,
    );
  return matches[0]!;
}
