import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildSystem } from "../../scripts/build.mjs";
import {
  composeManifest,
  fragmentPath,
  ROOT,
  readJson,
  rulesetFragments,
  type SystemManifest,
  sourceManifest,
} from "../../scripts/lib/manifest.mjs";
import { compilePacks } from "../../scripts/lib/packs.mjs";
import { othersFragments, systemPart } from "./ruleset-parts";

/**
 * The manifest Foundry loads is the top-level system.json with every
 * ruleset folder's fragment (src/rulesets/<id>/manifest.json) merged in.
 * FANGS's document types, packs and pack folders moved from system.json
 * into its fragment: the composed manifest must declare them exactly as
 * system.json did (test/build/fixtures/manifest-before-fragments.json, copied
 * from system.json before the move), so no world or compendium notices.
 * A new ruleset adds its folder and nothing else: the toy's fragment and
 * pack (test/build/fixtures/toy-ruleset/) in a copy of the sources.
 */

const FIXTURES = path.join(import.meta.dirname, "fixtures");
const before = readJson<Pick<SystemManifest, "documentTypes" | "packs" | "packFolders">>(
  path.join(FIXTURES, "manifest-before-fragments.json"),
);

describe("the manifest, composed from system.json and the rulesets' fragments", () => {
  const composed = sourceManifest(ROOT);

  it("declares FANGS's document types, packs and pack folders exactly as system.json did, in the same order", () => {
    // Another ruleset's folder adds its own after FANGS's (its part is taken out here; the copies below prove it).
    const fangs = systemPart(composed, othersFragments(ROOT));
    for (const key of ["documentTypes", "packs", "packFolders"] as const) {
      expect(fangs[key], key).toEqual(before[key]);
      expect(JSON.stringify(fangs[key]), key).toBe(JSON.stringify(before[key]));
    }
  });

  it("takes them from FANGS's folder: the top-level system.json declares no type, pack or pack folder", () => {
    const top = readJson<SystemManifest>(path.join(ROOT, "system.json"));
    expect(top.documentTypes).toBeUndefined();
    expect(top.packs).toBeUndefined();
    expect(top.packFolders).toBeUndefined();
    const fragments = rulesetFragments(ROOT);
    expect(fragments[0]).toMatchObject({ id: "fangs", file: "src/rulesets/fangs/manifest.json" });
    expect(fragments[0]?.fragment).toEqual(before);
  });

  it("keeps everything else of system.json, with the package's version", () => {
    const top = readJson<SystemManifest>(path.join(ROOT, "system.json"));
    const { version } = readJson<{ version: string }>(path.join(ROOT, "package.json"));
    const {
      documentTypes: _t,
      packs: _p,
      packFolders: _f,
      ...rest
    } = systemPart(composed, othersFragments(ROOT));
    expect(rest).toEqual({ ...top, version });
  });
});

describe("a new ruleset's folder (a copy of the sources with the toy's fragment)", () => {
  let root: string;
  const toyFragment = path.join(FIXTURES, "toy-ruleset", "manifest.json");

  /** Puts a fragment at src/rulesets/<id>/manifest.json of the copy. */
  function place(id: string, fragment: unknown): string {
    const file = fragmentPath(id);
    mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(root, file), typeof fragment === "string" ? fragment : JSON.stringify(fragment));
    return file;
  }

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "fangs-manifest-"));
    for (const file of ["system.json", "package.json", fragmentPath("fangs")]) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      cpSync(path.join(ROOT, file), path.join(root, file));
    }
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("is merged in with no other file edited: its types, packs, folders and style sheet after FANGS's", () => {
    place("toy", readFileSync(toyFragment, "utf8"));
    const manifest = sourceManifest(root);
    expect(manifest.documentTypes?.Actor).toEqual({
      ...before.documentTypes?.Actor,
      toyFighter: { htmlFields: ["notes"] },
    });
    expect(manifest.documentTypes?.Item?.toyBlade).toEqual({});
    expect(manifest.documentTypes?.ChatMessage?.toyCard).toEqual({});
    expect(manifest.packs?.map((p) => p.name)).toEqual([
      ...(before.packs ?? []).map((p) => p.name),
      "toy-blades",
    ]);
    expect(manifest.packFolders).toEqual([
      ...(before.packFolders ?? []),
      { name: "Toy", sorting: "a", packs: ["toy-blades"] },
    ]);
    expect(manifest.styles).toEqual(["styles/fangs.css", "styles/toy.css"]);
  });

  it("comes after FANGS's whatever their names, the others by id", () => {
    place("toy", { documentTypes: { Item: { toyBlade: {} } } });
    place("alpha", { documentTypes: { Item: { alphaBlade: {} } } });
    expect(rulesetFragments(root).map((f) => f.id)).toEqual(["fangs", "alpha", "toy"]);
    expect(Object.keys(sourceManifest(root).documentTypes?.Item ?? {}).slice(-2)).toEqual([
      "alphaBlade",
      "toyBlade",
    ]);
  });

  it("has its pack sources at packs/<id>-<name>/, compiled like FANGS's", async () => {
    place("toy", readFileSync(toyFragment, "utf8"));
    cpSync(path.join(FIXTURES, "toy-ruleset", "packs"), path.join(root, "packs"), { recursive: true });
    const manifest = sourceManifest(root);
    const outDir = path.join(root, "dist");
    const toyOnly = { ...manifest, packs: manifest.packs?.filter((p) => p.name.startsWith("toy-")) };
    expect(await compilePacks({ root, outDir, manifest: toyOnly })).toEqual([
      { name: "toy-blades", documents: 1 },
    ]);
    expect(existsSync(path.join(outDir, "packs", "toy-blades", "CURRENT"))).toBe(true);
  });

  it("fails the build, naming the fragment, when it declares a type FANGS declares", async () => {
    const file = place("toy", { documentTypes: { Item: { weapon: { htmlFields: ["description"] } } } });
    const refusal = `${file}: Item type "weapon" is already declared by src/rulesets/fangs/manifest.json`;
    expect(() => sourceManifest(root)).toThrow(refusal);
    // The manifest is composed before anything is bundled, so nothing is built.
    await expect(buildSystem({ root, outDir: path.join(root, "dist") })).rejects.toThrow(refusal);
    expect(existsSync(path.join(root, "dist"))).toBe(false);
  });

  it("refuses a pack another ruleset declares, and a pack not named after its ruleset", () => {
    const fangsFile = path.join(root, fragmentPath("fangs"));
    const fangs = readJson<{ packs: object[] }>(fangsFile);
    fangs.packs.push({ name: "toy-blades", label: "Blades", path: "packs/toy-blades", type: "Item" });
    writeFileSync(fangsFile, JSON.stringify(fangs));
    const file = place("toy", readFileSync(toyFragment, "utf8"));
    expect(() => sourceManifest(root)).toThrow(
      `${file}: pack "toy-blades" is already declared by src/rulesets/fangs/manifest.json`,
    );
    place("toy", { packs: [{ name: "weapons", label: "Weapons", path: "packs/weapons", type: "Item" }] });
    expect(() => sourceManifest(root)).toThrow(`${file}: pack "weapons" is not named toy-…`);
  });

  it("refuses a type, a pack or a style sheet the top-level system.json declares", () => {
    const base = {
      ...readJson<SystemManifest>(path.join(root, "system.json")),
      documentTypes: { Actor: { toyFighter: {} } },
      packs: [{ name: "toy-blades", label: "Blades", path: "packs/toy-blades", type: "Item" }],
    };
    const file = fragmentPath("toy");
    const compose = (fragment: object) => () => composeManifest(base, [{ id: "toy", file, fragment }]);
    expect(compose({ documentTypes: { Actor: { toyFighter: {} } } })).toThrow(
      `${file}: Actor type "toyFighter" is already declared by system.json`,
    );
    expect(
      compose({ packs: [{ name: "toy-blades", label: "Blades", path: "packs/toy-blades", type: "Item" }] }),
    ).toThrow(`${file}: pack "toy-blades" is already declared by system.json`);
    expect(compose({ styles: ["styles/fangs.css"] })).toThrow(
      `${file}: style sheet "styles/fangs.css" is neither styles/toy.css nor under styles/toy/`,
    );
  });

  it.each([
    [{ esmodules: ["toy.js"] }, 'carries "esmodules": a ruleset\'s manifest fragment carries only'],
    [{ initiative: "1d6" }, 'carries "initiative"'],
    [
      { packs: [{ name: "toy-x", label: "X", path: "packs/x", type: "Item" }] },
      'pack "toy-x" has the path "packs/x", not "packs/toy-x"',
    ],
    [
      { packFolders: [{ name: "Toy", packs: ["weapons"] }] },
      'packFolders names pack "weapons", which this fragment does not declare',
    ],
    [{ styles: ["styles/toyish.css"] }, 'style sheet "styles/toyish.css" is neither'],
    [{ documentTypes: { Item: ["toyBlade"] } }, "documentTypes.Item is an object of types"],
    [[], "a manifest fragment is a JSON object"],
  ])("refuses %j, naming the file", (fragment, why) => {
    const file = place("toy", fragment);
    expect(() => sourceManifest(root)).toThrow(`${file}: ${why}`);
  });

  it("names the file of a fragment that is not JSON", () => {
    const file = place("toy", "{ documentTypes: ");
    expect(() => sourceManifest(root)).toThrow(file);
  });
});
