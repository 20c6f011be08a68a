import { localize } from "../../config/localize";
import { readyAttackItems, startAttack } from "./attack-entry";

/**
 * An attack button on the Token HUD: one click per item the world's ruleset
 * offers to attack with (FANGS: each equipped weapon and equipped shield),
 * at the current target. The HUD shows it only to the token's owners.
 */

function escapeAttr(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

export function registerAttackHud(): void {
  Hooks.on("renderTokenHUD", (app, html) => {
    const token = (app as { document?: TokenDocument.Implementation }).document;
    const actor = token?.actor as Actor.Implementation | null | undefined;
    if (!token || !actor?.isOwner) return;
    const weapons = readyAttackItems(actor);
    if (weapons.length === 0) return;
    const column = (html as HTMLElement).querySelector(".col.left");
    if (!column) return;
    const wrapper = document.createElement("div");
    wrapper.className = "fangs-hud-attacks";
    const toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "control-icon fangs-hud-toggle";
    toggle.dataset.tooltip = localize("FANGS.Chat.Hud.Attack");
    toggle.setAttribute("aria-label", localize("FANGS.Chat.Hud.Attack"));
    toggle.innerHTML = `<i class="fa-solid fa-khanda" inert></i>`;
    const palette = document.createElement("div");
    palette.className = "fangs-hud-palette";
    palette.hidden = true;
    palette.innerHTML = weapons
      .map(
        (w) =>
          `<button type="button" class="fangs-hud-choice" data-weapon="${escapeAttr(w.id ?? "")}" data-tooltip="${escapeAttr(w.name ?? "")}" aria-label="${escapeAttr(w.name ?? "")}"><img src="${escapeAttr(w.img ?? "")}" alt="" inert></button>`,
      )
      .join("");
    wrapper.append(toggle, palette);
    column.append(wrapper);
    toggle.addEventListener("click", (event) => {
      event.preventDefault();
      event.stopPropagation();
      palette.hidden = !palette.hidden;
    });
    palette.addEventListener("click", (event) => {
      const choice = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-weapon]");
      if (!choice) return;
      event.preventDefault();
      event.stopPropagation();
      palette.hidden = true;
      void startAttack(actor, choice.dataset.weapon ?? "", { event, token });
    });
  });
}
