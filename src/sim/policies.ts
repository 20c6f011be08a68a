import { SimError } from "./errors";
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
