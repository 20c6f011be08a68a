import type { OddsWords } from "../../../../apps/encounter-odds/words";

/** FANGS's notices in its Encounter odds window (the shared window's checks say them). */
export const FANGS_ODDS_WORDS: OddsWords = Object.freeze({
  gmOnly: "FANGS.Odds.Error.GmOnly",
  selectTwo: "FANGS.Odds.Error.SelectTwo",
  noFriendly: "FANGS.Odds.Error.NoFriendly",
  noHostile: "FANGS.Odds.Error.NoHostile",
  tooMany: "FANGS.Odds.Error.TooMany",
  notAFighter: "FANGS.Odds.Error.NotAFighter",
  badActor: "FANGS.Odds.Error.BadActor",
  noParty: "FANGS.Odds.Error.NoParty",
  noFoes: "FANGS.Odds.Error.NoFoes",
  unknownEncounter: "FANGS.Odds.Error.UnknownEncounter",
  failed: "FANGS.Odds.Error.Failed",
});
