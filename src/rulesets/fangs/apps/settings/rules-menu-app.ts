import { withHandlebars, withSyncedTabs } from "../../../../apps/mixins";
import { localize } from "../../../../config/localize";
import { documentAt } from "../../../../documents/uuid";
import { defaultMenuValues, RULES_MENU_GROUPS, type RulesMenuValues } from "./catalogue";
import { contentLinkListener } from "./docs-link";
import type { FormProblem } from "./form";
import { RULES_MENU_ID } from "./index";
import { RULES_MENU_TEMPLATE, rulesMenuView } from "./rules-menu-view";
import { currentMenuValues, saveRulesMenu } from "./save";

/**
 * The GM's "FANGS rules options" window, opened from the system's settings
 * (game.settings.registerMenu, GM only). Thin: the view, the form reading
 * and the save live in rules-menu-view.ts, form.ts and save.ts. Its tabs keep
 * their buttons' state as the sheets' do (src/apps/mixins.ts).
 */
const Base = withSyncedTabs(withHandlebars(foundry.applications.api.ApplicationV2));

type RenderOptions = foundry.applications.api.ApplicationV2.RenderOptions;

/**
 * Marks the refused inputs for assistive technology and the eye, and focuses
 * the first; returns the tab that holds it, which must be shown first.
 */
function markRefused(root: HTMLElement | undefined, problems: readonly FormProblem[]): string | null {
  if (!root) return null;
  for (const el of root.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
  let first: HTMLElement | null = null;
  for (const problem of problems) {
    const input = root.querySelector<HTMLElement>(`[name="${CSS.escape(problem.name)}"]`);
    if (!input) continue;
    input.setAttribute("aria-invalid", "true");
    first ??= input;
  }
  return first?.closest<HTMLElement>(".tab[data-tab]")?.dataset.tab ?? null;
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
    main: { template: RULES_MENU_TEMPLATE, scrollable: [".fangs-rules-options__panels"] },
  };

  /** One tab per group of options: the window was one long scroll. */
  override tabGroups: Record<string, string> = { options: RULES_MENU_GROUPS[0]!.id };

  /** Values shown instead of the world's (after "Reset to defaults", until saved or closed). */
  #draft: RulesMenuValues | null = null;

  protected override async _prepareContext(options: RenderOptions) {
    const base = await super._prepareContext(options);
    return {
      ...base,
      ...rulesMenuView(this.#draft ?? currentMenuValues(), localize, {
        idPrefix: this.id,
        activeGroup: this.tabGroups.options,
      }),
    };
  }

  protected override async _onFirstRender(context: object, options: RenderOptions): Promise<void> {
    await super._onFirstRender(context, options);
    // Once: the form element outlives each render of its part, so listeners added per render would pile up.
    const open = contentLinkListener(documentAt, (key) => ui.notifications?.warn(localize(key)));
    this.element.addEventListener("click", open);
    this.element.addEventListener("keydown", open);
  }

  protected override async _onRender(context: object, options: RenderOptions): Promise<void> {
    await super._onRender(context, options);
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
      const tab = markRefused(this.element, outcome.problems);
      if (tab && tab !== this.tabGroups.options) {
        this.changeTab(tab, "options");
        markRefused(this.element, outcome.problems);
      }
    }
  }

  static async #onResetDefaults(this: RulesOptionsMenu): Promise<void> {
    this.#draft = defaultMenuValues();
    await this.render();
    ui.notifications?.info(localize("FANGS.Setting.RulesMenu.ResetDone"));
  }
}
