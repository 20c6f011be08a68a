import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The two commands as a user runs them: `node scripts/duel.mjs …` and
 * `node scripts/odds.mjs …` in a child process (each builds the simulator
 * first, then reuses the build), checking output and exit codes.
 */
const root = resolve(__dirname, "../../..");
const scratch = mkdtempSync(join(tmpdir(), "fangs-sim-"));

function run(script: "duel" | "odds", ...args: string[]) {
  const result = spawnSync(process.execPath, [join(root, "scripts", `${script}.mjs`), ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("npm run duel", () => {
  it("lists the sample fighters", () => {
    const { code, stdout } = run("duel", "--list");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Gru {2}\(character\)$/m);
    expect(stdout).toMatch(/^Troll {2}\(creature\)$/m);
  });

  it("prints the same fight for the same seed, round by round, until one side is out", () => {
    const first = run("duel", "Gru", "Troll", "--seed", "7");
    const second = run("duel", "gru", "troll", "--seed=7");
    expect(first.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect(first.stdout).toMatch(/^Round 1 /m);
    expect(first.stdout).toMatch(/Gru: Stun \d+\/26, HP -?\d+\/12/);
    expect(first.stdout).toMatch(
      /wins in round \d+: .* (is dead|is dying|is unconscious|has fled)\.|Both fall|Both have fled|No one has fallen/,
    );
    expect(first.stdout).not.toMatch(/FANGS\.[A-Z]/);
  });

  it("gives the fight as JSON with --json", () => {
    const { code, stdout } = run("duel", "Dagmar the Deadly", "Fast Eddy", "--seed", "3", "--json");
    expect(code).toBe(0);
    const data = JSON.parse(stdout);
    expect(data.seed).toBe(3);
    expect(data.names).toEqual(["Dagmar the Deadly", "Fast Eddy"]);
    expect(data).not.toHaveProperty("fighters");
    expect(data.events.at(-1).type).toBe("end");
    expect(data.events.some((e: { type: string }) => e.type === "exchange")).toBe(true);
  });

  it("takes a fighter from a JSON file of the pack's shape", () => {
    const file = join(scratch, "brute.json");
    writeFileSync(
      file,
      JSON.stringify({
        name: "Brute",
        type: "character",
        system: { characteristics: { st: 16, ag: 10, co: 14, in: 8, pw: 9, sz: 14, ap: 8 } },
        items: [
          {
            name: "Mace",
            type: "weapon",
            system: { damage: "1d8+2", itemSp: { value: 10, max: 10 }, skill: "mace" },
          },
          { name: "Mace", type: "skill", system: { key: "mace", naturalAbility: "(ST+AG+SZ)/5", bought: 4 } },
        ],
      }),
    );
    const { code, stdout } = run("duel", file, "Gru", "--seed", "2");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Brute against Gru/m);
  });

  it("refuses an unknown fighter with the known names and exit code 2", () => {
    const { code, stdout, stderr } = run("duel", "Gru", "Balrog");
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/unknown fighter "Balrog"\. Known fighters: .*Gru/);
  });

  it("refuses a file that is not JSON, and an actor with a bad field, naming the problem", () => {
    const bad = join(scratch, "bad.json");
    writeFileSync(bad, "{ name: Gru ");
    const notJson = run("duel", bad, "Gru");
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/bad\.json is not valid JSON/);

    const wrong = join(scratch, "wrong.json");
    writeFileSync(
      wrong,
      JSON.stringify({ name: "X", type: "character", system: { characteristics: { st: 10 } } }),
    );
    const badField = run("duel", wrong, "Gru");
    expect(badField.code).toBe(2);
    expect(badField.stderr).toMatch(/"X": system\.characteristics: AG must be a whole number/);

    const missing = run("duel", join(scratch, "nobody.json"), "Gru");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no such fighter file/);
  });

  it("refuses a bad seed, a missing fighter and an unknown option", () => {
    expect(run("duel", "Gru", "Troll", "--seed", "-1").stderr).toMatch(/--seed must be a whole number/);
    expect(run("duel", "Gru").stderr).toMatch(/a duel needs two sides .*, got 1/);
    expect(run("odds", "Gru", "Troll", "Dagmar").stderr).toMatch(/odds need two sides .*, got 3/);
    expect(run("odds", "--help").stdout).toMatch(/--max-rounds N/);
    const unknown = run("duel", "Gru", "Troll", "--sede", "3");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown option --sede/);
  });

  it("gives each side its own policy with --policy A,B, and one for both with --policy ID", () => {
    type Events = { type: string; side: number; maneuver?: string }[];
    const withdrawals = (stdout: string, side: number): number =>
      (JSON.parse(stdout).events as Events).filter(
        (e) =>
          e.type === "maneuver" &&
          e.side === side &&
          ["retreat", "disengage", "run", "runAndDodge"].includes(e.maneuver!),
      ).length;
    const duel = (...policy: string[]) => run("duel", "Gru", "Troll", "--seed", "7", "--json", ...policy);
    // Seed 7 with the default policy: both fighters withdraw at times when badly hurt.
    const plain = duel();
    expect(plain.code).toBe(0);
    expect(withdrawals(plain.stdout, 0)).toBeGreaterThan(0);
    expect(withdrawals(plain.stdout, 1)).toBeGreaterThan(0);
    expect(duel("--policy", "default,default").stdout).toBe(plain.stdout);
    expect(duel("--policy", "stubborn").stdout).toBe(duel("--policy=stubborn,stubborn").stdout);
    // "stubborn" never withdraws: only the side given it stops.
    const a = duel("--policy", "stubborn,default");
    expect(a.code).toBe(0);
    expect(withdrawals(a.stdout, 0)).toBe(0);
    expect(withdrawals(a.stdout, 1)).toBeGreaterThan(0);
    const b = duel("--policy", "default,stubborn");
    expect(withdrawals(b.stdout, 0)).toBeGreaterThan(0);
    expect(withdrawals(b.stdout, 1)).toBe(0);
    // A group (seed 2: someone withdraws at times with the default): every fighter of side A gets side A's policy.
    const group = (...policy: string[]) =>
      run("duel", "Gru,Dagmar", "Troll,Cave Bear", "--seed", "2", "--json", ...policy);
    const both = group();
    expect(withdrawals(both.stdout, 0) + withdrawals(both.stdout, 1)).toBeGreaterThan(0);
    const mixed = group("--policy", "stubborn,default");
    expect(mixed.code).toBe(0);
    expect(withdrawals(mixed.stdout, 0) + withdrawals(mixed.stdout, 1)).toBe(0);
    expect(withdrawals(mixed.stdout, 2) + withdrawals(mixed.stdout, 3)).toBeGreaterThan(0);
    for (const bad of ["stubborn,nope", "default,stubborn,default", ",stubborn", "stubborn,"]) {
      const refused = run("duel", "Gru", "Troll", "--policy", bad);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/^error: (unknown policy "nope"|--policy takes one policy id, or two)/m);
    }
  });
});

describe("sides of several fighters", () => {
  it("fight a group against a group, round by round, with each fighter's target", () => {
    const { code, stdout } = run("duel", "Gru,Dagmar", "Troll,Cave Bear", "--seed", "3");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Gru, Dagmar the Deadly against Troll, Cave Bear \(seed 3\)$/m);
    expect(stdout).toMatch(/Target: (Troll|Cave Bear|Gru|Dagmar the Deadly)\./);
    expect(stdout).toMatch(/ win in round \d+\.|Both fall|No one has fallen/);
    const json = JSON.parse(run("duel", "Gru,Dagmar", "Troll", "--json").stdout);
    expect(json.names).toEqual(["Gru", "Dagmar the Deadly", "Troll"]);
    expect(json.sides).toEqual([[0, 1], [2]]);
  });

  it("take a quoted name, a file, and the same fighter twice", () => {
    const file = join(scratch, "with, comma.json");
    writeFileSync(
      file,
      JSON.stringify({
        name: "Comma, the Brute",
        type: "character",
        system: { characteristics: { st: 14, ag: 10, co: 12, in: 9, pw: 10, sz: 13, ap: 8 } },
        items: [],
      }),
    );
    const { code, stdout } = run("duel", `"gru",Dagmar`, file, "--json");
    expect(code).toBe(0);
    expect(JSON.parse(stdout).names).toEqual(["Gru", "Dagmar the Deadly", "Comma, the Brute"]);
    const plain = join(scratch, "comma-brute.json");
    writeFileSync(plain, readFileSync(file, "utf8"));
    const mixed = run("duel", `Gru,${plain}`, "Troll", "--json");
    expect(JSON.parse(mixed.stdout).names).toEqual(["Gru", "Comma, the Brute", "Troll"]);
    const twice = JSON.parse(run("duel", "Troll,Troll", "Gru", "--json").stdout);
    expect(twice.names).toEqual(["Troll (1)", "Troll (2)", "Gru"]);
  });

  it("refuse an empty side, an empty name and an unknown fighter with exit code 2", () => {
    const empty = run("odds", "", "Troll", "--runs", "10");
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/^error: the first side is empty/);
    const gap = run("duel", "Gru,,Dagmar", "Troll");
    expect(gap.code).toBe(2);
    expect(gap.stderr).toMatch(/the first side has an empty name between commas/);
    const unknown = run("odds", "Gru", "Troll,Nobody", "--runs", "10");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown fighter "Nobody"/);
    const quote = run("duel", "Gru", '"Troll');
    expect(quote.code).toBe(2);
    expect(quote.stderr).toMatch(/the second side has an unclosed quote/);
  });

  it("give the same group odds whatever the number of workers and the chunk size", () => {
    const args = ["Gru,Dagmar", "Troll", "--runs", "300", "--seed", "5", "--json"];
    const one = run("odds", ...args, "--workers", "1");
    const two = run("odds", ...args, "--workers", "2", "--chunk", "37");
    expect(one.code).toBe(0);
    expect(JSON.parse(two.stdout)).toEqual(JSON.parse(one.stdout));
    const report = JSON.parse(one.stdout);
    expect(report.sides.map((s: { name: string }) => s.name)).toEqual(["Gru, Dagmar the Deadly", "Troll"]);
    expect(report.fighters.map((f: { name: string }) => f.name)).toEqual([
      "Gru",
      "Dagmar the Deadly",
      "Troll",
    ]);
    const text = run("odds", "Gru,Dagmar", "Troll", "--runs", "200");
    expect(text.stdout).toMatch(/Gru, Dagmar the Deadly win +\d+\.\d% {2}\(95% interval/);
    expect(text.stdout).toMatch(/^ {2}Dagmar the Deadly +A +\d+\.\d%/m);
  });
});

describe("npm run odds", () => {
  it.each(["0", "-3", "ten", "1.5"])("refuses --runs %s with exit code 2", (runs) => {
    const { code, stderr } = run("odds", "Gru", "Troll", "--runs", runs);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--runs must be a whole number from 1/);
  });

  it("refuses an unknown fighter", () => {
    const { code, stderr } = run("odds", "Gru", "Nobody", "--runs", "10");
    expect(code).toBe(2);
    expect(stderr).toMatch(/unknown fighter "Nobody"/);
  });

  it("gives the same odds whatever the number of workers and the chunk size", () => {
    const one = run("odds", "Gru", "Troll", "--runs", "600", "--seed", "5", "--workers", "1", "--json");
    const two = run(
      "odds",
      "Gru",
      "Troll",
      "--runs",
      "600",
      "--seed",
      "5",
      "--workers",
      "2",
      "--chunk",
      "37",
      "--json",
    );
    const three = run(
      "odds",
      "Gru",
      "Troll",
      "--runs",
      "600",
      "--seed",
      "5",
      "--workers",
      "3",
      "--chunk",
      "250",
      "--json",
    );
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(JSON.parse(two.stdout)).toEqual(JSON.parse(one.stdout));
    expect(JSON.parse(three.stdout)).toEqual(JSON.parse(one.stdout));
    const other = run("odds", "Gru", "Troll", "--runs", "600", "--seed", "6", "--workers", "2", "--json");
    expect(JSON.parse(other.stdout)).not.toEqual(JSON.parse(one.stdout));
  });

  it("take a policy per side with --policy A,B", () => {
    const odds = (...policy: string[]) =>
      run("odds", "Gru", "Troll", "--runs", "300", "--seed", "4", "--workers", "2", "--json", ...policy);
    const plain = odds();
    expect(plain.code).toBe(0);
    expect(JSON.parse(odds("--policy", "default,default").stdout)).toEqual(JSON.parse(plain.stdout));
    const mixed = odds("--policy", "stubborn,default");
    expect(mixed.code).toBe(0);
    expect(JSON.parse(mixed.stdout)).not.toEqual(JSON.parse(plain.stdout));
    expect(JSON.parse(odds("--policy", "default,stubborn").stdout)).not.toEqual(JSON.parse(mixed.stdout));
    const refused = odds("--policy", "a,b,c");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--policy takes one policy id, or two/);
  });

  it("prints each side's chance with its interval, the rounds and how each side ends", () => {
    const { code, stdout, stderr } = run("odds", "Dagmar", "Fast Eddy", "--runs", "300", "--seed", "2");
    expect(code).toBe(0);
    expect(stdout).toMatch(/Dagmar the Deadly against Fast Eddy: 300 fights \(seed 2\)/);
    expect(stdout).toMatch(/Dagmar the Deadly wins +\d+\.\d% {2}\(95% interval \d+\.\d% to \d+\.\d%\)/);
    expect(stdout).toMatch(/Rounds a fight lasts: \d+\.\d\d on average/);
    expect(stdout).toMatch(/│█+/);
    expect(stdout).toMatch(/^ {2}dead +\d+\.\d% +\d+\.\d%$/m);
    // Not a terminal: no progress bar.
    expect(stderr).toBe("");
  });
});

describe("--ruleset", () => {
  it("fangs is the default: the same fight and the same odds with or without it", () => {
    const plain = run("duel", "Gru", "Troll", "--seed", "7");
    const fangs = run("duel", "--ruleset", "fangs", "Gru", "Troll", "--seed", "7");
    expect(fangs.code).toBe(0);
    expect(fangs.stdout).toBe(plain.stdout);
    const odds = (...extra: string[]) =>
      run("odds", "Gru", "Troll", "--runs", "200", "--workers", "2", "--json", ...extra);
    expect(JSON.parse(odds("--ruleset=fangs").stdout)).toEqual(JSON.parse(odds().stdout));
    expect(run("duel", "--ruleset", "fangs", "--list").stdout).toBe(run("duel", "--list").stdout);
  });

  it("an unknown ruleset is refused with the ids there are and exit code 2", () => {
    for (const script of ["duel", "odds"] as const) {
      const { code, stdout, stderr } = run(script, "--ruleset", "nosuchgame", "Gru", "Troll");
      expect(code).toBe(2);
      expect(stdout).toBe("");
      // Every folder of src/rulesets/ with a terminal part, in the order the folders sort.
      const ids = readdirSync(resolve(__dirname, "../../rulesets"))
        .filter((id) => existsSync(resolve(__dirname, "../../rulesets", id, "terminal.ts")))
        .sort();
      expect(ids).toEqual(expect.arrayContaining(["fangs", "lunos"]));
      expect(stderr).toBe(`error: unknown ruleset "nosuchgame" (the simulator runs: ${ids.join(", ")})\n`);
    }
  });
});
