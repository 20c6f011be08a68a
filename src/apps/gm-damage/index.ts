import { loadGmDamage } from "../../on-demand";
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
  // The types list no "getSceneControlButtons" hook in v13's shape (controls keyed by name, tools keyed by name).
  const onUntypedHook = Hooks.on.bind(Hooks) as unknown as (
    hook: string,
    fn: (controls: unknown) => void,
  ) => number;
  onUntypedHook("getSceneControlButtons", (controls) => {
    const tokens = (controls as Record<string, { tools: Record<string, unknown> } | undefined>).tokens;
    if (!tokens || !game.user?.isGM) return;
    tokens.tools.fangsGmDamage = {
      name: "fangsGmDamage",
      title: "FANGS.GmDamage.Control",
      icon: "fa-solid fa-heart-crack",
      order: 101,
      button: true,
      visible: true,
      onChange: () => void gmDamageApi.open().catch(() => undefined),
    };
  });
  const system = game.system as unknown as { api?: Record<string, unknown> } | undefined;
  if (system) system.api = { ...(system.api ?? {}), gmDamage: gmDamageApi };
}
