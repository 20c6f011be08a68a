import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * Lang keys by ruleset: each ruleset's keys start with its definition's
 * `langPrefix` ("FANGS.", "TOY."…). The screenshot test and the
 * user-strings test catch an untranslated key under any of them. They read
 * the prefixes from the definitions' sources, so they run without Foundry's
 * stand-in; test/rulesets/toy-lang.test.ts checks that this reading agrees
 * with the registry once every ruleset is registered.
 */

const root = resolve(__dirname, "../..");

/** Where ruleset definitions are written: each ruleset's Foundry side, and the test rulesets. */
const DEFINITION_DIRS = ["src/rulesets", "test/rulesets"] as const;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") ? [path] : [];
  });
}

/** Every `langPrefix: "X"` a ruleset definition declares, in file order, each once. */
export function rulesetLangPrefixes(): string[] {
  const found = new Set<string>();
  for (const dir of DEFINITION_DIRS) {
    for (const file of sources(join(root, dir))) {
      for (const match of readFileSync(file, "utf8").matchAll(/\blangPrefix:\s*"([A-Za-z][\w]*)"/g))
        found.add(match[1]!);
    }
  }
  return [...found];
}

/** The clause index of the rulesets that come after FANGS, before any of them registers. */
export const OTHER_RULESETS_CLAUSES = "docs/rules/texts/other-rulesets-clauses.md";

/**
 * The id prefixes of every ruleset's clauses ("CORE", "NC", "TOY"…): each
 * definition's `clauseIndex.prefixes`, read from the sources like the lang
 * prefixes, and those of the ids listed in docs/rules/texts/other-rulesets-clauses.md
 * ("SHA", "LUN", "RHF", "H2H"), each once.
 */
export function rulesetClausePrefixes(): string[] {
  const found = new Set<string>();
  for (const dir of DEFINITION_DIRS) {
    for (const file of sources(join(root, dir))) {
      const text = readFileSync(file, "utf8");
      for (const index of text.matchAll(/\bclauseIndex:\s*\{[^}]*\bprefixes:\s*\[([^\]]*)\]/g)) {
        for (const prefix of index[1]!.matchAll(/"([A-Z0-9]+)"/g)) found.add(prefix[1]!);
      }
    }
  }
  const others = readFileSync(join(root, OTHER_RULESETS_CLAUSES), "utf8");
  for (const id of others.matchAll(/^- ([A-Z0-9]+)-[A-Z]{3}-\d+\b/gm)) found.add(id[1]!);
  return [...found];
}

/** A clause id under one of the prefixes: `NC-MAN-21`, `LUN-ACT-3`. */
export function clauseIdPattern(prefixes: readonly string[]): RegExp {
  if (prefixes.length === 0) throw new Error("no clause prefix given");
  return new RegExp(`\\b(?:${prefixes.map(escapeRegExp).join("|")})-[A-Z]{3}-\\d+\\b`);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A key under one of the prefixes, as it shows when nothing translated it: `FANGS.Sheet.Name`. */
export function untranslatedKeyPattern(prefixes: readonly string[]): RegExp {
  if (prefixes.length === 0) throw new Error("no lang prefix given");
  return new RegExp(`\\b(?:${prefixes.map(escapeRegExp).join("|")})\\.[A-Z][\\w.]*`);
}

/** Keys under the prefixes that a text shows as they are (each once). */
export function untranslatedKeys(text: string, prefixes: readonly string[]): string[] {
  const pattern = new RegExp(untranslatedKeyPattern(prefixes).source, "g");
  return [...new Set(text.match(pattern) ?? [])];
}

/**
 * Keys under the prefixes that sources name as whole string literals and
 * the lang file lacks. A literal that only starts other keys
 * (`"FANGS.Item.Type"` for `FANGS.Item.Type.weapon`) is a prefix the code
 * completes, not a key.
 */
export function missingLangKeys(
  texts: readonly (readonly [where: string, text: string])[],
  prefixes: readonly string[],
  lang: Readonly<Record<string, unknown>>,
): string[] {
  const keys = Object.keys(lang);
  const literal = new RegExp(
    `["'\`]((?:${prefixes.map(escapeRegExp).join("|")})\\.[A-Z][\\w.]*\\w)["'\`]`,
    "g",
  );
  const missing = new Set<string>();
  for (const [where, text] of texts) {
    for (const match of text.matchAll(literal)) {
      const key = match[1]!;
      if (typeof lang[key] === "string") continue;
      if (keys.some((k) => k.startsWith(`${key}.`))) continue;
      missing.add(`${where}: ${key}`);
    }
  }
  return [...missing];
}
