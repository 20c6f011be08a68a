import "./install";

/**
 * Foundry's document sheet bases with the steps a form change takes
 * (public API of ApplicationV2 and DocumentSheetV2): `_prepareSubmitData`
 * reads the form and validates the whole change against the document,
 * `_processSubmitData` writes it; an error either step throws is shown by
 * the application as its own notification (`change`, one changed input of
 * a submit-on-change form). Import it before ./setup: the rulesets' sheets
 * extend the bases when setup loads them, as in Foundry.
 */

type Obj = Record<string, unknown>;
interface SheetDocument {
  validate(options: { changes: Obj; clean: boolean; fallback: boolean }): unknown;
  update(data: Obj, options?: unknown): Promise<unknown>;
}

export class DocumentSheetStandIn {
  static DEFAULT_OPTIONS = {};
  static PARTS = {};
  static TABS = {};
  readonly document: SheetDocument;
  tabGroups: Record<string, string> = {};
  renders = 0;

  constructor(options: { document: SheetDocument }) {
    this.document = options.document;
  }

  get actor() {
    return this.document;
  }

  get item() {
    return this.document;
  }

  get isEditable() {
    return true;
  }

  /** The sheet's id, unique in the page (Foundry's is built from the document's). */
  get id() {
    return `sheet-${(this.document as { id?: string }).id ?? "new"}`;
  }

  async render() {
    this.renders += 1;
    return this;
  }

  /** Foundry's own part of a sheet's context (some of what DocumentSheetV2 gives), which a ruleset's adds to. */
  async _prepareContext(_options?: unknown): Promise<Obj> {
    return { document: this.document, editable: this.isEditable };
  }

  _processFormData(_event: unknown, _form: unknown, formData: { object: Obj }): Obj {
    return foundry.utils.expandObject(formData.object) as Obj;
  }

  _prepareSubmitData(event: unknown, form: unknown, formData: { object: Obj }): Obj {
    const submitData = this._processFormData(event, form, formData);
    this.document.validate({ changes: submitData, clean: true, fallback: false });
    return submitData;
  }

  async _processSubmitData(_event: unknown, _form: unknown, submitData: Obj, options?: unknown) {
    await this.document.update(submitData, options);
  }

  /** One changed input of a submit-on-change form. */
  async change(object: Obj): Promise<void> {
    const form = {};
    try {
      const submitData = this._prepareSubmitData(null, form, { object });
      await this._processSubmitData(null, form, submitData);
    } catch (error) {
      ui.notifications.error(error instanceof Error ? error.message : String(error));
    }
  }
}

const g = globalThis as unknown as { foundry: Obj };
const applications = g.foundry.applications as { api?: Obj } | undefined;
g.foundry.applications = {
  ...applications,
  // The stand-in's other application classes stay: a ruleset's settings menu extends ApplicationV2 on load.
  api: { ...applications?.api, HandlebarsApplicationMixin: <B>(base: B) => base },
  sheets: { ActorSheetV2: DocumentSheetStandIn, ItemSheetV2: DocumentSheetStandIn },
};
