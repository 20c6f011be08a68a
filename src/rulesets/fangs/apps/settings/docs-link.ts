/**
 * Opening a page of the rules readings journal from the rules options
 * window. The window's links carry the markup of Foundry's content links, so
 * they look and drag like any other; this opens what they point to itself,
 * so a link works whether or not Foundry's page-wide listener for content
 * links reaches into an application's form, and stops the event there so a
 * click opens one sheet, not two. Pure: the window passes in `fromUuid` and
 * its notifier, the tests fakes.
 */

interface Sheet {
  render(options: { force: boolean; pageId?: string }): unknown;
}

/** What of a resolved document the opening reads. */
export interface LinkedDocument {
  readonly id?: string | null;
  readonly documentName?: string;
  readonly sheet?: Sheet | null;
  readonly parent?: LinkedDocument | null;
}

/** A page opens in its journal, at that page; any other document in its own sheet. Returns whether a sheet was asked to open. */
export function openLinkedDocument(doc: LinkedDocument | null | undefined): boolean {
  if (!doc) return false;
  if (doc.documentName === "JournalEntryPage") {
    const journal = doc.parent?.sheet;
    if (!journal) return false;
    journal.render({ force: true, pageId: doc.id ?? undefined });
    return true;
  }
  if (!doc.sheet) return false;
  doc.sheet.render({ force: true });
  return true;
}

/** The lang key of the warning when a link opens nothing (the compendium or its page is gone). */
export const DOCS_LINK_BROKEN = "FANGS.Setting.RulesMenu.DocsMissing";

/** The window's listener for clicks, and Enter or Space on a focused link, on its content links. */
export function contentLinkListener(
  resolve: (uuid: string) => Promise<unknown>,
  warn: (langKey: string) => void,
): (event: Event) => void {
  return (event) => {
    if (event.type === "keydown") {
      const key = (event as KeyboardEvent).key;
      if (key !== "Enter" && key !== " ") return;
    }
    const target = event.target as Element | null;
    const link = target?.closest?.<HTMLElement>("a.content-link[data-uuid]");
    const uuid = link?.dataset.uuid;
    if (!uuid) return;
    event.preventDefault();
    event.stopPropagation();
    void resolve(uuid).then(
      (doc) => {
        if (!openLinkedDocument(doc as LinkedDocument | null)) warn(DOCS_LINK_BROKEN);
      },
      () => warn(DOCS_LINK_BROKEN),
    );
  };
}
