/**
 * `npm run release`: builds dist/, fills the manifest and download URLs of
 * dist/system.json for a tagged release, and writes the two release assets
 * to build/release/: fangs.zip (dist's contents) and system.json.
 *
 * Environment:
 *   FANGS_REPO_URL  the repository, e.g. https://github.com/owner/fangs-vtt (required)
 *   FANGS_TAG       the release tag (else GITHUB_REF_NAME on a tag build); must be v<version>
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildSystem } from "./build.mjs";
import { ROOT, sourceManifest } from "./lib/manifest.mjs";
import { zipDirectory } from "./lib/zip.mjs";

export const ZIP_NAME = "fangs.zip";

/** The tag a version is released under. */
export function tagFor(version) {
  return `v${version}`;
}

/** Where Foundry finds the newest manifest and this version's archive. */
export function releaseUrls(repoUrl, tag) {
  if (!/^https:\/\/\S+$/.test(repoUrl ?? "")) {
    throw new Error(`FANGS_REPO_URL must be the repository's https URL, got "${repoUrl ?? ""}"`);
  }
  const base = repoUrl.replace(/\/+$/, "").replace(/\.git$/, "");
  return {
    url: base,
    manifest: `${base}/releases/latest/download/system.json`,
    download: `${base}/releases/download/${tag}/${ZIP_NAME}`,
  };
}

/** The manifest as released: URLs filled, development-only flags removed. */
export function releaseManifest(manifest, { repoUrl, tag }) {
  const expected = tagFor(manifest.version);
  if (tag !== undefined && tag !== expected) {
    throw new Error(`tag "${tag}" does not match the version ${manifest.version} (expected "${expected}")`);
  }
  const { hotReload: _hotReload, ...flags } = manifest.flags ?? {};
  const released = { ...manifest, ...releaseUrls(repoUrl, expected), flags };
  if (Object.keys(flags).length === 0) delete released.flags;
  return released;
}

/**
 * Turns a built dist/ into release assets. Kept apart from the build so a
 * test can release a build it made in a temporary folder. dist/ is left as
 * it is: a dist/ linked into a Foundry data folder keeps its development
 * manifest (hot reload), and only the archive and the asset carry the
 * released one.
 */
export async function packageRelease({ distDir, outDir, repoUrl, tag }) {
  const manifest = releaseManifest(JSON.parse(readFileSync(path.join(distDir, "system.json"), "utf8")), {
    repoUrl,
    tag,
  });
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const zipPath = path.join(outDir, ZIP_NAME);
  const files = await zipDirectory(distDir, zipPath, { "system.json": Buffer.from(manifestText) });
  writeFileSync(path.join(outDir, "system.json"), manifestText);
  return { manifest, zipPath, files, manifestText };
}

function tagFromEnvironment(env) {
  if (env.FANGS_TAG) return env.FANGS_TAG;
  if (env.GITHUB_REF_TYPE === "tag" && env.GITHUB_REF_NAME) return env.GITHUB_REF_NAME;
  return undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    const repoUrl = process.env.FANGS_REPO_URL;
    const tag = tagFromEnvironment(process.env);
    // Refuse a wrong tag or URL before spending a build on it.
    releaseManifest(sourceManifest(), { repoUrl, tag });
    const { outDir: distDir } = await buildSystem();
    const outDir = path.join(ROOT, "build", "release");
    const { manifest, zipPath, files } = await packageRelease({ distDir, outDir, repoUrl, tag });
    console.log(
      `Released ${manifest.id} ${manifest.version}: ${path.relative(ROOT, zipPath)} (${files.length} files)`,
    );
    console.log(`  manifest: ${manifest.manifest}`);
    console.log(`  download: ${manifest.download}`);
  } catch (error) {
    console.error(`Release failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
