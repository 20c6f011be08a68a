import { FRIENDLY, type SidesReading, splitByDisposition } from "../../../../apps/encounter-odds/sides";
import { MAX_SIDE_FIGHTERS } from "../../sim/duel";
import { FANGS_ODDS_WORDS } from "./words";

/**
 * FANGS's sides from the selected tokens' dispositions: the shared rule
 * (src/apps/encounter-odds/sides.ts) with as many a side as its group
 * fights field, refused in FANGS's words.
 */

export { FRIENDLY, type SidesReading };

/** Splits token indices into two sides by disposition, at most MAX_SIDE_FIGHTERS a side. */
export function sidesFromDispositions(dispositions: readonly number[]): SidesReading {
  return splitByDisposition(dispositions, MAX_SIDE_FIGHTERS, FANGS_ODDS_WORDS);
}
