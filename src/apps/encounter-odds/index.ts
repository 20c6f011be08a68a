import { loadRuleset } from "../../on-demand";
import { registerGmTokenTool } from "../scene-controls";
import type { EncounterOddsApp } from "./odds-app";

/**
 * "Encounter odds": a GM tool on the selected tokens (two, or a party and its foes), reached from the
 * token controls or from a macro (`game.fangs.encounterOdds()`), registered
 * by one call in src/fangs.ts. The dialog and the simulator behind it are
 * in FANGS's heavy part (src/on-demand.ts).
 */

type TokenLike = { actor: Actor.Implementation | null; name?: string; disposition?: number };

/** Opens the dialog for the selected tokens (or those given): two fight each other, more split by disposition (sides.ts). */
export async function openEncounterOdds(tokens?: readonly TokenLike[]): Promise<EncounterOddsApp | null> {
  const { openEncounterOddsNow } = await loadRuleset("fangs");
  return openEncounterOddsNow(tokens);
}

export function registerEncounterOdds(): void {
  registerGmTokenTool({
    name: "fangsEncounterOdds",
    title: "FANGS.Odds.App.Control",
    icon: "fa-solid fa-scale-balanced",
    order: 100,
    onChange: () => {
      void openEncounterOdds();
    },
  });
  Hooks.once("ready", () => {
    const g = game as unknown as { fangs?: Record<string, unknown> };
    g.fangs ??= {};
    g.fangs.encounterOdds = openEncounterOdds;
  });
}
