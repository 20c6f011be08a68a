import type { DiceSource, DieResult } from "../rules/kernel/dice";
import type { DiceStep, StepDice } from "./card-steps";

/**
 * The bridge between the rules core's synchronous `DiceSource` and Foundry's
 * asynchronous dice. The rules ask for one die at a time and only as many as
 * the results call for (a second d20 only after a possible Special), so the
 * dice cannot be rolled up front. Instead a step is run against the dice
 * rolled so far; when it asks for one more, that die is rolled for real
 * (a Foundry Roll: Dice So Nice, manual dice entry and any dice module see
 * it) and the step is run again from the start. The rules are pure, so a
 * replay with the same dice takes the same path. What the step consumed is
 * recorded and becomes the Roll objects stored on the message.
 *
 * Pure: nothing here names a Foundry global; the real die is passed in.
 */

/** Thrown by `ReplayDice` when the step wants a die that was not rolled yet. */
export class NeedDie extends Error {
  override readonly name = "NeedDie";
  constructor(readonly faces: number) {
    super(`one more d${faces} is needed`);
  }
}

/** Plays back the dice rolled so far; asks for the next one by throwing `NeedDie`. */
export class ReplayDice implements DiceSource {
  #next = 0;
  constructor(private readonly pool: readonly DieResult[]) {}

  roll(faces: number): number {
    const die = this.pool[this.#next];
    if (die === undefined) throw new NeedDie(faces);
    if (die.faces !== faces) {
      // The rules are deterministic for the same dice; a different die on replay is a bug, not bad luck.
      throw new Error(
        `dice replay diverged at die #${this.#next + 1}: d${die.faces} rolled, d${faces} asked`,
      );
    }
    this.#next += 1;
    return die.result;
  }

  get used(): number {
    return this.#next;
  }
}

/** Rolls one real die and returns its face. */
export type RollOneDie = (faces: number) => Promise<number>;

/** More dice than any FANGS step needs; a runaway step stops here instead of rolling forever. */
const MAX_DICE_PER_STEP = 100;

/**
 * Runs a pure rules step, rolling each die it asks for. Errors other than
 * "one more die" (a RulesError refusing the input) pass through unchanged,
 * with no die rolled after them.
 */
export async function runWithDice<T>(
  step: (dice: DiceSource) => T,
  rollDie: RollOneDie,
  name: DiceStep,
): Promise<{ readonly value: T; readonly dice: StepDice }> {
  const pool: DieResult[] = [];
  for (;;) {
    const replay = new ReplayDice(pool);
    try {
      const value = step(replay);
      return { value, dice: { step: name, dice: pool.slice(0, replay.used) } };
    } catch (error) {
      if (!(error instanceof NeedDie)) throw error;
      if (pool.length >= MAX_DICE_PER_STEP)
        throw new Error(`a rules step asked for more than ${MAX_DICE_PER_STEP} dice`);
      pool.push({ faces: error.faces, result: await rollDie(error.faces) });
    }
  }
}

/* -------------------------------------------- */
/*  Roll data for the message                   */
/* -------------------------------------------- */

/** The serialised form of a Foundry Roll (what `Roll.fromData` reads). */
export interface RollData {
  readonly class: "Roll";
  readonly options: { readonly flavor: string; readonly fangsStep: DiceStep };
  readonly dice: readonly never[];
  readonly formula: string;
  readonly terms: readonly RollTermData[];
  readonly total: number;
  readonly evaluated: true;
}

export type RollTermData =
  | {
      readonly class: "Die";
      readonly options: Record<string, never>;
      readonly evaluated: true;
      readonly number: number;
      readonly faces: number;
      readonly modifiers: readonly never[];
      readonly results: readonly { readonly result: number; readonly active: true }[];
    }
  | {
      readonly class: "OperatorTerm";
      readonly options: Record<string, never>;
      readonly evaluated: true;
      readonly operator: "+";
    };

/**
 * One Roll for the dice of one step: consecutive dice of the same size share
 * a term ("2d6 + 1d4"). The Roll's total is the sum of its dice; what the
 * rules made of them (a total against 20, damage with the DM) is on the card.
 * Null when the step rolled nothing.
 */
export function rollDataFor(step: StepDice, flavor: string): RollData | null {
  if (step.dice.length === 0) return null;
  const groups: { faces: number; results: number[] }[] = [];
  for (const die of step.dice) {
    const last = groups[groups.length - 1];
    if (last && last.faces === die.faces) last.results.push(die.result);
    else groups.push({ faces: die.faces, results: [die.result] });
  }
  const terms: RollTermData[] = [];
  for (const [index, group] of groups.entries()) {
    if (index > 0) terms.push({ class: "OperatorTerm", options: {}, evaluated: true, operator: "+" });
    terms.push({
      class: "Die",
      options: {},
      evaluated: true,
      number: group.results.length,
      faces: group.faces,
      modifiers: [],
      results: group.results.map((result) => ({ result, active: true as const })),
    });
  }
  return {
    class: "Roll",
    options: { flavor, fangsStep: step.step },
    dice: [],
    formula: groups.map((g) => `${g.results.length}d${g.faces}`).join(" + "),
    terms,
    total: step.dice.reduce((sum, die) => sum + die.result, 0),
    evaluated: true,
  };
}
