/**
 * Small pieces both sheet families share: turning a refused update into a
 * notification, reading inline item inputs, picking an image.
 */
import { type DocumentLike, refuseInvalid } from "../../documents/refusal";
import { unsavedPaths } from "./stale";

/** The message of whatever an update threw (a DataModelValidationError, a RulesError…). */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * Tells the user a change was refused. The document is unchanged (the update
 * threw before it was written), and the caller re-renders so the form shows
 * the stored value again.
 */
export function notifyRefused(documentName: string, error: unknown): void {
  const message = game.i18n?.format("FANGS.Sheet.Error.UpdateRefused", {
    name: documentName,
    reason: errorText(error),
  });
  ui.notifications?.error(message ?? errorText(error));
  console.warn("fangs | update refused", error);
}

/**
 * Runs a write the data model may refuse. A refusal (thrown, or dropped
 * silently by the document layer) is reported, and the sheet re-renders the
 * stored values so the form never shows a value that was not saved.
 */
export async function writeOrRestore(
  document: { readonly name?: string | null; readonly _source: unknown },
  written: object,
  write: () => Promise<unknown>,
  rerender: () => Promise<unknown>,
): Promise<void> {
  try {
    await write();
    if (unsavedPaths(document._source, written).length > 0) await rerender();
  } catch (error) {
    notifyRefused(document.name ?? "", error);
    await rerender();
  }
}

/** What a sheet's `_prepareSubmitData` returns for a refused form: the submit writes nothing. */
export const REFUSED_SUBMIT: Readonly<Record<string, never>> = Object.freeze({});

interface SubmittedDocument extends DocumentLike {
  readonly id: string | null;
  readonly documentName: string;
}

/**
 * Foundry's document sheet validates the whole form before it writes
 * (`_prepareSubmitData`) and lets a refusal escape as its own error: in
 * English, naming schema paths, and with the refused value left in the
 * input. The sheets run that step through here, so a refused form is told
 * like any refused update (src/documents/refusal.ts), the sheet shows the
 * stored values again, and nothing is written.
 */
export function prepareOrRefuse(
  document: SubmittedDocument,
  prepare: () => object,
  rerender: () => Promise<unknown>,
): object {
  try {
    return prepare();
  } catch (error) {
    const documentName = document.documentName === "Actor" ? "Actor" : "Item";
    if (!refuseInvalid(error, documentName, [{ _id: document.id }], undefined, document)) throw error;
    void rerender();
    return REFUSED_SUBMIT;
  }
}

/** Tells the user a roll could not be made (a malformed formula, a missing value…). */
export function notifyRollFailed(error: unknown): void {
  const message = game.i18n?.format("FANGS.Sheet.Error.RollFailed", { reason: errorText(error) });
  ui.notifications?.error(message ?? errorText(error));
  console.warn("fangs | roll failed", error);
}

/** What the sheet reads of an inline item input (`data-item-field`). */
export type InlineInput = Pick<HTMLInputElement, "type" | "value" | "checked" | "dataset">;

/**
 * The value of an inline input: a checkbox's state, a number as typed (null
 * for a cleared box), or text. The item's data model refuses a fraction,
 * text or null itself, naming the field (src/documents/refusal.ts).
 */
export function inlineValue(input: InlineInput): boolean | number | string | null {
  if (input.type === "checkbox") return input.checked;
  if (input.type === "number") return input.value.trim() === "" ? null : Number(input.value);
  return input.value;
}

/** Writes an inline input's change to its item; a refused value is told and the row shows the stored one again. */
export async function writeInlineField(
  item: { readonly name: string | null; readonly _source: unknown; update(data: object): Promise<unknown> },
  input: InlineInput,
  rerender: () => Promise<unknown>,
): Promise<void> {
  const field = input.dataset.itemField;
  if (!field) return;
  const change = { [field]: inlineValue(input) };
  await writeOrRestore(item, change, () => item.update(change), rerender);
}

/** Opens Foundry's file picker for an image and stores the choice on the document. */
export function pickImage(document: { img?: string | null; update(data: object): Promise<unknown> }): void {
  const FilePicker = foundry.applications.apps.FilePicker.implementation;
  const picker = new FilePicker({
    type: "image",
    current: document.img ?? "",
    callback: (path: string) => {
      document.update({ img: path }).catch((error: unknown) => notifyRefused("img", error));
    },
  });
  void picker.browse();
}

/**
 * Keeps the tab buttons' `aria-selected` in step when Foundry switches tabs
 * in place (without a re-render).
 */
export function syncTabSelection(root: HTMLElement, group: string, tab: string): void {
  for (const button of root.querySelectorAll<HTMLElement>(`[role="tab"][data-group="${group}"]`)) {
    button.setAttribute("aria-selected", String(button.dataset.tab === tab));
  }
}
