import { withHandlebars, withSyncedTabs } from "../mixins";
import { prepareOrRefuse, REFUSED_SUBMIT, writeOrRestore } from "./support";

type DocumentSheetV2 = typeof foundry.applications.api.DocumentSheetV2;
type DefaultOptions = foundry.applications.api.DocumentSheetV2.DefaultOptions;
type AnyDocument = foundry.abstract.Document.Any;
type AnyDocumentSheet = foundry.applications.api.DocumentSheetV2<AnyDocument>;

/**
 * What every FANGS document sheet is and does with its form: a resizable
 * window that writes each change as it is made (Foundry merges these
 * options with each subclass's own). Foundry checks the whole form before
 * writing; a refusal is told in our words (prepareOrRefuse). A change the
 * data model refuses leaves the document as it was and says why
 * (writeOrRestore). Typed as returning its base, as the mixins of
 * src/apps/mixins.ts are: it adds options and overrides, no member.
 */
const withFangsForm = ((base: DocumentSheetV2) =>
  class FangsForm extends base<AnyDocument> {
    static override DEFAULT_OPTIONS: DefaultOptions = {
      classes: ["fangs", "sheet"],
      window: { resizable: true },
      form: { submitOnChange: true },
    };

    protected override _prepareSubmitData(...args: Parameters<AnyDocumentSheet["_prepareSubmitData"]>) {
      return prepareOrRefuse(
        this.document,
        () => super._prepareSubmitData(...args),
        () => this.render(),
      ) as ReturnType<AnyDocumentSheet["_prepareSubmitData"]>;
    }

    protected override async _processSubmitData(
      event: SubmitEvent,
      form: HTMLFormElement,
      submitData: object,
      options?: object,
    ) {
      if (submitData === REFUSED_SUBMIT) return;
      await writeOrRestore(
        this.document,
        submitData,
        () => super._processSubmitData(event, form, submitData as never, options as never),
        () => this.render(),
      );
    }
  }) as unknown as <Base>(base: Base) => Base;

/**
 * The one home of what the actor and the item sheets share over their own
 * Foundry base (as v13 systems share sheet behaviour through a mixin):
 * Handlebars parts, tabs kept in step, the form's options and refusals.
 */
const fangsSheet = <Base>(base: Base) => withFangsForm(withSyncedTabs(withHandlebars(base)));

export const HandlebarsActorSheet = fangsSheet(foundry.applications.sheets.ActorSheetV2);
export const HandlebarsItemSheet = fangsSheet(foundry.applications.sheets.ItemSheetV2);
