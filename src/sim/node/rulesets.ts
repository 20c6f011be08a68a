/// <reference types="vite/client" />
import type { SeededJob } from "../fight-runner";
import { SimError } from "../sim-error";
import type { RulesetTerminal } from "../terminal";

/**
 * The rulesets the terminal commands run, by id. A ruleset's definition
 * module registers its documents with Foundry and cannot load in Node, so
 * each ruleset gives its Node-safe terminal part (src/sim/terminal.ts) by
 * convention as `src/rulesets/<id>/terminal.ts`, exporting `terminal`; the
 * commands list that folder, so a new ruleset adds no line here. The
 * runner is the one its definition's `simulator.load()` gives
 * (src/sim/node/rulesets.test.ts checks they agree).
 */
export type TerminalLoader = () => Promise<RulesetTerminal<SeededJob>>;

type TerminalModule = { readonly terminal?: RulesetTerminal<SeededJob> };

/**
 * Listed when the commands are built (build-sim.mjs hashes src/rulesets, so
 * a new ruleset's folder makes a new build); each part loads only when its
 * ruleset is asked for.
 */
const FOUND = import.meta.glob<TerminalModule>("../../rulesets/*/terminal.ts");

/** The ruleset id of a terminal part's path: the folder it sits in. */
function idOf(path: string): string | null {
  return /\/rulesets\/([a-z][a-z0-9]*)\/terminal\.ts$/.exec(path)?.[1] ?? null;
}

/** Each terminal part found, by the id of its folder; its module must export `terminal` of that id. */
export function terminalRulesets(
  found: Readonly<Record<string, () => Promise<TerminalModule>>> = FOUND,
): Readonly<Record<string, TerminalLoader>> {
  const loaders: Record<string, TerminalLoader> = {};
  for (const [path, load] of Object.entries(found).sort(([a], [b]) => a.localeCompare(b))) {
    const id = idOf(path);
    if (id === null) continue;
    loaders[id] = async () => {
      const { terminal } = await load();
      if (terminal?.rulesetId !== id)
        throw new Error(`FANGS | ${path} must export \`terminal\`, the terminal part of the ruleset "${id}"`);
      return terminal;
    };
  }
  return Object.freeze(loaders);
}

export const TERMINAL_RULESETS: Readonly<Record<string, TerminalLoader>> = terminalRulesets();

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
