import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/manifest.mjs";
import { loadPacks, type SourceDocument } from "./pack-sources";
import { othersFragments } from "./ruleset-parts";

const SYSTEM = "systems/fangs/";
/**
 * The project's own drawings: FANGS's maneuver and status glyphs, and a
 * ruleset's own under assets/icons/<id>/ (docs/rulesets.md, "A ruleset is a
 * folder"); every other folder under assets/icons holds credited
 * third-party art.
 */
const OWN_ICONS = new Set([
  "maneuver",
  "status",
  ...readdirSync(path.join(ROOT, "src", "rulesets"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name),
]);

const packs = loadPacks();
const others = othersFragments(ROOT);
/** FANGS's packs: every pack no other ruleset's folder declares. */
const isFangsPack = (name: string) =>
  !others.some(({ fragment }) => (fragment.packs ?? []).some((pack) => pack.name === name));
const everyDocument = (): { where: string; doc: SourceDocument }[] =>
  packs.flatMap(({ pack, documents }) =>
    [...documents].flatMap(([file, doc]) =>
      [doc, ...(doc.items ?? [])].map((d) => ({ where: `${pack.name}/${file} ${d.name}`, doc: d })),
    ),
  );

function thirdPartyIcons(): string[] {
  const root = path.join(ROOT, "assets", "icons");
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !OWN_ICONS.has(entry.name))
    .flatMap((entry) =>
      readdirSync(path.join(root, entry.name)).map((f) => `assets/icons/${entry.name}/${f}`),
    )
    .sort();
}

describe("pack icons", () => {
  it("every weapon, shield, armor, skill, advantage, maneuver, creature and character has an icon of its own, no core placeholder", () => {
    const placeholders = everyDocument()
      .filter(({ doc }) => doc.img !== undefined && !doc.img.startsWith(`${SYSTEM}assets/icons/`))
      .map(({ where, doc }) => `${where}: ${doc.img}`);
    expect(placeholders).toEqual([]);
    // FANGS's packs exactly; another ruleset's pack documents are held to the placeholder check above.
    const fangsDocuments = everyDocument().filter(({ where }) => isFangsPack(where.split("/")[0]!));
    const types = new Set(fangsDocuments.flatMap(({ doc }) => (doc.img === undefined ? [] : [doc.type])));
    expect([...types].sort()).toEqual(
      ["advantage", "armor", "character", "creature", "maneuver", "shield", "skill", "weapon"].sort(),
    );
  });

  it("an item carried by a sample actor shows the same icon as the pack's item of that name", () => {
    const packItem = new Map<string, string>();
    for (const { pack, documents } of packs) {
      if (pack.type !== "Item") continue;
      for (const doc of documents.values()) packItem.set(`${doc.type}:${doc.name}`, doc.img!);
    }
    const differ = everyDocument()
      .filter(({ where, doc }) => /^(characters|creatures)\//.test(where) && doc.type !== "character")
      .filter(({ doc }) => packItem.has(`${doc.type}:${doc.name}`))
      .filter(({ doc }) => packItem.get(`${doc.type}:${doc.name}`) !== doc.img)
      .map(({ where }) => where);
    expect(differ).toEqual([]);
  });

  it("CREDITS.md names every third-party icon the system ships, and only files that exist", () => {
    const credits = readFileSync(path.join(ROOT, "CREDITS.md"), "utf8");
    const named = [...credits.matchAll(/`(assets\/icons\/[^`]+\.svg)`/g)].map((m) => m[1]!).sort();
    expect(named).toEqual(thirdPartyIcons());
    expect(named.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
    expect(credits).toMatch(/CC BY 3\.0/);
  });

  it("every third-party icon is used by some pack document", () => {
    const used = new Set(everyDocument().map(({ doc }) => doc.img?.slice(SYSTEM.length)));
    expect(thirdPartyIcons().filter((file) => !used.has(file))).toEqual([]);
  });
});
