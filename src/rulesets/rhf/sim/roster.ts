import type { RhfFighter } from "../../../rules/rhf/types";
import { SimError } from "../../../sim/sim-error";

/**
 * Sample fighters of the reach, holds and firearms core as plain data, for
 * the simulator until the ruleset's compendium actors exist (the table
 * issue). The text gives no character figures; these are chosen to make
 * its four kinds of fight: a spearman who keeps foes at long range, a quick
 * knife fighter with three attacks a round who must close in, a wrestler
 * who holds, and a gunman with the text's own .357 magnum (Recoil 5, the
 * Strength 10 of Joe's example).
 */

const skills = (weapon: number, unarmed: number, dodge: number, spot: number) =>
  Object.freeze({ weapon, unarmed, dodge, spot });

export const RHF_SAMPLE_FIGHTERS: readonly RhfFighter[] = Object.freeze([
  Object.freeze({
    id: "anselm",
    name: "Anselm",
    strength: 12,
    quickness: 11,
    skills: skills(15, 9, 9, 10),
    weapon: Object.freeze({ kind: "spear", name: "Spear" }),
    familiar: true,
    npc: true,
  }),
  Object.freeze({
    id: "vika",
    name: "Vika",
    strength: 9,
    quickness: 16,
    skills: skills(15, 11, 13, 11),
    weapon: Object.freeze({ kind: "knife", name: "Knife" }),
    familiar: true,
    npc: true,
  }),
  Object.freeze({
    id: "bruno",
    name: "Bruno",
    strength: 15,
    quickness: 12,
    skills: skills(12, 16, 10, 8),
    weapon: Object.freeze({ kind: "unarmed", name: "Bare hands" }),
    familiar: true,
    npc: true,
  }),
  Object.freeze({
    id: "joe",
    name: "Joe",
    strength: 10,
    quickness: 12,
    skills: skills(15, 8, 9, 12),
    weapon: Object.freeze({
      kind: "revolver",
      name: ".357 magnum",
      firearm: Object.freeze({ recoil: 5, grip: "oneHand", rateOfFire: 5, magazine: 6, autofire: false }),
    }),
    familiar: true,
    npc: true,
  }),
] satisfies RhfFighter[]);

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "");

/** A sample fighter by name (case and spacing ignored, a unique prefix will do). */
export function findSampleFighter(query: string): RhfFighter {
  const key = normalise(query);
  if (key === "") throw new SimError("unknown-fighter", "a fighter name is empty");
  let matches = RHF_SAMPLE_FIGHTERS.filter((f) => normalise(f.name) === key);
  if (matches.length === 0) matches = RHF_SAMPLE_FIGHTERS.filter((f) => normalise(f.name).startsWith(key));
  if (matches.length !== 1)
    throw new SimError(
      "unknown-fighter",
      matches.length > 1
        ? `"${query}" names several fighters: ${matches.map((f) => f.name).join(", ")}`
        : `unknown fighter "${query}". Known fighters: ${RHF_SAMPLE_FIGHTERS.map((f) => f.name).join(", ")}`,
    );
  return matches[0]!;
}
