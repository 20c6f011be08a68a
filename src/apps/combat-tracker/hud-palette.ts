import type { TokenPaletteEntry } from "../../combat/tracker-parts";

/**
 * The markup of a ruleset palette's buttons on the Token HUD, apart from
 * the hook that places them (./combat-hud.ts): plain text from plain
 * entries, so the preview draws the palette from the same function.
 */

function escapeAttr(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/** The entries' buttons. */
export function paletteButtons(entries: readonly TokenPaletteEntry[]): string {
  return entries
    .map((e) => {
      const mark = e.mark ? `<i class="${escapeAttr(e.mark)} fangs-hud-mark" inert></i>` : "";
      return `<button type="button" class="fangs-hud-choice${e.active ? " active" : ""}" data-entry="${escapeAttr(e.id)}" data-tooltip="${escapeAttr(e.tooltip ?? e.label)}" aria-label="${escapeAttr(e.label)}"${e.disabled ? " disabled" : ""}><img src="${escapeAttr(e.icon)}" alt="" inert>${mark}</button>`;
    })
    .join("");
}

/** The toggle's icon, as the HUD draws it beside the palette. */
export function paletteToggleIcon(icon: string): string {
  return `<i class="${escapeAttr(icon)}" inert></i>`;
}
