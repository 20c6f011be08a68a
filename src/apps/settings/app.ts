import { defaultMenuValues, type RulesMenuValues } from "./catalogue";
import type { FormProblem } from "./form";
import { RULES_MENU_ID } from "./index";
import { currentMenuValues, foundryLocalize, saveRulesMenu } from "./save";
import { RULES_MENU_TEMPLATE, rulesMenuView } from "./view";

/**
 * The GM's "FANGS rules options" window, opened from the system's settings
 * (game.settings.registerMenu, GM only). Thin: the view, the form reading
 * and the save live in view.ts, form.ts and save.ts. `HandlebarsApplicationMixin`
 * is cast once, as the sheets do, to keep tsc out of TS2589.
 */
type HandlebarsTemplatePart = foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart;
type WithHandlebars = <Base>(base: Base) => Base & { PARTS: Record<string, HandlebarsTemplatePart> };
const withHandlebars = foundry.applications.api.HandlebarsApplicationMixin as unknown as WithHandlebars;
const Base = withHandlebars(foundry.applications.api.ApplicationV2);

type RenderOptions = foundry.applications.api.ApplicationV2.RenderOptions;

/** Marks the refused inputs for assistive technology and the eye, and focuses the first. */
function markRefused(root: HTMLElement | undefined, problems: readonly FormProblem[]): void {
  if (!root) return;
  for (const el of root.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
  let first: HTMLElement | null = null;
  for (const problem of problems) {
    const input = root.querySelector<HTMLElement>(`[name="${CSS.escape(problem.name)}"]`);
    if (!input) continue;
    input.setAttribute("aria-invalid", "true");
    first ??= input;
  }
  first?.focus();
}

export class RulesOptionsMenu extends Base {
  static override DEFAULT_OPTIONS = {
    id: RULES_MENU_ID,
    classes: ["fangs", "rules-options"],
    tag: "form",
    window: {
      title: "FANGS.Setting.RulesMenu.Name",
      icon: "fa-solid fa-scale-balanced",
      resizable: true,
    },
    position: { width: 700, height: 760 },
    form: {
      handler: RulesOptionsMenu.#onSubmit,
      submitOnChange: false,
      // Closed by the handler only once the values are saved: a refused form stays open as typed.
      closeOnSubmit: false,
    },
    actions: {
      resetDefaults: RulesOptionsMenu.#onResetDefaults,
    },
  };

  static override PARTS = {
    main: { template: RULES_MENU_TEMPLATE, scrollable: [".fangs-rules-options__body"] },
  };

  /** Values shown instead of the world's (after "Reset to defaults", until saved or closed). */
  #draft: RulesMenuValues | null = null;

  protected override async _prepareContext(options: RenderOptions) {
    const base = await super._prepareContext(options);
    return {
      ...base,
      ...rulesMenuView(this.#draft ?? currentMenuValues(), foundryLocalize(), { idPrefix: this.id }),
    };
  }

  protected override async _onRender(context: object, options: RenderOptions): Promise<void> {
    await super._onRender(context as never, options);
    // The browser would stop the submit at a blank or fractional box with its own bubble;
    // the data models judge every value and say why in our words instead.
    if (this.element instanceof HTMLFormElement) this.element.noValidate = true;
  }

  override async close(options?: Parameters<InstanceType<typeof Base>["close"]>[0]) {
    this.#draft = null;
    return super.close(options);
  }

  static async #onSubmit(
    this: RulesOptionsMenu,
    _event: Event | SubmitEvent,
    _form: HTMLFormElement,
    formData: foundry.applications.ux.FormDataExtended,
  ): Promise<void> {
    const outcome = await saveRulesMenu(formData.object as Record<string, unknown>);
    if (outcome.saved) {
      this.#draft = null;
      await this.close();
    } else {
      markRefused(this.element, outcome.problems);
    }
  }

  static async #onResetDefaults(this: RulesOptionsMenu): Promise<void> {
    this.#draft = defaultMenuValues();
    await this.render();
    ui.notifications?.info(foundryLocalize()("FANGS.Setting.RulesMenu.ResetDone"));
  }
}
