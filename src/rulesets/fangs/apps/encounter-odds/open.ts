import { type OpenOddsOptions, oddsOpener } from "../../../../apps/encounter-odds/open-window";
import { EncounterOddsApp, FANGS_ODDS } from "./odds-app";

/**
 * Opening FANGS's Encounter odds window: the shared opening
 * (src/apps/encounter-odds/open-window.ts) with FANGS's window, loaded
 * only when a GM asks for it, with FANGS's heavy part.
 */

export type { OpenOddsOptions };

/** Opens FANGS's window for the selected tokens (or those given): its simulator's `openOdds`. */
export const openEncounterOddsNow = oddsOpener(FANGS_ODDS, (setup) => new EncounterOddsApp(setup));
