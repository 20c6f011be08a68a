import {
  type EncounterChoice,
  encounterChoices,
  type OddsSides,
  type PreparedReading,
  partyAgainst,
  SELECTED_TOKENS,
} from "../../../../apps/encounter-odds/prepared";
import type { EncounterDefinition } from "../../../../encounters/table";
import { MAX_SIDE_FIGHTERS } from "../../sim/duel";
import type { FighterSheet } from "../../sim/fighter";
import { FANGS_ODDS_WORDS } from "./words";

/**
 * A prepared encounter in FANGS's Encounter odds: the shared split
 * (src/apps/encounter-odds/prepared.ts) with FANGS's fighters, as many a
 * side as its group fights field, refused in FANGS's words.
 */

export type Sides = OddsSides<FighterSheet>;
export type PreparedSidesReading = PreparedReading<FighterSheet>;
export { type EncounterChoice, encounterChoices, SELECTED_TOKENS };

/** The two sides of the encounter fought by the party (`sheets`: one per entry of the encounter, in its order). */
export function encounterSides(
  party: readonly FighterSheet[],
  encounter: EncounterDefinition,
  sheets: readonly FighterSheet[],
): PreparedSidesReading {
  return partyAgainst(party, encounter, sheets, MAX_SIDE_FIGHTERS, FANGS_ODDS_WORDS);
}
