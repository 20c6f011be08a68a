import { actorFacts, combatantSystem } from "../../combat/snapshot";
import { localize } from "../../config/localize";
import { FangsCombatant } from "../../documents/combatant";
import { isReadying, readyingOf } from "../../rules/fangs/defenses";
import { maneuverChoices } from "./tracker-view";

/**
 * A maneuver palette on the Token HUD, next to Foundry's status palette: one
 * click declares the maneuver of the token's combatant in the viewed combat.
 */

function paletteHtml(combatant: Combatant.Implementation): string {
  const system = combatantSystem(combatant);
  const facts = actorFacts(combatant.actor);
  const choices = maneuverChoices(facts.mv, system.held, localize, facts.readyings);
  const readied = readyingOf(system.readying);
  const split = facts.readyings.length > 1;
  const buttons = choices
    .map((c) => {
      const active = c.id === system.maneuver && (!split || c.readying === readied);
      // Two Draw Weapon buttons share an icon: the off hand's carries a shield mark as well as its name.
      const mark =
        split && c.readying === "offHand"
          ? `<i class="fa-solid fa-shield-halved fangs-hud-readying" inert></i>`
          : "";
      const readying = c.readying ? ` data-readying="${c.readying}"` : "";
      return `<button type="button" class="fangs-hud-choice${active ? " active" : ""}" data-maneuver="${c.id}"${readying} data-tooltip="${c.tooltip.replace(/"/g, "&quot;")}" aria-label="${c.label.replace(/"/g, "&quot;")}"${c.disabled ? " disabled" : ""}><img src="${c.icon}" alt="" inert>${mark}</button>`;
    })
    .join("");
  return `<div class="fangs-hud-palette" hidden>${buttons}</div>`;
}

export function registerTokenHudPalette(): void {
  Hooks.on("renderTokenHUD", (app, html) => {
    const token = (app as { document?: TokenDocument.Implementation }).document;
    const combatant = FangsCombatant.of(token?.actor ?? null);
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
      const readying = choice.dataset.readying;
      const options = { readying: isReadying(readying) ? readying : null };
      if (await combatant.declareManeuver(choice.dataset.maneuver ?? "", options)) palette.hidden = true;
    });
  });
}
