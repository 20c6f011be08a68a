import { registerApi } from "../../api/system-api";
import { noteUndone } from "../../data/gm-damage-note";
import { loadRuleset } from "../../on-demand";
import { registerGmTokenTool } from "../scene-controls";
import type { GmDamageAnswers } from "./damage-request";
import { GM_DAMAGE_UNDO_QUERY, handleGmDamageUndoQuery, requestGmDamageUndo } from "./undo-request";

/**
 * The GM's damage and healing on the selected tokens outside a card: a
 * token-controls button and `game.system.api.gmDamage` for macros,
 * registered by one call in src/fangs.ts, with the chat note's Undo button
 * (its `gmDamage` subtype is FANGS's, src/rulesets/fangs/index.ts). The dialog, the applier and the undo (damage-tool.ts) are in
 * FANGS's heavy part (src/on-demand.ts).
 */

/**
 * `game.system.api.gmDamage`: `open()` asks in a dialog; `apply(answers, tokens?)` applies
 * without asking; `undo(message)` reverts a note's changes (what its Undo button does),
 * on the active GM's client (undo-request.ts).
 */
export const gmDamageApi = Object.freeze({
  open: async () => (await loadRuleset("fangs")).openGmDamageNow(),
  apply: async (answers: GmDamageAnswers, tokens?: Parameters<typeof applyNow>[1]) =>
    applyNow(answers, tokens),
  undo: async (message: ChatMessage.Implementation) => requestGmDamageUndo(message),
});

async function applyNow(
  answers: GmDamageAnswers,
  tokens?: readonly { actor: Actor.Implementation | null; name?: string | null }[],
) {
  return (await loadRuleset("fangs")).applyGmDamage(answers, tokens);
}

/** The `renderChatMessageHTML` hook: the note's Undo, greyed for players, a plain "undone" once used. */
export function renderGmDamageNote(message: ChatMessage.Implementation, html: HTMLElement): void {
  if (message.type !== "gmDamage") return;
  const button = html.querySelector<HTMLButtonElement>("[data-fangs-gm-undo]");
  if (!button) return;
  const label = button.querySelector("span");
  if (noteUndone(message)) {
    button.disabled = true;
    if (label) label.textContent = game.i18n!.localize("FANGS.GmDamage.Undo.Done");
    return;
  }
  if (!game.user?.isGM) {
    // Left clickable: the click says why nothing happens.
    button.setAttribute("aria-disabled", "true");
    button.dataset.tooltip = game.i18n!.localize("FANGS.GmDamage.Undo.GmOnly");
  }
  button.addEventListener("click", (event) => {
    event.preventDefault();
    void gmDamageApi.undo(message).catch(() => undefined);
  });
}

export function registerGmDamage(): void {
  // Every GM's Undo runs on the active GM's client: the query brings the others' there.
  CONFIG.queries[GM_DAMAGE_UNDO_QUERY] = handleGmDamageUndoQuery;
  Hooks.on("renderChatMessageHTML", renderGmDamageNote);
  registerGmTokenTool({
    name: "fangsGmDamage",
    title: "FANGS.GmDamage.Control",
    icon: "fa-solid fa-heart-crack",
    order: 101,
    onChange: () => void gmDamageApi.open().catch(() => undefined),
  });
  registerApi("gmDamage", gmDamageApi);
}
