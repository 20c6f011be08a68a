import "../../../test/foundry/setup";
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { toyTerminal } from "../../../test/rulesets/toy-terminal";
import { parseArgs } from "../args";
import { runRange } from "../fight-runner";
import { SimError } from "../sim-error";
import { runOddsPool } from "./pool";
import { loadTerminal, rulesetArg, TERMINAL_RULESETS, terminalRulesets } from "./rulesets";

/**
 * The terminal commands' `--ruleset`: the argument read before the rest
 * (whose options are the ruleset's), the ruleset's terminal part looked up
 * by id, an unknown id refused naming the ids there are, and the shared
 * pool running whichever ruleset's runner it is given (the toy's here: its
 * part cannot be built into the commands, which hold only shipped rulesets).
 * Each shipped ruleset's part is found by its path, src/rulesets/<id>/terminal.ts.
 */

const withToy = { ...TERMINAL_RULESETS, toy: async () => toyTerminal as never };

describe("the terminal parts, found by folder", () => {
  it("are the rulesets of src/rulesets/ that have a terminal.ts, by their folder's name", () => {
    const folder = resolve(__dirname, "../../rulesets");
    const withTerminal = readdirSync(folder).filter((id) => existsSync(join(folder, id, "terminal.ts")));
    expect(withTerminal).toContain("fangs");
    expect(Object.keys(TERMINAL_RULESETS).sort()).toEqual(withTerminal.sort());
  });

  it("a new ruleset's folder is a new entry; a part that does not export its `terminal` is refused", async () => {
    const found = terminalRulesets({
      "../../rulesets/toy/terminal.ts": async () => ({ terminal: toyTerminal as never }),
      "../../rulesets/other/terminal.ts": async () => ({ terminal: toyTerminal as never }),
      "../../rulesets/none/terminal.ts": async () => ({}),
    });
    expect(Object.keys(found)).toEqual(["none", "other", "toy"]);
    expect((await loadTerminal("toy", found)).rulesetId).toBe("toy");
    await expect(loadTerminal("other", found)).rejects.toThrow(/must export `terminal`.*"other"/);
    await expect(loadTerminal("none", found)).rejects.toThrow(/must export `terminal`.*"none"/);
  });
});

describe("--ruleset", () => {
  it("is read wherever it stands, with or without '=', and defaults to fangs", () => {
    expect(rulesetArg(["Gru", "Troll", "--runs", "10"])).toEqual({
      id: "fangs",
      rest: ["Gru", "Troll", "--runs", "10"],
    });
    expect(rulesetArg(["--ruleset", "toy", "Tin", "Lead"])).toEqual({ id: "toy", rest: ["Tin", "Lead"] });
    expect(rulesetArg(["Tin", "--ruleset=toy", "Lead"])).toEqual({ id: "toy", rest: ["Tin", "Lead"] });
    expect(() => rulesetArg(["Tin", "Lead", "--ruleset"])).toThrow(/--ruleset needs a value/);
  });

  it("looks the ruleset's part up by id; an unknown id is refused, listing the ids", async () => {
    expect((await loadTerminal("fangs")).rulesetId).toBe("fangs");
    expect((await loadTerminal("toy", withToy)).rulesetId).toBe("toy");
    const refusal = loadTerminal("nosuchgame", withToy);
    await expect(refusal).rejects.toBeInstanceOf(SimError);
    await expect(loadTerminal("nosuchgame", withToy)).rejects.toThrow(
      `unknown ruleset "nosuchgame" (the simulator runs: ${[...Object.keys(TERMINAL_RULESETS), "toy"].join(", ")})`,
    );
    await expect(loadTerminal("toString")).rejects.toThrow(/unknown ruleset/);
  });

  it("FANGS's terminal runs the runner its definition's simulator.load() gives", async () => {
    const { getRulesetDefinition } = await import("../../rulesets/registry");
    await import("../../rulesets");
    const simulator = await getRulesetDefinition("fangs")!.simulator!.load();
    expect((await loadTerminal("fangs")).runner).toBe(simulator.runner);
  });

  it("the toy's options are its own, and the shared pool runs its fights as its runner does", async () => {
    const terminal = await loadTerminal("toy", withToy);
    const args = parseArgs(["Tin", "lead", "--max-rounds", "30"], {
      withValue: ["runs", ...terminal.options],
      switches: [],
    });
    expect(() => parseArgs(["--policy", "stubborn"], { withValue: terminal.options, switches: [] })).toThrow(
      /unknown option --policy/,
    );
    const job = terminal.job([args.positional[0]!, args.positional[1]!], args.flags, 5, "");
    expect(terminal.names(job).sides).toEqual(["Tin", "Lead"]);
    const tally = await runOddsPool(terminal, job, 400, {
      workers: 1,
      chunkSize: 90,
      workerUrl: new URL("file:///unused"),
    });
    expect(tally).toEqual(
      runRange(toyTerminal.runner, toyTerminal.job(["Tin", "Lead"], args.flags, 5, ""), 0, 400),
    );
    expect(tally.fights).toBe(400);
  });
});
