import { type OddsRuleset, type OddsSetup, OddsWindow } from "../../../../apps/encounter-odds/odds-window";
import type { FighterReading } from "../../../../apps/encounter-odds/prepared";
import { SimError } from "../../../../sim/sim-error";
import { rulesOptions } from "../../config/settings";
import { jobNames, runOddsChunked } from "../../fights";
import { MAX_SIDE_FIGHTERS } from "../../sim/duel";
import { type FighterSheet, fighterFromActorData } from "../../sim/fighter";
import { FANGS_ODDS_WORDS } from "./words";

/**
 * FANGS's "Encounter odds" window: the shared window
 * (src/apps/encounter-odds/odds-window.ts) running FANGS's duels and group
 * fights with the world's rules options, its fighters read from its
 * actors' stored data as the pack readers read them.
 */

export { foundryLocalizer } from "../../../../apps/encounter-odds/odds-window";

/** A FANGS character or creature as the simulator reads it, named as its token is. */
function readFangsFighter(actor: Actor.Implementation, name: string): FighterReading<FighterSheet> {
  if (actor.type !== "character" && actor.type !== "creature")
    return { ok: false, key: FANGS_ODDS_WORDS.notAFighter, data: { name } };
  try {
    // The actor's stored data has the pack sources' shape: the simulator reads it the same way.
    const data = { ...actor.toObject(), name };
    return { ok: true, sheet: fighterFromActorData(data, actor.name ?? "actor") };
  } catch (error) {
    const message = error instanceof SimError ? error.message : String(error);
    return { ok: false, key: FANGS_ODDS_WORDS.badActor, data: { name: actor.name ?? "?", message } };
  }
}

export const FANGS_ODDS: OddsRuleset<FighterSheet> = Object.freeze<OddsRuleset<FighterSheet>>({
  maxSide: MAX_SIDE_FIGHTERS,
  words: FANGS_ODDS_WORDS,
  readFighter: readFangsFighter,
  names: (sides) => jobNames({ sides, seed: 0 }),
  // The world's rules options, as the table plays them.
  run: (sides, seed, runs, options) =>
    runOddsChunked({ sides, seed, options: rulesOptions() }, runs, options),
});

export type { OddsSetup };

export class EncounterOddsApp extends OddsWindow<FighterSheet> {
  static override DEFAULT_OPTIONS = { ...OddsWindow.DEFAULT_OPTIONS, id: "fangs-encounter-odds" };

  constructor(setup: OddsSetup<FighterSheet>, options?: ConstructorParameters<typeof OddsWindow>[2]) {
    super(FANGS_ODDS, setup, options);
  }
}
