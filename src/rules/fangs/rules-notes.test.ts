import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { FANGS_DEFAULTS, type FangsRules } from "./config";
import { DEFAULT_MANEUVER_OPTIONS } from "./maneuvers";
import { REACH_WEAPON_KINDS } from "./reach";

/*
 * docs/rules/fangs.md makes claims about the code: which test proves each
 * worked example, which default each option has, which clause each reading
 * rests on. These tests hold it to them.
 */

const root = resolve(__dirname, "../../..");
const notes = readFileSync(resolve(root, "docs/rules/fangs.md"), "utf8");
const clauseIndex = readFileSync(resolve(root, "docs/rules/texts/fangs-clauses.md"), "utf8");
const CLAUSE = /\b(?:CORE|NC)-[A-Z]{3}-\d+\b/;

/** The text under a "## heading", up to the next "## ". */
function section(heading: string): string {
  const start = notes.indexOf(`\n## ${heading}`);
  expect(start, `docs/rules/fangs.md has a section "${heading}"`).toBeGreaterThanOrEqual(0);
  const rest = notes.slice(start + 1);
  const end = rest.indexOf("\n## ", 3);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The body rows of the first table in a piece of markdown, split into trimmed cells. */
function tableRows(markdown: string): string[][] {
  return markdown
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split("|")
        .map((cell) => cell.trim()),
    );
}

const backticked = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

describe("Worked examples and their tests (docs/rules/fangs.md)", () => {
  const rows = tableRows(section("Worked examples and their tests"));

  it("lists the worked examples of both texts", () => {
    expect(rows.length).toBeGreaterThanOrEqual(25);
    for (const row of rows) expect(row).toHaveLength(4);
  });

  it.each(rows.map((row) => [row[3]!, row] as const))("names a real test: %s", (_title, row) => {
    const [example, clause, fileCell, title] = row as [string, string, string, string];
    expect(example.length).toBeGreaterThan(0);
    expect(clauseIndex, `${clause} is a clause of fangs-clauses.md`).toContain(`- ${clause} `);
    expect(title.startsWith(`${clause}: `), `"${title}" starts with ${clause}`).toBe(true);
    const file = resolve(root, backticked(fileCell)[0] ?? "");
    expect(existsSync(file), `${fileCell} exists`).toBe(true);
    expect(readFileSync(file, "utf8"), `${fileCell} has a test titled "${title}"`).toContain(`"${title}"`);
  });
});

describe("Defaults the core text leaves open (docs/rules/fangs.md)", () => {
  const rows = tableRows(section("Defaults the core text leaves open ([default] values)"));
  const defaults = FANGS_DEFAULTS as unknown as Record<string, unknown>;

  it("names only keys FANGS_DEFAULTS has, and every key it has", () => {
    const named = rows.flatMap((row) => backticked(row[0]!));
    expect(named.filter((key) => !(key in defaults))).toEqual([]);
    expect(Object.keys(defaults).filter((key) => !named.includes(key))).toEqual([]);
  });

  it.each(rows.map((row) => [backticked(row[0]!).join(", "), row] as const))(
    "states the default the code has: %s",
    (_keys, row) => {
      const keys = backticked(row[0]!) as (keyof FangsRules)[];
      const cell = row[1]!;
      if (keys[0] === "damageModifierDice") {
        // "2: 1d2, 4: 1d4, … 12: **2d6** …": every pair as the table has it.
        const pairs = [...cell.replaceAll("*", "").matchAll(/(\d+): ([\dd+]+)/g)].map((m) => [m[1], m[2]]);
        expect(Object.fromEntries(pairs)).toEqual(FANGS_DEFAULTS.damageModifierDice);
        return;
      }
      if (keys[0] === "reachWeaponKinds") {
        // "`fist`: `unarmed`, …": every skill and the RHF weapon it counts as.
        const pairs = [...cell.matchAll(/`([^`]+)`: `([^`]+)`/g)].map((m) => [m[1], m[2]]);
        expect(FANGS_DEFAULTS.reachWeaponKinds).toEqual({});
        expect(Object.fromEntries(pairs)).toEqual(REACH_WEAPON_KINDS);
        return;
      }
      if (keys[0] === "quicknessBands") {
        // "1–6: 0.5, 7–12: 1, …": every band and its attacks.
        const bands = [...cell.matchAll(/(\d+)–(\d+): ([\d.]+)/g)].map((m) => ({
          from: Number(m[1]),
          to: Number(m[2]),
          attacks: Number(m[3]),
        }));
        expect(bands).toEqual(FANGS_DEFAULTS.quicknessBands);
        return;
      }
      if (keys[0] === "reachWeaponRanges") {
        expect(cell.startsWith("`{}`")).toBe(true);
        expect(FANGS_DEFAULTS.reachWeaponRanges).toEqual({});
        return;
      }
      if (keys[0] === "burstHits") {
        // "1–3: 1, 4–5: 2, 6: 3; 1–4: 1, …": one table a key, each band "from–to: hits".
        const tables = cell.split(";").map((table) =>
          [...table.matchAll(/(\d)(?:–(\d))?: (\d+)/g)].map((m) => ({
            from: Number(m[1]),
            to: Number(m[2] ?? m[1]),
            hits: Number(m[3]),
          })),
        );
        expect(tables).toEqual(keys.map((key) => defaults[key]));
        return;
      }
      if (keys[0] === "clubDamage") {
        expect(cell).toContain(`1: \`${FANGS_DEFAULTS.clubDamage[1]}\``);
        expect(cell).toContain(`2: \`${FANGS_DEFAULTS.clubDamage[2]}\``);
        return;
      }
      if (keys[0] === "armor" || keys[0] === "characteristicBase") {
        // Tables and the cost list are checked against the texts by the CORE-EQP and CORE-CHR-1 tests.
        expect(keys.every((key) => key in defaults)).toBe(true);
        return;
      }
      // One value per key, in order: `"greater"`, `ST+AG-SZ`, 20, …
      const values = cell.split(/,\s*/).map((v) => v.replaceAll("`", "").replaceAll('"', ""));
      expect(values, `one default per key in "${cell}"`).toHaveLength(keys.length);
      keys.forEach((key, i) => {
        expect(String(defaults[key]), key).toBe(values[i]);
      });
    },
  );

  it("states the maneuver options' defaults the code has", () => {
    const maneuvers = section("Maneuvers: where the tables and the prose disagree");
    expect(maneuvers).toContain(`(default **${DEFAULT_MANEUVER_OPTIONS.reading}**)`);
    expect(maneuvers).toMatch(
      new RegExp(`\`strictNoDefense\` \\(default \\*\\*${DEFAULT_MANEUVER_OPTIONS.strictNoDefense}\\*\\*\\)`),
    );
  });
});

describe("Every reading names its clause and quotes its text (docs/rules/fangs.md)", () => {
  const readings = [
    "Checks and characters",
    "Damage, parries and the outcome matrix",
    "Impaling and consequences",
    "Maneuvers: where the tables and the prose disagree",
    "Round order, holds and phases",
    "Special defenses, tactical trades and grappling",
    "Readings the exchange card makes (Foundry layer)",
  ];
  const entries = readings.flatMap((heading) =>
    section(heading)
      .split(/\n(?=- \*\*|\*\*)/)
      .filter((entry) => entry.startsWith("- **") || entry.startsWith("**"))
      .map(
        (entry) => [`${heading}: ${/\*\*(.+?)\*\*/.exec(entry)?.[1] ?? entry.slice(0, 40)}`, entry] as const,
      ),
  );

  it("finds the entries", () => {
    expect(entries.length).toBeGreaterThan(40);
  });

  it.each(entries)("%s", (_title, entry) => {
    expect(entry, "names a clause").toMatch(CLAUSE);
    expect(entry, 'quotes the text ("…")').toMatch(/"[^"]{4,}"/);
  });
});
