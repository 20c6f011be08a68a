import type { LangFamily } from "../../src/rulesets/registry";

export type { LangFamily };

/**
 * The checks of test/lang.test.ts as functions of a lang file, the keys a
 * set of sources uses and the rulesets' lang prefixes, so that the toy
 * ruleset (test/rulesets/toy-lang.test.ts) proves them on its own keys.
 *
 * A key built at run time (`FANGS.Status.${id}`) is covered by a family a
 * ruleset declares in `src/rulesets/<id>/lang-families.ts` (export
 * `LANG_FAMILIES`); the lang test finds those files itself, so a new
 * ruleset adds its file instead of editing the test.
 */

export function prefixOf(f: LangFamily): string {
  return f.pattern.slice(0, f.pattern.indexOf("{id}"));
}

export function familyMatch(f: LangFamily, key: string): string | null {
  const [before, after] = f.pattern.split("{id}") as [string, string];
  if (!key.startsWith(before) || !key.endsWith(after)) return null;
  const id = key.slice(before.length, key.length - after.length);
  return id && !id.includes(".") ? id : null;
}

/* -------------------------------------------- */
/*  Keys used                                   */
/* -------------------------------------------- */

export interface Usage {
  keys: Map<string, string>;
  prefixes: Map<string, string>;
}

export const emptyUsage = (): Usage => ({ keys: new Map(), prefixes: new Map() });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const alternation = (prefixes: readonly string[]) => {
  if (prefixes.length === 0) throw new Error("no lang prefix given");
  return prefixes.map(escapeRegExp).join("|");
};

/**
 * A quoted key under one of the prefixes; the segment after the prefix is
 * capitalised, which leaves out code like `FANGS.maneuvers`.
 */
export function quotedKeyPattern(prefixes: readonly string[]): RegExp {
  return new RegExp(`(["'\`])((?:${alternation(prefixes)})\\.[A-Z][A-Za-z0-9_.]*)(["'\`]|\\$\\{)`, "g");
}

/** Quoted keys (templates, code): a whole literal is a key, one cut short or continued by `${` is a prefix. */
export function scanQuoted(text: string, where: string, usage: Usage, prefixes: readonly string[]): void {
  for (const m of text.matchAll(quotedKeyPattern(prefixes))) {
    const [, open, key, close] = m as unknown as [string, string, string, string];
    const complete = close === open && !key.endsWith(".");
    if (complete) usage.keys.set(key, where);
    else usage.prefixes.set(key.slice(0, key.lastIndexOf(".") + 1), where);
  }
}

/** Any key in the text (packs, manifests). */
export function scanBare(text: string, where: string, usage: Usage, prefixes: readonly string[]): void {
  const pattern = new RegExp(
    `\\b(?:${alternation(prefixes)})\\.[A-Z][A-Za-z0-9_]*(?:\\.[A-Za-z0-9_]+)+`,
    "g",
  );
  for (const m of text.matchAll(pattern)) usage.keys.set(m[0], where);
}

/**
 * A quoted key that names a group of keys in the lang file, or a family's
 * prefix (`"FANGS.Item.Type"`), is a prefix handed to code that adds the id (`labels(ITEM_TYPES, "FANGS.Item.Type")`).
 */
export function groupsToPrefixes(
  usage: Usage,
  defined: ReadonlySet<string>,
  families: readonly LangFamily[],
): void {
  for (const [key, where] of [...usage.keys]) {
    const group = [...defined].some((d) => d.startsWith(`${key}.`));
    const family = families.some((f) => prefixOf(f) === `${key}.`);
    if (!defined.has(key) && (group || family)) {
      usage.keys.delete(key);
      usage.prefixes.set(`${key}.`, where);
    }
  }
}

/* -------------------------------------------- */
/*  Findings                                    */
/* -------------------------------------------- */

/** Entries with an empty or non-text value, or a key under none of the prefixes. */
export function badEntries(
  entries: Readonly<Record<string, unknown>>,
  prefixes: readonly string[],
): [string, unknown][] {
  const under = new RegExp(`^(?:${alternation(prefixes)})\\.`);
  return Object.entries(entries).filter(
    ([k, v]) => typeof v !== "string" || v.trim() === "" || !under.test(k),
  );
}

/** Keys the sources use that the lang file lacks, with where. */
export function missingKeys(usage: Usage, defined: ReadonlySet<string>): string[] {
  return [...usage.keys].filter(([k]) => !defined.has(k)).map(([k, where]) => `${k} (${where})`);
}

/** Prefixes of keys built at run time that no family declares. */
export function undeclaredPrefixes(usage: Usage, families: readonly LangFamily[]): string[] {
  return [...usage.prefixes]
    .filter(
      ([prefix]) => !families.some((f) => prefixOf(f).startsWith(prefix) || prefix.startsWith(prefixOf(f))),
    )
    .map(([prefix, where]) => `${prefix}… (${where})`);
}

/** Keys the lang file defines that no source uses and no family covers. */
export function unusedKeys(
  defined: ReadonlySet<string>,
  usage: Usage,
  families: readonly LangFamily[],
): string[] {
  return [...defined].filter((k) => !usage.keys.has(k) && !families.some((f) => familyMatch(f, k) !== null));
}
