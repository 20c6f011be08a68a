import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(__dirname, "../..");
const clausesFile = resolve(root, "docs/rules/texts/fangs-clauses.md");
const notesFile = join(root, "docs/rules/fangs.md");
const CLAUSE_ID = /\b(?:CORE|NC)-[A-Z]{3}-\d+\b/g;

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === "node_modules" || name.startsWith(".")) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return path.endsWith(".test.ts") ? [path] : [];
  });
}

/** Clause ids that start a test or describe title: `it("NC-DMG-3: ...")`, `it.each(...)("NC-…`. */
function clausesNamedByTests(source: string): Set<string> {
  const named = new Set<string>();
  const title =
    /\b(?:it|test|describe)(?:\.each\([\s\S]*?\))?\(\s*["'`]((?:(?:CORE|NC)-[A-Z]{3}-\d+[,/ ]*)+)/g;
  for (const match of source.matchAll(title)) {
    for (const id of match[1]!.match(CLAUSE_ID) ?? []) named.add(id);
  }
  return named;
}

describe("every FANGS clause is proven or marked table-side", () => {
  const clauses = [...readFileSync(clausesFile, "utf8").matchAll(/^- ((?:CORE|NC)-[A-Z]{3}-\d+) /gm)].map(
    (m) => m[1]!,
  );
  const named = new Set<string>();
  for (const file of [...testFiles(join(root, "src")), ...testFiles(join(root, "test"))]) {
    for (const id of clausesNamedByTests(readFileSync(file, "utf8"))) named.add(id);
  }
  const notes = readFileSync(notesFile, "utf8");
  const tableSide = new Set(notes.split(/^## Table-side clauses.*$/m)[1]?.match(CLAUSE_ID) ?? []);

  it("reads all 108 clauses of the index", () => {
    expect(clauses).toHaveLength(108);
  });

  it("finds clause ids only at the start of test titles", () => {
    const sample =
      'it("NC-DMG-3: armor", () => {}); it("mentions NC-DMG-4 later", () => {}); it.each([1])("CORE-CHK-1, CORE-CHK-2: x", f)';
    expect([...clausesNamedByTests(sample)].sort()).toEqual(["CORE-CHK-1", "CORE-CHK-2", "NC-DMG-3"]);
  });

  it("has a passing test naming each clause, or a table-side note for it", () => {
    const missing = clauses.filter((id) => !named.has(id) && !tableSide.has(id));
    expect(missing, `clauses with no test and no table-side note: ${missing.join(", ")}`).toEqual([]);
  });

  it("marks as table-side only clauses that exist", () => {
    const unknown = [...tableSide].filter((id) => !clauses.includes(id));
    expect(unknown).toEqual([]);
  });
});
