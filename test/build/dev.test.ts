import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevChange, startDev } from "../../scripts/dev.mjs";
import { ROOT } from "../../scripts/lib/manifest.mjs";

/**
 * `npm run dev` on a copy of the sources (the repository's own files are
 * never touched): a change to a template, a language file or the code shows
 * up in the watched dist/ without another command.
 */
const COPIED = [
  "src",
  "templates",
  "lang",
  "styles",
  "assets",
  "packs",
  "system.json",
  "package.json",
  "vite.config.ts",
  "tsconfig.json",
  "LICENSE",
  "CREDITS.md",
  // The manifest's media (the README's screenshots), which the build ships.
  "docs/screenshots",
  "README.md",
];

describe("npm run dev", () => {
  let root: string;
  let dev: Awaited<ReturnType<typeof startDev>>;
  const changes: DevChange[] = [];

  /** Resolves when a change matching `test` has been heard (fails the test after 30 s). */
  function heard(test: (change: DevChange) => boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const poll = setInterval(() => {
        if (changes.some(test)) {
          clearInterval(poll);
          resolve();
        } else if (Date.now() - started > 30_000) {
          clearInterval(poll);
          reject(new Error(`no such change; heard ${JSON.stringify(changes)}`));
        }
      }, 25);
    });
  }

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "fangs-dev-"));
    for (const entry of COPIED)
      if (existsSync(path.join(ROOT, entry)))
        cpSync(path.join(ROOT, entry), path.join(root, entry), { recursive: true });
    symlinkSync(path.join(ROOT, "node_modules"), path.join(root, "node_modules"), "dir");
    dev = await startDev({ root, onChange: (change) => changes.push(change) });
  }, 120_000);

  afterAll(async () => {
    await dev?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("builds the whole system folder first, with its development manifest", () => {
    const manifest = JSON.parse(readFileSync(path.join(dev.outDir, "system.json"), "utf8"));
    expect(manifest.flags?.hotReload).toBeDefined();
    expect(existsSync(path.join(dev.outDir, "fangs.js"))).toBe(true);
    expect(existsSync(path.join(dev.outDir, "lang", "en.json"))).toBe(true);
  });

  it("copies a changed language file into dist/ as it is saved", async () => {
    const file = path.join(root, "lang", "en.json");
    const lang = JSON.parse(readFileSync(file, "utf8"));
    lang.FANGS_DEV_PROBE = "probe";
    writeFileSync(file, JSON.stringify(lang));
    await heard((c) => c.kind === "static" && c.file.endsWith("en.json"));
    expect(JSON.parse(readFileSync(path.join(dev.outDir, "lang", "en.json"), "utf8")).FANGS_DEV_PROBE).toBe(
      "probe",
    );
  }, 40_000);

  it("rebuilds the code on a source change and drops the chunks it no longer names", async () => {
    const before = changes.filter((c) => c.kind === "code").length;
    const entry = path.join(root, "src", "fangs.ts");
    writeFileSync(entry, `${readFileSync(entry, "utf8")}\nconsole.debug("fangs dev probe");\n`);
    await heard(() => changes.filter((c) => c.kind === "code").length > before);
    expect(readFileSync(path.join(dev.outDir, "fangs.js"), "utf8")).toContain("fangs dev probe");
    const imported = new Set(
      [...readFileSync(path.join(dev.outDir, "fangs.js"), "utf8").matchAll(/chunks\/[\w.-]+\.js/g)].map(
        (m) => m[0],
      ),
    );
    const startupChunks = readdirSync(path.join(dev.outDir, "chunks")).filter((n) =>
      n.startsWith("startup-"),
    );
    expect(startupChunks.map((n) => `chunks/${n}`).filter((n) => n.endsWith(".js"))).toEqual(
      [...imported].filter((n) => n.includes("startup-")),
    );
  }, 60_000);

  it("rewrites dist/system.json when a ruleset folder with a manifest fragment appears", async () => {
    const before = changes.filter((c) => c.kind === "manifest").length;
    const file = path.join(root, "src", "rulesets", "toy", "manifest.json");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ documentTypes: { Item: { toyBlade: {} } } }));
    await heard(() => changes.filter((c) => c.kind === "manifest").length > before);
    const manifest = JSON.parse(readFileSync(path.join(dev.outDir, "system.json"), "utf8"));
    expect(manifest.documentTypes.Item.toyBlade).toEqual({});
    expect(manifest.documentTypes.Item.weapon).toEqual({ htmlFields: ["description"] });
  }, 40_000);
});
