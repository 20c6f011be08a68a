import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A ruleset is a folder (docs/rulesets.md): its pure core in src/rules/<id>/,
 * its Foundry side in src/rulesets/<id>/ (and its heavy barrel
 * src/rulesets/<id>-heavy.ts), registered by one line in
 * src/rulesets/index.ts. Nothing else (the shared layers: src/apps,
 * src/chat, src/combat, src/config, src/data, src/documents, src/effects,
 * src/sim, src/rules/kernel, src/api, …) imports a ruleset's folder: it asks
 * the world's ruleset through its registered definition.
 */

const root = resolve(__dirname, "../..");
const src = join(root, "src");

/** The registration lines: the one shared file that names every ruleset. */
const REGISTRATION = "src/rulesets/index.ts";

/**
 * Shared files that still import a ruleset's folder, each group with why
 * and what removes it. The list may only shrink: an entry that no longer
 * imports one fails too, so take it out when its seam lands.
 */
const ALLOWED: readonly { files: readonly string[]; why: string; removedBy: string }[] = [];

/**
 * Rules cores that borrow another core's pure helpers: a file under `from`
 * may import files under `to`, and nothing else crosses. Only pure cores
 * (src/rules/<id>/), never a ruleset's Foundry side. The list may only shrink.
 */
const CORE_BORROWINGS: readonly { from: string; to: string; why: string }[] = [
  {
    from: "src/rules/fangs/",
    to: "src/rules/rhf/",
    why: "FANGS's optional modules from the reach, holds and firearms rules reuse the RHF core's exported helpers and figures (docs/rules/fangs.md)",
  },
];

const borrows = (file: string, target: string): boolean =>
  CORE_BORROWINGS.some((b) => file.startsWith(b.from) && target.startsWith(b.to));

/**
 * Shared files that load FANGS's heavy part by name (`loadRuleset("fangs")`)
 * without importing FANGS's folder: shared code still bundled in that part.
 * A shared file on ALLOWED may do it too (it is wired to FANGS already);
 * any other asks the ruleset of the card, combat or world through its
 * definition. The list may only shrink.
 */
const LOADS_BY_NAME: readonly { files: readonly string[]; why: string; removedBy: string }[] = [
  {
    files: ["src/chat/index.ts"],
    why: "the API's effect applier and undo (applyEffects, revertDeltas: src/effects/apply-effects.ts) are bundled in FANGS's heavy part",
    removedBy:
      "the applier in a shared lazy chunk once it reads no FANGS module (a party's read asked of its ruleset)",
  },
];

/** Calls of `loadRuleset` with a ruleset's id written out (comments left out). */
function loadsByName(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return [...code.matchAll(/\bloadRuleset\s*(?:<[^>]*>)?\s*\(\s*(["'`])([^"'`]*)\1/g)].map((m) => m[2]!);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") ? [path] : [];
  });
}

/** The rulesets that have a folder: src/rules/<id>/ (but the kernel) or src/rulesets/<id>/. */
function rulesetIds(): string[] {
  const dirs = (dir: string) => readdirSync(dir).filter((name) => statSync(join(dir, name)).isDirectory());
  return [
    ...new Set([...dirs(join(src, "rules")).filter((d) => d !== "kernel"), ...dirs(join(src, "rulesets"))]),
  ];
}

/** The ruleset whose folder holds a file (a path from the root), or null for a shared file. */
function rulesetOf(file: string, ids: readonly string[]): string | null {
  for (const id of ids) {
    if (file.startsWith(`src/rules/${id}/`) || file.startsWith(`src/rulesets/${id}/`)) return id;
    if (file === `src/rulesets/${id}-heavy.ts`) return id;
  }
  return null;
}

/** Every module a file imports: static, side-effect, re-export and dynamic, comments left out. */
function importsOf(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const specs = [
    ...code.matchAll(/\bfrom\s+["']([^"']+)["']/g),
    ...code.matchAll(/\bimport\s+["']([^"']+)["']/g),
    ...code.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g),
  ].map((m) => m[1]!);
  return [...new Set(specs)];
}

/** A relative import as a path from the root, to the .ts file (or the folder's index). */
function resolveImport(file: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = resolve(root, dirname(file), spec).replace(/\.(ts|js)$/, "");
  for (const candidate of [`${base}.ts`, join(base, "index.ts")]) {
    if (existsSync(candidate)) return relative(root, candidate);
  }
  return relative(root, base);
}

/** Each file and the ruleset files it imports that it may not: another ruleset's, or any ruleset's from a shared file. */
function crossings(files: readonly string[], ids: readonly string[], read: (file: string) => string) {
  const found = new Map<string, string[]>();
  for (const file of files) {
    if (file === REGISTRATION) continue;
    const own = rulesetOf(file, ids);
    for (const spec of importsOf(read(file))) {
      const target = resolveImport(file, spec);
      if (target === null) continue;
      const theirs = rulesetOf(target, ids);
      if (theirs === null || theirs === own) continue;
      found.set(file, [...(found.get(file) ?? []), target]);
    }
  }
  return found;
}

describe("a ruleset is a folder", () => {
  const ids = rulesetIds();
  const files = sourceFiles(src).map((f) => relative(root, f));
  const read = (file: string) => readFileSync(join(root, file), "utf8");
  const found = crossings(files, ids, read);
  const allowed = new Map(ALLOWED.flatMap((entry) => entry.files.map((f) => [f, entry] as const)));

  it("finds FANGS's folders and the shared files", () => {
    expect(ids).toContain("fangs");
    expect(files).toContain(REGISTRATION);
    expect(files.filter((f) => rulesetOf(f, ids) === null).length).toBeGreaterThan(100);
  });

  it("no shared file imports a ruleset's folder, but the registration and the allow-list", () => {
    const unexpected = [...found].filter(([file]) => rulesetOf(file, ids) === null && !allowed.has(file));
    expect(
      unexpected.map(([file, targets]) => `${file} imports ${targets.join(", ")}`),
      "ask the world's ruleset through its definition (src/rulesets/registry.ts) instead",
    ).toEqual([]);
  });

  it("no ruleset imports another ruleset's folder, but a core borrowing a listed core's helpers", () => {
    const across = [...found]
      .filter(([file]) => rulesetOf(file, ids) !== null)
      .map(([file, targets]) => [file, targets.filter((t) => !borrows(file, t))] as const)
      .filter(([, targets]) => targets.length > 0);
    expect(across.map(([file, targets]) => `${file} imports ${targets.join(", ")}`)).toEqual([]);
  });

  it("each core borrowing is between two pure cores, still used, and says why", () => {
    for (const b of CORE_BORROWINGS) {
      expect(b.from).toMatch(/^src\/rules\/[a-z0-9]+\/$/);
      expect(b.to).toMatch(/^src\/rules\/[a-z0-9]+\/$/);
      expect(b.why.length).toBeGreaterThan(20);
      const used = [...found].some(([file, targets]) =>
        borrows(file, targets.find((t) => borrows(file, t)) ?? ""),
      );
      expect(used, `nothing under ${b.from} imports ${b.to}: take it off CORE_BORROWINGS`).toBe(true);
    }
  });

  it("the allow-list only shrinks: each entry still imports a ruleset's folder and says why", () => {
    for (const entry of ALLOWED) {
      expect(entry.why.length).toBeGreaterThan(20);
      expect(entry.removedBy.length).toBeGreaterThan(20);
      for (const file of entry.files) {
        expect(files, `${file} is gone: take it off the allow-list`).toContain(file);
        expect(
          found.has(file),
          `${file} no longer imports a ruleset's folder: take it off the allow-list`,
        ).toBe(true);
      }
    }
  });

  it("no shared file loads a ruleset's heavy part by its id, but ALLOWED's and LOADS_BY_NAME's", () => {
    const byName = new Map(LOADS_BY_NAME.flatMap((entry) => entry.files.map((f) => [f, entry] as const)));
    const loading = files.filter(
      (file) => rulesetOf(file, ids) === null && loadsByName(read(file)).length > 0,
    );
    expect(
      loading.filter((file) => !allowed.has(file) && !byName.has(file)),
      "load the heavy part of the card's, combat's or world's ruleset through its definition (loadRuleset(id))",
    ).toEqual([]);
    for (const entry of LOADS_BY_NAME) {
      expect(entry.why.length).toBeGreaterThan(20);
      expect(entry.removedBy.length).toBeGreaterThan(20);
      for (const file of entry.files) {
        expect(loading, `${file} no longer loads a heavy part by name: take it off LOADS_BY_NAME`).toContain(
          file,
        );
        expect(allowed.has(file), `${file} is on ALLOWED already`).toBe(false);
      }
    }
  });

  it("sees a load by name however it is written, and not one through a variable or in a comment", () => {
    const text = [
      'await loadRuleset("fangs");',
      "const { x } = await loadRuleset( 'lunos' );",
      'loadRuleset<"h2h">(`h2h`);',
      "loadRuleset(id);",
      '// loadRuleset("fangs")',
      '/* loadRuleset("sharene") */',
    ].join("\n");
    expect(loadsByName(text)).toEqual(["fangs", "lunos", "h2h"]);
  });

  it("sees every way of importing, and a shared file's import of FANGS's folder as a crossing", () => {
    const texts: Record<string, string> = {
      "src/apps/new-part.ts": [
        'import { x } from "../rulesets/fangs/chat/exchange-flow";',
        'import "../rules/fangs/ruleset";',
        'export { y } from "../rules/kernel/ruleset";',
        'const z = await import("../rulesets/fangs/sim/duel");',
        '// import { w } from "../rules/fangs/types";',
      ].join("\n"),
      "src/rulesets/fangs/new-part.ts": 'import { x } from "../../rules/fangs/types";',
    };
    const result = crossings(Object.keys(texts), ["fangs"], (f) => texts[f]!);
    expect(result.get("src/apps/new-part.ts")).toEqual([
      "src/rulesets/fangs/chat/exchange-flow.ts",
      "src/rules/fangs/ruleset.ts",
      "src/rulesets/fangs/sim/duel.ts",
    ]);
    expect(result.has("src/rulesets/fangs/new-part.ts")).toBe(false);
  });
});
