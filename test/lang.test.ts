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
 * To add a family: append to FAMILIES with `pattern` ("FANGS.X.{id}.Name"),
 * `source` (where the ids live) and `ids` (a function returning them) if you can.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { rulesetFragments, sourceManifest } from "../scripts/lib/manifest.mjs";
import { GM_DAMAGE_WORDS } from "../src/apps/gm-damage/dialog";
import { ENCOUNTERS } from "../src/encounters/table";
import { FANGS_DEFAULTS } from "../src/rules/fangs/config";
import { CHARACTERISTIC_IDS, MANEUVER_IDS } from "../src/rules/fangs/types";
import { CONDITION_LABELS } from "../src/rulesets/fangs/apps/sheets/labels";
import { FANGS_DICE_STEPS } from "../src/rulesets/fangs/chat/exchange-state";
import { REPO_ROOT } from "./handlebars/render";

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

/** The string literals of a `type Name = "a" | "b"` union or a `const NAME = ["a", "b"]` list in a source file. */
function literalsOf(file: string, name: string): string[] {
  const text = read(join(REPO_ROOT, file));
  const start = text.search(new RegExp(`(type|const)\\s+${name}\\b`));
  if (start < 0) throw new Error(`${name} not found in ${file}`);
  const end = text.indexOf(";", start);
  return [...text.slice(start, end).matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
}

/** "dice-exhausted" → "DiceExhausted"; "allOutAttack" → "AllOutAttack". */
const pascal = (id: string) =>
  id
    .split("-")
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join("");

/* -------------------------------------------- */
/*  Families of keys built at run time          */
/* -------------------------------------------- */

interface Family {
  /** The key with `{id}` where the id goes. */
  pattern: string;
  /** Where the ids come from (for the reader). */
  source: string;
  /** The ids, as they appear in keys; absent for an open family. */
  ids?: () => readonly string[];
  /** Every id must have its key. */
  complete?: boolean;
}

const FAMILIES: readonly Family[] = [
  {
    pattern: "FANGS.Chat.Roll.{id}",
    source:
      "FANGS_DICE_STEPS in src/rulesets/fangs/chat/exchange-state.ts (each Roll's label, by stepLabelKey)",
    ids: () => FANGS_DICE_STEPS.map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.GmDamage.Ruleset.{id}",
    source:
      "GM_DAMAGE_WORDS in src/apps/gm-damage/dialog.ts (FANGS's own words for the GM damage tool, under its lang prefix)",
    ids: () => GM_DAMAGE_WORDS,
  },
  {
    pattern: "FANGS.Encounter.{id}.Name",
    source: "ENCOUNTERS in src/encounters/table.ts (the ready-made encounters)",
    ids: () => Object.values(ENCOUNTERS).map((e) => e.name.split(".")[2]!),
    complete: true,
  },
  {
    pattern: "FANGS.Maneuver.{id}.Name",
    source: "MANEUVER_IDS in src/rules/fangs/types.ts (the rules core's maneuver registry)",
    ids: () => MANEUVER_IDS.map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Maneuver.{id}.Hint",
    source: "MANEUVER_IDS in src/rules/fangs/types.ts",
    ids: () => MANEUVER_IDS.map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Status.{id}",
    source: "STATUS_IDS in src/config/statuses.ts",
    ids: () => literalsOf("src/config/statuses.ts", "STATUS_IDS").map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Actor.Characteristic.{id}.Name",
    source: "CHARACTERISTIC_IDS (the data models' field labels)",
    ids: () => CHARACTERISTIC_IDS.map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Actor.Type.{id}",
    source: "ACTOR_TYPES in src/rulesets/fangs/config/labels.ts (labels(), also the sheets)",
    ids: () => literalsOf("src/rulesets/fangs/config/labels.ts", "ACTOR_TYPES").map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Item.Type.{id}",
    source: "ITEM_TYPES in src/rulesets/fangs/config/labels.ts (labels(), also the sheets)",
    ids: () => literalsOf("src/rulesets/fangs/config/labels.ts", "ITEM_TYPES").map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Item.Weapon.Hands.{id}",
    source: "WEAPON_HANDS in src/rulesets/fangs/config/labels.ts",
    ids: () => literalsOf("src/rulesets/fangs/config/labels.ts", "WEAPON_HANDS").map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Item.Weapon.Kind.{id}",
    source: "WEAPON_KINDS in src/rulesets/fangs/config/labels.ts",
    ids: () => literalsOf("src/rulesets/fangs/config/labels.ts", "WEAPON_KINDS").map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Item.Skill.Category.{id}",
    source: "SKILL_CATEGORIES in src/rulesets/fangs/config/labels.ts",
    ids: () => literalsOf("src/rulesets/fangs/config/labels.ts", "SKILL_CATEGORIES").map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Item.Advantage.Effect.{id}",
    source: "KNOWN_ADVANTAGES in src/rulesets/fangs/config/labels.ts",
    ids: () => literalsOf("src/rulesets/fangs/config/labels.ts", "KNOWN_ADVANTAGES").map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Item.Advantage.Known.{id}",
    source: "KNOWN_ADVANTAGES in src/rulesets/fangs/config/labels.ts",
    ids: () => literalsOf("src/rulesets/fangs/config/labels.ts", "KNOWN_ADVANTAGES").map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Setting.Rules.Field.{id}",
    source: "the keys of FANGS_DEFAULTS (src/rulesets/fangs/config/settings.ts labels the ones it exposes)",
    ids: () => Object.keys(FANGS_DEFAULTS).map(pascal),
  },
  {
    // Also the Combat's own refusals, named literally; src/combat/combat-refusal.test.ts checks each reason has its key.
    pattern: "FANGS.Combat.Refusal.{id}",
    source:
      "ROUND_REFUSAL_REASONS in src/rules/fangs/round-engine.ts (tableRefusal, src/combat/combat-refusal.ts)",
  },
  {
    pattern: "FANGS.Chat.Rules.{id}",
    source: "RulesErrorCode in src/rules/kernel/errors.ts",
    ids: () => literalsOf("src/rules/kernel/errors.ts", "RulesErrorCode").map(pascal),
  },
  {
    pattern: "FANGS.Sim.Item.{id}",
    source: "ItemCondition (the condition badge's ids)",
    ids: () => Object.keys(CONDITION_LABELS),
    complete: true,
  },
  {
    pattern: "FANGS.Sim.Defense.{id}",
    source: "DefenseChoice in src/rules/fangs/types.ts",
    ids: () => literalsOf("src/rules/fangs/types.ts", "DefenseChoice"),
  },
  { pattern: "FANGS.Sim.Outcome.{id}", source: "outcome kinds of the exchange (src/rules/fangs/outcome.ts)" },
  { pattern: "FANGS.Sim.Fumble.{id}", source: "fumble results (src/rules/fangs/fumble.ts)" },
  { pattern: "FANGS.Odds.End.{id}", source: "END_STATES of the simulator (src/sim)" },
  { pattern: "FANGS.Chat.Refusal.{id}", source: "RefusalCode in src/rulesets/fangs/chat/exchange-state.ts" },
  {
    pattern: "FANGS.Rules.Attack.Refusal.{id}",
    source: "the refusal reasons of src/rules/fangs/attack-checks.ts",
  },
  {
    pattern: "FANGS.Rules.Defense.Refusal.{id}",
    source: "the refusal reasons of src/rules/fangs/defenses.ts",
  },
  {
    pattern: "FANGS.Rules.Maneuver.Refusal.{id}",
    source: "the refusal reasons of src/rules/fangs/maneuvers.ts",
  },
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

function prefixOf(f: Family): string {
  return f.pattern.slice(0, f.pattern.indexOf("{id}"));
}

function familyMatch(f: Family, key: string): string | null {
  const [before, after] = f.pattern.split("{id}") as [string, string];
  if (!key.startsWith(before) || !key.endsWith(after)) return null;
  const id = key.slice(before.length, key.length - after.length);
  return id && !id.includes(".") ? id : null;
}

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

interface Usage {
  keys: Map<string, string>;
  prefixes: Map<string, string>;
}

/** A quoted key; the segment after FANGS. is capitalised, which leaves out code like `FANGS.maneuvers`. */
const QUOTED = /(["'`])((?:FANGS|TYPES)\.[A-Z][A-Za-z0-9_.]*)(["'`]|\$\{)/g;

function scanQuoted(file: string, usage: Usage): void {
  for (const m of read(file).matchAll(QUOTED)) {
    const [, open, key, close] = m as unknown as [string, string, string, string];
    const where = relative(REPO_ROOT, file);
    const complete = close === open && !key.endsWith(".");
    if (complete) usage.keys.set(key, where);
    else usage.prefixes.set(key.slice(0, key.lastIndexOf(".") + 1), where);
  }
}

function scanBare(file: string, usage: Usage): void {
  for (const m of read(file).matchAll(/\bFANGS\.[A-Z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+/g)) {
    usage.keys.set(m[0], relative(REPO_ROOT, file));
  }
}

function collectUsage(): Usage {
  const usage: Usage = { keys: new Map(), prefixes: new Map() };
  for (const f of filesUnder("templates", (p) => p.endsWith(".hbs"))) scanQuoted(f, usage);
  for (const f of filesUnder("src", (p) => p.endsWith(".ts") && !p.endsWith(".test.ts")))
    scanQuoted(f, usage);
  for (const f of filesUnder("packs", (p) => /\.(json|ya?ml)$/.test(p))) scanBare(f, usage);
  scanBare(join(REPO_ROOT, "system.json"), usage);
  for (const { file } of rulesetFragments(REPO_ROOT)) scanBare(join(REPO_ROOT, file), usage);
  return usage;
}

/**
 * A quoted key that names a group of keys in lang/en.json, or a family's
 * prefix (`"FANGS.Item.Type"`), is a prefix handed to code that adds the id (`labels(ITEM_TYPES, "FANGS.Item.Type")`).
 */
function groupsToPrefixes(usage: Usage, defined: ReadonlySet<string>): void {
  for (const [key, where] of [...usage.keys]) {
    const group = [...defined].some((d) => d.startsWith(`${key}.`));
    const family = FAMILIES.some((f) => prefixOf(f) === `${key}.`);
    if (!defined.has(key) && (group || family)) {
      usage.keys.delete(key);
      usage.prefixes.set(`${key}.`, where);
    }
  }
}

/* -------------------------------------------- */
/*  Tests                                       */
/* -------------------------------------------- */

describe("lang/en.json", () => {
  const parsed = JSON.parse(langText) as unknown;
  const entries = flatten(parsed);
  const defined = new Set(Object.keys(entries));
  const usage = collectUsage();
  groupsToPrefixes(usage, defined);

  it("names no key twice", () => {
    expect(duplicateKeys(langText)).toEqual([]);
  });

  it("holds a non-empty text under every key, all keys under FANGS. (or Foundry's TYPES.)", () => {
    const bad = Object.entries(entries).filter(
      ([k, v]) => typeof v !== "string" || v.trim() === "" || !/^(FANGS|TYPES)\./.test(k),
    );
    expect(bad).toEqual([]);
  });

  it("never uses a key both as a text and as a group (Foundry expands dotted keys)", () => {
    const keys = [...defined].sort();
    const clashes = keys.filter((k) => keys.some((other) => other.startsWith(`${k}.`)));
    expect(clashes).toEqual([]);
  });

  it("defines every key the templates, the code and the packs use", () => {
    const missing = [...usage.keys].filter(([k]) => !defined.has(k)).map(([k, where]) => `${k} (${where})`);
    expect(missing).toEqual([]);
  });

  it("declares a family for every key built at run time", () => {
    const undeclared = [...usage.prefixes]
      .filter(
        ([prefix]) => !FAMILIES.some((f) => prefixOf(f).startsWith(prefix) || prefix.startsWith(prefixOf(f))),
      )
      .map(([prefix, where]) => `${prefix}… (${where})`);
    expect(undeclared).toEqual([]);
  });

  it("uses every key it defines", () => {
    const unused = [...defined].filter(
      (k) => !usage.keys.has(k) && !FAMILIES.some((f) => familyMatch(f, k) !== null),
    );
    expect(unused).toEqual([]);
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

describe("the key scanner", () => {
  it("tells full keys from prefixes built at run time", () => {
    const usage: Usage = { keys: new Map(), prefixes: new Map() };
    const sample = [
      `{{localize "FANGS.Sheet.Roll"}}`,
      // A template literal as the code writes it: `FANGS.Status.${id}`.
      "const a = `FANGS.Status.$" + "{id}`;",
      `const b = "FANGS.Rules.Attack.Refusal." + reason;`,
      "const c = 'FANGS.Item.Type.Weapon';",
    ].join("\n");
    for (const m of sample.matchAll(QUOTED)) {
      const [, open, key, close] = m as unknown as [string, string, string, string];
      if (close === open && !key.endsWith(".")) usage.keys.set(key, "x");
      else usage.prefixes.set(key.slice(0, key.lastIndexOf(".") + 1), "x");
    }
    expect([...usage.keys.keys()]).toEqual(["FANGS.Sheet.Roll", "FANGS.Item.Type.Weapon"]);
    expect([...usage.prefixes.keys()]).toEqual(["FANGS.Status.", "FANGS.Rules.Attack.Refusal."]);
  });

  it("finds duplicate keys JSON.parse would hide, at any depth", () => {
    expect(duplicateKeys(`{"A.b": "1", "A.c": "2", "A.b": "3"}`)).toEqual(["A.b"]);
    expect(duplicateKeys(`{"A": {"b": "1", "c": ["x", "y"], "b": "2"}, "B": {"b": "3"}}`)).toEqual(["A.b"]);
    expect(duplicateKeys(`{"A": "say \\"hi\\"", "B": "2"}`)).toEqual([]);
  });

  it("matches a family only for one id segment", () => {
    const f: Family = { pattern: "FANGS.Maneuver.{id}.Name", source: "" };
    expect(familyMatch(f, "FANGS.Maneuver.Attack.Name")).toBe("Attack");
    expect(familyMatch(f, "FANGS.Maneuver.Attack.Hint")).toBeNull();
    expect(familyMatch(f, "FANGS.Maneuver.A.B.Name")).toBeNull();
  });
});
