/**
 * Every refusal of the rules core is a RulesError with a stable code, so the
 * Foundry layer can localise it and tests can assert on it. The core never
 * answers bad input with NaN or a silent default.
 */
export type RulesErrorCode =
  | "invalid-value"
  | "invalid-characteristic"
  | "malformed-dice"
  | "dice-exhausted"
  | "die-out-of-range"
  | "unknown-maneuver"
  | "unknown-ruleset"
  | "defense-not-allowed"
  | "attack-not-allowed"
  | "item-shattered"
  | "item-unusable"
  | "invalid-trade"
  | "invalid-state"
  | "invalid-timed-status"
  | "invalid-hit-locations"
  | "round-refused";

export class RulesError extends Error {
  override readonly name = "RulesError";
  constructor(
    readonly code: RulesErrorCode,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

/**
 * Refuses anything that is not a finite integer (optionally within bounds).
 * The one guard every module uses, so a bad number always reads the same way;
 * `code` lets a module keep its own word for the refusal ("invalid-trade"…).
 * The check is kept apart from the refusal so the engine can inline it: the
 * exchange calls it a dozen times per blow.
 */
export function requireInteger(
  value: unknown,
  what: string,
  min = Number.NEGATIVE_INFINITY,
  max = Number.POSITIVE_INFINITY,
  code: RulesErrorCode = "invalid-value",
): number {
  if (typeof value === "number" && Number.isInteger(value) && value >= min && value <= max) return value;
  return refuseInteger(value, what, min, max, code);
}

function refuseInteger(value: unknown, what: string, min: number, max: number, code: RulesErrorCode): never {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new RulesError(code, `${what} must be a whole number, got ${String(value)}`, { what, value });
  }
  const range =
    max === Number.POSITIVE_INFINITY
      ? `at least ${min}`
      : min === Number.NEGATIVE_INFINITY
        ? `at most ${max}`
        : `between ${min} and ${max}`;
  throw new RulesError(code, `${what} must be ${range}, got ${value}`, { what, value, min, max });
}
