import type { StepDice } from "./card-steps";
import { type RollData, type RollOneDie, rollDataFor } from "./replay-dice";

/**
 * The Foundry end of the dice bridge (replay-dice.ts): real Rolls for each die the
 * rules ask for, Roll objects for the message, and Dice So Nice.
 */

/**
 * A step's label on its Roll: the lang key `<prefix>.Chat.Roll.<Step>` of
 * the card's ruleset (FANGS: `FANGS.Chat.Roll.Attack` for "attack"), so a
 * ruleset names its own steps in its own keys; an untranslated key shows
 * the step's name.
 */
export function stepLabelKey(langPrefix: string, step: string): string {
  return `${langPrefix}.Chat.Roll.${step.charAt(0).toUpperCase()}${step.slice(1)}`;
}

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

/** The Roll data of each step that rolled dice, labelled in the user's language by the card's ruleset's keys. */
export function rollDataOf(steps: readonly StepDice[], langPrefix: string): RollData[] {
  const out: RollData[] = [];
  for (const step of steps) {
    const key = stepLabelKey(langPrefix, step.step);
    // Foundry gives the key back for a key it lacks: the step's name reads better.
    const text = game.i18n?.localize(key) ?? key;
    const label = text === key ? step.step : text;
    const data = rollDataFor(step, label);
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
export function rollsOf(steps: readonly StepDice[], langPrefix: string): Roll[] {
  return rollDataOf(steps, langPrefix).map(rollFrom);
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
