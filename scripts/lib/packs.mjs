import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { compilePack } from "@foundryvtt/foundryvtt-cli";

/** JSON sources of one pack, one document a file, sorted for a stable order. */
export function packSourceFiles(sourceDir) {
  return readdirSync(sourceDir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => path.join(sourceDir, name));
}

/**
 * Compiles packs/<name>/*.json into LevelDB folders under outDir, one per
 * pack the manifest declares. Each pack is rebuilt from nothing so a
 * document deleted from the sources cannot linger in the output.
 */
export async function compilePacks({ root, outDir, manifest, log = false }) {
  const compiled = [];
  for (const pack of manifest.packs ?? []) {
    const source = path.join(root, "packs", pack.name);
    const destination = path.join(outDir, pack.path);
    rmSync(destination, { recursive: true, force: true });
    const files = packSourceFiles(source);
    if (files.length === 0) throw new Error(`pack "${pack.name}" has no JSON sources in ${source}`);
    await compilePack(source, destination, { log });
    compiled.push({ name: pack.name, documents: files.length });
  }
  return compiled;
}
