/**
 * The links of the compendium: `@UUID[Compendium.fangs.<pack>.<Type>.<id>]{label}`
 * in journal pages and item descriptions, and the rules options window's
 * links to the journal "FANGS rules readings". A link whose id is wrong
 * opens nothing in Foundry, and nothing else would tell.
 */
import { describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/config/system";
import { MANEUVER_IDS } from "../../src/rules/fangs/types";
import {
  DOC_SECTIONS,
  type DocSection,
  docSectionUuid,
  OPTIONS_BY_NAME,
  RULES_MENU_GROUPS,
  RULES_READINGS_JOURNAL_ID,
} from "../../src/rulesets/fangs/apps/settings/catalogue";
import { loadTranslations } from "../handlebars/render";
import { loadPacks, type SourceDocument } from "./pack-sources";

const packs = loadPacks();
const translations = loadTranslations();

const LINK = /@UUID\[([^\]]+)\]\{([^}]*)\}/g;

interface Resolved {
  doc: SourceDocument;
  /** The pack's name (folder). */
  pack: string;
}

/** A compendium UUID → its document in the pack sources, or null. */
function resolveUuid(uuid: string): Resolved | null {
  const parts = uuid.split(".");
  if (parts[0] !== "Compendium" || parts[1] !== SYSTEM_ID) return null;
  const [, , packName, type, id, embedded, embeddedId, ...rest] = parts;
  if (rest.length > 0) return null;
  const pack = packs.find((p) => p.pack.name === packName);
  if (!pack || pack.pack.type !== type) return null;
  const doc = [...pack.documents.values()].find((d) => d._id === id);
  if (!doc) return null;
  if (embedded === undefined) return { doc, pack: packName! };
  const children = embedded === "JournalEntryPage" ? doc.pages : embedded === "Item" ? doc.items : undefined;
  const child = children?.find((c) => c._id === embeddedId);
  return child ? { doc: child, pack: packName! } : null;
}

/** Every text a GM reads in the packs where Foundry enriches links: journal pages, descriptions, biographies. */
function linkedTexts(): { where: string; html: string }[] {
  const out: { where: string; html: string }[] = [];
  for (const { pack, documents } of packs) {
    for (const [file, doc] of documents) {
      for (const page of doc.pages ?? []) {
        out.push({ where: `${pack.name}/${file} ${page.name}`, html: pageHtml(page) });
      }
      const system = doc.system as Record<string, unknown> | undefined;
      for (const field of ["description", "biography"]) {
        if (typeof system?.[field] === "string")
          out.push({ where: `${pack.name}/${file}`, html: system[field] });
      }
    }
  }
  return out;
}

const pageHtml = (page: SourceDocument) => (page.text as { content?: string } | undefined)?.content ?? "";
const words = (s: string): string[] => s.toLowerCase().match(/[a-z]+/g) ?? [];
/** The label names the document: each of its words is one of the name's ("melee" for Melee Dodge). */
const labelFits = (label: string, name: string) => words(label).every((w) => words(name).includes(w));

const journal = (name: string): SourceDocument => {
  const doc = [...(packs.find((p) => p.pack.name === "rules")?.documents.values() ?? [])].find(
    (d) => d.name === name,
  );
  if (!doc) throw new Error(`no journal ${name}`);
  return doc;
};
const readings = () => journal("FANGS rules readings");
const quickReference = () => journal("FANGS Normal Combat: Quick Reference");

describe("links in the compendium", () => {
  it("every @UUID link of a journal page or a description opens a document of the packs, under a label naming it", () => {
    let links = 0;
    for (const { where, html } of linkedTexts()) {
      for (const [, uuid, label] of html.matchAll(LINK)) {
        const found = resolveUuid(uuid!);
        expect(found, `${where}: ${uuid}`).not.toBeNull();
        expect(labelFits(label!, found!.doc.name), `${where}: "${label}" links to ${found!.doc.name}`).toBe(
          true,
        );
        links++;
      }
    }
    expect(links).toBeGreaterThan(40);
  });

  it("the link check refuses a wrong id, a wrong type and another system's pack", () => {
    const page = readings().pages![0]!;
    expect(
      resolveUuid(`Compendium.fangs.rules.JournalEntry.${readings()._id}.JournalEntryPage.${page._id}`),
    ).not.toBeNull();
    expect(
      resolveUuid(`Compendium.fangs.rules.JournalEntry.${readings()._id}.JournalEntryPage.AAAAAAAAAAAAAAAA`),
    ).toBeNull();
    expect(resolveUuid("Compendium.fangs.weapons.Item.AAAAAAAAAAAAAAAA")).toBeNull();
    expect(resolveUuid("Compendium.fangs.weapons.Actor.kPGMH64KKGVLDB3V")).toBeNull();
    expect(resolveUuid("Compendium.dnd5e.weapons.Item.kPGMH64KKGVLDB3V")).toBeNull();
    expect(labelFits("melee", "Melee Dodge")).toBe(true);
    expect(labelFits("Broadsword", "Mace")).toBe(false);
  });

  it("NC-MAN-19: the quick reference links each row of its maneuver table to the maneuver's entry", () => {
    const html = pageHtml(quickReference().pages!.find((p) => p.name === "Maneuvers")!);
    const linked = new Set(
      [...html.matchAll(LINK)].map(
        ([, uuid]) => (resolveUuid(uuid!)?.doc.system as { maneuverId?: string } | undefined)?.maneuverId,
      ),
    );
    expect([...MANEUVER_IDS].filter((id) => !linked.has(id))).toEqual([]);
  });

  it("the quick reference links the weapons, skills and advantages it names", () => {
    const names = new Set(
      (quickReference().pages ?? []).flatMap((p) =>
        [...pageHtml(p).matchAll(LINK)].map(([, uuid]) => resolveUuid(uuid!)?.doc.name),
      ),
    );
    for (const name of [
      "Broadsword",
      "Club",
      "Great Club",
      "Grapple",
      "First Aid",
      "Two Weapon",
      "Ambidextrous",
      "Gru",
    ]) {
      expect(names.has(name), name).toBe(true);
    }
  });
});

describe("the journal FANGS rules readings and the rules options window", () => {
  const sections = Object.keys(DOC_SECTIONS) as DocSection[];

  it("has one page per section the window links to, under the link's title, and no other", () => {
    const journalDoc = readings();
    expect(journalDoc._id).toBe(RULES_READINGS_JOURNAL_ID);
    for (const section of sections) {
      const found = resolveUuid(docSectionUuid(section));
      expect(found, section).not.toBeNull();
      expect(found!.doc.name, section).toBe(translations[DOC_SECTIONS[section].title]);
      expect(found!.doc).toMatchObject({ type: "text", text: { format: 1 } });
    }
    expect(journalDoc.pages!.map((p) => p._id).sort()).toEqual(
      sections.map((s) => DOC_SECTIONS[s].pageId).sort(),
    );
  });

  it("every option's page names it by its label in the window, and its tab", () => {
    for (const group of RULES_MENU_GROUPS) {
      for (const option of group.options) {
        const html = pageHtml(resolveUuid(docSectionUuid(option.docs))!.doc);
        const text = html.replace(LINK, "$2").replace(/<[^>]+>/g, " ");
        expect(text, `${option.name} on ${option.docs}`).toContain(translations[option.label]!);
      }
    }
    expect(OPTIONS_BY_NAME.size).toBeGreaterThan(30);
  });

  it("speaks to a GM: no clause id, no file, no command, no function name", () => {
    for (const page of readings().pages ?? []) {
      const text = pageHtml(page).replace(LINK, "$2");
      expect(text, page.name).not.toMatch(/\b(?:CORE|NC)-[A-Z]{3}-\d+\b|docs\/|\.md\b|\.ts\b|npm|`/);
      expect(text, page.name).not.toMatch(/\b[a-z]+[A-Z][A-Za-z]*\b/);
    }
  });
});
