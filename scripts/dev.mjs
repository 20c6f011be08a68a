/**
 * `npm run dev`: builds dist/ once, then keeps it in step with the sources
 * until stopped (Ctrl+C), so a dist/ linked into a Foundry data folder stays
 * live. The code is rebuilt by vite's watch mode (reload the world to run
 * it); templates, language files and styles are copied as they change, which
 * Foundry's hot reload (system.json `flags.hotReload`) picks up without a
 * reload; system.json (from the top-level one and the rulesets' fragments,
 * src/rulesets/<id>/manifest.json) and the packs are rewritten when their
 * sources change (Foundry keeps a world's packs open: close the world
 * before editing packs).
 */
import { cpSync, existsSync, readdirSync, rmSync, statSync, watch, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build as viteBuild } from "vite";
import { buildSystem, STATIC_FOLDERS } from "./build.mjs";
import { ROOT, sourceManifest } from "./lib/manifest.mjs";
import { compilePacks } from "./lib/packs.mjs";

/** Deletes the chunks an earlier rebuild wrote that the newest bundle no longer names. */
function staleChunkSweeper(outDir) {
  return {
    name: "fangs-dev-stale-chunks",
    writeBundle(_options, bundle) {
      const chunks = path.join(outDir, "chunks");
      if (!existsSync(chunks)) return;
      const current = new Set(Object.keys(bundle).map((file) => path.normalize(file)));
      for (const name of readdirSync(chunks)) {
        if (!current.has(path.normalize(`chunks/${name}`))) rmSync(path.join(chunks, name), { force: true });
      }
    },
  };
}

/** Calls `fn` once after a burst of events has settled (editors write a file in several steps). */
function settled(fn, ms = 100) {
  let timer = null;
  return (...args) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      fn(...args);
    }, ms);
  };
}

/**
 * Starts the watch. Resolves once the first build is done and every watcher
 * is in place; `stop()` closes them. `onChange` hears each update of dist/
 * (what changed), for the console and for tests.
 */
export async function startDev({ root = ROOT, outDir = path.join(root, "dist"), onChange = () => {} } = {}) {
  await buildSystem({ root, outDir });
  const closers = [];

  const code = await viteBuild({
    root,
    configFile: path.join(root, "vite.config.ts"),
    logLevel: "warn",
    plugins: [staleChunkSweeper(outDir)],
    build: { outDir, watch: {} },
  });
  await new Promise((resolve, reject) => {
    code.on("event", (event) => {
      if (event.code === "END") {
        onChange({ kind: "code" });
        resolve();
      } else if (event.code === "ERROR") {
        console.error(`Rebuild failed: ${event.error?.message ?? event.error}`);
        event.result?.close?.();
        reject(event.error);
      }
      if (event.code === "BUNDLE_END") event.result?.close?.();
    });
  }).catch(() => {});
  closers.push(() => code.close());

  for (const folder of STATIC_FOLDERS) {
    const source = path.join(root, folder);
    if (!existsSync(source)) continue;
    const pending = new Set();
    const flush = settled(() => {
      for (const relative of pending) {
        const from = path.join(source, relative);
        const to = path.join(outDir, folder, relative);
        if (existsSync(from)) cpSync(from, to, { recursive: true });
        else rmSync(to, { recursive: true, force: true });
        onChange({ kind: "static", file: path.join(folder, relative) });
      }
      pending.clear();
    });
    const watcher = watch(source, { recursive: true }, (_event, name) => {
      if (!name) return;
      pending.add(name.toString());
      flush();
    });
    closers.push(() => watcher.close());
  }

  const writeManifest = settled(() => {
    try {
      writeFileSync(path.join(outDir, "system.json"), `${JSON.stringify(sourceManifest(root), null, 2)}\n`);
      onChange({ kind: "manifest" });
    } catch (error) {
      console.error(`system.json not written: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  const manifestWatcher = watch(path.join(root, "system.json"), writeManifest);
  closers.push(() => manifestWatcher.close());
  // The rulesets' fragments. A ruleset folder added or removed counts too: its
  // fragment may be written before the watch reaches the new folder.
  const rulesets = path.join(root, "src", "rulesets");
  if (existsSync(rulesets)) {
    const fragmentWatcher = watch(rulesets, { recursive: true }, (_event, name) => {
      if (!name) return;
      const relative = name.toString();
      const where = path.join(rulesets, relative);
      const folder = !relative.includes(path.sep) && (!existsSync(where) || statSync(where).isDirectory());
      if (folder || path.basename(relative) === "manifest.json") writeManifest();
    });
    closers.push(() => fragmentWatcher.close());
  }

  const packsDir = path.join(root, "packs");
  if (existsSync(packsDir)) {
    const packWatcher = watch(
      packsDir,
      { recursive: true },
      settled(async () => {
        try {
          await compilePacks({ root, outDir, manifest: sourceManifest(root) });
          onChange({ kind: "packs" });
        } catch (error) {
          // Most often a running world holding the pack's database open.
          console.error(`Packs not compiled: ${error instanceof Error ? error.message : String(error)}`);
        }
      }, 300),
    );
    closers.push(() => packWatcher.close());
  }

  return {
    outDir,
    stop: async () => {
      for (const close of closers) await close();
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    const { outDir } = await startDev({
      onChange: (change) =>
        console.log(
          `${new Date().toLocaleTimeString()} ${change.kind}${change.file ? ` ${change.file}` : ""}`,
        ),
    });
    console.log(
      `Watching the sources; ${path.relative(process.cwd(), outDir) || "."} is kept up to date (Ctrl+C stops).`,
    );
  } catch (error) {
    console.error(`Dev build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
