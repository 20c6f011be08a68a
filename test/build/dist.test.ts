import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { buildSystem, STATIC_FILES, STATIC_FOLDERS } from "../../scripts/build.mjs";
import { BUNDLE_BUDGET, bundleSize, startupSources, unsplitReference } from "../../scripts/bundle-size.mjs";
import { moduleGraph, relativeImports } from "../../scripts/lib/chunks.mjs";
import {
  manifestPaths,
  mediaPaths,
  missingFiles,
  ROOT,
  readJson,
  type SystemManifest,
  sourceManifest,
} from "../../scripts/lib/manifest.mjs";
import { UNMAPPED } from "../../scripts/lib/source-bytes.mjs";
import { listFiles, zipDirectory } from "../../scripts/lib/zip.mjs";
import { packageRelease, releaseManifest, tagFor } from "../../scripts/release.mjs";
import { othersFragments, systemPart } from "./ruleset-parts";

/**
 * Each ruleset's heavy-part barrel, found by its name: `src/rulesets/<id>-heavy.ts`,
 * beside the ruleset's folder (its definition's `loadHeavy` imports it; the chunk is named after it).
 */
const RULESET_HEAVY_BARRELS = readdirSync(path.join(ROOT, "src/rulesets"))
  .filter((name) => /^[a-z][a-z0-9]*-heavy\.ts$/.test(name))
  .map((name) => `src/rulesets/${name}`);

/** The GM's side of card steps and round actions every ruleset shares: a lazy chunk of its own. */
const TABLE_AUTHORITY = "src/table-authority.ts";

/** The modules (from the repository root) a barrel re-exports from: `export … from "<relative path>"`. */
function reExportedModules(barrel: string): string[] {
  const text = readFileSync(path.join(ROOT, barrel), "utf8");
  return [...text.matchAll(/^export\s[^;]*?\sfrom\s+"(\.[^"]+)"/gms)].map((m) =>
    path.posix.join(path.posix.dirname(barrel), `${m[1]}.ts`),
  );
}

/** Every entry of a zip archive with its uncompressed bytes, read by an independent zip reader. */
function readZip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Buffer>();
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on("error", reject);
      zip.on("end", () => resolve(entries));
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

const REPO = "https://github.com/example/fangs-vtt";
const source = readJson<SystemManifest>(path.join(ROOT, "system.json"));
/** The manifest Foundry loads: system.json with the rulesets' fragments (src/rulesets/<id>/manifest.json). */
const composed = sourceManifest(ROOT);
const pkg = readJson<{ version: string }>(path.join(ROOT, "package.json"));

describe("system.json", () => {
  it("has the package's version and targets Foundry v13 with a real verified build", () => {
    expect(source.version).toBe(pkg.version);
    expect(source.compatibility).toEqual({ minimum: "13", verified: "13.351", maximum: "13" });
  });

  it("declares the fixed document types, each with its HTML field, and the exchange and GM damage chat notes", () => {
    // FANGS's exactly; another ruleset's folder adds its own, each as its fragment declares it.
    const others = othersFragments(ROOT);
    for (const { file, fragment } of others)
      for (const [documentName, declared] of Object.entries(fragment.documentTypes ?? {}))
        expect(composed.documentTypes?.[documentName], file).toMatchObject(declared);
    expect(systemPart(composed, others).documentTypes).toEqual({
      ChatMessage: { exchange: {}, gmDamage: {} },
      Actor: { character: { htmlFields: ["biography"] }, creature: { htmlFields: ["biography"] } },
      Item: Object.fromEntries(
        ["weapon", "shield", "armor", "skill", "advantage", "maneuver"].map((t) => [
          t,
          { htmlFields: ["description"] },
        ]),
      ),
    });
  });

  it("names the fixed entry points and the FANGS table settings", () => {
    expect(source).toMatchObject({
      id: "fangs",
      esmodules: ["fangs.js"],
      styles: ["styles/fangs.css"],
      languages: [{ lang: "en", path: "lang/en.json" }],
      socket: true,
      // A square grid of one pace, diagonals alternating 1-2-1 (CONST.GRID_TYPES.SQUARE,
      // CONST.GRID_DIAGONALS.ALTERNATING_1; docs/rules/fangs.md, "Compendium content").
      grid: { type: 1, distance: 1, units: "paces", diagonals: 4 },
      primaryTokenAttribute: "stunPoints",
      secondaryTokenAttribute: "hitPoints",
      initiative: "@characteristics.ag",
    });
  });
});

describe("npm run build", () => {
  let work: string;
  let dist: string;
  let built: Awaited<ReturnType<typeof buildSystem>>;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), "fangs-dist-"));
    dist = path.join(work, "dist");
    built = await buildSystem({ outDir: dist });
  }, 60_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("puts every file system.json names into dist: modules, styles, languages, packs", () => {
    const named = manifestPaths(built.manifest);
    expect(named).toEqual(
      expect.arrayContaining(["fangs.js", "styles/fangs.css", "lang/en.json", "packs/weapons"]),
    );
    expect(missingFiles(built.manifest, dist)).toEqual([]);
    for (const pack of built.manifest.packs ?? []) {
      expect(existsSync(path.join(dist, pack.path, "CURRENT")), `${pack.path} is a LevelDB folder`).toBe(
        true,
      );
    }
  });

  it("ships the manifest's media: a setup image, a cover and screenshots, each one of the README's screenshots", () => {
    const media = built.manifest.media ?? [];
    expect(new Set(media.map((m) => m.type))).toEqual(new Set(["setup", "cover", "screenshot"]));
    for (const m of media) {
      expect(["setup", "cover", "screenshot", "icon", "video"], m.url).toContain(m.type);
      expect(m.caption?.length ?? 0, m.url).toBeGreaterThan(10);
    }
    const files = mediaPaths(built.manifest);
    expect(files.length).toBe(media.length - 1);
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    for (const file of files) {
      expect(file).toMatch(/^docs\/screenshots\/[\w-]+\.png$/);
      expect(readme, file).toContain(`(${file})`);
      expect(readFileSync(path.join(dist, file)).equals(readFileSync(path.join(ROOT, file))), file).toBe(
        true,
      );
    }
    expect(
      missingFiles({ ...built.manifest, media: [{ type: "cover", url: "systems/fangs/absent.png" }] }, dist),
    ).toContain("absent.png");
  });

  it("notices a missing file (the check the build ends with)", () => {
    expect(missingFiles({ ...built.manifest, styles: ["styles/absent.css"] }, dist)).toEqual([
      "styles/absent.css",
    ]);
  });

  it("writes dist/system.json: the source manifest with the rulesets' fragments and the package version", () => {
    expect(readJson(path.join(dist, "system.json"))).toEqual({ ...composed, version: pkg.version });
  });

  it("bundles src/fangs.ts into the entry fangs.js and its chunks under chunks/, each with its source map", () => {
    const scripts = listFiles(dist).filter((f) => /\.(m?js|map)$/.test(f));
    const chunks = scripts.filter((f) => f.endsWith(".js") && f !== "fangs.js");
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expect(chunk).toMatch(/^chunks\/[\w.-]+-[\w-]{6,}\.js$/);
    // The bundler's own helper chunk (namespace objects for dynamic imports) has no source to map.
    const mapped = chunks.filter((c) => !c.startsWith("chunks/rolldown-runtime-"));
    expect(chunks.length - mapped.length).toBeLessThanOrEqual(1);
    expect(scripts).toEqual(["fangs.js", "fangs.js.map", ...chunks, ...mapped.map((c) => `${c}.map`)].sort());
    for (const file of ["fangs.js", ...chunks]) {
      const code = readFileSync(path.join(dist, file), "utf8");
      expect(code, file).not.toMatch(/\brequire\(/);
      // Minified: no indented lines.
      expect(code, file).not.toMatch(/^[ \t]+\S/m);
    }
    const map = readJson<{ sources: string[] }>(path.join(dist, "fangs.js.map"));
    expect(map.sources.some((s) => s.endsWith("src/fangs.ts"))).toBe(true);
  });

  it("has every chunk the entry imports, statically or on demand, and no chunk nothing imports", () => {
    const graph = moduleGraph(dist, "fangs.js");
    expect(graph.missing).toEqual([]);
    expect(built.modules).toEqual({ startup: graph.startup, lazy: graph.lazy });
    const chunks = listFiles(dist).filter((f) => f.endsWith(".js") && f !== "fangs.js");
    expect([...graph.startup, ...graph.lazy].sort()).toEqual(["fangs.js", ...chunks].sort());
    // Start-up imports the heavy part of each ruleset (src/on-demand.ts) only dynamically.
    const startupCode = graph.startup.map((f) => readFileSync(path.join(dist, f), "utf8"));
    expect(startupCode.some((code) => relativeImports(code).dynamic.length > 0)).toBe(true);
    expect(graph.lazy.length).toBeGreaterThan(0);
  });

  it("keeps each ruleset's heavy part out of the start-up set: what its barrel re-exports and what only that reaches", () => {
    const graph = moduleGraph(dist, "fangs.js");
    const sourcesOf = (files: readonly string[]) =>
      files
        .filter((f) => existsSync(path.join(dist, `${f}.map`)))
        .flatMap((f) => readJson<{ sources: string[] }>(path.join(dist, `${f}.map`)).sources);
    const lazySources = sourcesOf(graph.lazy);
    const startupSources = sourcesOf(graph.startup);
    const barrels = RULESET_HEAVY_BARRELS;
    expect(barrels).toContain("src/rulesets/fangs-heavy.ts");
    expect(barrels.length).toBeGreaterThan(0);
    // The barrel itself only re-exports: no code of its own to find in a chunk.
    const heavy = barrels.flatMap(reExportedModules);
    expect(heavy.length).toBeGreaterThan(barrels.length);
    // Besides the barrel's own modules, FANGS's heavy part alone reaches the simulator, the attack checks, the special defenses.
    const reachedOnlyFromThere = [
      "src/rulesets/fangs/sim/duel.ts",
      "src/rulesets/fangs/apps/encounter-odds/odds-app.ts",
      "src/rules/fangs/attack-checks.ts",
      "src/rules/fangs/special-defenses.ts",
      "src/rulesets/fangs/combat/free-attacks.ts",
      // The exchange card's drawing, a chunk of its own that the card's renderer loads at `setup`.
      "src/rulesets/fangs/chat/exchange-render.ts",
      "src/rulesets/fangs/chat/exchange-view.ts",
      "src/rulesets/fangs/chat/defense-options.ts",
      // Every ruleset's Encounter odds window, reached from the simulators in their heavy parts.
      "src/apps/encounter-odds/odds-window.ts",
      "src/rulesets/sharene/apps/encounter-odds/odds-app.ts",
      "src/rulesets/lunos/apps/encounter-odds/odds-app.ts",
    ];
    for (const module of [...heavy, ...reachedOnlyFromThere]) {
      expect(existsSync(path.join(ROOT, module)), `${module} exists`).toBe(true);
      expect(
        lazySources.some((s) => s.endsWith(module)),
        `${module} is in a lazy chunk`,
      ).toBe(true);
      expect(
        startupSources.some((s) => s.endsWith(module)),
        `${module} is not loaded at start-up`,
      ).toBe(false);
    }
  });

  it("keeps FANGS's rules that only a fight asks out of the start-up set, which reads their small parts", () => {
    const graph = moduleGraph(dist, "fangs.js");
    const sourcesOf = (files: readonly string[]) =>
      files
        .filter((f) => existsSync(path.join(dist, `${f}.map`)))
        .flatMap((f) => readJson<{ sources: string[] }>(path.join(dist, `${f}.map`)).sources);
    const lazySources = sourcesOf(graph.lazy);
    const startupSources = sourcesOf(graph.startup);
    // Each module a fight needs, and the part of it start-up reads (the tracker, the sheets, the data models).
    const splits: readonly (readonly [fight: string, startup: string])[] = [
      ["src/rules/fangs/defenses.ts", "src/rules/fangs/defense-usage.ts"],
      ["src/rules/fangs/attacks.ts", "src/rules/fangs/attack-counter.ts"],
      ["src/rules/fangs/consequences.ts", "src/rules/fangs/pool-conditions.ts"],
      ["src/rules/fangs/round.ts", "src/rules/fangs/phase-order.ts"],
      ["src/rulesets/fangs/chat/exchange-state.ts", "src/rulesets/fangs/chat/exchange-stages.ts"],
      ["src/rulesets/fangs/combat/plan-state.ts", "src/rulesets/fangs/combat/snapshot.ts"],
    ];
    for (const [fight, small] of splits) {
      for (const module of [fight, small]) expect(existsSync(path.join(ROOT, module)), module).toBe(true);
      expect(
        lazySources.some((s) => s.endsWith(fight)),
        `${fight} is in a lazy chunk`,
      ).toBe(true);
      expect(
        startupSources.some((s) => s.endsWith(fight)),
        `${fight} is not loaded at start-up`,
      ).toBe(false);
      expect(
        startupSources.some((s) => s.endsWith(small)),
        `${small} is what start-up reads instead`,
      ).toBe(true);
    }
  });

  it("names each ruleset's heavy chunk after its barrel (chunks/<id>-heavy-<hash>.js)", () => {
    const graph = moduleGraph(dist, "fangs.js");
    for (const barrel of RULESET_HEAVY_BARRELS) {
      const name = path.basename(barrel, ".ts");
      expect(
        graph.lazy.filter((f) => f.startsWith(`chunks/${name}-`)),
        `${barrel}'s chunk`,
      ).toHaveLength(1);
    }
  });

  it("keeps the GM's side of card steps and round actions in a lazy chunk of its own, with no module of FANGS's", () => {
    const graph = moduleGraph(dist, "fangs.js");
    const sourcesOf = (files: readonly string[]) =>
      files
        .filter((f) => existsSync(path.join(dist, `${f}.map`)))
        .flatMap((f) =>
          readJson<{ sources: string[] }>(path.join(dist, `${f}.map`)).sources.map((s) =>
            path
              .relative(ROOT, path.resolve(path.dirname(path.join(dist, f)), s))
              .split(path.sep)
              .join("/"),
          ),
        );
    const chunk = graph.lazy.filter((f) => f.startsWith(`chunks/${path.basename(TABLE_AUTHORITY, ".ts")}-`));
    expect(chunk).toHaveLength(1);
    // What loading it brings: the chunk and what it imports statically, but the start-up set.
    const brought = moduleGraph(dist, chunk[0]!).startup.filter((f) => !graph.startup.includes(f));
    const sources = sourcesOf(brought);
    const startupSources = sourcesOf(graph.startup);
    for (const module of reExportedModules(TABLE_AUTHORITY)) {
      expect(sources, `${module} comes with the GM's side`).toContain(module);
      expect(startupSources, `${module} is not loaded at start-up`).not.toContain(module);
    }
    expect(sources.filter((s) => /^src\/(rules|rulesets)\/fangs[/-]/.test(s))).toEqual([]);
  });

  it("loads the start-up code as the entry and one chunk: two requests, however the lazy chunks share it", () => {
    const graph = moduleGraph(dist, "fangs.js");
    expect(graph.startup).toHaveLength(2);
    expect(graph.startup[0]).toBe("fangs.js");
    expect(graph.startup[1]).toMatch(/^chunks\/startup-[\w-]+\.js$/);
  });

  it("keeps the start-up set within 200,000 B (BUNDLE_BUDGET, scripts/bundle-size.mjs)", () => {
    const size = bundleSize(dist);
    expect(size.entry.file).toBe("fangs.js");
    expect(size.entry.bytes).toBe(readFileSync(path.join(dist, "fangs.js")).length);
    expect(size.startup.files.map((f) => f.file)).toEqual(built.modules.startup);
    expect(size.total.bytes).toBe(size.startup.bytes + size.lazy.bytes);
    expect(size.startup.bytes, "start-up set bytes").toBeLessThanOrEqual(BUNDLE_BUDGET.startup);
  });

  it("counts every start-up byte for the source it came from (bundle-size --sources), largest first", () => {
    const size = bundleSize(dist);
    const sources = startupSources(dist);
    expect(sources.reduce((total, s) => total + s.bytes, 0)).toBe(size.startup.bytes);
    expect(sources.map((s) => s.bytes)).toEqual(sources.map((s) => s.bytes).sort((a, b) => b - a));
    const bytesOf = (source: string) => sources.find((s) => s.source === source)?.bytes ?? 0;
    expect(bytesOf("src/fangs.ts")).toBeGreaterThan(0);
    expect(bytesOf("src/rules/fangs/defense-usage.ts")).toBeGreaterThan(0);
    expect(bytesOf("src/rules/fangs/defenses.ts")).toBe(0);
    // The minifier's glue between modules, not a module's code.
    expect(bytesOf(UNMAPPED)).toBeLessThan(size.startup.bytes / 20);
  });

  it("takes the lazy code out of the entry: the same sources unsplit make a bigger single module", async () => {
    const reference = await unsplitReference();
    const size = bundleSize(dist);
    expect(reference.bytes - size.entry.bytes).toBeGreaterThan(size.lazy.bytes / 2);
    expect(reference.bytes).toBeGreaterThan(size.startup.bytes);
  }, 60_000);

  it("notices an imported chunk that is missing", () => {
    const graph = moduleGraph(dist, "fangs.js");
    const chunk = [...graph.startup.slice(1), ...graph.lazy][0]!;
    const moved = path.join(work, "moved.js");
    renameSync(path.join(dist, chunk), moved);
    try {
      expect(moduleGraph(dist, "fangs.js").missing).toEqual([chunk]);
      expect(() => bundleSize(dist)).toThrow(chunk);
    } finally {
      renameSync(moved, path.join(dist, chunk));
    }
  });

  it("ships the licence, the credits and the read-me with the system", () => {
    expect(STATIC_FILES).toEqual(["LICENSE", "CREDITS.md", "README.md"]);
    for (const file of STATIC_FILES) {
      expect(readFileSync(path.join(dist, file)).equals(readFileSync(path.join(ROOT, file))), file).toBe(
        true,
      );
    }
  });

  it("copies the static folders file for file", () => {
    for (const folder of built.copied) {
      const files = listFiles(path.join(ROOT, folder));
      expect(listFiles(path.join(dist, folder)), folder).toEqual(files);
      for (const file of files) {
        expect(
          readFileSync(path.join(dist, folder, file)).equals(readFileSync(path.join(ROOT, folder, file))),
          file,
        ).toBe(true);
      }
    }
    expect(built.copied).toEqual(STATIC_FOLDERS.filter((f) => existsSync(path.join(ROOT, f))));
    expect(built.copied).toEqual(expect.arrayContaining(["templates", "lang", "styles"]));
  });

  it("compiles every declared pack with all its source documents", () => {
    expect(built.packs.map((p) => p.name)).toEqual((composed.packs ?? []).map((p) => p.name));
    for (const pack of built.packs) {
      expect(pack.documents, pack.name).toBe(listFiles(path.join(ROOT, "packs", pack.name)).length);
    }
  });

  describe("npm run release", () => {
    let released: Awaited<ReturnType<typeof packageRelease>>;
    let out: string;

    beforeAll(async () => {
      out = path.join(work, "release");
      released = await packageRelease({
        distDir: dist,
        outDir: out,
        repoUrl: `${REPO}/`,
        tag: tagFor(pkg.version),
      });
    }, 60_000);

    it("fills manifest and download for the tagged version and drops the development flags", () => {
      const manifest = readJson<SystemManifest>(path.join(out, "system.json"));
      expect(manifest.manifest).toBe(`${REPO}/releases/latest/download/system.json`);
      expect(manifest.download).toBe(`${REPO}/releases/download/v${pkg.version}/fangs.zip`);
      expect(manifest.url).toBe(REPO);
      expect(manifest.flags?.hotReload).toBeUndefined();
    });

    it("leaves dist/system.json as built, so a linked dist keeps hot reload", () => {
      const built = readJson<SystemManifest>(path.join(dist, "system.json"));
      expect(built.flags?.hotReload).toEqual(source.flags?.hotReload);
      expect(built.download).not.toBe(released.manifest.download);
    });

    it("zips every file of dist, byte for byte, with the released system.json at the root", async () => {
      const entries = await readZip(released.zipPath);
      expect(JSON.parse(entries.get("system.json")?.toString("utf8") ?? "null")).toEqual(
        readJson(path.join(out, "system.json")),
      );
      const files = listFiles(dist);
      expect([...entries.keys()].sort()).toEqual(files);
      expect(files).toEqual(
        expect.arrayContaining([
          "system.json",
          "fangs.js",
          "lang/en.json",
          "styles/fangs.css",
          ...built.modules.startup,
          ...built.modules.lazy,
        ]),
      );
      for (const file of files.filter((f) => f !== "system.json")) {
        expect(entries.get(file)?.equals(readFileSync(path.join(dist, file))), file).toBe(true);
      }
    });

    it("makes the same archive from the same files", async () => {
      const again = path.join(work, "again.zip");
      await zipDirectory(dist, again, { "system.json": Buffer.from(released.manifestText) });
      const hash = (f: string) => createHash("sha256").update(readFileSync(f)).digest("hex");
      expect(hash(again)).toBe(hash(released.zipPath));
    });

    it("refuses a tag that is not v<version>, and a missing or non-https repository URL", () => {
      const manifest = { ...source, version: pkg.version };
      expect(() => releaseManifest(manifest, { repoUrl: REPO, tag: "v9.9.9" })).toThrow(
        /does not match the version/,
      );
      expect(() => releaseManifest(manifest, { repoUrl: REPO, tag: pkg.version })).toThrow(/expected "v/);
      expect(() => releaseManifest(manifest, { repoUrl: undefined })).toThrow(/FANGS_REPO_URL/);
      expect(() => releaseManifest(manifest, { repoUrl: "http://example.com/x" })).toThrow(/FANGS_REPO_URL/);
      expect(releaseManifest(manifest, { repoUrl: REPO }).download).toContain(`/v${pkg.version}/`);
    });
  });
});
