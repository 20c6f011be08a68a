import type { DiceStep, StepDice } from "./card-steps";
import { type RollData, type RollOneDie, rollDataFor } from "./replay-dice";

/**
 * The Foundry end of the dice bridge (replay-dice.ts): real Rolls for each die the
 * rules ask for, Roll objects for the message, and Dice So Nice.
 */

/** Labels of the dice steps, as shown on each Roll (lang keys). */
const STEP_LABELS: Readonly<Record<DiceStep, string>> = Object.freeze({
  attack: "FANGS.Chat.Roll.Attack",
  defense: "FANGS.Chat.Roll.Defense",
  outcome: "FANGS.Chat.Roll.Outcome",
  damage: "FANGS.Chat.Roll.Damage",
  fumble: "FANGS.Chat.Roll.Fumble",
  consequences: "FANGS.Chat.Roll.Consequences",
});

/**
 * Rolls one die as a Foundry Roll, so manual dice entry and dice modules see
 * it. Blind rolls are never interactive: the roller must not see the die.
 */
export function foundryDie(options: { readonly blind: boolean } = { blind: false }): RollOneDie {
  return async (faces: number) => {
    const roll = await new Roll(`1d${faces}`).evaluate({ allowInteractive: !options.blind });
    const total = roll.total;
    if (typeof total !== "number" || !Number.isInteger(total) || total < 1 || total > faces) {
      throw new Error(`a d${faces} rolled ${String(total)}`);
    }
    return total;
  };
}

/** The Roll data of each step that rolled dice, labelled in the user's language. */
export function rollDataOf(steps: readonly StepDice[]): RollData[] {
  const out: RollData[] = [];
  for (const step of steps) {
    const data = rollDataFor(step, game.i18n?.localize(STEP_LABELS[step.step]) ?? step.step);
    if (data) out.push(data);
  }
  return out;
}

/** A Roll from its stored JSON. */
export function rollFrom(data: RollData): Roll {
  // The types ask `results` of every term; an operator term's JSON has none.
  return Roll.fromData(data as never) as Roll;
}

/** Roll objects for a new message. */
export function rollsOf(steps: readonly StepDice[]): Roll[] {
  return rollDataOf(steps).map(rollFrom);
}

/** Dice So Nice, when the module is active: only what the exchange calls. */
interface DiceSoNice {
  showForRoll(
    roll: Roll,
    user?: User.Implementation | null,
    synchronize?: boolean,
    whisper?: string[] | null,
    blind?: boolean,
    chatMessageId?: string | null,
    speaker?: unknown,
  ): Promise<boolean>;
}

/**
 * Animates the dice a step added to an existing message (Dice So Nice
 * animates a new message's rolls by itself). The message's own whisper and
 * blind flags are passed on, so hidden dice stay hidden to those who may not
 * see them.
 */
export async function showNewDice(
  message: {
    readonly id: string | null;
    readonly whisper: readonly (string | null)[];
    readonly blind: boolean;
    readonly speaker?: unknown;
  },
  data: readonly RollData[],
): Promise<void> {
  // Dice So Nice, a module, adds `game.dice3d`; the types know no module's additions.
  const dsn = (game as unknown as { dice3d?: DiceSoNice }).dice3d;
  if (!dsn || data.length === 0) return;
  const whisper = message.whisper.length > 0 ? message.whisper.filter((id) => id !== null) : null;
  await Promise.all(
    data.map((d) =>
      dsn.showForRoll(rollFrom(d), game.user, true, whisper, message.blind, message.id, message.speaker),
    ),
  );
}
