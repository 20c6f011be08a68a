import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { SimError } from "../sim-error";

/**
 * A side of a one-against-one simulator (the rulesets whose simulators run
 * duels: Sharene, Lunos, the reach, holds and firearms rules, Hand to
 * Hand): one sample fighter by name, or a JSON file holding one fighter's
 * sheet, checked by the ruleset's own validation. Node-only (it reads files).
 */
export interface DuelSideReader<F> {
  /** Whose simulator, as its refusal names it ("Sharene's simulator"). */
  readonly simulator: string;
  readonly sample: (name: string) => F;
  readonly validate: (data: F) => F;
}

export function readDuelSide<F>(side: string, root: string, reader: DuelSideReader<F>): F {
  if (side.includes(","))
    throw new SimError(
      "invalid-argument",
      `${reader.simulator} runs duels: one fighter a side, got "${side}"`,
    );
  if (!side.toLowerCase().endsWith(".json")) return reader.sample(side);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(resolve(root, side), "utf8"));
  } catch (error) {
    throw new SimError("malformed-file", `${side}: ${(error as Error).message}`);
  }
  try {
    return reader.validate(data as F);
  } catch (error) {
    throw new SimError("malformed-fighter", `${side}: ${(error as Error).message}`);
  }
}

/** The two sides of a duel; the same fighter on both fights a copy of itself, told apart by id and name. */
export function duelSides<F extends { readonly id: string; readonly name: string }>(
  a: F,
  b: F,
): readonly [F, F] {
  return a.id === b.id ? [a, { ...b, id: `${b.id}2`, name: `${b.name} 2` }] : [a, b];
}
