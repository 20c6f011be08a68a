import { validateFighter } from "../../../rules/lunos/fighter";
import type { LunosFighter } from "../../../rules/lunos/types";
import { SimError } from "../../../sim/sim-error";

/**
 * Sample Lunos fighters as plain data, for the simulator until the
 * ruleset's compendium actors exist (the table issue). The text gives no
 * sample character (docs/rules/lunos.md, "Figures a sheet brings"); these
 * are chosen to make distinct fighters: a swordsman, a quick knife, a
 * heavy brawler who grapples, a spearman in mail.
 */

const sample = (f: LunosFighter): LunosFighter =>
  validateFighter(
    Object.freeze({
      ...f,
      abilities: Object.freeze({ ...f.abilities }),
      skills: Object.freeze({ ...f.skills }),
      weapon: f.weapon === null ? null : Object.freeze({ ...f.weapon }),
      armor: f.armor === null ? null : Object.freeze({ ...f.armor }),
    }),
  );

export const LUNOS_SAMPLE_FIGHTERS: readonly LunosFighter[] = Object.freeze([
  sample({
    id: "kell",
    name: "Kell",
    abilities: { agility: 4, body: 3, reflexes: 3, willpower: 3 },
    skills: {
      combat: 3,
      archery: 0,
      projectile: 0,
      thrown: 1,
      brawl: 2,
      martialArts: 1,
      weapon: 4,
      athletics: 2,
    },
    weapon: {
      id: "longsword",
      name: "Longsword",
      size: "medium",
      skill: "weapon",
      damageType: "wounding",
      quality: 0,
    },
    armor: { name: "Leather", rating: 1, kind: "plain", magical: false, partial: false },
  }),
  sample({
    id: "mara",
    name: "Mara",
    abilities: { agility: 5, body: 2, reflexes: 4, willpower: 4 },
    skills: {
      combat: 4,
      archery: 0,
      projectile: 0,
      thrown: 3,
      brawl: 3,
      martialArts: 2,
      weapon: 3,
      athletics: 3,
    },
    weapon: {
      id: "dagger",
      name: "Fine dagger",
      size: "tiny",
      skill: "weapon",
      damageType: "wounding",
      quality: 1,
    },
    armor: { name: "Silk under-coat", rating: 1, kind: "flex", magical: false, partial: false },
  }),
  sample({
    id: "oren",
    name: "Oren",
    abilities: { agility: 2, body: 5, reflexes: 2, willpower: 3 },
    skills: {
      combat: 2,
      archery: 0,
      projectile: 0,
      thrown: 0,
      brawl: 4,
      martialArts: 3,
      weapon: 2,
      athletics: 2,
    },
    weapon: { id: "club", name: "Club", size: "small", skill: "weapon", damageType: "bruising", quality: 0 },
    armor: { name: "Boiled hide", rating: 2, kind: "rigid", magical: false, partial: true },
  }),
  sample({
    id: "tass",
    name: "Tass",
    abilities: { agility: 3, body: 4, reflexes: 3, willpower: 2 },
    skills: {
      combat: 2,
      archery: 0,
      projectile: 0,
      thrown: 2,
      brawl: 1,
      martialArts: 0,
      weapon: 3,
      athletics: 3,
    },
    weapon: {
      id: "spear",
      name: "Spear",
      size: "large",
      skill: "weapon",
      damageType: "wounding",
      quality: 0,
    },
    armor: { name: "Mail", rating: 2, kind: "plain", magical: false, partial: false },
  }),
]);

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "");

/** A sample fighter by name (case and spacing ignored, a unique prefix will do). */
export function findSampleFighter(query: string): LunosFighter {
  const key = normalise(query);
  const names = LUNOS_SAMPLE_FIGHTERS.map((f) => f.name).join(", ");
  if (key === "") throw new SimError("unknown-fighter", "a fighter name is empty");
  let matches = LUNOS_SAMPLE_FIGHTERS.filter((f) => normalise(f.name) === key);
  if (matches.length === 0) matches = LUNOS_SAMPLE_FIGHTERS.filter((f) => normalise(f.name).startsWith(key));
  if (matches.length !== 1)
    throw new SimError(
      "unknown-fighter",
      matches.length > 1
        ? `"${query}" names several fighters: ${matches.map((f) => f.name).join(", ")}`
        : `unknown fighter "${query}". Known fighters: ${names}`,
    );
  return matches[0]!;
}
