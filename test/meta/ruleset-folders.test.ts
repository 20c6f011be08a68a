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
const ALLOWED: readonly { files: readonly string[]; why: string; removedBy: string }[] = [
  {
    files: ["src/combat/turns.ts", "src/documents/combat.ts"],
    why: "the Combat's plan options, facts, maneuver statuses, impale and dying rounds are FANGS's, written on the shared document class",
    removedBy:
      "FANGS's plan options and round-start work read through its table (the definition), as its records already are",
  },
  {
    files: ["src/chat/index.ts"],
    why: "the hotbar drop takes FANGS's roll-macro drops (skill and characteristic checks)",
    removedBy: "a hotbar-drop part on the definition, as starting an attack already is (cards.attack)",
  },
  {
    files: ["src/chat/exchange-state.ts"],
    why: "FANGS's exchange card state, still beside the shared AppliedDelta, DiceStep/StepDice and intent types the authority, the dice and the applier import",
    removedBy:
      "those types in shared modules, then moving the file to src/rulesets/fangs/chat/ (a line in the move script)",
  },
  {
    files: ["src/chat/check-card.ts"],
    why: "postCheck posts FANGS's CheckResult with its confirmation roll, and fangsCheckLabels live here",
    removedBy:
      "FANGS's checks posted through postRulesetCheck, and its labels moved to src/rulesets/fangs/chat/",
  },
  {
    files: ["src/config/settings.ts"],
    why: "FANGS's settings (registerFangsSettings, rulesSchema, rulesOptions) are still written beside the shared registerSettings",
    removedBy: "moving them to src/rulesets/fangs/config/settings.ts, leaving the loop over the definitions",
  },
  {
    files: ["src/config/system.ts", "src/config/fangs-config.ts"],
    why: "the system's constants and CONFIG.FANGS (docs/api.md) keep FANGS's type labels and maneuvers beside what every ruleset uses",
    removedBy:
      "FANGS's labels and maneuvers under a per-ruleset entry of CONFIG.FANGS, keeping the API's names",
  },
  {
    files: ["src/config/fvtt-configuration.ts", "src/data/views.ts", "src/data/index.ts"],
    why: "the type configuration names FANGS's model classes for TypeScript, and the typed views and the migration read them",
    removedBy:
      "each ruleset declaring its models' types from its own folder (module augmentation) and views per ruleset",
  },
  {
    files: ["src/combat/index.ts", "src/documents/actor.ts", "src/documents/combatant.ts", "src/fangs.ts"],
    why: "the start-up and the document classes still wire FANGS's parts: maneuver statuses, the roll API on the Actor, the Combatant's round methods, the sheets' init",
    removedBy:
      "a start-up hook on the definition, the Combatant's methods moved to FANGS's combatant model, rolls asked of the definition",
  },
  {
    files: ["src/on-demand.ts"],
    why: "each ruleset's heavy part is one import() here, so the build test can find its barrel and its chunk keeps its name",
    removedBy:
      "the definition's loadHeavy owning its import() (the build test reading the barrels from the definitions)",
  },
  {
    files: ["src/quench/exchange-batch.ts"],
    why: "the in-Foundry test batch of FANGS's exchange card",
    removedBy: "FANGS's Quench batches moved to src/rulesets/fangs/quench/",
  },
];

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

  it("no ruleset imports another ruleset's folder", () => {
    const across = [...found].filter(([file]) => rulesetOf(file, ids) !== null);
    expect(across.map(([file, targets]) => `${file} imports ${targets.join(", ")}`)).toEqual([]);
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
