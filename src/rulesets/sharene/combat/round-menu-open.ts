import type { TrackerRowClick } from "../../../combat/tracker-parts";
import { localize as foundryLocalize } from "../../../config/localize";
import { declarableActions, knownStyles, roundPhaseOf } from "../token-palette";
import { SHARENE_MENU_TEMPLATE } from "../tracker-row";
import { declarableTargets, roundMenuView } from "./round-menu";
import { shareneRecord } from "./round-record";
import { openStyleDialog } from "./style-dialog";

/**
 * The row button's menu drawn and wired (Sharene's heavy part): its view
 * is ./round-menu.ts's, kept apart from the style dialog this opens, so the
 * view is drawn (the sheet's panel, the preview) without the dialog's world
 * settings.
 */

/** The row button's menu, wired to the round actions. */
export async function openShareneRoundMenu({ combatant, ask }: TrackerRowClick): Promise<HTMLElement | null> {
  const others = declarableTargets(combatant);
  const view = roundMenuView(
    { id: combatant.id ?? "", name: combatant.name ?? "" },
    roundPhaseOf(combatant),
    shareneRecord(combatant),
    others,
    knownStyles(combatant),
    foundryLocalize,
    declarableActions(combatant),
  );
  if (!view) return null;
  const html = await foundry.applications.handlebars.renderTemplate(SHARENE_MENU_TEMPLATE, { ...view });
  const holder = document.createElement("div");
  holder.innerHTML = html.trim();
  const menu = holder.firstElementChild as HTMLElement | null;
  if (!menu) return null;
  menu.addEventListener("click", async (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>(
      "button[data-choice], button[data-style-options]",
    );
    if (!button || button.disabled) return;
    event.stopPropagation();
    if (button.dataset.styleOptions !== undefined) {
      menu.remove();
      await openStyleDialog(combatant, ask);
      return;
    }
    const choice = button.dataset.choice ?? "";
    const target = menu.querySelector<HTMLInputElement>("input[name=sharene-target]:checked")?.value ?? "";
    menu.remove();
    if (view.phase === "declare")
      await ask("declare", { action: choice, target: target === "" ? null : target });
    else await ask("style", { style: choice });
  });
  return menu;
}
