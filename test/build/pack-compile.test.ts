import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/manifest.mjs";
import { compilePacks } from "../../scripts/lib/packs.mjs";
import { loadPacks, manifest, type SourceDocument } from "./pack-sources";

/**
 * The committed sources must survive Foundry's own pack format: compile
 * every pack to LevelDB with the official CLI, extract it again, and get
 * the very same documents back (embedded items and pages included).
 */
describe("packs compile to LevelDB and extract unchanged", () => {
  const packs = loadPacks();
  let work: string;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), "fangs-packs-"));
    await compilePacks({ root: ROOT, outDir: path.join(work, "db"), manifest });
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it.each(packs.map((p) => [p.pack.name, p] as const))("%s round-trips", async (name, { documents }) => {
    const extracted = path.join(work, "src", name);
    await extractPack(path.join(work, "db", "packs", name), extracted, {});
    const back = new Map<string, SourceDocument>();
    for (const file of readdirSync(extracted)) {
      const doc = JSON.parse(readFileSync(path.join(extracted, file), "utf8")) as SourceDocument;
      back.set(doc._id, doc);
    }
    expect(back.size).toBe(documents.size);
    for (const doc of documents.values()) expect(back.get(doc._id), `${name}: ${doc.name}`).toEqual(doc);
  });

  it("a document without _key would be dropped by compilePack, so the count check above is meaningful", async () => {
    const scratch = path.join(work, "scratch");
    const src = path.join(scratch, "src");
    const { mkdirSync, writeFileSync } = await import("node:fs");
    mkdirSync(src, { recursive: true });
    writeFileSync(
      path.join(src, "a.json"),
      JSON.stringify({ _id: "AAAAAAAAAAAAAAAA", _key: "!items!AAAAAAAAAAAAAAAA", name: "A", type: "armor" }),
    );
    writeFileSync(
      path.join(src, "b.json"),
      JSON.stringify({ _id: "BBBBBBBBBBBBBBBB", name: "B", type: "armor" }),
    );
    await compilePack(src, path.join(scratch, "db"));
    const out = path.join(scratch, "out");
    await extractPack(path.join(scratch, "db"), out, {});
    expect(readdirSync(out)).toEqual(["A_AAAAAAAAAAAAAAAA.json"]);
  });
});
