import { combatantOf, declareManeuver } from "../../combat/api";
import { actorFacts, combatantSystem } from "../../combat/snapshot";
import { localize } from "./tracker";
import { maneuverChoices } from "./view";

/**
 * A maneuver palette on the Token HUD, next to Foundry's status palette: one
 * click declares the maneuver of the token's combatant in the viewed combat.
 */

function paletteHtml(combatant: Combatant.Implementation): string {
  const system = combatantSystem(combatant);
  const choices = maneuverChoices(actorFacts(combatant.actor).mv, system.held, localize);
  const buttons = choices
    .map(
      (c) =>
        `<button type="button" class="fangs-hud-choice${c.id === system.maneuver ? " active" : ""}" data-maneuver="${c.id}" data-tooltip="${c.tooltip.replace(/"/g, "&quot;")}" aria-label="${c.label.replace(/"/g, "&quot;")}"${c.disabled ? " disabled" : ""}><img src="${c.icon}" alt="" inert></button>`,
    )
    .join("");
  return `<div class="fangs-hud-palette" hidden>${buttons}</div>`;
}

export function registerTokenHudPalette(): void {
  Hooks.on("renderTokenHUD", (app, html) => {
    const token = (app as { document?: TokenDocument.Implementation }).document;
    const combatant = combatantOf(token?.actor ?? null);
    if (!combatant || !(game.user?.isGM || combatant.isOwner)) return;
    const column = (html as HTMLElement).querySelector(".col.right");
    if (!column) return;
    const toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "control-icon fangs-hud-toggle";
    toggle.dataset.tooltip = localize("FANGS.Combat.Menu.Declare");
    toggle.innerHTML = `<i class="fa-solid fa-chess-knight" inert></i>`;
    const wrapper = document.createElement("div");
    wrapper.className = "fangs-hud-maneuvers";
    wrapper.innerHTML = paletteHtml(combatant);
    wrapper.prepend(toggle);
    column.append(wrapper);
    const palette = wrapper.querySelector<HTMLElement>(".fangs-hud-palette")!;
    toggle.addEventListener("click", (event) => {
      event.preventDefault();
      event.stopPropagation();
      palette.hidden = !palette.hidden;
    });
    palette.addEventListener("click", async (event) => {
      const choice = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-maneuver]");
      if (!choice || choice.disabled) return;
      event.preventDefault();
      event.stopPropagation();
      if (await declareManeuver(combatant, choice.dataset.maneuver ?? "")) palette.hidden = true;
    });
  });
}
