import { createWriteStream, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";

/** Every file under dir, as forward-slash paths relative to it, sorted. */
export function listFiles(dir, prefix = "") {
  const files = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...listFiles(dir, relative));
    else if (entry.isFile()) files.push(relative);
  }
  return files.sort();
}

// A fixed date and mode make the archive depend only on the files' contents.
const FIXED_MTIME = new Date("2025-01-01T00:00:00Z");
const FILE_MODE = 0o100644;

/**
 * Zips the contents of dir (not the folder itself): Foundry expects
 * system.json at the root of a system's archive. `replace` gives the
 * contents some files take in the archive instead of the ones on disk (the
 * release's manifest), so the folder itself is never rewritten.
 */
export async function zipDirectory(dir, zipPath, replace = {}) {
  const zip = new yazl.ZipFile();
  const files = listFiles(dir);
  for (const file of files) {
    const contents = Object.hasOwn(replace, file) ? replace[file] : readFileSync(path.join(dir, file));
    zip.addBuffer(contents, file, { mtime: FIXED_MTIME, mode: FILE_MODE });
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(zipPath));
  return files;
}
