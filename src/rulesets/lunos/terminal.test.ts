import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseArgs } from "../../sim/args";
import { runRange } from "../../sim/fight-runner";
import { createLocalizer } from "../../sim/i18n";
import { runOddsPool } from "../../sim/node/pool";
import { loadTerminal, TERMINAL_RULESETS, terminalRulesets } from "../../sim/node/rulesets";
import { SimError } from "../../sim/sim-error";
import { findSampleFighter } from "./sim/roster";
import { lunosTerminal } from "./terminal";

/**
 * Lunos's part of the terminal commands, run the way `npm run duel` and
 * `npm run odds` run a ruleset's part.
 */

describe("Lunos in the terminal commands", () => {
  it("is found by its folder, as `npm run duel -- --ruleset lunos` finds it", async () => {
    const found = terminalRulesets({
      "../../rulesets/lunos/terminal.ts": async () => ({ terminal: lunosTerminal as never }),
    });
    expect(await found.lunos!()).toBe(lunosTerminal);
    expect(Object.keys(TERMINAL_RULESETS)).toContain("lunos");
  });

  it("reads its options, two sample fighters by name, and runs its fights in the shared pool", async () => {
    const terminal = await loadTerminal("lunos", {
      ...TERMINAL_RULESETS,
      lunos: async () => lunosTerminal as never,
    });
    const args = parseArgs(["kell", "Oren", "--policy", "aggressive,grappler", "--max-rounds", "30"], {
      withValue: ["runs", ...terminal.options],
      switches: [],
    });
    const job = terminal.job([args.positional[0]!, args.positional[1]!], args.flags, 5, "");
    expect(job).toMatchObject({ policies: ["aggressive", "grappler"], maxRounds: 30, seed: 5 });
    expect(terminal.names(job).sides).toEqual(["Kell", "Oren"]);
    const tally = await runOddsPool(terminal, job, 200, {
      workers: 1,
      chunkSize: 70,
      workerUrl: new URL("file:///unused"),
    });
    expect(tally).toEqual(runRange(lunosTerminal.runner, job, 0, 200));
    expect(tally.fights).toBe(200);
    expect(terminal.roster("").map((f) => f.name)).toEqual(["Kell", "Mara", "Oren", "Tass"]);
  });

  it("a side may be a JSON file of one fighter's sheet; a malformed one is refused naming the file", () => {
    const dir = mkdtempSync(join(tmpdir(), "lunos-"));
    writeFileSync(
      join(dir, "ed.json"),
      JSON.stringify({ ...findSampleFighter("mara"), id: "ed", name: "Ed" }),
    );
    const bad = findSampleFighter("mara");
    writeFileSync(
      join(dir, "bad.json"),
      JSON.stringify({ ...bad, abilities: { ...bad.abilities, agility: 9 } }),
    );
    const job = lunosTerminal.job(["ed.json", "Tass"], new Map(), 1, dir);
    expect(job.fighters.map((f) => f.name)).toEqual(["Ed", "Tass"]);
    expect(() => lunosTerminal.job(["bad.json", "Tass"], new Map(), 1, dir)).toThrow(/bad\.json: .*agility/);
    expect(() => lunosTerminal.job(["Kell,Mara", "Tass"], new Map(), 1, dir)).toThrow(SimError);
  });

  it("a fighter against itself fights a copy; one fight's log has the title, a line a round and its events, and the end", () => {
    const job = lunosTerminal.job(["Kell", "Kell"], new Map(), 2, "");
    expect(job.fighters.map((f) => f.id)).toEqual(["kell", "kell2"]);
    const fight = lunosTerminal.fight(job, 2);
    const json = fight.json as {
      log: { attacks: unknown[]; defenses: (number | null)[]; moved: number[]; lunged: boolean[] }[];
      summary: { rounds: number };
    };
    expect(json.log).toHaveLength(json.summary.rounds);
    const lines = fight.lines(createLocalizer({}));
    const events = json.log.reduce(
      (n, r) =>
        n +
        r.attacks.length +
        r.defenses.filter((d) => d !== null).length +
        r.moved.filter((m) => m > 0).length +
        r.lunged.filter(Boolean).length,
      0,
    );
    expect(lines).toHaveLength(1 + json.summary.rounds + events + 1);
  });
});

describe("Lunos's fight log in words", () => {
  const i18n = createLocalizer(JSON.parse(readFileSync(resolve(__dirname, "../../../lang/en.json"), "utf8")));

  it("prints no raw lang key and no unfilled placeholder, whatever the policies", () => {
    const policies = ["default", "aggressive", "grappler", "cautious"];
    for (const [i, policy] of policies.entries())
      for (const seed of [1, 2, 3, 4, 5]) {
        const job = lunosTerminal.job(
          ["Kell", ["Mara", "Oren", "Tass", "Kell"][i]!],
          new Map([["policy", `${policy},${policies[(i + 1) % 4]}`]]),
          seed,
          "",
        );
        const lines = lunosTerminal.fight(job, seed).lines(i18n);
        expect(lines[0]).toMatch(/^Kell against /);
        for (const line of lines) {
          expect(line).not.toMatch(/\b(LUNOS|FANGS)\.[A-Z]/);
          expect(line).not.toMatch(/\{[A-Za-z]+\}/);
        }
      }
  });
});
