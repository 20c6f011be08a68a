/**
 * `npm run build`: turns the source tree into dist/, a system folder Foundry
 * can load as Data/systems/fangs. Steps: clean, bundle src/fangs.ts with vite
 * (library mode, see vite.config.ts), copy the static folders, write
 * system.json (the top-level one with every ruleset folder's manifest
 * fragment merged in, and the package version: `sourceManifest`; a
 * fragment that clashes fails the build, naming its file), compile the
 * packs, then check that
 * every file the manifest names is there, and every chunk file the entry
 * module imports (statically or on demand, dist/chunks/*.js).
 */
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build as viteBuild } from "vite";
import { bundleSize } from "./bundle-size.mjs";
import { moduleGraph } from "./lib/chunks.mjs";
import { mediaPaths, missingFiles, ROOT, sourceManifest } from "./lib/manifest.mjs";
import { compilePacks } from "./lib/packs.mjs";

/** Folders served as they are; templates and language files are read by Foundry at run time. */
export const STATIC_FOLDERS = ["templates", "lang", "styles", "assets"];
/** Files every installed copy and release zip carries: the licence, the art credits and the read-me. */
export const STATIC_FILES = ["LICENSE", "CREDITS.md", "README.md"];

export async function buildSystem({ root = ROOT, outDir = path.join(root, "dist"), log = false } = {}) {
  const manifest = sourceManifest(root);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  await viteBuild({
    root,
    configFile: path.join(root, "vite.config.ts"),
    logLevel: log ? "info" : "warn",
    build: { outDir },
  });

  const copied = [];
  for (const folder of STATIC_FOLDERS) {
    const source = path.join(root, folder);
    if (!existsSync(source)) continue;
    cpSync(source, path.join(outDir, folder), { recursive: true });
    copied.push(folder);
  }
  for (const file of STATIC_FILES) cpSync(path.join(root, file), path.join(outDir, file));
  // The manifest's cover and screenshots (the README's, under docs/screenshots), at the same paths.
  for (const file of mediaPaths(manifest)) {
    mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(outDir, file));
  }

  writeFileSync(path.join(outDir, "system.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const packs = await compilePacks({ root, outDir, manifest });

  const missing = missingFiles(manifest, outDir);
  if (missing.length > 0) {
    throw new Error(`the build lacks files system.json names: ${missing.join(", ")}`);
  }
  // The chunks each module loads, followed from every module system.json names.
  const modules = { startup: [], lazy: [] };
  for (const entry of manifest.esmodules ?? []) {
    const graph = moduleGraph(outDir, entry);
    if (graph.missing.length > 0) {
      throw new Error(`the build lacks modules ${entry} imports: ${graph.missing.join(", ")}`);
    }
    modules.startup.push(...graph.startup);
    modules.lazy.push(...graph.lazy);
  }
  return { outDir, manifest, copied, packs, modules };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const started = performance.now();
  try {
    const { outDir, manifest, packs } = await buildSystem({ log: process.argv.includes("--verbose") });
    const documents = packs.reduce((sum, pack) => sum + pack.documents, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const size = bundleSize(outDir);
    const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
    console.log(
      `Built ${manifest.id} ${manifest.version} into ${path.relative(process.cwd(), outDir) || "."}: ` +
        `${packs.length} packs, ${documents} documents, ${seconds} s; ` +
        `${size.entry.file} ${kb(size.entry.bytes)}, start-up set ${kb(size.startup.bytes)}, ` +
        `all modules ${kb(size.total.bytes)} (node scripts/bundle-size.mjs)`,
    );
  } catch (error) {
    console.error(`Build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
