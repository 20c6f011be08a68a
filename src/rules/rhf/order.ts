import type { DiceSource } from "../kernel/dice";
import { RulesError } from "../kernel/errors";

/**
 * The order of a round (docs/rules/rhf.md, "Order in a round"), shared by
 * the round engine and the kernel's ruleset so the two never disagree:
 * `ahead` sorts (below 0: the first acts sooner); entries it leaves equal
 * roll off, a `dieFaces` die each, the higher first, rolling again among
 * equal rolls. The tied roll in the order of their ids, so the order the
 * entries were given in decides nothing: the same dice give the same
 * order however they are listed. Returns the slots in acting order, each
 * one entry; a tie with no dice is refused (`"refuse"`) or left as one
 * slot of the tied entries for the caller to roll off (`"group"`).
 */
export function orderWithRollOff<T>(
  entries: readonly T[],
  ahead: (x: T, y: T) => number,
  idOf: (entry: T) => string,
  dice: DiceSource | undefined,
  dieFaces: number,
  withoutDice: "refuse" | "group",
): T[][] {
  const sorted = entries.slice().sort(ahead);
  const slots: T[][] = [];
  for (let start = 0; start < sorted.length; ) {
    let end = start + 1;
    while (end < sorted.length && ahead(sorted[start]!, sorted[end]!) === 0) end += 1;
    const tied = sorted.slice(start, end).sort((x, y) => byId(idOf(x), idOf(y)));
    if (tied.length > 1 && dice === undefined) {
      if (withoutDice === "refuse")
        throw new RulesError(
          "invalid-value",
          "fighters of equal Quickness and skill roll off: the order needs dice",
        );
      slots.push(tied);
    } else for (const entry of rollOff(tied, dice!, dieFaces)) slots.push([entry]);
    start = end;
  }
  return slots;
}

function byId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function rollOff<T>(tied: readonly T[], dice: DiceSource, dieFaces: number): T[] {
  if (tied.length < 2) return tied.slice();
  const rolls = tied.map((entry) => ({ entry, roll: dice.roll(dieFaces) }));
  rolls.sort((x, y) => y.roll - x.roll);
  const out: T[] = [];
  for (let start = 0; start < rolls.length; ) {
    let end = start + 1;
    while (end < rolls.length && rolls[end]!.roll === rolls[start]!.roll) end += 1;
    const group = rolls.slice(start, end).map((r) => r.entry);
    out.push(...rollOff(group, dice, dieFaces));
    start = end;
  }
  return out;
}
