import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The repository root (scripts/lib/ is two levels down). */
export const ROOT = path.resolve(import.meta.dirname, "..", "..");

export function readJson(file) {
  return JSON.parse(readFileSync(file, "utf8"));
}

/**
 * Every path the manifest asks Foundry to load, relative to the system
 * folder: the modules, the style sheets, the language files, the pack
 * folders and the media the system ships. A build that lacks one of them is
 * not installable.
 */
export function manifestPaths(manifest) {
  return [
    ...(manifest.esmodules ?? []),
    ...(manifest.scripts ?? []),
    ...(manifest.styles ?? []),
    ...(manifest.languages ?? []).map((language) => language.path),
    ...(manifest.packs ?? []).map((pack) => pack.path),
    ...mediaPaths(manifest),
  ];
}

/**
 * The `media` images (and thumbnails) served from the system's own folder
 * (`systems/<id>/…`), relative to it; a web address elsewhere is not ours
 * to ship.
 */
export function mediaPaths(manifest) {
  const prefix = `systems/${manifest.id}/`;
  return (manifest.media ?? [])
    .flatMap((entry) => [entry.url, entry.thumbnail])
    .filter((url) => typeof url === "string" && url.startsWith(prefix))
    .map((url) => url.slice(prefix.length))
    .filter((file, i, all) => all.indexOf(file) === i);
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
