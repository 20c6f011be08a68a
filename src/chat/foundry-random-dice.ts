import type { DiceSource, DieResult } from "../rules/kernel/dice";

/**
 * The rules core rolls through a synchronous DiceSource; in Foundry the dice
 * come from Foundry's own random generator (the one its Roll class uses), and
 * every die is recorded so the chat can show it.
 */
export class FoundryDice implements DiceSource {
  readonly log: DieResult[] = [];

  roll(faces: number): number {
    const result = Math.min(faces, Math.floor(CONFIG.Dice.randomUniform() * faces) + 1);
    this.log.push({ faces, result });
    return result;
  }
}
