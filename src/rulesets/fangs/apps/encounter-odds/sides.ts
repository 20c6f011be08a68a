import { MAX_SIDE_FIGHTERS } from "../../sim/duel";

/**
 * Which selected token fights on which side, from the tokens' dispositions
 * alone (pure, tested without Foundry):
 * - exactly two tokens: the first against the second, whatever their
 *   dispositions (as the tool always did: a duel between any two);
 * - three or more: the friendly tokens against all the others. Neutral (and
 *   secret) tokens join the hostile side: a GM balancing an encounter
 *   selects the party and what it meets, and a neutral creature in that
 *   selection is one the party may have to fight.
 * A selection that leaves a side empty, or puts more on a side than the
 * simulator fields, is refused with a localisation key for the notification.
 */

/** Foundry's TOKEN_DISPOSITIONS.FRIENDLY. */
export const FRIENDLY = 1;

export type SidesReading =
  | { readonly ok: true; readonly sides: readonly [readonly number[], readonly number[]] }
  | { readonly ok: false; readonly key: string; readonly data: Readonly<Record<string, string | number>> };

/** Splits token indices into two sides by disposition (see above). */
export function sidesFromDispositions(dispositions: readonly number[]): SidesReading {
  const count = dispositions.length;
  if (count < 2) return { ok: false, key: "FANGS.Odds.Error.SelectTwo", data: { count } };
  if (count === 2) return { ok: true, sides: [[0], [1]] };
  const friendly: number[] = [];
  const others: number[] = [];
  dispositions.forEach((d, i) => {
    (d === FRIENDLY ? friendly : others).push(i);
  });
  if (friendly.length === 0 || others.length === 0) {
    return {
      ok: false,
      key: friendly.length === 0 ? "FANGS.Odds.Error.NoFriendly" : "FANGS.Odds.Error.NoHostile",
      data: { count },
    };
  }
  if (friendly.length > MAX_SIDE_FIGHTERS || others.length > MAX_SIDE_FIGHTERS) {
    return { ok: false, key: "FANGS.Odds.Error.TooMany", data: { max: MAX_SIDE_FIGHTERS } };
  }
  return { ok: true, sides: [friendly, others] };
}
