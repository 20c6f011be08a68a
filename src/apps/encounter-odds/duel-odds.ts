import { duelJobNames, type FightRunner, runChunked } from "../../sim/fight-runner";
import type { OddsRuleset } from "./odds-window";
import type { FighterReader, OddsSides } from "./prepared";
import type { OddsWords } from "./words";

/** The duel of these sides: each is one fighter (`maxSide`). */
function duelOf<F>(sides: OddsSides<F>): readonly [F, F] {
  return [sides[0][0]!, sides[1][0]!];
}

/**
 * The odds of a ruleset whose simulator fights one against one (Sharene's,
 * Lunos's): a side is one fighter, two of one name (two wolves) are told
 * apart as the group fights number theirs, and every run plays the world's
 * rules options as its table plays them.
 */
export function duelOdds<F extends { readonly name: string }, O>(spec: {
  readonly words: OddsWords;
  readonly readFighter: FighterReader<F>;
  readonly runner: FightRunner<{
    readonly fighters: readonly [F, F];
    readonly seed: number;
    readonly options: O;
  }>;
  readonly options: () => O;
}): OddsRuleset<F> {
  return Object.freeze<OddsRuleset<F>>({
    maxSide: 1,
    words: spec.words,
    readFighter: spec.readFighter,
    names: (sides) => {
      const [a, b] = duelOf(sides);
      if (a.name !== b.name) return duelJobNames({ fighters: [a, b] });
      return duelJobNames({ fighters: [{ name: `${a.name} (1)` }, { name: `${b.name} (2)` }] });
    },
    run: (sides, seed, runs, options) =>
      runChunked(spec.runner, { fighters: duelOf(sides), seed, options: spec.options() }, runs, options),
  });
}
