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
import { h2hTerminal } from "./terminal";

/**
 * Hand to Hand's part of the terminal commands, run the way `npm run duel`
 * and `npm run odds` run a ruleset's part: the commands find it by its
 * folder (src/sim/node/rulesets.ts).
 */

describe("Hand to Hand in the terminal commands", () => {
  it("is found by its folder; reads its options and two sample fighters; runs its fights in the shared pool", async () => {
    expect(Object.keys(TERMINAL_RULESETS)).toContain("h2h");
    const terminal = await loadTerminal("h2h");
    expect(terminal).toBe(h2hTerminal);
    const args = parseArgs(["kira", "Brock", "--policy", "brawler,wrestler", "--max-melees", "30"], {
      withValue: ["runs", ...terminal.options],
      switches: [],
    });
    const job = terminal.job([args.positional[0]!, args.positional[1]!], args.flags, 5, "");
    expect(job).toMatchObject({ policies: ["brawler", "wrestler"], maxMelees: 30, seed: 5 });
    expect(terminal.names(job).sides).toEqual(["Kira", "Brock"]);
    const tally = await runOddsPool(terminal, job, 300, {
      workers: 1,
      chunkSize: 70,
      workerUrl: new URL("file:///unused"),
    });
    expect(tally).toEqual(runRange(h2hTerminal.runner, job, 0, 300));
    expect(tally.fights).toBe(300);
    expect(terminal.roster("").map((f) => f.name)).toEqual(["Kira", "Brock", "Mara", "Tarn"]);
  });

  it("a side may be a JSON file of one fighter's sheet; a malformed one is refused naming the file", () => {
    const dir = mkdtempSync(join(tmpdir(), "h2h-"));
    writeFileSync(
      join(dir, "ed.json"),
      JSON.stringify({ ...findSampleFighter("mara"), id: "ed", name: "Ed" }),
    );
    writeFileSync(
      join(dir, "bad.json"),
      JSON.stringify({ ...findSampleFighter("mara"), attacksPerMelee: -3 }),
    );
    const job = h2hTerminal.job(["ed.json", "Tarn"], new Map(), 1, dir);
    expect(job.fighters.map((f) => f.name)).toEqual(["Ed", "Tarn"]);
    expect(() => h2hTerminal.job(["bad.json", "Tarn"], new Map(), 1, dir)).toThrow(
      /bad\.json: .*attacksPerMelee/,
    );
    expect(() => h2hTerminal.job(["Kira,Brock", "Tarn"], new Map(), 1, dir)).toThrow(SimError);
  });

  it("a fighter against itself fights a copy; one fight's log has a line a melee and an event", () => {
    const job = h2hTerminal.job(["Kira", "Kira"], new Map(), 2, "");
    expect(job.fighters.map((f) => f.id)).toEqual(["kira", "kira2"]);
    const fight = h2hTerminal.fight(job, 2);
    const json = fight.json as { log: { events: unknown[] }[]; summary: { rounds: number } };
    expect(json.log).toHaveLength(json.summary.rounds);
    const lines = fight.lines(createLocalizer({}));
    const events = json.log.reduce((n, m) => n + m.events.length, 0);
    // The title, a line a melee, a line an event, the end.
    expect(lines).toHaveLength(1 + json.summary.rounds + events + 1);
  });
});

describe("Hand to Hand's fight log in words", () => {
  const i18n = createLocalizer(JSON.parse(readFileSync(resolve(__dirname, "../../../lang/en.json"), "utf8")));

  it("prints no raw lang key and no unfilled placeholder, whatever the policies", () => {
    const policies = ["default", "brawler", "wrestler", "cautious"];
    for (const [i, policy] of policies.entries())
      for (const seed of [1, 2, 3, 4, 5]) {
        const job = h2hTerminal.job(
          ["Kira", ["Brock", "Mara", "Tarn", "Kira"][i]!],
          new Map([["policy", `${policy},${policies[(i + 1) % 4]}`]]),
          seed,
          "",
        );
        const lines = h2hTerminal.fight(job, seed).lines(i18n);
        expect(lines[0]).toMatch(/^Kira against /);
        for (const line of lines) {
          expect(line).not.toMatch(/\b(H2H|FANGS)\.[A-Z]/);
          expect(line).not.toMatch(/\{[A-Za-z]+\}/);
        }
      }
  });
});
