import { expect } from "vitest";
import { RulesError } from "../../src/rules/kernel/errors";

/**
 * The code of the RulesError `fn` throws. The test fails when `fn` throws
 * nothing or throws anything but a RulesError: bad input must get the rules
 * core's typed refusal, never a TypeError or a silent default.
 */
export function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RulesError);
    return (error as RulesError).code;
  }
  throw new Error("expected a RulesError");
}
