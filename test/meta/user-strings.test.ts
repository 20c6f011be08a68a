import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadPacks } from "../build/pack-sources";
import { previewPages } from "../preview/pages";
import {
  clauseIdPattern,
  missingLangKeys,
  rulesetClausePrefixes,
  rulesetLangPrefixes,
} from "../support/lang-keys";

/**
 * What a GM reads (lang/en.json, the templates, the compendium packs) names
 * nothing only a contributor has: no clause id of the rules index, no path
 * into docs/, no terminal command, no "rules notes" (docs/rules/fangs.md).
 * The GM's words for the readings are the compendium journal "FANGS rules
 * readings"; a screen links to its pages instead.
 */

const root = resolve(__dirname, "../..");

const DEVELOPER_REFERENCES: readonly [string, RegExp][] = [
  // Every ruleset's clause ids, the registered ones' and those of the rulesets still to come.
  ["a clause id", clauseIdPattern(rulesetClausePrefixes())],
  ["a terminal command", /\bnpm (?:run|test|install)\b|\bnpx\b/],
  ["a path into docs/", /\bdocs\//],
  ["the rules notes", /\brules notes\b/i],
  ["a source file", /\b[\w-]+\.(?:md|ts|mjs|hbs)\b/],
];

/**
 * Exceptions, each with its reason. A key of lang/en.json or a file of
 * templates/ listed here may match the named pattern.
 */
const ALLOWED: readonly { where: string; what: string; why: string }[] = [];

function filesUnder(dir: string, ext: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, ext);
    return path.endsWith(ext) ? [path] : [];
  });
}

/** Every string of a JSON value, with where it sits. */
function strings(node: unknown, where: string, out: [string, string][] = []): [string, string][] {
  if (typeof node === "string") out.push([where, node]);
  else if (Array.isArray(node)) {
    for (const [i, v] of node.entries()) strings(v, `${where}[${i}]`, out);
  } else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) strings(v, where ? `${where}.${k}` : k, out);
  }
  return out;
}

function findings(sources: readonly [string, string][]): string[] {
  const found: string[] = [];
  for (const [where, text] of sources) {
    for (const [what, pattern] of DEVELOPER_REFERENCES) {
      const match = pattern.exec(text);
      if (!match) continue;
      if (ALLOWED.some((a) => a.where === where && a.what === what)) continue;
      found.push(`${where}: ${what} ("${match[0]}")`);
    }
  }
  return found;
}

describe("no developer reference in what a GM reads", () => {
  it("finds each kind of reference in a sample, and passes plain words", () => {
    expect(
      findings([
        ["a", "Rules notes: “Defaults” (CORE-CHR-4)"],
        ["b", "…and in npm run odds"],
        ["c", "see docs/rules/fangs.md"],
        ["d", "Damage Modifier: ST + SZ above. Rules readings: Figures the rules leave open"],
      ]),
    ).toEqual([
      'a: a clause id ("CORE-CHR-4")',
      'a: the rules notes ("Rules notes")',
      'b: a terminal command ("npm run")',
      'c: a path into docs/ ("docs/")',
      'c: a source file ("fangs.md")',
    ]);
  });

  it("finds a clause id of every ruleset: FANGS's, the toy's and the rulesets to come", () => {
    expect(rulesetClausePrefixes()).toEqual(
      expect.arrayContaining(["CORE", "NC", "TOY", "SHA", "LUN", "RHF", "H2H"]),
    );
    expect(
      findings([
        ["a", "as NC-MAN-21 says"],
        ["b", "the toy's TOY-RND-1"],
        ["c", "Lunos LUN-ACT-3"],
        ["d", "Sharene SHA-BLW-2"],
        ["e", "RHF-AIM-4 and H2H-ATK-1"],
        ["f", "2d6-ACT-3 and NCX-MAN-1 are no clause"],
      ]),
    ).toEqual([
      'a: a clause id ("NC-MAN-21")',
      'b: a clause id ("TOY-RND-1")',
      'c: a clause id ("LUN-ACT-3")',
      'd: a clause id ("SHA-BLW-2")',
      'e: a clause id ("RHF-AIM-4")',
    ]);
    expect(findings([["e", "H2H-ATK-1"]])).toEqual(['e: a clause id ("H2H-ATK-1")']);
  });

  it("lang/en.json", () => {
    const lang = JSON.parse(readFileSync(join(root, "lang/en.json"), "utf8")) as unknown;
    expect(findings(strings(lang, ""))).toEqual([]);
  });

  it("the templates", () => {
    // A partial is included by its path, which renders as the partial, never as words.
    const shown = (hbs: string) => hbs.replace(/\{\{>\s*"[^"]*"[^}]*\}\}/g, "");
    const templates = filesUnder(join(root, "templates"), ".hbs").map(
      (file) => [relative(root, file), shown(readFileSync(file, "utf8"))] as [string, string],
    );
    expect(templates.length).toBeGreaterThan(20);
    expect(findings(templates)).toEqual([]);
  });

  it("the compendium packs: names, descriptions, biographies and journal pages", () => {
    const texts = loadPacks().flatMap(({ pack, documents }) =>
      [...documents].flatMap(([file, doc]) => strings(doc, `${pack.name}/${file}`)),
    );
    // Images are paths the GM never reads, and ids are not words.
    const read = texts.filter(([where]) => !/\.(?:img|_id|_key|src)$|\.texture\.src$/.test(where));
    expect(read.length).toBeGreaterThan(200);
    expect(findings(read)).toEqual([]);
  });

  it("the preview pages' titles, which each screenshot shows as its window title", () => {
    const titles = previewPages().map((p) => [p.id, p.title] as [string, string]);
    expect(titles.length).toBeGreaterThan(50);
    expect(findings(titles)).toEqual([]);
  });

  it("names in the code and the templates no key of any ruleset's prefix that lang/en.json lacks", () => {
    const prefixes = rulesetLangPrefixes();
    expect(prefixes).toEqual(expect.arrayContaining(["FANGS", "TOY"]));
    const lang = JSON.parse(readFileSync(join(root, "lang/en.json"), "utf8")) as Record<string, unknown>;
    const code = [...filesUnder(join(root, "src"), ".ts"), ...filesUnder(join(root, "templates"), ".hbs")]
      .filter((file) => !file.endsWith(".test.ts"))
      .map((file) => [relative(root, file), readFileSync(file, "utf8")] as [string, string]);
    expect(code.length).toBeGreaterThan(100);
    expect(missingLangKeys(code, prefixes, lang)).toEqual([]);
  });

  it("gives every exception its reason", () => {
    for (const { where, why } of ALLOWED) expect(why.length, where).toBeGreaterThan(10);
  });
});
