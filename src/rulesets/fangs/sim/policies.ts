import { SimError } from "../../../sim/sim-error";
import { createDefaultPolicy, type Policy } from "./policy";

/**
 * Policies by name, so a worker thread (which cannot receive functions) and
 * the command line can pick one. Register another tactic here to compare it.
 */
const FACTORIES: Record<string, () => Policy> = {
  default: () => createDefaultPolicy(),
  // Stands and fights to the end: no retreat however hurt.
  stubborn: () => createDefaultPolicy({ retreatBelow: -Infinity }),
};

export function policyIds(): string[] {
  return Object.keys(FACTORIES);
}

export function createPolicy(id: string): Policy {
  const factory = FACTORIES[id];
  if (!factory)
    throw new SimError("invalid-argument", `unknown policy "${id}" (known: ${policyIds().join(", ")})`);
  return factory();
}

/**
 * The `--policy` option: one policy id for both sides (`stubborn`), or one
 * per side, side A's first (`stubborn,default`). Absent: `default` for both.
 * A third id, an empty id or an unknown one is refused.
 */
export function parsePolicies(text: string | true | undefined): readonly [string, string] {
  if (text === undefined) return ["default", "default"];
  const ids = typeof text === "string" ? text.split(",").map((id) => id.trim()) : [];
  if (ids.length < 1 || ids.length > 2 || ids.some((id) => id === "")) {
    throw new SimError(
      "invalid-argument",
      `--policy takes one policy id, or two separated by a comma (side A's, side B's), got ${String(text)}`,
    );
  }
  for (const id of ids) createPolicy(id);
  return [ids[0]!, ids[1] ?? ids[0]!];
}
