import { askRoundAction } from "../../combat/round-ask";
import { activeTableRuleset } from "../../combat/rulesets";
import type { TokenPalette, TokenPaletteEntry } from "../../combat/tracker-parts";
import { localize } from "../../config/localize";
import { FangsCombatant } from "../../documents/combatant";
import { rulesetOwning } from "../../rulesets/registry";
import { paletteButtons, paletteToggleIcon } from "./hud-palette";

/**
 * The world ruleset's palette on the Token HUD (its table's `palette`;
 * FANGS: the maneuvers), next to Foundry's status palette: one click on an
 * entry does what the ruleset says for the token's combatant in the viewed
 * combat, through the round actions the active GM decides. A ruleset
 * without a palette gets no button.
 */

/** The palette of the world ruleset for this combatant and the current user, or null (no button). */
export function tokenPaletteFor(
  combatant: Combatant.Implementation | null,
): { palette: TokenPalette; entries: TokenPaletteEntry[] } | null {
  const table = activeTableRuleset();
  const palette = table.palette;
  if (!palette || !combatant) return null;
  const isGM = game.user?.isGM === true;
  if (!isGM && !combatant.isOwner) return null;
  // A combatant of another ruleset (a combat kept across a change of the setting) is not this palette's.
  const owner = rulesetOwning("Combatant", combatant.type);
  if (owner !== undefined && owner !== table.id) return null;
  return {
    palette,
    entries: palette.entries(combatant, { isGM, owner: isGM || combatant.isOwner }, localize),
  };
}

/**
 * A click on the entry `id`: only one the palette offers this combatant now
 * and not closed; the ruleset's `choose` with the round-action path. True:
 * close the palette.
 */
export async function choosePaletteEntry(combatant: Combatant.Implementation, id: string): Promise<boolean> {
  const found = tokenPaletteFor(combatant);
  const entry = found?.entries.find((e) => e.id === id);
  const combat = combatant.combat as Combat.Implementation | null;
  if (!found || !entry || entry.disabled || !combat) return false;
  return found.palette.choose(combatant, id, (action, data) =>
    askRoundAction(combat, action, [combatant.id!], data),
  );
}

export function registerTokenHudPalette(): void {
  Hooks.on("renderTokenHUD", (app, html) => {
    const token = (app as { document?: TokenDocument.Implementation }).document;
    const combatant = FangsCombatant.of(token?.actor ?? null);
    const found = tokenPaletteFor(combatant);
    if (!combatant || !found) return;
    const column = (html as HTMLElement).querySelector(".col.right");
    if (!column) return;
    const label = localize(found.palette.labelKey);
    const toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "control-icon fangs-hud-toggle";
    toggle.dataset.tooltip = label;
    toggle.setAttribute("aria-label", label);
    toggle.innerHTML = paletteToggleIcon(found.palette.icon);
    const palette = document.createElement("div");
    palette.className = "fangs-hud-palette";
    palette.hidden = true;
    palette.innerHTML = paletteButtons(found.entries);
    const wrapper = document.createElement("div");
    wrapper.className = "fangs-hud-ruleset";
    wrapper.append(toggle, palette);
    column.append(wrapper);
    toggle.addEventListener("click", (event) => {
      event.preventDefault();
      event.stopPropagation();
      palette.hidden = !palette.hidden;
    });
    palette.addEventListener("click", async (event) => {
      const choice = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-entry]");
      if (!choice || choice.disabled) return;
      event.preventDefault();
      event.stopPropagation();
      if (await choosePaletteEntry(combatant, choice.dataset.entry ?? "")) palette.hidden = true;
    });
  });
}
