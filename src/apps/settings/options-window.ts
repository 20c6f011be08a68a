import { localize } from "../../config/localize";
import { withHandlebars } from "../mixins";
import {
  OPTIONS_WINDOW_TEMPLATE,
  type OptionsWindowSpec,
  optionsWindowView,
  readOptionsForm,
} from "./options-view";

/**
 * The window over options-view.ts, opened from the settings' menu of a
 * ruleset that has no window of its own (options-launcher.ts). A refused
 * form stays open as typed.
 */
const Base = withHandlebars(foundry.applications.api.ApplicationV2);

export function optionsWindowClass(spec: OptionsWindowSpec) {
  return class RulesetOptionsWindow extends Base {
    static override DEFAULT_OPTIONS = {
      id: spec.id,
      classes: ["fangs", "ruleset-options"],
      tag: "form",
      window: { title: spec.titleKey, icon: "fa-solid fa-scale-balanced", resizable: true },
      position: { width: 640, height: 700 },
      form: { handler: RulesetOptionsWindow.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    };

    static override PARTS = {
      main: { template: OPTIONS_WINDOW_TEMPLATE, scrollable: [".ruleset-options__rows"] },
    };

    protected override async _prepareContext(options: foundry.applications.api.ApplicationV2.RenderOptions) {
      return {
        ...(await super._prepareContext(options)),
        ...optionsWindowView(spec, spec.stored(), localize),
      };
    }

    static async #onSubmit(
      this: RulesetOptionsWindow,
      _event: Event | SubmitEvent,
      _form: HTMLFormElement,
      formData: foundry.applications.ux.FormDataExtended,
    ): Promise<void> {
      const answer = readOptionsForm(formData.object as Record<string, unknown>, spec.defaults);
      if (!answer.ok) {
        ui.notifications?.error(localize("FANGS.Setting.OptionsWindow.NotJson", { key: answer.key }));
        return;
      }
      if (await spec.set(answer.options)) await this.close();
    }
  };
}
