import { type OddsRuleset, type OddsSetup, OddsWindow } from "../../../../apps/encounter-odds/odds-window";
import { oddsOpener } from "../../../../apps/encounter-odds/open-window";
import type { OddsSides } from "../../../../apps/encounter-odds/prepared";
import type { LunosFighter } from "../../../../rules/lunos/types";
import { duelJobNames, runChunked } from "../../../../sim/fight-runner";
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

/** The duel of these sides: each is one fighter (`maxSide`). */
function duelOf(sides: OddsSides<LunosFighter>): readonly [LunosFighter, LunosFighter] {
  return [sides[0][0]!, sides[1][0]!];
}

export const LUNOS_ODDS: OddsRuleset<LunosFighter> = Object.freeze<OddsRuleset<LunosFighter>>({
  maxSide: 1,
  words: LUNOS_ODDS_WORDS,
  readFighter: readLunosFighter,
  names: (sides) => {
    const [a, b] = duelOf(sides);
    // Two of one name (two wolves) are told apart as the group fights number theirs.
    if (a.name !== b.name) return duelJobNames({ fighters: [a, b] });
    return duelJobNames({ fighters: [{ name: `${a.name} (1)` }, { name: `${b.name} (2)` }] });
  },
  // The world's rules options, as its table plays them.
  run: (sides, seed, runs, options) =>
    runChunked(
      lunosFightRunner,
      { fighters: duelOf(sides), seed, options: readWorldLunosRules() },
      runs,
      options,
    ),
});

export class LunosOddsApp extends OddsWindow<LunosFighter> {
  static override DEFAULT_OPTIONS = { ...OddsWindow.DEFAULT_OPTIONS, id: "lunos-encounter-odds" };

  constructor(setup: OddsSetup<LunosFighter>, options?: ConstructorParameters<typeof OddsWindow>[2]) {
    super(LUNOS_ODDS, setup, options);
  }
}

/** Opens Lunos's window for the selected tokens (or those given): its simulator's `openOdds`. */
export const openLunosOdds = oddsOpener(LUNOS_ODDS, (setup) => new LunosOddsApp(setup));
