import type { H2hRules } from "./config";

/**
 * A d20 of the Hand to Hand text as the rules compare it: its natural
 * face, which some rules read alone (H2H-TRM-9, H2H-TRM-10, H2H-TRM-1), and
 * the total with bonuses and penalties.
 */
export interface D20Roll {
  readonly natural: number;
  readonly total: number;
}

/**
 * Whether a defending roll beats a strike roll. A natural 20 beats every
 * roll but a natural 20 strike, and against that only a natural 20 defense
 * wins (the defender wins that tie, H2H-TRM-9); a natural 1 never beats
 * anything, and anything beats a natural 1 strike (H2H-TRM-10). Otherwise
 * the totals: a roll "over" or "higher than" the strike must be above it
 * (`tieWins` false); a parry or a dodge takes the tie when the rules give
 * ties to the defender (`tieGoesTo`, docs/rules/h2h.md).
 */
export function beatsStrike(strike: D20Roll, defense: D20Roll, tieWins: boolean): boolean {
  if (strike.natural === 20) return defense.natural === 20;
  if (defense.natural === 20) return true;
  if (defense.natural === 1) return false;
  if (strike.natural === 1) return true;
  return tieWins ? defense.total >= strike.total : defense.total > strike.total;
}

/**
 * Whether a strike lands: a natural 1 always misses (H2H-TRM-10); a natural
 * 20 hits unless met by a natural 20 defense (H2H-TRM-9); any other strike
 * must total over `minimumStrike` (the text's "strike over four",
 * H2H-TRM-12, read as the least strike that hits anything) and beat the
 * parry or dodge, if there is one.
 */
export function strikeLands(strike: D20Roll, defense: D20Roll | null, rules: H2hRules): boolean {
  if (strike.natural === 1) return false;
  if (strike.natural !== 20 && strike.total <= rules.minimumStrike) return false;
  if (defense === null) return true;
  return !beatsStrike(strike, defense, rules.tieGoesTo === "defender");
}
