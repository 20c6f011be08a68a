import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/manifest.mjs";
import {
  copyScreenshots,
  README_SCREENSHOTS,
  SCREENSHOT_DIR,
  screenshotFile,
} from "../../scripts/screenshots.mjs";
import { previewPages } from "./pages";

/** The images the README shows, in its order. */
function readmeImages(): string[] {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  return [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

describe("the README's screenshots come from the preview", () => {
  it("the README shows exactly the pages npm run screenshots copies, in its order", () => {
    expect(readmeImages()).toEqual(README_SCREENSHOTS.map(screenshotFile));
  });

  it("each one is a preview page", () => {
    const ids = new Set(previewPages().map((p) => p.id));
    expect(README_SCREENSHOTS.filter((id) => !ids.has(id))).toEqual([]);
  });

  it("docs/screenshots holds those images and no other", () => {
    expect(readdirSync(path.join(ROOT, SCREENSHOT_DIR)).sort()).toEqual(
      README_SCREENSHOTS.map((id) => `${id}.png`).sort(),
    );
  });

  it("copying replaces the named images, drops stale ones and refuses a page without a screenshot", () => {
    const scratch = mkdtempSync(path.join(tmpdir(), "fangs-screenshots-"));
    try {
      const from = path.join(scratch, "preview");
      const to = path.join(scratch, "docs");
      mkdirSync(from);
      mkdirSync(to);
      writeFileSync(path.join(from, "a.png"), "new a");
      writeFileSync(path.join(from, "b.png"), "new b");
      writeFileSync(path.join(to, "a.png"), "old a");
      writeFileSync(path.join(to, "gone.png"), "stale");
      copyScreenshots({ from, to, ids: ["a", "b"] });
      expect(readdirSync(to).sort()).toEqual(["a.png", "b.png"]);
      expect(readFileSync(path.join(to, "a.png"), "utf8")).toBe("new a");
      expect(() => copyScreenshots({ from, to, ids: ["a", "c"] })).toThrow(/no screenshot of c/);
      expect(readFileSync(path.join(to, "b.png"), "utf8")).toBe("new b");
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
