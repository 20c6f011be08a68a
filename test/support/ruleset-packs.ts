import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/manifest.mjs";
import { loadPacks, type PackSource, type SourceDocument } from "../build/pack-sources";

/**
 * What the pack tests of Sharene and Lunos read and check alike
 * (test/build/sharene-packs.test.ts, lunos-packs.test.ts): a ruleset's
 * pack sources and their readers, the rules journal speaking to a GM, and
 * the packs' words being the project's own. Each test file keeps its
 * ruleset's own cases.
 */

/** A compendium link's text: `@UUID[…]{label}`. */
export const LINK = /@UUID\[([^\]]+)\]\{([^}]*)\}/g;

/** A description's or page's HTML as words: links by their label, no tags. */
export const plain = (html: string) =>
  html
    .replace(LINK, "$2")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

export const pageText = (page: SourceDocument) => (page.text as { content: string }).content;

/** The packs whose names start with `<prefix>-`, and their documents by pack name. */
export function rulesetPacks(prefix: string) {
  const packs = loadPacks().filter((p) => p.pack.name.startsWith(`${prefix}-`));
  const docs = (name: string): SourceDocument[] => [
    ...(packs.find((p) => p.pack.name === name)?.documents.values() ?? []),
  ];
  return {
    packs,
    docs,
    actors: () => [...docs(`${prefix}-characters`), ...docs(`${prefix}-creatures`)],
    journal: () => docs(`${prefix}-rules`)[0]!,
    /** Each pack's name with the document types it holds (a journal's: `undefined`). */
    typesByPack: () =>
      Object.fromEntries(
        packs.map(({ pack, documents }) => [
          pack.name,
          [...new Set([...documents.values()].map((d) => d.type))],
        ]),
      ),
  };
}

/** A journal's pages read as a GM reads them: no clause id of `clausePrefix`, no file, command or identifier. */
export function expectSpeaksToGm(journal: SourceDocument, clausePrefix: string): void {
  const clause = new RegExp(`\\b${clausePrefix}-[A-Z]{3}-\\d+\\b|docs\\/|\\.md\\b|\\.ts\\b|npm|\``);
  for (const page of journal.pages ?? []) {
    const text = plain(pageText(page));
    expect(text, page.name).not.toMatch(clause);
    expect(text, page.name).not.toMatch(/\b[a-z]+[A-Z][A-Za-z]*\b/);
  }
}

/**
 * A reference entry pack (Sharene's styles, Lunos's maneuvers): one entry
 * per id of the core (`field` of each entry's system), each with its own
 * description of some length, each linking to the page `pageName` of the
 * rules journal (`journal.pack`, its pack's name).
 */
export function expectReferenceEntries(
  entries: readonly SourceDocument[],
  field: string,
  ids: readonly string[],
  journal: { readonly pack: string; readonly document: SourceDocument },
  pageName: string,
): void {
  const system = (d: SourceDocument) => d.system as Record<string, string>;
  expect(entries.map((d) => system(d)[field]).sort()).toEqual([...ids].sort());
  const descriptions = entries.map((d) => plain(system(d).description ?? ""));
  expect(new Set(descriptions).size).toBe(descriptions.length);
  for (const text of descriptions) expect(text.length).toBeGreaterThan(80);
  const page = journal.document.pages!.find((p) => p.name === pageName)!;
  for (const d of entries)
    expect(system(d).description, d.name).toContain(
      `Compendium.fangs.${journal.pack}.JournalEntry.${journal.document._id}.JournalEntryPage.${page._id}]`,
    );
}

/** Runs of seven words; one with three numbers or more is a table's figures, which carry over. */
const RUN = 7;
const words = (s: string) => s.toLowerCase().match(/[a-z0-9]+/g) ?? [];
export const wordRuns = (s: string) => {
  const w = words(s);
  const all = w.slice(0, Math.max(0, w.length - RUN + 1)).map((_, i) => w.slice(i, i + RUN));
  return new Set(all.filter((r) => r.filter((x) => /^\d+$/.test(x)).length < 3).map((r) => r.join(" ")));
};

/**
 * The packs' words are the project's own: no run of seven words of the
 * rules text (`rulesFile`, from the repository's root) in a description,
 * a biography or a journal page; and the check is shown to find one
 * (`copied`: a passage of the text, as the ruleset's test picks it).
 */
export function describeOwnWords(
  name: string,
  packs: readonly PackSource[],
  rulesFile: string,
  copied: (rulesText: string) => string,
): void {
  describe(`words in ${name}'s packs are the project's own`, () => {
    const rulesText = readFileSync(path.join(ROOT, rulesFile), "utf8");
    const packTexts = () =>
      packs.flatMap(({ pack, documents }) =>
        [...documents.values()].flatMap((doc) => [
          ...[doc, ...(doc.items ?? [])].flatMap((d) =>
            ["description", "biography"].flatMap((f) =>
              typeof d.system?.[f] === "string"
                ? [{ where: `${pack.name} ${d.name}`, text: plain(d.system[f] as string) }]
                : [],
            ),
          ),
          ...(doc.pages ?? []).map((p) => ({ where: `${pack.name} ${p.name}`, text: plain(pageText(p)) })),
        ]),
      );

    it(`no run of ${RUN} words of the rules text appears in a description, biography or journal page`, () => {
      const theirs = wordRuns(rulesText);
      const texts = packTexts();
      expect(texts.length).toBeGreaterThan(30);
      for (const { where, text } of texts)
        expect(
          [...wordRuns(text)].filter((r) => theirs.has(r)),
          where,
        ).toEqual([]);
    });

    it("the check finds a passage copied from the rules text", () => {
      expect([...wordRuns(`<p>${copied(rulesText)}</p>`)].some((r) => wordRuns(rulesText).has(r))).toBe(true);
    });
  });
}
