import type { SeededJob } from "../fight-runner";
import { SimError } from "../sim-error";
import type { RulesetTerminal } from "../terminal";

/**
 * The rulesets the terminal commands run, by id, one line each, as
 * src/rulesets/index.ts lists them for Foundry. A ruleset's definition
 * module registers its documents with Foundry and cannot load in Node, so
 * the commands reach its terminal part (src/sim/terminal.ts) here; the
 * runner is the one its definition's `simulator.load()` gives
 * (src/sim/node/rulesets.test.ts checks they agree).
 */
export type TerminalLoader = () => Promise<RulesetTerminal<SeededJob>>;

export const TERMINAL_RULESETS: Readonly<Record<string, TerminalLoader>> = Object.freeze({
  fangs: async () =>
    (await import("../../rulesets/fangs/terminal")).fangsTerminal as RulesetTerminal<SeededJob>,
});

export const DEFAULT_TERMINAL_RULESET = "fangs";

/** The `--ruleset` value in the raw arguments (`--ruleset ID` or `--ruleset=ID`), or the default. */
export function rulesetArg(argv: readonly string[]): { id: string; rest: string[] } {
  const rest: string[] = [];
  let id: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === "--ruleset" || arg.startsWith("--ruleset=")) {
      const value = arg === "--ruleset" ? argv[++i] : arg.slice("--ruleset=".length);
      if (value === undefined || value === "")
        throw new SimError("invalid-argument", "--ruleset needs a value");
      id = value;
    } else rest.push(arg);
  }
  return { id: id ?? DEFAULT_TERMINAL_RULESET, rest };
}

/** The terminal part of the ruleset `id`; an unknown id is refused, naming the ids there are. */
export async function loadTerminal(
  id: string,
  rulesets: Readonly<Record<string, TerminalLoader>> = TERMINAL_RULESETS,
): Promise<RulesetTerminal<SeededJob>> {
  const load = Object.hasOwn(rulesets, id) ? rulesets[id] : undefined;
  if (!load)
    throw new SimError(
      "invalid-argument",
      `unknown ruleset "${id}" (the simulator runs: ${Object.keys(rulesets).join(", ")})`,
    );
  return load();
}
