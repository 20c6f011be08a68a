import { makeH2hFighter } from "../../../rules/h2h/fighter";
import type { H2hFighter } from "../../../rules/h2h/types";
import { SimError } from "../../../sim/sim-error";

/**
 * Sample Hand to Hand fighters as plain data, for the simulator until the
 * ruleset's compendium actors exist (the table issue). The text gives no
 * character figures (docs/rules/h2h.md, "Figures a sheet brings"); these
 * are chosen to make four distinct fighters: a quick martial artist, a
 * heavy brawler, a wrestler, and a knife fighter in natural armor.
 */
export const H2H_SAMPLE_FIGHTERS: readonly H2hFighter[] = Object.freeze([
  makeH2hFighter({
    id: "kira",
    name: "Kira",
    pp: 18,
    ps: 12,
    pe: 13,
    hitPoints: 26,
    attacksPerMelee: 5,
    martialArt: true,
    autoParry: true,
    bonuses: {
      strike: 3,
      parry: 4,
      dodge: 4,
      roll: 2,
      breakfall: 3,
      disarm: 2,
      grapple: 1,
      initiative: 3,
      damage: 1,
      pp: 3,
      pe: 1,
      coma: 4,
    },
  }),
  makeH2hFighter({
    id: "brock",
    name: "Brock",
    pp: 11,
    ps: 19,
    pe: 17,
    hitPoints: 40,
    attacksPerMelee: 4,
    bonuses: {
      strike: 1,
      parry: 1,
      dodge: 0,
      roll: 3,
      breakfall: 0,
      disarm: 0,
      grapple: 1,
      initiative: 0,
      damage: 4,
      pp: 0,
      pe: 3,
      coma: 10,
    },
  }),
  makeH2hFighter({
    id: "mara",
    name: "Mara",
    pp: 14,
    ps: 17,
    pe: 15,
    hitPoints: 34,
    attacksPerMelee: 4,
    autoDodge: true,
    bonuses: {
      strike: 2,
      parry: 2,
      dodge: 2,
      roll: 2,
      breakfall: 3,
      disarm: 1,
      grapple: 4,
      initiative: 1,
      damage: 2,
      pp: 1,
      pe: 2,
      coma: 6,
    },
  }),
  makeH2hFighter({
    id: "tarn",
    name: "Tarn",
    pp: 15,
    ps: 13,
    pe: 14,
    hitPoints: 28,
    attacksPerMelee: 4,
    ar: 10,
    arKind: "natural",
    weapon: { name: "Knife", damage: "1d6" },
    bonuses: {
      strike: 2,
      parry: 3,
      dodge: 2,
      roll: 1,
      breakfall: 1,
      disarm: 1,
      grapple: 0,
      initiative: 2,
      damage: 1,
      pp: 2,
      pe: 1,
      coma: 4,
    },
  }),
]);

/** A sample fighter by id or name, whatever the case; an unknown one is refused, naming those there are. */
export function findSampleFighter(name: string): H2hFighter {
  const key = name.toLowerCase();
  const found = H2H_SAMPLE_FIGHTERS.find((f) => f.id === key || f.name.toLowerCase() === key);
  if (!found)
    throw new SimError(
      "unknown-fighter",
      `no Hand to Hand fighter "${name}". Known fighters: ${H2H_SAMPLE_FIGHTERS.map((f) => f.name).join(", ")}`,
    );
  return found;
}
