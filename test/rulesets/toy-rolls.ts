import { postRulesetCheck } from "../../src/chat/check-card";
import { actorSystemOf } from "../../src/data/views";
import type { DiceSource } from "../../src/rules/kernel/dice";
import type { RulesetRolls } from "../../src/rulesets/registry";
import { type ToyCheckResult, toyCheckLabels } from "./toy-cards";

/**
 * The toy's checks outside a card (its definition's `rolls`), what
 * `actor.rollCheck(spec)` rolls for a toy fighter: its one check, Grit, a
 * d6 at most its hp; a 1 is a strong success. It reads the fighter's hp
 * through the shared view (`actorSystemOf`), typed by the toy's own type
 * declarations (./toy-types.ts).
 */

export interface ToyGritCheck {
  readonly kind: "toyGrit";
}

/** The rules core's half: pure, dice through `DiceSource`. */
export function toyGrit(hp: number, dice: DiceSource): ToyCheckResult {
  const natural = dice.roll(6);
  const success = natural <= hp;
  return { natural, total: natural, target: hp, success, extra: success && natural === 1 ? 1 : 0 };
}

export const toyRolls: RulesetRolls<ToyGritCheck> = {
  readCheck: (data) => ((data as { kind?: unknown } | null)?.kind === "toyGrit" ? { kind: "toyGrit" } : null),
  async rollCheck(actor) {
    const hp = actorSystemOf(actor, "toyFighter")?.hp.value ?? 0;
    await postRulesetCheck({
      actor,
      labels: toyCheckLabels,
      resolve: (dice) => toyGrit(hp, dice),
      meta: { label: "TOY.Check.Grit", localizeLabel: true },
    });
  },
};
