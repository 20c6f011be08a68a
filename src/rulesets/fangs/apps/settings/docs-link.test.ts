import { describe, expect, it, vi } from "vitest";
import { docSectionUuid } from "./catalogue";
import { contentLinkListener, DOCS_LINK_BROKEN, type LinkedDocument, openLinkedDocument } from "./docs-link";

/** The rules options window's links to the rules readings journal, with fake documents and events (no DOM here). */

function sheet() {
  return { render: vi.fn() };
}

function page(id = "tzvNQn3M08R2CheK") {
  const journal = { documentName: "JournalEntry", id: "eo7lSy8rQc3ElqBa", sheet: sheet() };
  return { documentName: "JournalEntryPage", id, parent: journal, sheet: sheet() };
}

/** An event on an element inside a content link (the icon), or on something else. */
function event(type: string, uuid: string | null, key?: string) {
  const link = uuid ? { dataset: { uuid } } : null;
  return {
    type,
    key,
    target: { closest: vi.fn((selector: string) => (selector.startsWith("a.content-link") ? link : null)) },
    preventDefault: vi.fn(),
    stopPropagation: vi.fn(),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("opening a linked document", () => {
  it("opens a page in its journal, at that page, not in a sheet of its own", () => {
    const p = page();
    expect(openLinkedDocument(p)).toBe(true);
    expect(p.parent.sheet.render).toHaveBeenCalledWith({ force: true, pageId: "tzvNQn3M08R2CheK" });
    expect(p.sheet.render).not.toHaveBeenCalled();
  });

  it("opens any other document in its own sheet, and reports nothing opened for a missing one", () => {
    const item: LinkedDocument & { sheet: ReturnType<typeof sheet> } = {
      documentName: "Item",
      sheet: sheet(),
    };
    expect(openLinkedDocument(item)).toBe(true);
    expect(item.sheet.render).toHaveBeenCalledWith({ force: true });
    expect(openLinkedDocument(null)).toBe(false);
    expect(openLinkedDocument({ documentName: "JournalEntryPage", id: "x", parent: null })).toBe(false);
  });
});

describe("the window's content link listener", () => {
  it("resolves the clicked link's UUID, opens the page, and keeps the click from opening it twice", async () => {
    const p = page();
    const resolve = vi.fn(async () => p);
    const warn = vi.fn();
    const e = event("click", docSectionUuid("defaults"));
    contentLinkListener(resolve, warn)(e as unknown as Event);
    await settle();
    expect(resolve).toHaveBeenCalledWith(docSectionUuid("defaults"));
    expect(e.preventDefault).toHaveBeenCalled();
    expect(e.stopPropagation).toHaveBeenCalled();
    expect(p.parent.sheet.render).toHaveBeenCalledWith({ force: true, pageId: "tzvNQn3M08R2CheK" });
    expect(warn).not.toHaveBeenCalled();
  });

  it("opens on Enter or Space on a focused link, and ignores other keys and clicks elsewhere", async () => {
    const resolve = vi.fn(async () => page());
    const listener = contentLinkListener(resolve, vi.fn());
    listener(event("keydown", docSectionUuid("checks"), "Enter") as unknown as Event);
    listener(event("keydown", docSectionUuid("checks"), " ") as unknown as Event);
    const tab = event("keydown", docSectionUuid("checks"), "Tab");
    listener(tab as unknown as Event);
    const elsewhere = event("click", null);
    listener(elsewhere as unknown as Event);
    await settle();
    expect(resolve).toHaveBeenCalledTimes(2);
    expect(tab.preventDefault).not.toHaveBeenCalled();
    expect(elsewhere.preventDefault).not.toHaveBeenCalled();
  });

  it("warns the GM when the page cannot be found or opened", async () => {
    const warn = vi.fn();
    contentLinkListener(async () => null, warn)(event("click", docSectionUuid("damage")) as unknown as Event);
    contentLinkListener(async () => {
      throw new Error("no pack");
    }, warn)(event("click", docSectionUuid("damage")) as unknown as Event);
    await settle();
    expect(warn.mock.calls).toEqual([[DOCS_LINK_BROKEN], [DOCS_LINK_BROKEN]]);
  });
});
