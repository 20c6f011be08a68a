import type { DiceSource } from "../kernel/dice";
import { RulesError } from "../kernel/errors";

/**
 * The order of a round (docs/rules/rhf.md, "Order in a round"), shared by
 * the round engine and the kernel's ruleset so the two never disagree:
 * `ahead` sorts (below 0: the first acts sooner); entries it leaves equal
 * roll a d20 each, the higher first, and roll again among equal rolls.
 * The order the entries were given in decides nothing but which die each
 * one rolls.
 */
export function orderWithRollOff<T>(
  entries: readonly T[],
  ahead: (x: T, y: T) => number,
  dice: DiceSource | undefined,
): T[] {
  const sorted = entries.slice().sort(ahead);
  const out: T[] = [];
  for (let start = 0; start < sorted.length; ) {
    let end = start + 1;
    while (end < sorted.length && ahead(sorted[start]!, sorted[end]!) === 0) end += 1;
    out.push(...rollOff(sorted.slice(start, end), dice));
    start = end;
  }
  return out;
}

function rollOff<T>(tied: readonly T[], dice: DiceSource | undefined): T[] {
  if (tied.length < 2) return tied.slice();
  if (dice === undefined)
    throw new RulesError(
      "invalid-value",
      "fighters of equal Quickness and skill roll off: the order needs dice",
    );
  const rolls = tied.map((entry) => ({ entry, roll: dice.roll(20) }));
  rolls.sort((x, y) => y.roll - x.roll);
  const out: T[] = [];
  for (let start = 0; start < rolls.length; ) {
    let end = start + 1;
    while (end < rolls.length && rolls[end]!.roll === rolls[start]!.roll) end += 1;
    const group = rolls.slice(start, end).map((r) => r.entry);
    out.push(...rollOff(group, dice));
    start = end;
  }
  return out;
}
