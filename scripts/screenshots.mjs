/**
 * `npm run screenshots`: regenerates the README's screenshots. It runs the
 * preview's screenshot tests (real templates, CSS and sample data in headless
 * Chromium, into build/preview/) and copies the pages the README shows into
 * docs/screenshots/, removing any other image there, so the README never
 * shows a picture main no longer renders. `--copy-only` copies the last
 * run's images without running the tests again.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "./lib/manifest.mjs";

/** The preview pages the README shows, by page id, in the order it shows them. */
export const README_SCREENSHOTS = Object.freeze([
  "tracker-initiative",
  "tracker-melee",
  "actor-gru--in-combat",
  "app-attack-dialog",
  "chat-exchange-attackRolled",
  "tracker-dodged",
  "chat-exchange-applied",
  "sharene-tracker-declare",
  "sharene-hud-declare",
  "sharene-tracker-style",
  "sharene-tracker-style--player",
  "sharene-app-style-dialog",
  "sharene-actor-brisk--wounded",
  "sharene-tracker-together",
  "sharene-app-attack-dialog--gm",
  "sharene-card-awaitDefense--defender",
  "sharene-card-parried--defender",
  "sharene-card-hit--gm",
  "sharene-card-applied--gm",
  "lunos-tracker-declare",
  "lunos-tracker-attack",
  "lunos-app-attack-dialog",
  "lunos-card-spend",
  "lunos-card-choke",
  "lunos-card-applied--gm",
  "lunos-actor-kell--wounded",
  "actor-troll--stat-block",
  "app-encounter-odds--group",
]);

export const SCREENSHOT_DIR = "docs/screenshots";

/** The file each page's screenshot is kept under, relative to the repository. */
export function screenshotFile(id) {
  return `${SCREENSHOT_DIR}/${id}.png`;
}

/** Copies each named page's image from `from` into `to`; any other image in `to` is removed. */
export function copyScreenshots({ from, to = path.join(ROOT, SCREENSHOT_DIR), ids = README_SCREENSHOTS }) {
  const missing = ids.filter((id) => !existsSync(path.join(from, `${id}.png`)));
  if (missing.length > 0) {
    throw new Error(`the preview has no screenshot of ${missing.join(", ")} in ${from}`);
  }
  mkdirSync(to, { recursive: true });
  const wanted = new Set(ids.map((id) => `${id}.png`));
  for (const file of readdirSync(to)) if (!wanted.has(file)) rmSync(path.join(to, file));
  for (const id of ids) copyFileSync(path.join(from, `${id}.png`), path.join(to, `${id}.png`));
  return ids.map((id) => path.join(to, `${id}.png`));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const from = path.join(ROOT, "build", "preview");
  if (!process.argv.includes("--copy-only")) {
    const vitest = path.join(ROOT, "node_modules", "vitest", "vitest.mjs");
    const run = spawnSync(process.execPath, [vitest, "run", "test/preview/screenshots.test.ts"], {
      cwd: ROOT,
      stdio: "inherit",
      // The tests write where the README's images are taken from.
      env: { ...process.env, FANGS_PREVIEW_OUT: from },
    });
    if (run.status !== 0) {
      console.error("The preview's screenshot tests failed; docs/screenshots/ is unchanged.");
      process.exit(run.status ?? 1);
    }
  }
  try {
    const files = copyScreenshots({ from });
    console.log(`Copied ${files.length} screenshots into ${SCREENSHOT_DIR}/`);
  } catch (error) {
    console.error(`Screenshots failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
