import { duelOdds } from "../../../../apps/encounter-odds/duel-odds";
import { type OddsRuleset, type OddsSetup, OddsWindow } from "../../../../apps/encounter-odds/odds-window";
import { oddsOpener } from "../../../../apps/encounter-odds/open-window";
import type { ShareneFighter } from "../../../../rules/sharene/types";
import { readWorldShareneRules } from "../../config/rules-apply";
import { shareneFightRunner } from "../../fights";
import { readShareneFighter, SHARENE_ODDS_WORDS } from "./read-fighter";

/**
 * Sharene's "Encounter odds" window: the shared window
 * (src/apps/encounter-odds/odds-window.ts) running Sharene's duels with
 * the world's rules options. Its fighters are its actors read as the
 * table reads a combatant's (`fighterSheet`, through the typed views of
 * its documents), then checked by the rules core as the simulator's are.
 * Its simulator fights one against one: a side is one fighter. Loaded
 * with its simulator, in its heavy part.
 */

export const SHARENE_ODDS: OddsRuleset<ShareneFighter> = duelOdds({
  words: SHARENE_ODDS_WORDS,
  readFighter: readShareneFighter,
  runner: shareneFightRunner,
  // The world's rules options, as its table plays them.
  options: readWorldShareneRules,
});

export class ShareneOddsApp extends OddsWindow<ShareneFighter> {
  static override DEFAULT_OPTIONS = { ...OddsWindow.DEFAULT_OPTIONS, id: "sharene-encounter-odds" };

  constructor(setup: OddsSetup<ShareneFighter>, options?: ConstructorParameters<typeof OddsWindow>[2]) {
    super(SHARENE_ODDS, setup, options);
  }
}

/** Opens Sharene's window for the selected tokens (or those given): its simulator's `openOdds`. */
export const openShareneOdds = oddsOpener(SHARENE_ODDS, (setup) => new ShareneOddsApp(setup));
