/**
 * `node scripts/bundle-size.mjs [dist] [--json]`: the sizes of the built
 * system's JavaScript. Foundry loads the entry module system.json names
 * (fangs.js); the browser fetches what it imports statically before it runs
 * (the start-up set) and the chunks reached only by a dynamic import
 * (lazy: each ruleset's heavy part, the world migration, the Quench
 * batches; src/on-demand.ts). Reports bytes and gzip bytes of each file, the entry,
 * the start-up set, the lazy chunks and the total. Run `npm run build` first.
 * `--reference` also builds the same sources as one file (code splitting
 * off, in memory) and reports its size: the figure before the split.
 * `--sources[=N]` lists the start-up set's bytes by source file, the N
 * largest (25 unless said; read from the source maps,
 * scripts/lib/source-bytes.mjs): what to split or move when it grows.
 * test/build/dist.test.ts holds the start-up set to BUNDLE_BUDGET.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { moduleGraph } from "./lib/chunks.mjs";
import { ROOT, readJson } from "./lib/manifest.mjs";
import { bytesBySource } from "./lib/source-bytes.mjs";

/**
 * Bytes the start-up set (the entry and everything it imports statically:
 * what Foundry loads before the system runs) may reach with every ruleset
 * registered: 200,000 bytes minified. The heavy part of a ruleset loads once
 * per world, through its loader, and does not count. Raise it only with a
 * note in docs/performance.md saying why.
 */
export const BUNDLE_BUDGET = { startup: 200_000 };

export function bundleSize(dist = path.join(ROOT, "dist")) {
  const manifest = readJson(path.join(dist, "system.json"));
  const entry = (manifest.esmodules ?? [])[0];
  if (!entry) throw new Error(`${dist}/system.json names no esmodule`);
  const graph = moduleGraph(dist, entry);
  if (graph.missing.length > 0)
    throw new Error(`the build lacks imported modules: ${graph.missing.join(", ")}`);
  const measure = (file) => {
    const code = readFileSync(path.join(dist, file));
    return { file, bytes: code.length, gzip: gzipSync(code, { level: 9 }).length };
  };
  const sum = (files) =>
    files.reduce((t, f) => ({ bytes: t.bytes + f.bytes, gzip: t.gzip + f.gzip }), { bytes: 0, gzip: 0 });
  const startup = graph.startup.map(measure);
  const lazy = graph.lazy.map(measure);
  return {
    entry: startup[0],
    startup: { files: startup, ...sum(startup) },
    lazy: { files: lazy, ...sum(lazy) },
    total: sum([...startup, ...lazy]),
  };
}

/** The start-up set's bytes by source file (paths from the repository root), largest first. */
export function startupSources(dist = path.join(ROOT, "dist")) {
  const size = bundleSize(dist);
  return bytesBySource(
    dist,
    size.startup.files.map((f) => f.file),
    ROOT,
  );
}

/** The same sources bundled into one module with code splitting off (in memory, nothing written). */
export async function unsplitReference(root = ROOT) {
  const { build } = await import("vite");
  const result = await build({
    root,
    configFile: path.join(root, "vite.config.ts"),
    logLevel: "silent",
    build: {
      write: false,
      outDir: path.join(root, "build", "bundle-reference"),
      rolldownOptions: { output: { codeSplitting: false, minify: true } },
    },
  });
  const chunks = (Array.isArray(result) ? result : [result])
    .flatMap((r) => r.output)
    .filter((o) => o.type === "chunk");
  if (chunks.length !== 1)
    throw new Error(`expected one module without code splitting, got ${chunks.length}`);
  const code = Buffer.from(chunks[0].code);
  return {
    file: `${chunks[0].fileName} (unsplit)`,
    bytes: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
  };
}

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

export function formatBundleSize(size) {
  const row = (label, s) =>
    `${label.padEnd(40)} ${String(s.bytes).padStart(9)} B ${kb(s.bytes).padStart(9)}  gzip ${kb(s.gzip).padStart(8)}`;
  return [
    ...size.startup.files.map((f, i) => row(`${i === 0 ? "entry" : "start-up"}  ${f.file}`, f)),
    ...size.lazy.files.map((f) => row(`lazy      ${f.file}`, f)),
    row("entry module", size.entry),
    row("start-up set (entry + static imports)", size.startup),
    row("lazy chunks", size.lazy),
    row("total", size.total),
    `budget (200,000 B minified, every ruleset registered): start-up set ≤ ${BUNDLE_BUDGET.startup} B`,
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    const dir = process.argv.slice(2).find((a) => !a.startsWith("--"));
    const size = bundleSize(dir ? path.resolve(dir) : undefined);
    const reference = process.argv.includes("--reference") ? await unsplitReference() : undefined;
    const sourcesFlag = process.argv.find((a) => a === "--sources" || a.startsWith("--sources="));
    const sources = sourcesFlag ? startupSources(dir ? path.resolve(dir) : undefined) : undefined;
    if (process.argv.includes("--json"))
      console.log(JSON.stringify({ ...size, reference, startupSources: sources }, null, 2));
    else {
      console.log(formatBundleSize(size));
      if (reference) {
        console.log(
          `reference: the same sources as one module (code splitting off): ${reference.bytes} B, gzip ${kb(reference.gzip)}`,
        );
      }
      if (sources) {
        const count = Number(sourcesFlag.split("=")[1] ?? 25);
        if (!Number.isInteger(count) || count < 1)
          throw new Error(`--sources=N wants a whole number, got ${sourcesFlag}`);
        console.log(
          `start-up set by source, the ${Math.min(count, sources.length)} largest of ${sources.length}:`,
        );
        for (const { source, bytes } of sources.slice(0, count))
          console.log(`${String(bytes).padStart(9)} B  ${source}`);
      }
    }
  } catch (error) {
    console.error(`bundle-size: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
