import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The repository root (scripts/lib/ is two levels down). */
export const ROOT = path.resolve(import.meta.dirname, "..", "..");

export function readJson(file) {
  return JSON.parse(readFileSync(file, "utf8"));
}

/**
 * Every path the manifest asks Foundry to load, relative to the system
 * folder: the modules, the style sheets, the language files and the pack
 * folders. A build that lacks one of them is not installable.
 */
export function manifestPaths(manifest) {
  return [
    ...(manifest.esmodules ?? []),
    ...(manifest.scripts ?? []),
    ...(manifest.styles ?? []),
    ...(manifest.languages ?? []).map((language) => language.path),
    ...(manifest.packs ?? []).map((pack) => pack.path),
  ];
}

/** The paths the manifest names that dir lacks. */
export function missingFiles(manifest, dir) {
  return manifestPaths(manifest).filter((file) => !existsSync(path.join(dir, file)));
}

/** The manifest of the source tree with its version taken from package.json. */
export function sourceManifest(root = ROOT) {
  const manifest = readJson(path.join(root, "system.json"));
  const { version } = readJson(path.join(root, "package.json"));
  return { ...manifest, version };
}
