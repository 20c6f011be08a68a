/**
 * lang/en.json against the code: every key used is defined, every key
 * defined is used, the file is well formed.
 *
 * "Used" means written out in full somewhere the system reads it:
 * - templates/**\/*.hbs: a quoted key (`{{localize "FANGS.…"}}`, a partial's hash argument);
 * - src/**\/*.ts (tests excluded): a quoted key in a string or template literal;
 * - packs/**, system.json and the rulesets' manifest fragments: any key in the text.
 *
 * A key built at run time (`FANGS.Status.${id}`, "FANGS.Rules.Attack.Refusal." + reason)
 * cannot be found that way. Each such prefix must be declared below as a
 * family, with the source of its ids. A family with an id list is checked
 * both ways: a key under its prefix must belong to a known id, and (when it
 * is `complete`) each id must have its key. A family without an id list
 * ("open") only marks the keys under its prefix as used; give it ids when the
 * ids become readable from the code.
 *
 * Every key lives under a registered ruleset's `langPrefix` ("FANGS.") or
 * under Foundry's "TYPES.". A ruleset declares its own families in
 * `src/rulesets/<id>/lang-families.ts` (`LANG_FAMILIES`: `pattern`
 * ("FANGS.X.{id}.Name"), `source` (where the ids live) and `ids` (a function
 * returning them) if you can); this test finds the file, so adding a ruleset
 * edits nothing here. A ruleset folder not registered yet (its simulator
 * comes before its Foundry side) declares its prefix in that file as
 * `LANG_PREFIX`, and its keys are checked like a registered one's; a
 * registered ruleset's `LANG_PREFIX`, if given, must be its `langPrefix`.
 * The checks themselves are test/support/lang-check.ts.
 */
import "./foundry/setup";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { rulesetFragments, sourceManifest } from "../scripts/lib/manifest.mjs";
import { listRulesetDefinitions } from "../src/rulesets";
import { REPO_ROOT } from "./handlebars/render";
import {
  badEntries,
  emptyUsage,
  familyMatch,
  groupsToPrefixes,
  type LangFamily,
  missingKeys,
  prefixOf,
  scanBare,
  scanQuoted,
  type Usage,
  undeclaredPrefixes,
  unusedKeys,
} from "./support/lang-check";

/* -------------------------------------------- */
/*  Reading the sources                         */
/* -------------------------------------------- */

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  const root = join(REPO_ROOT, dir);
  let entries: string[];
  try {
    entries = readdirSync(root);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const name of entries) {
    const path = join(root, name);
    if (statSync(path).isDirectory()) {
      if (name !== "node_modules" && name !== "_compiled")
        out.push(...filesUnder(relative(REPO_ROOT, path), keep));
    } else if (keep(path)) out.push(path);
  }
  return out;
}

const read = (path: string) => readFileSync(path, "utf8");

/* -------------------------------------------- */
/*  Prefixes and families                       */
/* -------------------------------------------- */

/** Foundry's own label keys for document types, which every ruleset's types use. */
const FOUNDRY_PREFIX = "TYPES";

const RULESETS = listRulesetDefinitions();

type FamilyFile = { LANG_FAMILIES: readonly LangFamily[]; LANG_PREFIX?: string };

/** Each ruleset folder's `lang-families.ts`, by the folder's name. */
const FAMILY_MODULES: Readonly<Record<string, FamilyFile>> = Object.fromEntries(
  Object.entries(
    import.meta.glob<FamilyFile>("../src/rulesets/*/lang-families.ts", {
      eager: true,
    }),
  ).map(([path, module]) => [path.split("/").at(-2)!, module]),
);
const FAMILY_FILES = Object.fromEntries(
  Object.entries(FAMILY_MODULES).map(([id, module]) => [id, module.LANG_FAMILIES]),
);

/** A ruleset folder's lang prefix: its definition's, else the one its lang-families.ts declares. */
const prefixOfFolder = (id: string): string | undefined =>
  RULESETS.find((d) => d.id === id)?.langPrefix ?? FAMILY_MODULES[id]?.LANG_PREFIX;

/** The rulesets' prefixes: the registered ones' and those declared by folders not registered yet. */
const RULESET_PREFIXES = [
  ...new Set(
    [...RULESETS.map((d) => d.langPrefix), ...Object.keys(FAMILY_MODULES).map(prefixOfFolder)].filter(
      (p): p is string => p !== undefined,
    ),
  ),
];
const PREFIXES = [...RULESET_PREFIXES, FOUNDRY_PREFIX];

const FOUNDRY_FAMILIES: readonly LangFamily[] = [
  {
    pattern: "TYPES.Actor.{id}",
    source: "documentTypes.Actor of the manifest (Foundry's own label keys)",
    ids: () => Object.keys(sourceManifest(REPO_ROOT).documentTypes?.Actor ?? {}),
  },
  {
    pattern: "TYPES.Item.{id}",
    source: "documentTypes.Item of the manifest (Foundry's own label keys)",
    ids: () => Object.keys(sourceManifest(REPO_ROOT).documentTypes?.Item ?? {}),
  },
];

const FAMILIES: readonly LangFamily[] = [...Object.values(FAMILY_FILES).flat(), ...FOUNDRY_FAMILIES];

/* -------------------------------------------- */
/*  lang/en.json                                */
/* -------------------------------------------- */

const LANG_PATH = join(REPO_ROOT, "lang", "en.json");
const langText = read(LANG_PATH);

/** Key paths that appear twice in one object (JSON.parse keeps the last one silently). */
function duplicateKeys(source: string): string[] {
  type Frame = { array: boolean; keys: Set<string>; path: string; expectKey: boolean; lastKey: string };
  const stack: Frame[] = [];
  const dups: string[] = [];
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i];
    const top = stack.at(-1);
    if (c === '"') {
      let j = i + 1;
      while (source[j] !== '"') j += source[j] === "\\" ? 2 : 1;
      const value = JSON.parse(source.slice(i, j + 1)) as string;
      if (top && !top.array && top.expectKey) {
        if (top.keys.has(value)) dups.push(top.path + value);
        top.keys.add(value);
        top.lastKey = value;
        top.expectKey = false;
      }
      i = j;
    } else if (c === "{" || c === "[") {
      const path = top && !top.array ? `${top.path}${top.lastKey}.` : (top?.path ?? "");
      stack.push({ array: c === "[", keys: new Set(), path, expectKey: c === "{", lastKey: "" });
    } else if (c === "}" || c === "]") {
      stack.pop();
    } else if (c === "," && top && !top.array) {
      top.expectKey = true;
    }
  }
  return dups;
}

function flatten(node: unknown, prefix = "", out: Record<string, unknown> = {}): Record<string, unknown> {
  if (node && typeof node === "object" && !Array.isArray(node)) {
    for (const [k, v] of Object.entries(node)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out[prefix] = node;
  return out;
}

/* -------------------------------------------- */
/*  Keys used                                   */
/* -------------------------------------------- */

/** Bare keys in packs and manifests are looked for under the rulesets' prefixes only, as Foundry's own never appear there. */
function collectUsage(): Usage {
  const usage = emptyUsage();
  const where = (f: string) => relative(REPO_ROOT, f);
  for (const f of filesUnder("templates", (p) => p.endsWith(".hbs")))
    scanQuoted(read(f), where(f), usage, PREFIXES);
  for (const f of filesUnder("src", (p) => p.endsWith(".ts") && !p.endsWith(".test.ts")))
    scanQuoted(read(f), where(f), usage, PREFIXES);
  for (const f of filesUnder("packs", (p) => /\.(json|ya?ml)$/.test(p)))
    scanBare(read(f), where(f), usage, RULESET_PREFIXES);
  scanBare(read(join(REPO_ROOT, "system.json")), "system.json", usage, RULESET_PREFIXES);
  for (const { file } of rulesetFragments(REPO_ROOT))
    scanBare(read(join(REPO_ROOT, file)), file, usage, RULESET_PREFIXES);
  return usage;
}

/* -------------------------------------------- */
/*  Tests                                       */
/* -------------------------------------------- */

describe("lang/en.json", () => {
  const parsed = JSON.parse(langText) as unknown;
  const entries = flatten(parsed);
  const defined = new Set(Object.keys(entries));
  const usage = collectUsage();
  groupsToPrefixes(usage, defined, FAMILIES);

  it("names no key twice", () => {
    expect(duplicateKeys(langText)).toEqual([]);
  });

  it("holds a non-empty text under every key, all keys under a ruleset's prefix (or Foundry's TYPES.)", () => {
    expect(PREFIXES).toContain("FANGS");
    expect(badEntries(entries, PREFIXES)).toEqual([]);
  });

  it("never uses a key both as a text and as a group (Foundry expands dotted keys)", () => {
    const keys = [...defined].sort();
    const clashes = keys.filter((k) => keys.some((other) => other.startsWith(`${k}.`)));
    expect(clashes).toEqual([]);
  });

  it("defines every key the templates, the code and the packs use", () => {
    expect(missingKeys(usage, defined)).toEqual([]);
  });

  it("declares a family for every key built at run time", () => {
    expect(undeclaredPrefixes(usage, FAMILIES)).toEqual([]);
  });

  it("uses every key it defines", () => {
    expect(unusedKeys(defined, usage, FAMILIES)).toEqual([]);
  });

  it.each(FAMILIES.filter((f) => f.ids))(
    "family $pattern holds only keys of known ids ($source)",
    (family) => {
      const ids = new Set(family.ids!());
      expect(ids.size).toBeGreaterThan(0);
      const strays = [...defined].filter((k) => {
        if (usage.keys.has(k)) return false;
        const id = familyMatch(family, k);
        return id !== null && !ids.has(id);
      });
      expect(strays).toEqual([]);
      const inUse =
        [...usage.prefixes.keys()].some((p) => prefixOf(family).startsWith(p)) ||
        [...defined].some((k) => familyMatch(family, k) !== null);
      if (family.complete && inUse) {
        const key = (id: string) => family.pattern.replace("{id}", id);
        expect([...ids].filter((id) => !defined.has(key(id))).map(key)).toEqual([]);
      }
    },
  );
});

describe("the families of keys built at run time", () => {
  it("come from each ruleset folder's lang-families.ts, under its prefix", () => {
    expect(Object.keys(FAMILY_FILES)).toContain("fangs");
    for (const [id, module] of Object.entries(FAMILY_MODULES)) {
      const ruleset = RULESETS.find((d) => d.id === id);
      const file = `src/rulesets/${id}/lang-families.ts`;
      if (ruleset && module.LANG_PREFIX !== undefined)
        expect(module.LANG_PREFIX, `${file}: LANG_PREFIX is not the definition's langPrefix`).toBe(
          ruleset.langPrefix,
        );
      const prefix = prefixOfFolder(id);
      expect(prefix, `${file}: no registered ruleset "${id}" and no LANG_PREFIX`).toBeDefined();
      const outside = module.LANG_FAMILIES.filter((f) => !f.pattern.startsWith(`${prefix}.`));
      expect(outside.map((f) => f.pattern)).toEqual([]);
    }
  });

  it("take the prefix a ruleset folder declares before it registers (Sharene)", () => {
    expect(FAMILY_MODULES.sharene?.LANG_PREFIX).toBe("SHARENE");
    expect(PREFIXES).toContain("SHARENE");
  });
});

describe("the key scanner", () => {
  it("tells full keys from prefixes built at run time", () => {
    const usage: Usage = emptyUsage();
    const sample = [
      `{{localize "FANGS.Sheet.Roll"}}`,
      // A template literal as the code writes it: `FANGS.Status.${id}`.
      "const a = `FANGS.Status.$" + "{id}`;",
      `const b = "FANGS.Rules.Attack.Refusal." + reason;`,
      "const c = 'FANGS.Item.Type.Weapon';",
    ].join("\n");
    scanQuoted(sample, "x", usage, PREFIXES);
    expect([...usage.keys.keys()]).toEqual(["FANGS.Sheet.Roll", "FANGS.Item.Type.Weapon"]);
    expect([...usage.prefixes.keys()]).toEqual(["FANGS.Status.", "FANGS.Rules.Attack.Refusal."]);
  });

  it("finds duplicate keys JSON.parse would hide, at any depth", () => {
    expect(duplicateKeys(`{"A.b": "1", "A.c": "2", "A.b": "3"}`)).toEqual(["A.b"]);
    expect(duplicateKeys(`{"A": {"b": "1", "c": ["x", "y"], "b": "2"}, "B": {"b": "3"}}`)).toEqual(["A.b"]);
    expect(duplicateKeys(`{"A": "say \\"hi\\"", "B": "2"}`)).toEqual([]);
  });

  it("matches a family only for one id segment", () => {
    const f: LangFamily = { pattern: "FANGS.Maneuver.{id}.Name", source: "" };
    expect(familyMatch(f, "FANGS.Maneuver.Attack.Name")).toBe("Attack");
    expect(familyMatch(f, "FANGS.Maneuver.Attack.Hint")).toBeNull();
    expect(familyMatch(f, "FANGS.Maneuver.A.B.Name")).toBeNull();
  });
});
