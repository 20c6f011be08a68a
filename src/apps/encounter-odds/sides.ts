import type { OddsRefusal, OddsWords } from "./words";

/**
 * Which selected token fights on which side, from the tokens' dispositions
 * alone (pure, tested without Foundry), whatever the ruleset:
 * - exactly two tokens: the first against the second, whatever their
 *   dispositions (as the tool always did: a duel between any two);
 * - three or more: the friendly tokens against all the others. Neutral (and
 *   secret) tokens join the hostile side: a GM balancing an encounter
 *   selects the party and what it meets, and a neutral creature in that
 *   selection is one the party may have to fight.
 * A selection that leaves a side empty, or puts more on a side than the
 * ruleset's simulator fields (`max`), is refused in the ruleset's words.
 */

/** Foundry's TOKEN_DISPOSITIONS.FRIENDLY. */
export const FRIENDLY = 1;

export type SidesReading =
  | { readonly ok: true; readonly sides: readonly [readonly number[], readonly number[]] }
  | OddsRefusal;

/** Splits token indices into two sides by disposition (see above), at most `max` a side. */
export function splitByDisposition(
  dispositions: readonly number[],
  max: number,
  words: Pick<OddsWords, "selectTwo" | "noFriendly" | "noHostile" | "tooMany">,
): SidesReading {
  const count = dispositions.length;
  if (count < 2) return { ok: false, key: words.selectTwo, data: { count } };
  const friendly: number[] = [];
  const others: number[] = [];
  if (count === 2) {
    friendly.push(0);
    others.push(1);
  } else
    dispositions.forEach((d, i) => {
      (d === FRIENDLY ? friendly : others).push(i);
    });
  if (friendly.length === 0 || others.length === 0) {
    return { ok: false, key: friendly.length === 0 ? words.noFriendly : words.noHostile, data: { count } };
  }
  if (friendly.length > max || others.length > max) return { ok: false, key: words.tooMany, data: { max } };
  return { ok: true, sides: [friendly, others] };
}
