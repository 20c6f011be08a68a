import type { FighterReading } from "../../../../apps/encounter-odds/prepared";
import type { OddsWords } from "../../../../apps/encounter-odds/words";
import { RulesError } from "../../../../rules/kernel/errors";
import type { LunosFighter } from "../../../../rules/lunos/types";
import { lunosFighterOf } from "../../data/fighter";
import { lunosActorData } from "../sheets/sheet-data";

/**
 * How Lunos's Encounter odds reads its fighters and says its refusals:
 * apart from the window (./odds-app.ts), so the reading is tested without
 * drawing it.
 */

export const LUNOS_ODDS_WORDS: OddsWords = Object.freeze({
  gmOnly: "LUNOS.Odds.Error.GmOnly",
  selectTwo: "LUNOS.Odds.Error.SelectTwo",
  noFriendly: "LUNOS.Odds.Error.NoFriendly",
  noHostile: "LUNOS.Odds.Error.NoHostile",
  tooMany: "LUNOS.Odds.Error.TooMany",
  notAFighter: "LUNOS.Odds.Error.NotAFighter",
  badActor: "LUNOS.Odds.Error.BadActor",
  noParty: "LUNOS.Odds.Error.NoParty",
  noFoes: "LUNOS.Odds.Error.NoFoes",
  unknownEncounter: "LUNOS.Odds.Error.UnknownEncounter",
  failed: "LUNOS.Odds.Error.Failed",
});

/**
 * A Lunos character or creature as the simulator fields it, named as its
 * token is (as its actor is, when the token has no name): its ratings, the first weapon in hand and armor worn, read as
 * the sheet's pools and the round engine read them (`lunosFighterOf`,
 * checked by the rules core). Its id is its place in the window, so two
 * tokens of one actor are two fighters. A fighter with no weapon in hand
 * fights with Brawl, as the rules have it: not refused.
 */
export function readLunosFighter(
  actor: Actor.Implementation,
  name: string,
  place: string,
): FighterReading<LunosFighter> {
  const data = lunosActorData(actor);
  if (!data) return { ok: false, key: LUNOS_ODDS_WORDS.notAFighter, data: { name } };
  try {
    // A token left without a name of its own goes by its actor's: the core refuses a nameless fighter.
    return { ok: true, sheet: lunosFighterOf({ ...data, id: place, name: name || data.name }) };
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    return { ok: false, key: LUNOS_ODDS_WORDS.badActor, data: { name, message: error.message } };
  }
}
