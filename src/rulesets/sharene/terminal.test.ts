import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseArgs } from "../../sim/args";
import { runRange } from "../../sim/fight-runner";
import { createLocalizer } from "../../sim/i18n";
import { runOddsPool } from "../../sim/node/pool";
import { loadTerminal, TERMINAL_RULESETS } from "../../sim/node/rulesets";
import { SimError } from "../../sim/sim-error";
import { findSampleFighter } from "./sim/roster";
import { shareneTerminal } from "./terminal";

/**
 * Sharene's part of the terminal commands, run the way `npm run duel` and
 * `npm run odds` run a ruleset's part. The commands' own list
 * (src/sim/node/rulesets.ts) does not name Sharene yet, so it is handed in
 * here as the toy's is in src/sim/node/rulesets.test.ts.
 */

const withSharene = { ...TERMINAL_RULESETS, sharene: async () => shareneTerminal as never };

describe("Sharene in the terminal commands", () => {
  it("reads its options, two sample fighters by name, and runs its fights in the shared pool", async () => {
    const terminal = await loadTerminal("sharene", withSharene);
    const args = parseArgs(["arden", "Brisk", "--policy", "aggressive,riposte", "--max-rounds", "30"], {
      withValue: ["runs", ...terminal.options],
      switches: [],
    });
    const job = terminal.job([args.positional[0]!, args.positional[1]!], args.flags, 5, "");
    expect(job).toMatchObject({ policies: ["aggressive", "riposte"], maxRounds: 30, seed: 5 });
    expect(terminal.names(job).sides).toEqual(["Arden", "Brisk"]);
    const tally = await runOddsPool(terminal, job, 300, {
      workers: 1,
      chunkSize: 70,
      workerUrl: new URL("file:///unused"),
    });
    expect(tally).toEqual(runRange(shareneTerminal.runner, job, 0, 300));
    expect(tally.fights).toBe(300);
    expect(terminal.roster("").map((f) => f.name)).toEqual(["Arden", "Brisk", "Corra", "Dorn"]);
  });

  it("a side may be a JSON file of one fighter's sheet; a malformed one is refused naming the file", () => {
    const dir = mkdtempSync(join(tmpdir(), "sharene-"));
    writeFileSync(
      join(dir, "ed.json"),
      JSON.stringify({ ...findSampleFighter("corra"), id: "ed", name: "Ed" }),
    );
    writeFileSync(join(dir, "bad.json"), JSON.stringify({ ...findSampleFighter("corra"), agi: -3 }));
    const job = shareneTerminal.job(["ed.json", "Dorn"], new Map(), 1, dir);
    expect(job.fighters.map((f) => f.name)).toEqual(["Ed", "Dorn"]);
    expect(() => shareneTerminal.job(["bad.json", "Dorn"], new Map(), 1, dir)).toThrow(/bad\.json: .*agi/);
    expect(() => shareneTerminal.job(["Arden,Brisk", "Dorn"], new Map(), 1, dir)).toThrow(SimError);
  });

  it("a fighter against itself fights a copy; one fight's log has a line a round and an exchange", () => {
    const job = shareneTerminal.job(["Arden", "Arden"], new Map(), 2, "");
    expect(job.fighters.map((f) => f.id)).toEqual(["arden", "arden2"]);
    const fight = shareneTerminal.fight(job, 2);
    const json = fight.json as { log: { exchanges: unknown[] }[]; summary: { rounds: number } };
    expect(json.log).toHaveLength(json.summary.rounds);
    const lines = fight.lines(createLocalizer({}));
    const exchanges = json.log.reduce((n, r) => n + r.exchanges.length, 0);
    // The title, a line a round, a line an exchange, the end.
    expect(lines).toHaveLength(1 + json.summary.rounds + exchanges + 1);
  });
});

describe("Sharene's fight log in words", () => {
  const i18n = createLocalizer(JSON.parse(readFileSync(resolve(__dirname, "../../../lang/en.json"), "utf8")));

  it("prints no raw lang key and no unfilled placeholder, whatever the policies", () => {
    const policies = ["default", "aggressive", "riposte", "steady"];
    for (const [i, policy] of policies.entries())
      for (const seed of [1, 2, 3, 4, 5]) {
        const job = shareneTerminal.job(
          ["Arden", ["Brisk", "Corra", "Dorn", "Arden"][i]!],
          new Map([["policy", `${policy},${policies[(i + 1) % 4]}`]]),
          seed,
          "",
        );
        const lines = shareneTerminal.fight(job, seed).lines(i18n);
        expect(lines[0]).toMatch(/^Arden against /);
        for (const line of lines) {
          expect(line).not.toMatch(/\b(SHARENE|FANGS)\.[A-Z]/);
          expect(line).not.toMatch(/\{[A-Za-z]+\}/);
        }
      }
  });
});
