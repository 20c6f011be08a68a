/**
 * Every refusal of the simulator is a SimError with a stable code: the CLI
 * prints its message and exits non-zero, the Foundry dialog shows it as a
 * notification. Rules refusals keep their own RulesError.
 */
export type SimErrorCode =
  | "unknown-fighter"
  | "malformed-fighter"
  | "malformed-file"
  | "invalid-runs"
  | "invalid-seed"
  | "invalid-argument";

export class SimError extends Error {
  override readonly name = "SimError";
  constructor(
    readonly code: SimErrorCode,
    message: string,
  ) {
    super(message);
  }
}
