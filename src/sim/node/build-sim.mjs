// Builds the simulator's Node entries (src/sim/node/*-cli.ts and the odds
// worker) into build/sim/<hash>/ with vite's build API, because Node 20
// cannot run .ts files. The folder is named by a hash of the sources, so an
// unchanged tree reuses the last build at once, and two processes building
// side by side never write into each other's output.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const outRoot = join(root, "build/sim");
const ENTRIES = {
  "duel-cli": "src/sim/node/duel-cli.ts",
  "odds-cli": "src/sim/node/odds-cli.ts",
  "odds-worker": "src/sim/node/odds-worker.ts",
};
const SOURCE_DIRS = ["src/sim", "src/rules", "src/rulesets"];

function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

function sourceHash() {
  const hash = createHash("sha256");
  const files = SOURCE_DIRS.flatMap((d) => sourceFiles(join(root, d))).sort();
  for (const file of files) {
    hash.update(relative(root, file));
    hash.update("\0");
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/** Removes builds of older sources, leaving recent ones that a running process may still load. */
function prune(keep) {
  const hour = 60 * 60 * 1000;
  for (const name of readdirSync(outRoot)) {
    if (name === keep) continue;
    const path = join(outRoot, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > hour) rmSync(path, { recursive: true, force: true });
    } catch {
      // Another process pruned it first.
    }
  }
}

/** Returns the folder holding duel-cli.js, odds-cli.js and odds-worker.js for the current sources. */
export async function buildSim() {
  const hash = sourceHash();
  const outDir = join(outRoot, hash);
  if (existsSync(join(outDir, "odds-worker.js"))) return outDir;
  mkdirSync(outRoot, { recursive: true });
  const tmpDir = join(outRoot, `.tmp-${process.pid}-${Date.now()}`);
  const { build } = await import("vite");
  await build({
    configFile: false,
    root,
    logLevel: "error",
    publicDir: false,
    resolve: { alias: { "@rules": join(root, "src/rules") } },
    build: {
      ssr: true,
      outDir: tmpDir,
      emptyOutDir: true,
      target: "node20",
      minify: false,
      sourcemap: false,
      reportCompressedSize: false,
      copyPublicDir: false,
      rolldownOptions: {
        input: Object.fromEntries(Object.entries(ENTRIES).map(([name, path]) => [name, join(root, path)])),
        output: { format: "es", entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
      },
    },
  });
  try {
    renameSync(tmpDir, outDir);
  } catch (error) {
    // A parallel process finished the same build first: use theirs.
    rmSync(tmpDir, { recursive: true, force: true });
    if (!existsSync(join(outDir, "odds-worker.js"))) throw error;
  }
  prune(hash);
  return outDir;
}
