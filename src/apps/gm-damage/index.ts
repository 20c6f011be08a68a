import { registerApi } from "../../api/system-api";
import { loadGmDamage } from "../../on-demand";
import { registerGmTokenTool } from "../scene-controls";
import type { GmDamageAnswers } from "./plan";

/**
 * The GM's damage and healing on the selected tokens outside a card: a
 * token-controls button and `game.system.api.gmDamage` for macros,
 * registered by one call in src/fangs.ts. The dialog and the applier load
 * on first use (apply.ts).
 */

/** `game.system.api.gmDamage`: `open()` asks in a dialog; `apply(answers, tokens?)` applies without asking. */
export const gmDamageApi = Object.freeze({
  open: async () => (await loadGmDamage()).openGmDamageNow(),
  apply: async (answers: GmDamageAnswers, tokens?: Parameters<typeof applyNow>[1]) =>
    applyNow(answers, tokens),
});

async function applyNow(
  answers: GmDamageAnswers,
  tokens?: readonly { actor: Actor.Implementation | null; name?: string | null }[],
) {
  return (await loadGmDamage()).applyGmDamage(answers, tokens);
}

export function registerGmDamage(): void {
  registerGmTokenTool({
    name: "fangsGmDamage",
    title: "FANGS.GmDamage.Control",
    icon: "fa-solid fa-heart-crack",
    order: 101,
    onChange: () => void gmDamageApi.open().catch(() => undefined),
  });
  registerApi("gmDamage", gmDamageApi);
}
