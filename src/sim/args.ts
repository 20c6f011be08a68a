import { isValidSeed } from "./seed";
import { SimError } from "./sim-error";

/**
 * Command-line arguments of `npm run duel` and `npm run odds`, parsed and
 * checked without Node so the checks are unit-tested like the rest.
 */
export interface ParsedArgs {
  readonly positional: string[];
  readonly flags: ReadonlyMap<string, string | true>;
}

export interface FlagSpec {
  /** Flags taking a value (`--seed 7` or `--seed=7`). */
  readonly withValue: readonly string[];
  /** Flags standing alone (`--json`). */
  readonly switches: readonly string[];
}

export function parseArgs(argv: readonly string[], spec: FlagSpec): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (!arg.startsWith("--") || arg === "--") {
      if (arg !== "--") positional.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
    if (spec.switches.includes(name)) {
      if (eq >= 0) throw new SimError("invalid-argument", `--${name} takes no value`);
      flags.set(name, true);
    } else if (spec.withValue.includes(name)) {
      const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined || value === "")
        throw new SimError("invalid-argument", `--${name} needs a value`);
      flags.set(name, value);
    } else {
      const known = [...spec.withValue, ...spec.switches].map((f) => `--${f}`).join(", ");
      throw new SimError("invalid-argument", `unknown option ${arg} (known: ${known})`);
    }
  }
  return { positional, flags };
}

/** A whole number from the command line; refuses "1e3", "12abc", "-0" tricks alike. */
function wholeNumber(text: string): number | null {
  return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

export const MAX_RUNS = 100_000_000;

export function parseRuns(text: string | true | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = typeof text === "string" ? wholeNumber(text) : null;
  if (n === null || n <= 0 || n > MAX_RUNS) {
    throw new SimError(
      "invalid-runs",
      `--runs must be a whole number from 1 to ${MAX_RUNS.toLocaleString("en")}, got ${String(text)}`,
    );
  }
  return n;
}

export function parseSeed(text: string | true | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = typeof text === "string" ? wholeNumber(text) : null;
  if (n === null || !isValidSeed(n)) {
    throw new SimError(
      "invalid-seed",
      `--seed must be a whole number from 0 to 4294967295, got ${String(text)}`,
    );
  }
  return n;
}

export function parseCount(
  name: string,
  text: string | true | undefined,
  fallback: number,
  max: number,
): number {
  if (text === undefined) return fallback;
  const n = typeof text === "string" ? wholeNumber(text) : null;
  if (n === null || n <= 0 || n > max) {
    throw new SimError(
      "invalid-argument",
      `--${name} must be a whole number from 1 to ${max}, got ${String(text)}`,
    );
  }
  return n;
}
