/**
 * The chat card of a simple check (a skill, ST×2, Luck…), posted for any
 * ruleset by `postRulesetCheck` with its labels (its definition's
 * `cards.check`; FANGS's: src/rulesets/fangs/chat/check-card.ts).
 *
 * Who decides what: the ruleset's rules core resolves the check, the card
 * only renders its result. The dice are real Foundry Rolls, so dice
 * animations and roll modes work as for any roll: the rules ask for a die
 * through a `DiceSource`; when the die has not been rolled yet, the request
 * stops, one `Roll` of that die is evaluated, and the (pure, deterministic)
 * resolution runs again over the dice rolled so far. A check thus rolls its
 * second d20 only when the rules ask for it, and the message carries exactly
 * the Rolls the rules used.
 *
 * The card's context, which a ruleset's labels and start-up read, is in
 * ./check-context.ts; this module loads with the first check posted.
 */

import type { DiceSource, DieResult } from "../rules/kernel/dice";
import { RulesError } from "../rules/kernel/errors";
import {
  type CheckCardMeta,
  type RulesetCheckLabels,
  type RulesetCheckResult,
  rulesetCheckContext,
} from "./check-context";

export * from "./check-context";

export const CHECK_CARD_TEMPLATE = "systems/fangs/templates/chat/check.hbs";

/* -------------------------------------------- */
/*  Dice: Foundry Rolls fed to the rules        */
/* -------------------------------------------- */

/** Thrown by PrerolledDice when the rules ask for a die that has not been rolled yet. */
export class MoreDiceNeeded extends Error {
  override readonly name = "MoreDiceNeeded";
  constructor(readonly faces: number) {
    super(`the rules asked for a d${faces} that has not been rolled yet`);
  }
}

/** Serves dice already rolled, in order; asks for more by throwing MoreDiceNeeded. */
export class PrerolledDice implements DiceSource {
  #next = 0;
  constructor(private readonly dice: readonly DieResult[]) {}

  roll(faces: number): number {
    const die = this.dice[this.#next];
    if (!die) throw new MoreDiceNeeded(faces);
    if (die.faces !== faces) {
      // A pure resolution asks for the same dice in the same order on every run.
      throw new RulesError(
        "invalid-state",
        `die #${this.#next + 1} was a d${die.faces}, now a d${faces} is asked`,
        {
          index: this.#next,
          rolled: die.faces,
          asked: faces,
        },
      );
    }
    this.#next += 1;
    return die.result;
  }

  /** How many of the dice the resolution read. */
  get used(): number {
    return this.#next;
  }
}

/** Rolls one die of `faces` faces; `roll` is whatever the caller keeps (a Foundry Roll). */
export type RollDie<R> = (faces: number) => Promise<{ result: number; roll: R }>;

/** More dice than any check reads; guards against a resolution that never ends. */
const DICE_LIMIT = 32;

/**
 * Runs a pure resolution over dice rolled on demand by `rollDie`. Returns its
 * value and the rolls it used, in the order it asked for them.
 */
export async function resolveWithRolledDice<T, R>(
  resolve: (dice: DiceSource) => T,
  rollDie: RollDie<R>,
): Promise<{ value: T; rolls: R[]; dice: DieResult[] }> {
  const rolled: { faces: number; result: number; roll: R }[] = [];
  for (;;) {
    const source = new PrerolledDice(rolled);
    try {
      const value = resolve(source);
      const used = rolled.slice(0, source.used);
      return {
        value,
        rolls: used.map((d) => d.roll),
        dice: used.map(({ faces, result }) => ({ faces, result })),
      };
    } catch (error) {
      if (!(error instanceof MoreDiceNeeded)) throw error;
      if (rolled.length >= DICE_LIMIT) {
        throw new RulesError("invalid-state", `a resolution asked for more than ${DICE_LIMIT} dice`, {});
      }
      const { result, roll } = await rollDie(error.faces);
      if (!Number.isInteger(result) || result < 1 || result > error.faces) {
        throw new RulesError("die-out-of-range", `a d${error.faces} came up ${result}`, {
          faces: error.faces,
          result,
        });
      }
      rolled.push({ faces: error.faces, result, roll });
    }
  }
}

/* -------------------------------------------- */
/*  Posting the card (Foundry)                  */
/* -------------------------------------------- */

async function rollFoundryDie(faces: number): Promise<{ result: number; roll: Roll }> {
  const roll = await new Roll(`1d${faces}`).evaluate();
  return { result: Number(roll.total), roll };
}

export interface RulesetCheckRequest<R extends RulesetCheckResult> {
  actor: Actor.Implementation;
  /** The ruleset's labels (its definition's `cards.check`). */
  labels: RulesetCheckLabels<R>;
  /** Its rules core's resolution of the roll. */
  resolve: (dice: DiceSource) => R;
  meta: Omit<CheckCardMeta, "actorName">;
}

/** A ruleset's round-level check: resolved with Foundry dice, posted on the check card with its labels. */
export async function postRulesetCheck<R extends RulesetCheckResult>(
  request: RulesetCheckRequest<R>,
): Promise<void> {
  const { actor, labels, resolve, meta } = request;
  const { value: result, rolls } = await resolveWithRolledDice(resolve, rollFoundryDie);
  const context = rulesetCheckContext(labels, result, { ...meta, actorName: actor.name ?? "" });
  const content = await foundry.applications.handlebars.renderTemplate(CHECK_CARD_TEMPLATE, { ...context });
  const data = { speaker: ChatMessage.getSpeaker({ actor }), content, rolls };
  ChatMessage.applyRollMode(data, game.settings?.get("core", "rollMode") ?? "publicroll");
  await ChatMessage.create(data);
}
