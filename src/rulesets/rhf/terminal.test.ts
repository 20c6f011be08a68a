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
import { rhfTerminal } from "./terminal";

/**
 * The reach, holds and firearms part of the terminal commands, run the way
 * `npm run duel` and `npm run odds` run a ruleset's part: found by its
 * folder, its options read, its fights in the shared pool, its log in words.
 */

describe("the rhf ruleset in the terminal commands", () => {
  it("is found by its folder, reads its options and two sample fighters, and runs in the shared pool", async () => {
    expect(Object.keys(TERMINAL_RULESETS)).toContain("rhf");
    const terminal = await loadTerminal("rhf");
    const args = parseArgs(["anselm", "Vika", "--policy", "guarded,feinter", "--max-rounds", "30"], {
      withValue: ["runs", ...terminal.options],
      switches: [],
    });
    const job = terminal.job([args.positional[0]!, args.positional[1]!], args.flags, 5, "");
    expect(job).toMatchObject({ policies: ["guarded", "feinter"], maxRounds: 30, seed: 5 });
    expect(terminal.names(job).sides).toEqual(["Anselm", "Vika"]);
    const tally = await runOddsPool(terminal, job, 200, {
      workers: 1,
      chunkSize: 70,
      workerUrl: new URL("file:///unused"),
    });
    expect(tally).toEqual(runRange(rhfTerminal.runner, job, 0, 200));
    expect(tally.fights).toBe(200);
    expect(terminal.roster("").map((f) => f.name)).toEqual(["Anselm", "Vika", "Bruno", "Joe"]);
  });

  it("a side may be a JSON file of one fighter's sheet; a malformed one is refused naming the file", () => {
    const dir = mkdtempSync(join(tmpdir(), "rhf-"));
    writeFileSync(
      join(dir, "ed.json"),
      JSON.stringify({ ...findSampleFighter("vika"), id: "ed", name: "Ed" }),
    );
    writeFileSync(join(dir, "bad.json"), JSON.stringify({ ...findSampleFighter("vika"), quickness: 0 }));
    writeFileSync(join(dir, "broken.json"), "{");
    const job = rhfTerminal.job(["ed.json", "Joe"], new Map(), 1, dir);
    expect(job.fighters.map((f) => f.name)).toEqual(["Ed", "Joe"]);
    expect(() => rhfTerminal.job(["bad.json", "Joe"], new Map(), 1, dir)).toThrow(/bad\.json: .*quickness/);
    expect(() => rhfTerminal.job(["broken.json", "Joe"], new Map(), 1, dir)).toThrow(SimError);
    expect(() => rhfTerminal.job(["Anselm,Vika", "Joe"], new Map(), 1, dir)).toThrow(SimError);
  });

  it("a fighter against itself fights a copy; the log has the title, a line a round and an event, the end", () => {
    const job = rhfTerminal.job(["Anselm", "Anselm"], new Map(), 2, "");
    expect(job.fighters.map((f) => f.id)).toEqual(["anselm", "anselm2"]);
    const fight = rhfTerminal.fight(job, 2);
    const json = fight.json as { log: { events: unknown[] }[]; summary: { rounds: number } };
    expect(json.log).toHaveLength(json.summary.rounds);
    const lines = fight.lines(createLocalizer({}));
    const events = json.log.reduce((n, r) => n + r.events.length, 0);
    expect(lines).toHaveLength(1 + json.summary.rounds + events + 1);
  });
});

describe("the rhf fight log in words", () => {
  const i18n = createLocalizer(JSON.parse(readFileSync(resolve(__dirname, "../../../lang/en.json"), "utf8")));

  it("prints no raw lang key and no unfilled placeholder, whatever the fighters and policies", () => {
    const names = ["Anselm", "Vika", "Bruno", "Joe"];
    const policies = ["default", "marksman", "guarded", "feinter"];
    for (const [i, a] of names.entries())
      for (const b of names)
        for (const seed of [1, 2, 3]) {
          const job = rhfTerminal.job(
            [a, b],
            new Map([["policy", `${policies[i]},${policies[seed]}`]]),
            seed,
            "",
          );
          const lines = rhfTerminal.fight(job, seed).lines(i18n);
          expect(lines[0]).toMatch(new RegExp(`^${a} against `));
          expect(lines.at(-1)).toMatch(/wins after round|still fighting|Both are out/);
          for (const line of lines) {
            expect(line).not.toMatch(/\b(RHF|FANGS)\.[A-Z]/);
            expect(line).not.toMatch(/\{[A-Za-z]+\}/);
          }
        }
  });

  it("tells a win by a hold from a knockout", () => {
    let seen = false;
    for (let seed = 1; seed <= 30 && !seen; seed += 1) {
      const lines = rhfTerminal
        .fight(rhfTerminal.job(["Bruno", "Anselm"], new Map(), seed, ""), seed)
        .lines(i18n);
      seen = lines.at(-1)!.includes("pinned");
    }
    expect(seen).toBe(true);
  });
});
