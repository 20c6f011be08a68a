import { registerApi } from "../../api/system-api";
import { noteUndone } from "../../data/gm-damage-note";
import { registerGmTokenTool } from "../scene-controls";
import { GM_DAMAGE_APPLY_QUERY, type GmDamageApplyAnswer } from "./apply-request";
import type { GmDamageAnswers } from "./damage-request";
import { loadGmDamageTool } from "./load-tool";
import { GM_DAMAGE_UNDO_QUERY } from "./undo-query";
import type { GmDamageUndoAnswer } from "./undo-request";

/**
 * The GM's damage and healing on the selected tokens outside a card: a
 * token-controls button and `game.system.api.gmDamage` for macros,
 * registered by one call in src/fangs.ts, with the chat note's Undo button
 * (its `gmDamage` subtype is FANGS's, src/rulesets/fangs/index.ts). The dialog, the applier and the undo (damage-tool.ts) are
 * loaded on first use (load-tool.ts).
 */

/**
 * `game.system.api.gmDamage`: `open()` asks in a dialog; `apply(answers, tokens?)` applies
 * without asking; `undo(message)` reverts a note's changes (what its Undo button does);
 * Apply and Undo run on the active GM's client (apply-request.ts, undo-request.ts).
 */
export const gmDamageApi = Object.freeze({
  open: async () => (await loadGmDamageTool()).openGmDamageNow(),
  apply: async (answers: GmDamageAnswers, tokens?: Parameters<typeof applyNow>[1]) =>
    applyNow(answers, tokens),
  undo: async (message: ChatMessage.Implementation) =>
    (await loadGmDamageTool()).requestGmDamageUndo(message),
});

async function applyNow(
  answers: GmDamageAnswers,
  tokens?: readonly { actor: Actor.Implementation | null; name?: string | null }[],
) {
  return (await loadGmDamageTool()).applyGmDamage(answers, tokens);
}

/** The Apply query's handler, on the active GM's client: the checks and the Apply are in the tool. */
async function handleGmDamageApplyQuery(payload: unknown): Promise<GmDamageApplyAnswer> {
  return (await loadGmDamageTool()).handleGmDamageApply(payload);
}

/** On the active GM's client: the checks and the undo are in the tool. */
async function handleGmDamageUndoQuery(payload: unknown): Promise<GmDamageUndoAnswer> {
  return (await loadGmDamageTool()).handleGmDamageUndo(payload);
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
  // Every GM's Apply and Undo run on the active GM's client: the queries bring the others' there.
  CONFIG.queries[GM_DAMAGE_APPLY_QUERY] = handleGmDamageApplyQuery;
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
