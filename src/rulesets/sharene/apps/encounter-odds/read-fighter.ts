import type { FighterReading } from "../../../../apps/encounter-odds/prepared";
import type { OddsWords } from "../../../../apps/encounter-odds/words";
import { RulesError } from "../../../../rules/kernel/errors";
import { validateFighter } from "../../../../rules/sharene/fighter";
import type { ShareneFighter } from "../../../../rules/sharene/types";
import { fighterSheet } from "../../combat/round-read";

/**
 * How Sharene's Encounter odds reads its fighters and says its refusals:
 * apart from the window (./odds-app.ts), so the reading is tested without
 * drawing it.
 */

export const SHARENE_ODDS_WORDS: OddsWords = Object.freeze({
  gmOnly: "SHARENE.Odds.Error.GmOnly",
  selectTwo: "SHARENE.Odds.Error.SelectTwo",
  noFriendly: "SHARENE.Odds.Error.NoFriendly",
  noHostile: "SHARENE.Odds.Error.NoHostile",
  tooMany: "SHARENE.Odds.Error.TooMany",
  notAFighter: "SHARENE.Odds.Error.NotAFighter",
  badActor: "SHARENE.Odds.Error.BadActor",
  noParty: "SHARENE.Odds.Error.NoParty",
  noFoes: "SHARENE.Odds.Error.NoFoes",
  unknownEncounter: "SHARENE.Odds.Error.UnknownEncounter",
  failed: "SHARENE.Odds.Error.Failed",
});

/**
 * A Sharene character or creature as the simulator fields it, named as its
 * token is. Its id is its place in the window, so two tokens of one actor
 * are two fighters (the duel refuses two of one id).
 */
export function readShareneFighter(
  actor: Actor.Implementation,
  name: string,
  place: string,
): FighterReading<ShareneFighter> {
  const sheet = fighterSheet(place, actor);
  if (!sheet) return { ok: false, key: SHARENE_ODDS_WORDS.notAFighter, data: { name } };
  // The table lets an unarmed fighter declare; the simulator's duel has it strike, so it is named here.
  if (sheet.weapon.id === "") return { ok: false, key: "SHARENE.Odds.Error.NoWeapon", data: { name } };
  try {
    return { ok: true, sheet: validateFighter({ ...sheet, name }) };
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    return { ok: false, key: SHARENE_ODDS_WORDS.badActor, data: { name, message: error.message } };
  }
}
