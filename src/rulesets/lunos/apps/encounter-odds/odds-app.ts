import { duelOdds } from "../../../../apps/encounter-odds/duel-odds";
import { type OddsRuleset, type OddsSetup, OddsWindow } from "../../../../apps/encounter-odds/odds-window";
import { oddsOpener } from "../../../../apps/encounter-odds/open-window";
import type { LunosFighter } from "../../../../rules/lunos/types";
import { readWorldLunosRules } from "../../config/rules-apply";
import { lunosFightRunner } from "../../fights";
import { LUNOS_ODDS_WORDS, readLunosFighter } from "./read-fighter";

/**
 * Lunos's "Encounter odds" window: the shared window
 * (src/apps/encounter-odds/odds-window.ts) running Lunos's duels with the
 * world's rules options. Its fighters are its actors read as its sheet
 * and round engine read them (./read-fighter.ts). Its simulator fights
 * one against one: a side is one fighter. Loaded with its simulator, in
 * its heavy part.
 */

export const LUNOS_ODDS: OddsRuleset<LunosFighter> = duelOdds({
  words: LUNOS_ODDS_WORDS,
  readFighter: readLunosFighter,
  runner: lunosFightRunner,
  // The world's rules options, as its table plays them.
  options: readWorldLunosRules,
});

export class LunosOddsApp extends OddsWindow<LunosFighter> {
  static override DEFAULT_OPTIONS = { ...OddsWindow.DEFAULT_OPTIONS, id: "lunos-encounter-odds" };

  constructor(setup: OddsSetup<LunosFighter>, options?: ConstructorParameters<typeof OddsWindow>[2]) {
    super(LUNOS_ODDS, setup, options);
  }
}

/** Opens Lunos's window for the selected tokens (or those given): its simulator's `openOdds`. */
export const openLunosOdds = oddsOpener(LUNOS_ODDS, (setup) => new LunosOddsApp(setup));
